"""Issue 7, finding 5: the bot's permissions are checked where a table opens.

What is missing is said in one sentence before anything starts; a channel where the bot may
not create threads gets its match in the channel itself.
"""

from __future__ import annotations

import random

import pytest

from bot.permissions import INVITE, placement
from tests.discord.driver import open_table, play_turns, settle, table_message

pytestmark = pytest.mark.usefixtures("fast_render")


async def test_missing_permissions_are_named_and_nothing_opens(world):
    alice = world.user("alice")
    world.fake.deny_bot(world.games, "embed_links", "attach_files")
    async with world.bot() as bot:
        refused = await alice.slash(world.games, "paris-paris new", players=2)
        assert refused.ephemeral
        assert "Embed Links" in refused.content and "Attach Files" in refused.content
        assert "Send Messages" not in refused.content
        assert not await bot.host.store.list_matches(("lobby", "active"))


async def test_permissions_withdrawn_before_start_stop_the_start(world):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        lobby = await open_table(world, alice, 2)
        assert (await bob.click(lobby, "Join")).responded
        world.fake.deny_bot(world.games, "send_messages")
        refused = await alice.click(lobby, "Start")
        assert refused.ephemeral and "Send Messages" in refused.content
        [row] = await bot.host.store.list_matches(("lobby", "active"))
        assert row.status == "lobby"


async def test_without_thread_permissions_the_match_is_played_in_the_channel(world):
    alice, bob = world.user("alice"), world.user("bob")
    world.fake.deny_bot(world.games, "create_public_threads")
    async with world.bot() as bot:
        lobby = await open_table(world, alice, 2)
        assert (await bob.click(lobby, "Join")).responded
        assert (await alice.click(lobby, "Start")).responded
        await settle(world, bot)
        assert not world.fake.threads()
        table = table_message(world, world.games)
        match_id = lobby.embeds[0]["footer"]["text"].split()[-1]
        assert (await bot.host.get(match_id)).row.thread_id == world.games.id
        played = await play_turns(world, bot, match_id, world.games, [alice, bob],
                                  random.Random(1), turns=4)  # fmt: skip
        tables = [m for m in world.fake.messages(world.games) if m.embeds and m.id >= table.id]
        assert played == 4 and len(tables) == 5  # a fresh table per move, in the channel


def test_the_invite_asks_for_exactly_what_a_table_needs():
    everything = placement(INVITE, in_thread=False)
    assert everything.missing == () and everything.use_thread
    for name, on in INVITE:
        if on:
            less = INVITE.__class__(INVITE.value & ~getattr(INVITE.__class__, name).flag)
            where = placement(less, in_thread=False)
            assert where.missing or not where.use_thread, name  # every bit is needed

"""Issue 7, finding 5: the bot's permissions are checked where a table opens.

What is missing is said in one sentence before anything starts; a channel where the bot may
not create threads gets its match in the channel itself. Issue 17 §4: an admin's own powers
never open another seat's secrets to them.
"""

from __future__ import annotations

import random

import pytest

from bot.permissions import INVITE, placement
from tests.discord.driver import open_table, play_turns, settle, start_match, table_message

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
        assert (await bot.host._loaded(match_id)).row.thread_id == world.games.id
        played = await play_turns(
            world, bot, match_id, world.games, [alice, bob], random.Random(1), turns=4
        )
        tables = [
            m for m in world.fake.messages(world.games) if m.is_components_v2 and m.id >= table.id
        ]
        assert played == 4 and len(tables) == 5  # a fresh table per move, in the channel


def test_the_invite_asks_for_exactly_what_a_table_needs():
    everything = placement(INVITE, in_thread=False)
    assert everything.missing == () and everything.use_thread
    for name, on in INVITE:
        if on:
            less = INVITE.__class__(INVITE.value & ~getattr(INVITE.__class__, name).flag)
            where = placement(less, in_thread=False)
            assert where.missing or not where.use_thread, name  # every bit is needed


async def test_a_seated_admin_is_given_no_other_seat_and_every_change_is_announced(world):
    """Olga, an admin who plays, gives her seat to an AI and takes Bob's to press My marker:
    refused in one sentence, nothing changes, her secret button shows her nothing. She may
    come back to her own seat. Each seat change is announced in the thread, her hostile name
    escaped and nobody pinged."""
    olga, bob = world.user("alice"), world.user("bob")
    world.fake.set_nickname(olga, world.guild, "*Olga* @everyone")
    world.fake.make_admin(olga, world.guild)
    async with world.bot() as bot:
        await world.fake.wait_for(lambda: True)
        match_id, thread, _ = await start_match(world, bot, olga, [bob])
        live = await bot.host._loaded(match_id)
        hers, his = live.seat_of(olga.id) + 1, live.seat_of(bob.id) + 1
        handed = await olga.slash(
            world.games, "admin replace", match=match_id, seat=hers, ai="greedy"
        )
        assert handed.ephemeral and f"Seat {hers} now belongs to" in handed.content
        await settle(world, bot)
        version = (await bot.host._loaded(match_id)).row.version

        taken = await olga.slash(
            world.games, "admin replace", match=match_id, seat=his, member=olga
        )
        assert taken.ephemeral and "already played another seat" in taken.content, taken
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.seat_of(bob.id) == his - 1 and live.seat_of(olga.id) is None
        assert live.row.version == version
        peek = await olga.click(table_message(world, thread), "My marker")
        assert peek.ephemeral and "not playing" in peek.content

        back = await olga.slash(
            world.games, "admin replace", match=match_id, seat=hers, member=olga
        )
        assert back.ephemeral and f"Seat {hers} now belongs to" in back.content
        await settle(world, bot)
        assert (await bot.host._loaded(match_id)).seat_of(olga.id) == hers - 1
        notices = [m for m in world.fake.messages(thread) if "is now played by" in m.text]
        assert [m.text for m in notices] == [
            f"🔁 Seat {hers} is now played by easy AI.",
            f"🔁 Seat {hers} is now played by \\*Olga\\* \\@everyone.",
        ]
        assert not any(m.pinged_user_ids or m.pinged_everyone or m.ephemeral for m in notices)


async def test_an_admin_who_does_not_play_is_told_a_running_export_holds_every_secret(world):
    """Issue 17 §4: admins keep exporting running matches (a dispute needs the record), and
    the answer says the file holds every secret, in the admin's own language."""
    alice, bob = world.user("alice"), world.user("bob")
    vera = world.fake.add_user("vera", locale="ru")
    world.fake.make_admin(vera, world.guild)
    async with world.bot() as bot:
        await world.fake.wait_for(lambda: True)
        match_id, _, _ = await start_match(world, bot, alice, [bob])
        exported = await vera.slash(world.games, "admin export", match=match_id)
        assert exported.ephemeral and exported.message.attachments
        assert "Партия ещё идёт" in exported.content and "секреты" in exported.content

"""Issue 19, item 2: open tables do not rot. A lobby nobody starts closes after the server's
time (a closing line, its buttons gone), also after a restart; a host has at most three open
tables per server; `/lutece tables` lists the server's open tables with a Join button each.
Time is the host's clock, moved by the test (no sleeping, no wall-clock assertion)."""

from __future__ import annotations

import time

import pytest

from games.host.invites import MAX_OPEN_LOBBIES
from tests.discord.driver import advance, open_table, settle

pytestmark = pytest.mark.usefixtures("fast_render")
DAY = 24 * 3600


def match_of(lobby) -> str:
    return lobby.embeds[0]["footer"]["text"].split()[-1]


async def test_a_lobby_nobody_starts_closes_after_a_day_even_across_a_restart(world):
    alice, bob = world.user("alice"), world.user("bob")
    now = [time.time()]
    async with world.bot(clock=now) as bot:
        kept = await open_table(world, alice, 2)
        started = await open_table(world, bob, 2)
        await alice.click(started, "Join")
        await bob.click(started, "Start")
        await settle(world, bot)
        await advance(world, bot, now, DAY - 60)
        await settle(world, bot)
        assert world.fake.state.messages[kept.id].components  # not yet: still open
    async with world.bot(clock=now) as bot:  # the expiry lives in the database
        await advance(world, bot, now, 61)
        await world.fake.wait_for(
            lambda: "closed" in world.fake.state.messages[kept.id].embeds[0]["description"]
        )
        message = world.fake.state.messages[kept.id]
        closing = "⌛ This table closed: nobody started it in time."
        assert closing in message.embeds[0]["description"]
        assert not message.components  # its buttons went
        await settle(world, bot)
        live = await bot.host.get(match_of(kept))
        assert (live.status, live.end_reason) == ("ended", "expired")
        assert (await bot.host.get(match_of(started))).status == "active"
        assert await bot.host.lobbies.next_expiry() is None


async def test_a_host_has_at_most_three_open_tables_per_server(world):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        lobbies = [await open_table(world, alice, 2) for _ in range(MAX_OPEN_LOBBIES)]
        refused = await alice.slash(world.games, "paris-paris new", players=2)
        assert refused.ephemeral and "\n" not in refused.content
        assert "You already have 3 open tables on this server" in refused.content
        challenge = await alice.slash(world.games, "paris-paris challenge", player=bob)
        assert challenge.ephemeral and "3 open tables" in challenge.content
        assert not bob.pings
        await settle(world, bot)
        assert len(await bot.host.matches(("lobby",))) == MAX_OPEN_LOBBIES
        await alice.click(lobbies[0], "Cancel")
        assert not (await alice.slash(world.games, "paris-paris new", players=2)).ephemeral
        assert not (await bob.slash(world.games, "paris-paris new", players=2)).ephemeral


async def test_lutece_tables_lists_the_open_tables_and_joins_one(world):
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    async with world.bot() as bot:
        empty = await carol.slash(world.games, "lutece tables")
        assert empty.ephemeral and "No open tables" in empty.content
        first = await open_table(world, alice, 3)
        await open_table(world, bob, 2, game="city-of-light")
        listed = await carol.slash(world.games, "lutece tables")
        assert listed.ephemeral
        lines = listed.content.splitlines()
        assert lines[1].startswith("1. **Paris Paris** · alice · 🪑 1/3 · closes <t:")
        assert lines[2].startswith("2. **City of Light** · bob · 🪑 1/2 · closes <t:")
        joined = await carol.click(listed.message, "Join 1")
        assert joined.ephemeral and match_of(first) in joined.content
        assert f"/{world.games.id}/{first.id}" in joined.content  # a link to the lobby
        await settle(world, bot)
        assert carol.mention in world.fake.state.messages[first.id].embeds[0]["description"]
        again = await carol.click(listed.message, "Join 1")
        assert again.ephemeral and "already at this table" in again.content
        relisted = await carol.slash(world.games, "lutece tables")
        assert "🪑 2/3" in relisted.content.splitlines()[1]


async def test_lutece_tables_in_a_dm_is_one_sentence(world):
    world.dev_guild = None  # commands synced globally: /lutece is offered in DMs too
    carol = world.user("carol")
    async with world.bot():
        in_dm = await carol.slash(carol.dm_channel, "lutece tables")
        assert in_dm.ephemeral and "listed in a server" in in_dm.content

"""Lobby Leave and Cancel, /lutece matches, and the configured admin role."""

from __future__ import annotations

import random

import pytest

from tests.discord.driver import open_table, play_turns, settle, start_match

pytestmark = pytest.mark.usefixtures("fast_render")


async def test_leave_and_cancel_a_table(world):
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    async with world.bot() as bot:
        lobby = await open_table(world, alice, 3)
        await bob.click(lobby, "Join")
        assert bob.mention in world.fake.state.messages[lobby.id].embeds[0]["description"]
        left = await bob.click(lobby, "Leave")
        assert left.responded
        assert bob.mention not in world.fake.state.messages[lobby.id].embeds[0]["description"]
        host_leaves = await alice.click(lobby, "Leave")
        assert host_leaves.ephemeral and "cancel it instead" in host_leaves.content
        not_host = await carol.click(lobby, "Cancel")
        assert not_host.ephemeral and "Only the player who opened the table" in not_host.content
        cancelled = await alice.click(lobby, "Cancel")
        assert cancelled.responded
        embed = world.fake.state.messages[lobby.id].embeds[0]
        assert "cancelled" in embed["description"]
        assert not world.fake.state.messages[lobby.id].components  # no buttons left
        await settle(world, bot)
        assert [m.status for m in await bot.host.store.list_matches(("ended",))] == ["ended"]


async def test_lutece_matches_says_whose_turn_it_is(world):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        empty = await alice.slash(world.games, "lutece matches")
        assert empty.ephemeral and "not in any open match" in empty.content
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        live = await bot.host._loaded(match_id)
        first = live.row.seat_rows[min(live.to_act())].user_id
        mine = alice if first == alice.id else bob
        other = bob if mine is alice else alice
        assert "your turn" in (await mine.slash(world.games, "lutece matches")).content
        waiting = await other.slash(world.games, "lutece matches")
        assert "waiting for" in waiting.content and match_id in waiting.content


async def test_members_of_the_configured_admin_role_may_use_admin_commands(world):
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        await play_turns(world, bot, match_id, thread, [alice, bob], random.Random(2), turns=2)
        role = world.fake.add_role(world.guild, "Lutèce admins")
        other = world.fake.add_role(world.guild, "Moderators")
        # The server lets both roles use /admin (Server Settings → Integrations)…
        world.fake.allow_command(world.guild, "admin", role)
        world.fake.allow_command(world.guild, "admin", other)
        world.fake.give_role(dave, world.guild, other)
        await world.fake.wait_for(lambda: True)
        # …but only the role named with /admin role passes the bot's own check.
        refused = await dave.slash(world.games, "admin matches")
        assert refused.ephemeral and "Manage Server" in refused.content
        world.fake.make_admin(alice, world.guild)
        await world.fake.wait_for(lambda: True)
        set_role = await alice.slash(world.games, "admin role", role=role)
        assert set_role.ephemeral and "may now use the admin commands" in set_role.content
        world.fake.give_role(dave, world.guild, role)
        await world.fake.wait_for(lambda: True)
        listed = await dave.slash(world.games, "admin matches")
        assert listed.ephemeral and match_id in listed.content


async def test_help_lists_every_game_and_its_commands(world):
    alice = world.user("alice")
    async with world.bot():
        result = await alice.slash(world.games, "lutece help")
        assert result.ephemeral
        for command in ("/paris-paris new", "/city-of-light new", "/lutece dms"):
            assert command in result.content


async def test_a_seat_once_held_forbids_exporting_the_running_match(world):
    # Issue 7, finding 7: hand your seat to an AI, export, take the seat back — refused.
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    world.fake.make_admin(alice, world.guild)
    world.fake.make_admin(dave, world.guild)
    async with world.bot() as bot:
        await world.fake.wait_for(lambda: True)
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        seat = (await bot.host._loaded(match_id)).seat_of(alice.id)
        handed = await alice.slash(
            world.games, "admin replace", match=match_id, seat=seat + 1, ai="random"
        )
        assert handed.ephemeral and "Seat" in handed.content
        await settle(world, bot)
        assert (await bot.host._loaded(match_id)).seat_of(alice.id) is None
        refused = await alice.slash(world.games, "admin export", match=match_id)
        assert refused.ephemeral and not refused.message.attachments
        assert "secrets" in refused.content
        allowed = await dave.slash(world.games, "admin export", match=match_id)
        assert allowed.message.attachments  # an admin who never played may


async def test_start_with_only_the_host_seated_says_to_wait_or_add_an_ai(world):
    # Issue 17 §4: the host alone pressed Start and read the game's seat range.
    alice = world.user("alice")
    async with world.bot() as bot:
        lobby = await open_table(world, alice, 3)
        alone = await alice.click(lobby, "Start")
        assert alone.ephemeral
        assert "needs 1 more player to start" in alone.content and "Add AI" in alone.content
        await settle(world, bot)
        assert [m.status for m in await bot.host.store.list_matches(("lobby",))] == ["lobby"]
        assert (await alice.click(lobby, "Add AI")).responded
        assert (await alice.click(lobby, "Start")).responded
        await settle(world, bot)
        assert [m.status for m in await bot.host.store.list_matches(("active",))] == ["active"]


async def test_start_alone_at_a_two_player_game_says_to_wait_or_add_an_ai(world):
    # City of Light takes exactly two players: its refusal is the same advice, not the count.
    alice = world.user("alice")
    async with world.bot():
        lobby = await open_table(world, alice, 2, "city-of-light")
        alone = await alice.click(lobby, "Start")
        assert alone.ephemeral
        assert "needs 1 more player to start" in alone.content and "Add AI" in alone.content

"""Issue 7, finding 4: once a move is stored, a Discord error never says it failed.

Each follow-up (the answer, the new table with the recap and ping, retiring the old table, the
DMs) is tried on its own; a failure in one does not skip the others, and a table left behind is
refreshed at the next chance.
"""

from __future__ import annotations

import random

import pytest

from tests.discord.driver import open_panel_and_choose, said, settle, start_match, table_message

pytestmark = pytest.mark.usefixtures("fast_render")
EDIT = "/channels/{channel_id}/messages/{message_id}"
POST = "/channels/{channel_id}/messages"


async def confirm_a_move(world, bot, match_id, thread, users, seed):
    live = await bot.host._loaded(match_id)
    user = users[live.row.seat_rows[min(live.to_act())].user_id]
    opened = await user.click(table_message(world, thread), "Take turn")
    confirm = await open_panel_and_choose(user, opened.message, random.Random(seed))
    return user, live.row.version, confirm


@pytest.mark.parametrize("status, code", [(403, 50013), (400, 50035)])
async def test_a_failed_table_post_is_not_a_failed_move(world, status, code):
    # The move's new table (with the recap and the ping) is refused: the move stands, the
    # answer says so, the DM prompt still goes, and the next touch brings the table up to date.
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot:
        await bob.slash(world.games, "lutece dms", enabled="on")
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        user, version, confirm = await confirm_a_move(world, bot, match_id, thread, users, 1)
        world.fake.faults.fail_next("POST", POST, status=status, code=code)
        dms = len(bob.dms())
        done = await user.click(confirm, "Confirm")
        assert "Done" in done.message.text and "Nothing was changed" not in done.content
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version > version  # stored
        if min(live.to_act()) == 1:
            assert len(bob.dms()) > dms  # the DM prompt went out all the same
        assert live.row.table_version < live.row.version  # the table was left behind…
        other = users[live.row.seat_rows[min(live.to_act())].user_id]
        await other.click(table_message(world, thread), "Rules")  # …until the next touch
        await settle(world, bot)
        assert live.row.table_version == live.row.version
        footer = table_message(world, thread).text
        assert footer.endswith(f"move {live.row.version}")


@pytest.mark.parametrize("status, code", [(403, 50013), (400, 50083), (404, 10008)])
async def test_a_past_table_that_cannot_be_retired_is_harmless(world, status, code):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        old = table_message(world, thread)
        user, version, confirm = await confirm_a_move(world, bot, match_id, thread, users, 2)
        world.fake.faults.fail_next("PATCH", EDIT, status=status, code=code)
        done = await user.click(confirm, "Confirm")
        assert "Done" in done.message.text
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        new = table_message(world, thread)
        assert new.id != old.id and "your turn" in said(new)
        assert live.row.table_message_id == new.id and live.row.table_version == live.row.version


async def test_a_failed_answer_still_updates_everything(world):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        user, version, confirm = await confirm_a_move(world, bot, match_id, thread, users, 3)
        world.fake.faults.fail_next(
            "POST", "/interactions/{interaction_id}/{token}/callback", status=400, code=50035
        )
        last = world.fake.messages(thread)[-1].id
        await user.click(confirm, "Confirm")
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version > version and live.row.table_version == live.row.version
        assert any("your turn" in m.text for m in world.fake.messages(thread) if m.id > last)


async def test_moves_under_discords_rate_limits_are_all_delivered(world):
    # Real-time rate limits, tighter than Discord's: one message per 1.2 s per channel.
    # discord.py waits (or retries a 429); nothing is lost or reported as failed.
    from fakediscord.ratelimits import Limit

    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    faults = world.fake.faults
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        faults.rate_limit_time_scale = 1.0
        faults.route_limits[("POST", POST)] = Limit(1, 1.2)
        faults.route_limits[("PATCH", EDIT)] = Limit(1, 1.2)
        first_call = len(world.fake.rest_calls)
        last = world.fake.messages(thread)[-1].id
        for seed in range(4):
            user, version, confirm = await confirm_a_move(world, bot, match_id, thread, users, seed)
            assert "Done" in (await user.click(confirm, "Confirm")).message.text
            await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.table_version == live.row.version
        recaps = [m for m in world.fake.pinged_messages() if m.id > last]
        assert len(recaps) == 4
        # Every recap was accepted by the fake's limiter (which refuses a post less than a
        # window after the last), although the moves came faster than that: the bot waited.
        posts = [
            c
            for c in world.fake.rest_calls[first_call:]
            if c.method == "POST" and c.route == POST and c.status == 200
        ]
        assert len(posts) == 4

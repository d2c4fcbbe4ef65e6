"""Turn deadlines on a controllable clock (reminders, timeout, restart), and a late answer.

How fast answers arrive is a bench figure (`python -m bot bench`), never an assertion."""

from __future__ import annotations

import random
import time

import pytest

from tests.discord.driver import (
    advance,
    open_panel_and_choose,
    play_turns,
    settle,
    start_match,
    table_message,
    user_to_act,
)


def reminders(world, thread) -> list:
    return [m for m in world.fake.messages(thread) if "⏰" in m.text]


@pytest.mark.usefixtures("fast_render")
async def test_deadline_reminds_twice_then_an_ai_plays_and_a_restart_rearms_it(world):
    """The rapid clock: 10 minutes a move, reminded at half time (5 minutes left) and near
    the end (2 minutes left), each once; then an AI plays the turn."""
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    now = [time.time()]
    thread = None

    async def one_deadline(bot, match_id):
        live = await bot.host._loaded(match_id)
        assert live.row.deadline_at == pytest.approx(now[0] + 600, abs=5)
        late = await user_to_act(bot, match_id, users)
        version = live.row.version
        seen, last = len(reminders(world, thread)), world.fake.messages(thread)[-1].id
        await advance(world, bot, now, 200)
        await settle(world, bot)
        assert len(reminders(world, thread)) == seen  # too early for a reminder
        await advance(world, bot, now, 101)
        half = await world.fake.wait_for_message(
            thread, lambda m: "half of your turn's time" in m.text, after=last
        )
        assert f"<@{late.id}>" in half.content and half.pinged_user_ids == {late.id}
        await advance(world, bot, now, 100)  # 7 minutes gone: nothing new
        await settle(world, bot)
        assert len(reminders(world, thread)) == seen + 1
        await advance(world, bot, now, 81)
        final = await world.fake.wait_for_message(
            thread, lambda m: "nearly up" in m.text, after=half.id
        )
        assert final.pinged_user_ids == {late.id}
        await advance(world, bot, now, 120)
        timed_out = await world.fake.wait_for_message(
            thread, lambda m: "Time's up" in m.text, after=final.id
        )
        assert "an AI played" in timed_out.content
        await settle(world, bot)
        assert len(reminders(world, thread)) == seen + 2  # each reminder once
        live = await bot.host._loaded(match_id)
        assert live.row.version == version + 1
        last = (await bot.host.store.actions(match_id))[-1]
        assert last.seat == live.seat_of(late.id) and last.user_id is None  # played for them
        assert live.row.deadline_at == pytest.approx(now[0] + 600, abs=5)
        assert f"move {version + 1}" in table_message(world, thread).text

    async with world.bot(clock=now) as bot:
        match_id, thread, _ = await start_match(
            world, bot, alice, [bob], clock="rapid", on_timeout="ai"
        )
        await one_deadline(bot, match_id)
    async with world.bot(clock=now) as bot:  # a restart: the deadline lives in the database
        await settle(world, bot)
        await one_deadline(bot, match_id)


@pytest.mark.usefixtures("fast_render")
async def test_deadline_with_wait_lets_the_match_wait(world):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    now = [time.time()]
    async with world.bot(clock=now) as bot:
        match_id, thread, _ = await start_match(
            world, bot, alice, [bob], clock="daily", on_timeout="wait"
        )
        version = (await bot.host._loaded(match_id)).row.version
        await advance(world, bot, now, 24 * 3600 + 1)
        waiting = await world.fake.wait_for_message(thread, lambda m: "Time's up" in m.text)
        assert "waits" in waiting.content
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version == version and live.row.deadline_at is None
        await play_turns(world, bot, match_id, thread, [alice, bob], random.Random(1), turns=1)
        live = await bot.host._loaded(match_id)
        assert live.row.version == version + 1 and live.row.deadline_at is not None
        assert await user_to_act(bot, match_id, users) is not None


@pytest.mark.usefixtures("fast_render")
async def test_a_confirm_answered_too_late_still_updates_the_table(world):
    """Discord forgot the interaction (10062): the move was applied, so the table and the
    ping must still follow, and the player can go on."""
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        user = await user_to_act(bot, match_id, users)
        opened = await user.click(table_message(world, thread), "Take turn")
        panel = await open_panel_and_choose(user, opened.message, random.Random(2))
        world.fake.faults.response_window = 0.0
        late = await user.click(panel, "Confirm")
        world.fake.faults.response_window = 3.0
        assert late.failed
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version == 1
        assert "move 1" in table_message(world, thread).text
        nxt = await user_to_act(bot, match_id, users)
        assert any(f"<@{nxt.id}>, your turn" in m.text for m in world.fake.messages(thread))
        await play_turns(world, bot, match_id, thread, [alice, bob], random.Random(3), turns=1)

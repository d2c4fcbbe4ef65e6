"""A stop (SIGTERM) while a move is being told: graceful, bounded, and nothing lost.

`python -m bot run` turns SIGTERM into `LuteceBot.close()`; these tests call it directly at a
chosen moment, with the move's table held back by a gate, so what they check does not depend
on how fast the machine is.
"""

from __future__ import annotations

import asyncio
import dataclasses
import multiprocessing
import random
import threading
from typing import Any

import pytest

import bot.ui.delivery as delivery
from storage import SeatRow
from tests.discord.driver import (
    open_panel_and_choose,
    said,
    settle,
    start_match,
    table_message,
    user_to_act,
)
from tests.held_search import strong_held

pytestmark = pytest.mark.usefixtures("fast_render")


def hold_the_tables(bot, monkeypatch) -> tuple[asyncio.Event, asyncio.Event, list[str]]:
    """From now on each table picture waits for `gate`; `drawing` says one is waiting, and
    `told` collects the recaps the tables were about to carry."""
    drawing, gate, told = asyncio.Event(), asyncio.Event(), []
    draw = bot.pictures.table
    repost = delivery.repost_table

    async def held(live, language):
        drawing.set()
        await gate.wait()
        return await draw(live, language)

    async def recorded(bot, live, content, ping):
        told.append(content)
        await repost(bot, live, content, ping)

    bot.pictures.table = held
    monkeypatch.setattr(delivery, "repost_table", recorded)
    return drawing, gate, told


@dataclasses.dataclass
class HeldMove:
    """A move of alice's and bob's match, stored and answered, whose table is being drawn
    and held back by `gate`; `told` collects the recaps its tables were about to carry."""

    match_id: str
    thread: Any
    old_table: Any  # the table before the move
    user: Any  # who moved
    version: int  # the match's version before the move
    gate: asyncio.Event
    told: list[str]


async def a_held_move(world: Any, bot: Any, monkeypatch: pytest.MonkeyPatch) -> HeldMove:
    alice, bob = world.user("alice"), world.user("bob")
    match_id, thread, _ = await start_match(world, bot, alice, [bob])
    old_table = table_message(world, thread)
    user = await user_to_act(bot, match_id, {alice.id: alice, bob.id: bob})
    version = (await bot.host._loaded(match_id)).row.version
    opened = await user.click(old_table, "Take turn")
    screen = await open_panel_and_choose(user, opened.message, random.Random(5))
    drawing, gate, told = hold_the_tables(bot, monkeypatch)
    assert "Done" in (await user.click(screen, "Confirm")).message.text
    await drawing.wait()  # the move is stored and answered; its table is being drawn
    return HeldMove(match_id, thread, old_table, user, version, gate, told)


async def test_a_stop_lets_the_running_move_finish_and_turns_new_clicks_away(world, monkeypatch):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        move = await a_held_move(world, bot, monkeypatch)
        other = bob if move.user is alice else alice

        stopping = asyncio.create_task(bot.close())  # what SIGTERM does
        await world.fake.wait_for(lambda: bot.closing)
        turned_away = await other.click(move.old_table, "Rules")
        assert turned_away.ephemeral and "restarting" in turned_away.content, turned_away
        assert "nothing was changed" in turned_away.content
        assert not stopping.done()  # the running handler is waited for...
        move.gate.set()
        await stopping  # ...and finishes: its table went out before Discord closed

        fresh = table_message(world, move.thread)
        assert fresh.id != move.old_table.id and move.told == [said(fresh)]
        assert fresh.text.endswith(f"move {move.version + 1}")
    async with world.bot() as bot:  # the next start finds the table current: nothing to do
        await settle(world, bot)
        live = await bot.host._loaded(move.match_id)
        assert live.row.version == live.row.table_version == move.version + 1
        assert live.row.table_message_id == fresh.id
        nxt = live.row.seat_rows[min(live.to_act())].user_id
        assert f"<@{nxt}>, your turn" in said(fresh)


async def test_a_move_whose_table_outlives_the_grace_is_told_at_next_start(world, monkeypatch):
    """The grace runs out while the move's table is still held: the handler is cancelled (no
    error, no traceback), the move stays stored, and the next start posts the table with the
    very recap and ping it missed as soon as the match is touched."""
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot:
        move = await a_held_move(world, bot, monkeypatch)
        bot.shutdown_grace = 0.05  # the gate never opens: the grace runs out whatever it is
        await bot.close()
        assert not bot.inflight
        assert table_message(world, move.thread).id == move.old_table.id  # the table never went out
    monkeypatch.undo()
    async with world.bot() as bot:
        await settle(world, bot)
        live = await bot.host._loaded(move.match_id)
        assert live.row.version == move.version + 1 and live.row.table_version == move.version
        nxt = users[live.row.seat_rows[min(live.to_act())].user_id]
        opened = await nxt.click(move.old_table, "Take turn")  # the stale table's button works
        assert opened.ephemeral and not opened.failed
        await settle(world, bot)
        fresh = table_message(world, move.thread)
        assert fresh.id != move.old_table.id
        assert [said(fresh)] == move.told  # the recap and the ping the stopped process owed
        assert fresh.text.endswith(f"move {move.version + 1}")
        assert move.old_table.find_component(label="Take turn") is None  # retired
        live = await bot.host._loaded(move.match_id)
        assert live.row.table_version == live.row.version == move.version + 1


async def test_a_stop_ends_the_ai_worker_processes(world, monkeypatch):
    """A strong seat searched in a worker process: once the bot is closed, no worker is left
    running (nor is a picture thread)."""
    with strong_held(monkeypatch) as held:
        held.release.set()
        async with world.bot() as bot:
            alice = world.user("alice").id
            seats = [SeatRow(0, "AI", ai="strong"), SeatRow(0, "ann", user_id=alice)]
            match_id = (await bot.host.create("paris-paris", seats, seed=3)).info.id
            await bot.host.wake_ai(match_id)
            workers = [p for p in multiprocessing.active_children() if p.pid in held.searched_in]
            assert workers and held.searches
        assert not any(p.is_alive() for p in workers)
        assert not any(t.name.startswith("lutece-picture") for t in threading.enumerate())

"""Issue 21 §4: a picture that answers a click (a panel's board) never waits behind the table
pictures redrawn after other matches' moves, and pictures are drawn off the event loop, a
bounded few at once. Events only, no timing: a drawing is held until the test lets it go."""

from __future__ import annotations

import asyncio
import contextlib
import threading

import bot.ui.pictures as lanes
from bot.games import adapter_for
from bot.ui.pictures import Pictures
from games.host import MatchHost
from storage import SeatRow, Store

GUARD_S = 20  # only ends a test that would hang forever


def held_drawing(started: threading.Event, release: threading.Event) -> bytes:
    started.set()
    release.wait(GUARD_S)
    return b"table"


async def test_a_panels_board_is_drawn_while_another_matchs_table_is_being_drawn(tmp_path):
    store = await Store.open(tmp_path / "lanes.db")
    host = MatchHost(store)
    pictures = Pictures(host, threads=1)
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)]
    match = (await host.create("paris-paris", seats, seed=3)).info
    started, release = threading.Event(), threading.Event()
    try:
        # The one table thread is busy with another match's table, held.
        table = asyncio.create_task(pictures.draw(held_drawing, started, release, answer=False))
        assert await asyncio.to_thread(started.wait, GUARD_S)
        # Meanwhile a click's panel gets its board, drawn in the answers' thread.
        board = await asyncio.wait_for(pictures.board(match, "en"), GUARD_S / 2)
        assert board.startswith(b"\x89PNG") and not table.done()
        release.set()
        assert await table == b"table"
    finally:
        release.set()
        await pictures.close()
        await store.close()


async def test_a_table_picture_waits_until_the_clicks_pictures_are_drawn(tmp_path):
    """Drawn at once, another match's table would share the interpreter lock with a click's
    picture: a table picture starts only when no answer's picture is pending."""
    store = await Store.open(tmp_path / "lanes.db")
    pictures = Pictures(MatchHost(store), threads=1)
    answer_started, answer_release = threading.Event(), threading.Event()
    table_started, table_release = threading.Event(), threading.Event()
    try:
        answer = asyncio.create_task(pictures.draw(held_drawing, answer_started, answer_release))
        assert await asyncio.to_thread(answer_started.wait, GUARD_S)
        table = asyncio.create_task(
            pictures.draw(held_drawing, table_started, table_release, answer=False)
        )
        for _ in range(GUARD_S * 100):  # until the table's thread holds it back
            if pictures.tables_held:
                break
            await asyncio.sleep(0.01)
        assert pictures.tables_held == 1 and not table_started.is_set()
        answer_release.set()
        assert await answer == b"table"
        assert await asyncio.to_thread(table_started.wait, GUARD_S)  # now it is drawn
        assert pictures.tables_held == 0
        table_release.set()
        assert await table == b"table"
    finally:
        answer_release.set()
        table_release.set()
        await pictures.close()
        await store.close()


async def test_a_cancelled_answer_does_not_hold_the_tables_back(tmp_path, monkeypatch):
    """An answer's picture cancelled before its turn (the click's handler gave up) is no
    longer waited for (the tables' longest wait made endless here, so a wait would show)."""
    monkeypatch.setattr(lanes, "YIELD_MAX_S", GUARD_S * 10)
    store = await Store.open(tmp_path / "lanes.db")
    pictures = Pictures(MatchHost(store), threads=1)
    started, release = threading.Event(), threading.Event()
    try:
        first = asyncio.create_task(pictures.draw(held_drawing, started, release))
        assert await asyncio.to_thread(started.wait, GUARD_S)
        queued = asyncio.create_task(pictures.draw(held_drawing, threading.Event(), release))
        await asyncio.sleep(0)
        queued.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await queued
        await asyncio.sleep(0)  # the cancel reaches the thread pool's queue
        release.set()
        assert await first == b"table"
        table = await asyncio.wait_for(pictures.draw(lambda: b"drawn", answer=False), GUARD_S)
        assert table == b"drawn" and pictures.tables_held == 0
    finally:
        release.set()
        await pictures.close()
        await store.close()


async def test_a_table_picture_a_click_drew_meanwhile_is_not_drawn_again(tmp_path, monkeypatch):
    """After a move, the table's picture waits for the clicks' pictures; when one of those
    clicks (the next player's "Take turn") drew the same picture, the table uses it."""
    adapter = type(adapter_for("paris-paris"))
    drawn: list[str] = []

    def counted(self: object, view: object, names: object, **kw: object) -> bytes:
        drawn.append("table")
        return b"the table"

    monkeypatch.setattr(adapter, "render", counted)
    store = await Store.open(tmp_path / "lanes.db")
    host = MatchHost(store)
    pictures = Pictures(host, threads=1)
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)]
    match = (await host.create("paris-paris", seats, seed=3)).info
    started, release = threading.Event(), threading.Event()
    try:
        other = asyncio.create_task(pictures.draw(held_drawing, started, release))
        assert await asyncio.to_thread(started.wait, GUARD_S)
        table = asyncio.create_task(pictures.table(match, "en"))
        for _ in range(GUARD_S * 100):  # until the table's thread holds it back
            if pictures.tables_held:
                break
            await asyncio.sleep(0.01)
        board = asyncio.create_task(pictures.board(match, "en"))  # queued behind `other`
        await asyncio.sleep(0)
        release.set()
        assert await other == b"table"
        assert await board == await table == b"the table"
        assert drawn == ["table"]
    finally:
        release.set()
        await pictures.close()
        await store.close()

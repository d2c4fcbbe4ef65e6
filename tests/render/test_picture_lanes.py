"""Issue 21 §4: a picture that answers a click (a panel's board) never waits behind the table
pictures redrawn after other matches' moves, and pictures are drawn off the event loop, a
bounded few at once. Events only, no timing: a drawing is held until the test lets it go."""

from __future__ import annotations

import asyncio
import threading

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

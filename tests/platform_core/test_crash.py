"""Nothing acknowledged is lost: SIGKILL a writer mid-stream, then reload every match (on both
backends: SQLite's WAL file, and a PostgreSQL server whose client vanishes mid-transaction)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from games.host import MatchHost
from storage import Store

ROOT = Path(__file__).resolve().parents[2]


def _run_and_kill(db: str, acks_before_kill: int, *mode: str) -> list[tuple[str, int, str]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.platform_core.crash_writer", db, *mode],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    acks = []
    assert proc.stdout is not None
    for line in proc.stdout:
        _, match_id, seq, request = line.split()
        acks.append((match_id, int(seq), request))
        if len(acks) >= acks_before_kill:
            os.kill(proc.pid, signal.SIGKILL)
            break
    # Acks already written to the pipe before the kill are acknowledged too.
    for line in proc.stdout:
        _, match_id, seq, request = line.split()
        acks.append((match_id, int(seq), request))
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    return acks


async def test_sigkill_loses_no_acknowledged_action(db_url: str):
    acks = _run_and_kill(db_url, 400)
    assert len(acks) >= 400
    store = await Store.open(db_url)
    try:
        host = MatchHost(store)
        logs = {}
        for row in await store.list_matches():
            live = await host._loaded(row.id)  # replays the log; repairs a bad snapshot loudly
            log = await store.actions(row.id)
            assert [a.seq for a in log] == list(range(1, len(log) + 1))
            assert live.row.version == len(log)
            assert sum(live.state.scores) == len(log)
            stored = await store.get_match(row.id)
            assert stored.snapshot == live.game.snapshot(live.state)
            logs[row.id] = {a.request_id for a in log}
        assert len(logs) == 3
        for match_id, _, request in acks:
            assert request in logs[match_id], f"acknowledged {request} lost"
    finally:
        await store.close()


async def test_sigkill_leaves_no_finished_match_without_its_result_and_ratings(db_url: str):
    """Issue 19: results and ratings survive a SIGKILL. A finished match's result and the
    ratings it moves are written in the transaction of its last action, so after a kill at any
    point every finished match is in the history and the ratings count exactly those."""
    lines = _run_and_kill(db_url, 120, "finish")
    finished = {match_id for match_id, _, request in lines if request == "-"}
    assert len(finished) >= 5  # the writer was killed after several matches had ended
    store = await Store.open(db_url)
    try:
        rows = {row.id: row for row in await store.list_matches(("lobby", "active", "finished"))}
        over = {match_id for match_id, row in rows.items() if row.status == "finished"}
        assert finished <= over  # every match it saw finish is stored finished
        for match_id in over:
            result = await store.result_of(match_id)
            assert result is not None and result.rated, match_id
            assert sorted(s.place for s in result.seats) in ([1, 2], [1, 1])
        for match_id in set(rows) - over:
            assert await store.result_of(match_id) is None
        ratings = await store.all_ratings()
        assert {r.user_id for r in ratings} == {1, 2}
        assert all(r.played == len(over) for r in ratings)
        assert sum(r.won for r in ratings) >= len(over)
    finally:
        await store.close()

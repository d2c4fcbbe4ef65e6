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


def _run_and_kill(db: str, acks_before_kill: int) -> list[tuple[str, int, str]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.platform_core.crash_writer", db],
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

"""Several writers on one database, as several bot processes will be: appends to one match
apply exactly once and whole, due deadlines are claimed once each, and a claimer's lease runs
out. Every test runs on both backends (`db_url`); the process tests start two real OS
processes (`race_writer.py`) at the same moment."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from storage import DuplicateRequest, MatchRow, SeatRow, StaleVersion, Store

ROOT = Path(__file__).resolve().parents[2]
NOW = 10_000.0  # race_writer's clock for claims


def _row(match_id: str, deadline_at: float | None = None, status: str = "active") -> MatchRow:
    return MatchRow(
        id=match_id,
        game="race",
        status=status,
        seats=2,
        seed=7,
        created_at=1.0,
        updated_at=1.0,
        deadline_at=deadline_at,
        seat_rows=[SeatRow(0, "a", user_id=1), SeatRow(1, "b", user_id=2)],
    )


async def _append(store: Store, version: int, request: str, match_id: str = "m") -> int:
    return await store.append_action(
        match_id,
        expected_version=version,
        seat=0,
        action={"request": request},
        request_id=request,
        user_id=1,
        snapshot={"request": request, "v": version + 1},
        status="active",
        deadline_at=NOW * 2,
    )


async def _claim(
    store: Store, now: float, owner: str, limit: int = 100, *, lease_s: float = 60.0
) -> list[str]:
    """The store's half of what the host does for the due deadlines (games/host/deadlines.py
    claims each under its match's lock): look them up, then claim them one by one."""
    due = await store.due_deadlines(now, limit)
    return [m for m in due if await store.claim_deadline(m, now, owner, lease_s=lease_s)]


async def _races(
    a: Store, b: Store, rounds: int, first: str, second: str
) -> AsyncIterator[tuple[int, int, list[Any]]]:
    """Match "m" created, then `rounds` times both stores append at its current version at
    once (requests `first` and `second`, with `{n}` the round): (round, version, what each
    append got: the new version or the exception it raised)."""
    await a.create_match(_row("m"))
    for n in range(rounds):
        version = (await b.get_match("m")).version
        results = await asyncio.gather(
            _append(a, version, first.format(n=n)),
            _append(b, version, second.format(n=n)),
            return_exceptions=True,
        )
        yield n, version, results


@pytest.fixture
async def two_stores(db_url: str):
    """Two stores on one database: two connections (pools), as two processes have."""
    a, b = await Store.open(db_url), await Store.open(db_url)
    yield a, b
    await a.close()
    await b.close()


async def test_concurrent_appends_from_two_connections_apply_exactly_once(two_stores):
    a, b = two_stores
    async for n, version, results in _races(a, b, 40, "a{n}", "b{n}"):
        wins = [r for r in results if not isinstance(r, BaseException)]
        assert wins == [version + 1], results
        assert [type(r) for r in results if isinstance(r, BaseException)] == [StaleVersion]
        # Nothing half-written: the snapshot is the one written with the last logged action.
        row, log = await a.get_match("m"), await b.actions("m")
        assert row.version == len(log) == n + 1
        assert row.snapshot["request"] == log[-1].request_id
    assert [entry.seq for entry in await a.actions("m")] == list(range(1, 41))


async def test_one_request_sent_through_two_connections_applies_once(two_stores):
    a, b = two_stores
    async for _, version, results in _races(a, b, 20, "click-{n}", "click-{n}"):
        assert sorted(type(r).__name__ for r in results) == ["DuplicateRequest", "int"]
        assert [r.seq for r in results if isinstance(r, DuplicateRequest)] == [version + 1]
    assert len(await a.actions("m")) == 20


def _start_together(args: list[list[str]]) -> list[str]:
    """Run race_writer processes, released at the same moment; their outputs."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.platform_core.race_writer", *a],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for a in args
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "READY"
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        outputs = [proc.communicate(timeout=180)[0] for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert [proc.returncode for proc in procs] == [0] * len(procs)
    return outputs


async def test_two_processes_appending_to_one_match_apply_each_request_once(db_url: str):
    count = 100
    store = await Store.open(db_url)
    try:
        await store.create_match(_row("m"))
        outputs = await asyncio.to_thread(
            _start_together,
            [
                [db_url, "append", "P1", "m", str(count)],
                [db_url, "append", "P2", "m", str(count)],
            ],
        )
        acks: dict[str, int] = {}
        for output in outputs:
            for line in output.splitlines():
                kind, *rest = line.split()
                if kind == "ACK":
                    assert rest[1] not in acks, f"{rest[1]} acknowledged twice"
                    acks[rest[1]] = int(rest[0])
        wanted = {f"{who}-{n}" for who in ("P1", "P2", "shared") for n in range(count)}
        assert set(acks) == wanted  # every request acknowledged, by one process only
        log = await store.actions("m")
        assert [entry.seq for entry in log] == list(range(1, 3 * count + 1))
        assert {entry.request_id: entry.seq for entry in log} == acks
        row = await store.get_match("m")
        assert row.version == 3 * count
        assert row.snapshot == {"v": 3 * count, "request": log[-1].request_id}
    finally:
        await store.close()


async def _due_matches(store: Store, count: int = 100) -> set[str]:
    """`count` matches due at NOW, and some that must never be claimed."""
    due = {f"due{n:03}" for n in range(count)}
    for n, match_id in enumerate(sorted(due)):
        await store.create_match(_row(match_id, deadline_at=NOW - 1000 + n))
    await store.create_match(_row("later", deadline_at=NOW + 1))
    await store.create_match(_row("none", deadline_at=None))
    await store.create_match(_row("over", deadline_at=NOW - 5, status="finished"))
    return due


async def test_hundred_due_deadlines_are_claimed_once_each_by_two_claimers(two_stores):
    a, b = two_stores
    due = await _due_matches(a)

    async def drain(store: Store, owner: str) -> list[str]:
        claimed: list[str] = []
        while batch := await _claim(store, NOW, owner, limit=7):
            claimed += batch
            await asyncio.sleep(0)
        return claimed

    by_a, by_b = await asyncio.gather(drain(a, "A"), drain(b, "B"))
    assert not set(by_a) & set(by_b)
    assert sorted(by_a + by_b) == sorted(due)
    assert await _claim(a, NOW, "C") == []


async def test_two_processes_claim_hundred_due_deadlines_once_each(db_url: str):
    store = await Store.open(db_url)
    try:
        due = await _due_matches(store)
        outputs = await asyncio.to_thread(
            _start_together, [[db_url, "claim", "P1"], [db_url, "claim", "P2"]]
        )
        claims = Counter(
            line.split()[1] for o in outputs for line in o.splitlines() if line.startswith("CLAIM")
        )
        assert set(claims) == due and set(claims.values()) == {1}
    finally:
        await store.close()


async def test_claims_come_soonest_first_within_the_limit(db_url: str):
    store = await Store.open(db_url)
    try:
        due = sorted(await _due_matches(store, 10))
        assert await _claim(store, NOW, "A", limit=4) == due[:4]
        assert await _claim(store, NOW, "B", limit=100) == due[4:]
    finally:
        await store.close()


async def test_a_lease_expires_and_a_new_deadline_voids_the_claim(store: Store):
    await store.create_match(_row("m", deadline_at=5.0))
    assert await _claim(store, 10.0, "A", lease_s=30) == ["m"]
    assert await _claim(store, 39.9, "B", lease_s=30) == []  # A holds it to 40
    # A died: its lease ran out, so the deadline is due for everyone again.
    assert await _claim(store, 40.0, "B", lease_s=30) == ["m"]
    assert not await store.release_deadline("m", "A")  # A no longer holds it
    assert await store.release_deadline("m", "B")  # given back without handling it
    assert await _claim(store, 41.0, "C", lease_s=60) == ["m"]
    # C handles it: the timeout's move sets the next deadline, voiding C's claim (to 101).
    await _append(store, 0, "timeout:1")
    await store.update_match("m", deadline_at=100.0)
    assert await _claim(store, 99.0, "D") == []  # not due yet
    assert await _claim(store, 100.0, "D", lease_s=60) == ["m"]
    await store.update_match("m", deadline_at=150.0)  # e.g. a seat replaced: a new deadline
    assert await _claim(store, 150.0, "E") == ["m"]
    await store.update_match("m", status="finished")
    assert await _claim(store, 10**9, "F") == []

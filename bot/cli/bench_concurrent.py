"""`bench --only concurrent`: many tables moving at once, as a busy bot sees them.

`matches` active matches of every game in turn, each a task that plays its seats' random
legal moves through `MatchHost.act`, all at the same time, on one store as deployed
(SQLite: a file, WAL, the default synchronous level; PostgreSQL: its durable defaults). A
finished match is replaced by a new one, so the count stays. Two runs:

- **capacity** (closed loop): every table moves again as soon as its move is stored. The
  persisted moves per second is the most the host sustains; a move's wait is then mostly
  the queue of the other tables' moves (Little's law: tables / rate), not a figure players
  meet.
- **load** (open loop): moves arrive at a fixed total `rate`, each table at random times
  (a Poisson stream of rate / tables), as players' clicks do; a move's wait is what a
  player waits at that load: p50/p99 of one `act` call (lock, engine, the durable write).

The store and the host run as the bot runs them, with its garbage-collector policy
(`bot.collector`) installed once the tables are open, as the bot installs it once ready.
Both note the event loop's worst stall: a ticker asks to wake every `TICK` seconds and notes
how late it woke, which is what any other coroutine (a person's click) would have waited.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.cli.bench_engines import percentile
from bot.cli.bench_progress import BACKENDS
from bot.collector import CollectorPolicy
from games.host import MatchHost
from games.registry import game_keys, get_game
from storage import SeatRow, Store

TICK = 0.005  # the ticker's period: finer than any stall worth reporting


class LoopWatch:
    """The event loop's worst and 99th-percentile lateness while it runs."""

    def __init__(self) -> None:
        self.late: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + TICK
            await asyncio.sleep(TICK)
            self.late.append(max(0.0, loop.time() - due))

    def __enter__(self) -> LoopWatch:
        self._task = asyncio.get_running_loop().create_task(self._tick())
        return self

    def __exit__(self, *_: object) -> None:
        if self._task is not None:
            self._task.cancel()

    @property
    def worst_ms(self) -> float:
        return round(max(self.late, default=0.0) * 1000, 1)


def _players(key: str, n: int) -> list[SeatRow]:
    return [
        SeatRow(i, f"p{i}", user_id=10_000 * (n + 1) + i) for i in range(get_game(key).max_seats)
    ]


async def _table(
    host: MatchHost,
    key: str,
    n: int,
    match_id: str,
    until: float,
    latencies: list[float],
    rate: float | None,
) -> None:
    """One table's task: play random moves in `match_id` (of `key`) until `until`
    (perf_counter), a new match when one ends; after each move, wait a random time of
    mean 1 / `rate` (none when `rate` is None)."""
    rng = random.Random(n)
    game = get_game(key)
    players = _players(key, n)
    users = [10_000 * (n + 1) + p.seat for p in players]
    made = 0
    while await _paused(rng, rate, until):
        live = await host._loaded(match_id)
        if live.row.status != "active":
            match_id = (await host.create(key, players, seed=n + made)).info.id
            continue
        seat = min(live.to_act())
        action = rng.choice(game.legal_actions(live.state, seat))
        started = time.perf_counter()
        await host.act(match_id, users[seat], action, key=f"c{n}-{made}")
        latencies.append(time.perf_counter() - started)
        made += 1


async def _paused(rng: random.Random, rate: float | None, until: float) -> bool:
    """Wait the random time before a table's next move (none at capacity): False when
    that would fall after `until`, so the run ends on time."""
    wait = 0.0 if rate is None else rng.expovariate(rate)
    if time.perf_counter() + wait >= until:
        return False
    await asyncio.sleep(wait)
    return True


async def open_tables(host: MatchHost, matches: int) -> list[tuple[str, str]]:
    """`matches` new matches of every game in turn: (game key, match id) each."""
    keys = game_keys()
    tables = [keys[n % len(keys)] for n in range(matches)]
    return [
        (k, (await host.create(k, _players(k, n), seed=n)).info.id) for n, k in enumerate(tables)
    ]


async def move_tables(
    host: MatchHost,
    tables: list[tuple[str, str]],
    until: float,
    latencies: list[float],
    rate: float | None = None,
) -> None:
    """Every table moving at once until `until` (perf_counter; `math.inf`: until cancelled),
    as fast as stored (`rate` None) or at `rate` moves/s in all; each move's `act` time is
    added to `latencies`."""
    each = None if rate is None else rate / len(tables)
    await asyncio.gather(
        *(_table(host, k, n, i, until, latencies, each) for n, (k, i) in enumerate(tables))
    )


async def concurrent_moves(
    url: str | None,
    backend: str,
    matches: int = 200,
    seconds: float = 5.0,
    rate: float | None = None,
) -> dict[str, Any]:
    """`matches` tables moving at once on one store (`url`, else a temporary SQLite file)
    for `seconds`, as fast as stored (`rate` None) or at `rate` moves/s in all: moves/s,
    p50/p99 of `act`, the event loop's worst stall."""
    latencies: list[float] = []
    with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
        store = await Store.open(url or Path(tmp) / "concurrent.db")
        host = MatchHost(store)
        tables = await open_tables(host, matches)
        collector = CollectorPolicy()
        collector.settle()
        collector.start()
        try:
            with LoopWatch() as watch:
                started = time.perf_counter()
                await move_tables(host, tables, started + seconds, latencies, rate)
                elapsed = time.perf_counter() - started
        finally:
            collector.stop()
        await store.close()
    return {
        "backend": backend,
        "mode": "capacity" if rate is None else "load",
        "offered_per_s": rate,
        "matches": matches,
        "moves": len(latencies),
        "moves_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
        "loop_stall_max_ms": watch.worst_ms,
        "loop_stall_p99_ms": round(percentile(watch.late or [0.0], 0.99) * 1000, 1),
    }


def print_concurrent(figures: list[dict[str, Any]]) -> None:
    for f in figures:
        name = BACKENDS[f["backend"]]
        if "unavailable" in f:
            print(f"concurrent host+{name}: no figure ({f['unavailable']})")
            continue
        if f["mode"] == "capacity":
            what = "every table moving again as soon as stored (capacity)"
        else:
            what = f"moves arriving at {f['offered_per_s']:g}/s in all (load)"
        print(
            f"concurrent host+{name}, {f['matches']} matches of every game, {what}: "
            f"{f['moves_per_s']} persisted moves/s over {f['moves']} moves; one move waits "
            f"p50 {f['p50_ms']} ms, p99 {f['p99_ms']} ms; the event loop stalled at most "
            f"{f['loop_stall_max_ms']} ms (p99 {f['loop_stall_p99_ms']} ms)"
        )

"""`bench`: the speed figures quoted in notes, measured the same way every time, part by part
(`--only PART` runs one; progress goes to stderr as it runs, `bot.cli.bench_progress`):

- engines: complete random games per CPU second per game, on one core (the contract loop:
  to_act, legal_actions, random choice, apply), and the CPU cost of one legal_actions call;
- ai: the strong AI's search iterations per second per game (`--ai` is `--only ai`);
- host: persisted actions per second through MatchHost and each backend, and p50/p99
  latency of one `act` call: SQLite (a file in a temporary directory, WAL, the default
  synchronous level) and PostgreSQL (a throw-away server of its own, `storage.pg_testserver`,
  with PostgreSQL's durable defaults: fsync and synchronous commits on, over a Unix socket);
- concurrent: `--tables` matches of every game moving at once through the host on each
  backend, at capacity and at a fixed load of `LOAD` moves/s (`bot.cli.bench_concurrent`);
- startup: a bot with many stored matches on each backend (`bot.cli.bench_startup`);
- records: p50/p99 of the leaderboard and history queries with 100,000 finished matches
  stored, on each backend (`bot.cli.bench_records`; `--ratings` is `--only records`);
- discord: p50/p99 click→answer latency over a whole match through the fake Discord
  (`bot.cli.bench_discord`);
- web: the web board's WebSocket fan-out, a stored move to its update on `--pages` open pages,
  on each backend (`bot.cli.bench_web`).
"""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from bot.cli.bench_progress import BACKENDS, PARTS, Progress
from games.host import MatchHost
from games.registry import game_keys, get_game
from storage import SeatRow, Store
from storage.pg_testserver import PgTestServer, PgUnavailable, find_bindir


def bench_seats(key: str) -> int:
    game = get_game(key)
    return game.bench_seats or game.max_seats


def engine_playouts(key: str, seats: int, seconds: float) -> dict[str, Any]:
    """Random complete games per second of CPU time, and the cost of legal_actions. CPU
    time (`time.process_time`), not the wall clock: while another process of this machine
    holds the core, this one is not charged (a virtual machine's neighbours still are)."""
    game = get_game(key)
    options = game.parse_options({})
    gc.collect()
    gc.freeze()  # as the bot does after start-up: engine caches are not the collector's work
    games = actions = 0
    legal_time = 0.0
    legal_samples: list[float] = []
    start = time.process_time()
    while time.process_time() - start < seconds:
        rng = random.Random(games)
        state = game.setup(seats, options, seed=games)
        while not game.is_over(state):
            seat = next(iter(game.to_act(state)))
            t = time.perf_counter()  # one call: too short for CPU time's resolution
            legal = game.legal_actions(state, seat)
            spent = time.perf_counter() - t
            legal_time += spent
            legal_samples.append(spent)
            state, _ = game.apply(state, seat, rng.choice(legal))
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return {
        "game": key,
        "seats": seats,
        "games_per_s": round(games / elapsed, 1),
        "actions_per_game": round(actions / games, 1),
        "legal_actions_mean_us": round(legal_time / actions * 1e6, 1),
        "legal_actions_p99_us": round(_percentile(legal_samples, 0.99) * 1e6, 1),
        "legal_actions_max_us": round(max(legal_samples) * 1e6, 1),
    }


def ai_playouts(key: str, seats: int, seconds: float) -> dict[str, Any]:
    """The strong AI's search speed: playouts (iterations: a determinisation, a walk down
    the tree, a playout cut by the evaluation) per second, on one core, over positions from
    the start to the end of a random game — what its per-move budget buys."""
    from games.core.search import Budget, Search

    game = get_game(key)
    rng = random.Random(0)
    state = game.setup(seats, game.parse_options({}), seed=0)
    decisions = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            decisions.append((state, seat))
        state, _ = game.apply(state, seat, rng.choice(legal))
    picks = [decisions[len(decisions) * k // 5] for k in range(5)]
    iterations = actions = 0
    start = time.perf_counter()
    for state, seat in picks:
        search = Search(game)
        search.choose(state, seat, random.Random(1), Budget(seconds=seconds / len(picks)))
        iterations += search.iterations
        actions += search.playout_actions
    elapsed = time.perf_counter() - start
    return {
        "game": key,
        "seats": seats,
        "playouts_per_s": round(iterations / elapsed),
        "playout_actions_per_s": round(actions / elapsed),
        "actions_per_playout": round(actions / max(iterations, 1), 1),
    }


def print_ai(figures: list[dict[str, Any]]) -> None:
    for a in figures:
        line = (
            f"ai {a['game']} ({a['seats']} seats): {a['playouts_per_s']} search iterations/s "
            "(each a determinisation, a walk down the search tree, "
        )
        if a["actions_per_playout"]:
            line += (
                f"about {a['actions_per_playout']} random playout moves, then an evaluation); "
                f"{a['playout_actions_per_s']} random playout moves/s"
            )
        else:  # a game whose search hints cut every playout at once (rollout_actions 0)
            line += "then an evaluation: this game's search plays no random playout moves)"
        print(line)


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[max(0, int(len(ordered) * fraction) - 1)]


async def host_actions(
    key: str, seats: int, count: int = 3000, url: str | None = None
) -> dict[str, Any]:
    """Persisted `act` calls through the host and a store (`url`, else a temporary SQLite
    file): throughput and latency."""
    game = get_game(key)
    latencies: list[float] = []
    with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
        store = await Store.open(url or Path(tmp) / "bench.db")
        backend = store.backend
        host = MatchHost(store)
        rng = random.Random(0)
        players = [SeatRow(i, f"p{i}", user_id=1000 + i) for i in range(seats)]
        match_id = (await host.create(key, players, seed=0)).info.id
        n = 0
        while len(latencies) < count:
            live = await host._loaded(match_id)
            if live.row.status != "active":
                match_id = (await host.create(key, players, seed=n)).info.id
                continue
            seat = next(iter(live.to_act()))
            action = rng.choice(game.legal_actions(live.state, seat))
            t = time.perf_counter()
            await host.act(match_id, 1000 + seat, action, key=f"bench-{n}")
            latencies.append(time.perf_counter() - t)
            n += 1
        await store.close()
    latencies.sort()
    return {
        "backend": backend,
        "game": key,
        "actions": len(latencies),
        "actions_per_s": round(len(latencies) / sum(latencies), 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 3),
        "p99_ms": round(_percentile(latencies, 0.99) * 1000, 3),
    }


def _postgres_version() -> str | None:
    bindir = find_bindir()
    if bindir is None:
        return None
    out = subprocess.run(
        [str(bindir / "postgres"), "--version"], capture_output=True, text=True, check=False
    ).stdout
    found = re.search(r"\d+(\.\d+)+", out)  # "postgres (PostgreSQL) 15.18 (Debian …)"
    return found.group(0) if found else None


def machine() -> dict[str, Any]:
    versions: dict[str, str | None] = {}
    for dist in ("discord.py", "aiosqlite", "asyncpg", "pydantic", "pillow"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = None
    import sqlite3

    return {
        "python": sys.version.split()[0],
        "sqlite": sqlite3.sqlite_version,
        "postgresql": _postgres_version(),
        "platform": platform.platform(),
        "cpu": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "versions": versions,
    }


Figures = dict[str, Any]


class Postgres:
    """One throw-away durable PostgreSQL server for a whole run, started when a part first
    asks for a database; without PostgreSQL's binaries, why there is none."""

    def __init__(self) -> None:
        self._server: PgTestServer | None = None
        self.unavailable: str | None = None

    async def database(self, name: str) -> str | None:
        """The URL of a fresh database, or None (then `unavailable` says why)."""
        if self._server is None and self.unavailable is None:
            try:
                self._server = PgTestServer(durable=True).start()
            except PgUnavailable as exc:
                self.unavailable = str(exc)
        if self._server is None:
            return None
        _, url = await self._server.create_database(name)
        return url

    def none(self) -> Figures:
        return {"backend": "postgres", "unavailable": self.unavailable}

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop()


LOAD = 1000.0  # moves/s in all: the concurrent figure's fixed load (issue 21's goal)


@dataclasses.dataclass
class Run:
    """One bench run's sizes, its progress lines and its PostgreSQL server."""

    seconds: float
    actions: int
    matches: int
    records: int
    tables: int
    progress: Progress
    postgres: Postgres
    pages: int = 100


async def _engines(run: Run) -> list[Figures]:
    figures = []
    for key in game_keys():
        seats = bench_seats(key)
        run.progress.step("engines", f"{key}, {seats} seats, random games for {run.seconds} s")
        figures.append(engine_playouts(key, seats, run.seconds))
    return figures


async def _ai(run: Run) -> list[Figures]:
    figures = []
    for key in game_keys():
        seats = bench_seats(key)
        run.progress.step("ai", f"{key}, {seats} seats, searches for {run.seconds} s")
        figures.append(ai_playouts(key, seats, run.seconds))
    return figures


async def _host(run: Run) -> list[Figures]:
    figures = []
    for key in game_keys():
        run.progress.step("host", f"{key} on SQLite, {run.actions} persisted actions")
        figures.append(await host_actions(key, bench_seats(key), run.actions))
    for key in game_keys():
        run.progress.step("host", f"{key} on PostgreSQL, {run.actions} persisted actions")
        url = await run.postgres.database("bench")
        if url is None:
            return [*figures, run.postgres.none()]
        figures.append(await host_actions(key, bench_seats(key), run.actions, url))
    return figures


async def _concurrent(run: Run) -> list[Figures]:
    from bot.cli.bench_concurrent import concurrent_moves

    figures: list[Figures] = []
    for backend in ("sqlite", "postgres"):
        for rate in (None, LOAD):
            how = "at capacity" if rate is None else f"at {LOAD:g} moves/s"
            run.progress.step(
                "concurrent",
                f"{run.tables} tables on {BACKENDS[backend]} {how} for {run.seconds} s",
            )
            url = None if backend == "sqlite" else await run.postgres.database("concurrent")
            if backend == "postgres" and url is None:
                return [*figures, run.postgres.none()]
            figures.append(await concurrent_moves(url, backend, run.tables, run.seconds, rate))
    return figures


async def _startup(run: Run) -> list[Figures]:
    from bot.cli.bench_startup import many_matches

    run.progress.step("startup", f"SQLite with {run.matches} active matches")
    with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
        sqlite = await many_matches(str(Path(tmp) / "many.db"), "sqlite", run.matches)
    run.progress.step("startup", f"PostgreSQL with {run.matches} active matches")
    url = await run.postgres.database("many")
    postgres = (
        run.postgres.none() if url is None else await many_matches(url, "postgres", run.matches)
    )
    return [sqlite, postgres]


async def _records(run: Run) -> list[Figures]:
    from bot.cli.bench_records import records_figures

    run.progress.step("records", f"SQLite with {run.records} finished matches")
    with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
        sqlite = await records_figures(str(Path(tmp) / "records.db"), "sqlite", run.records)
    run.progress.step("records", f"PostgreSQL with {run.records} finished matches")
    url = await run.postgres.database("records")
    postgres = (
        run.postgres.none() if url is None else await records_figures(url, "postgres", run.records)
    )
    return [sqlite, postgres]


async def _discord(run: Run) -> Figures:
    from bot.cli.bench_discord import discord_match

    run.progress.step("discord", "a whole match through the fake Discord")
    return await discord_match()


def print_machine(m: Figures) -> None:
    print(
        f"machine: {m['platform']}, {m['cores']} cores, Python {m['python']}, "
        f"SQLite {m['sqlite']}, PostgreSQL {m['postgresql'] or '(none)'}, "
        + ", ".join(f"{k} {v}" for k, v in m["versions"].items())
    )


def print_engines(figures: list[Figures]) -> None:
    for e in figures:
        print(
            f"engine {e['game']} ({e['seats']} seats): {e['games_per_s']} complete random "
            f"games per CPU second on one core, {e['actions_per_game']} actions/game; one "
            f"legal_actions call: mean {e['legal_actions_mean_us']} µs, "
            f"p99 {e['legal_actions_p99_us']} µs, max {e['legal_actions_max_us']} µs"
        )


def print_host(figures: list[Figures]) -> None:
    for h in figures:
        if "unavailable" in h:
            print(f"host+{BACKENDS[h['backend']]}: no figure ({h['unavailable']})")
            continue
        print(
            f"host+{BACKENDS[h['backend']]} {h['game']}: {h['actions_per_s']} persisted "
            f"actions/s (one match, one move after another), one act call p50 {h['p50_ms']} "
            f"ms, p99 {h['p99_ms']} ms over {h['actions']} actions"
        )


def print_startup(figures: list[Figures]) -> None:
    for s in figures:
        name = BACKENDS[s["backend"]]
        if "unavailable" in s:
            print(f"{name} with many matches: no figure ({s['unavailable']})")
            continue
        print(
            f"{name} with {s['matches']} active matches: ready in {s['ready_s']} s, first "
            f"command answered at {s['first_answer_s']} s, {s['rest_calls_at_start']} REST "
            f"calls at start ({', '.join(s['rest_routes_at_start'])}); first move on a cold "
            f"match p50 {s['cold_action_p50_ms']} ms, p99 {s['cold_action_p99_ms']} ms; "
            f"every match touched once: {s['held_matches']} held, "
            f"{s['memory_half_mb']} MB after half, {s['memory_all_mb']} MB after all"
        )


def _print_concurrent(figures: list[Figures]) -> None:
    from bot.cli.bench_concurrent import print_concurrent

    print_concurrent(figures)


def _print_records(figures: list[Figures]) -> None:
    from bot.cli.bench_records import print_records

    print_records(figures)


def _print_discord(figures: Figures) -> None:
    from bot.cli.bench_discord import print_discord

    print_discord(figures)


async def _web(run: Run) -> list[Figures]:
    from bot.cli.bench_web import web_fanout

    figures: list[Figures] = []
    for backend in ("sqlite", "postgres"):
        run.progress.step(
            "web", f"{run.pages} open pages on {BACKENDS[backend]}, {run.actions} moves"
        )
        url = None if backend == "sqlite" else await run.postgres.database("web")
        if backend == "postgres" and url is None:
            return [*figures, run.postgres.none()]
        figures.append(await web_fanout(url, backend, run.pages, run.actions))
    return figures


def _print_web(figures: list[Figures]) -> None:
    from bot.cli.bench_web import print_web

    print_web(figures)


# part -> (its key in the JSON report, what measures it, what prints it).
MEASURES: dict[str, tuple[str, Callable[[Run], Awaitable[Any]], Callable[[Any], None]]] = {
    "engines": ("engines", _engines, print_engines),
    "ai": ("ai", _ai, print_ai),
    "host": ("host", _host, print_host),
    "concurrent": ("concurrent", _concurrent, _print_concurrent),
    "startup": ("many_matches", _startup, print_startup),
    "records": ("records", _records, _print_records),
    "discord": ("discord", _discord, _print_discord),
    "web": ("web", _web, _print_web),
}


async def bench(
    as_json: bool,
    seconds: float,
    actions: int = 3000,
    matches: int = 10_000,
    records: int = 100_000,
    only: str | None = None,
    tables: int = 200,
    pages: int = 100,
) -> int:
    """Every part (or `only` one), each printed as soon as it is measured (all at the end
    with `as_json`); a full run starts with the machine's description."""
    run = Run(seconds, actions, matches, records, tables, Progress(), Postgres(), pages)
    report: Figures = {"machine": machine()}
    if only is None and not as_json:
        print_machine(report["machine"])
    try:
        for part in [only] if only else PARTS:
            key, measure, show = MEASURES[part]
            report[key] = await measure(run)
            if not as_json:
                show(report[key])
                sys.stdout.flush()
    finally:
        run.postgres.stop()
    run.progress.step("done", "every figure is printed")
    if as_json:
        print(json.dumps(report, indent=2))
    return 0

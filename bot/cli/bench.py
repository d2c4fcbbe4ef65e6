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
- load (`--only load` alone, see `bench_progress.ALONE`): the same over every game's whole
  match while `--tables` other matches move and strong AIs think (`bot.cli.bench_load`).
- web: the web board's WebSocket fan-out, a stored move to its update on `--pages` open pages,
  on each backend (`bot.cli.bench_web`).
"""

from __future__ import annotations

import dataclasses
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

from bot.cli.bench_engines import ai_playouts, bench_seats, engine_playouts, percentile, print_ai
from bot.cli.bench_progress import ALONE, BACKENDS, PARTS, Progress
from games.host import MatchHost
from games.registry import game_keys, get_game
from storage import SeatRow, Store
from storage.pg_testserver import PgTestServer, PgUnavailable, find_bindir


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
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 3),
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


async def _load(run: Run) -> list[Figures]:
    from bot.cli.bench_load import RATE, THINKING, answers_under_load, load_games

    figures = []
    for key in load_games():
        run.progress.step(
            "load",
            f"{key}, a whole match through the fake Discord while {run.tables} tables move "
            f"at {RATE:g} moves/s and {THINKING} strong AIs think",
        )
        figures.append(await answers_under_load(key, matches=run.tables))
    return figures


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


def _print_load(figures: list[Figures]) -> None:
    from bot.cli.bench_load import print_load

    print_load(figures)


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
    "load": ("load", _load, _print_load),
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
    """Every part but those run alone (or `only` one), each printed as soon as it is
    measured (all at the end with `as_json`); a full run starts with the machine's
    description."""
    run = Run(seconds, actions, matches, records, tables, Progress(), Postgres(), pages)
    report: Figures = {"machine": machine()}
    if only is None and not as_json:
        print_machine(report["machine"])
    try:
        for part in [only] if only else [p for p in PARTS if p not in ALONE]:
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

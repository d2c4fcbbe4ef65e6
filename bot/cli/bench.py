"""`bench`: the speed figures quoted in notes, measured the same way every time.

- engine: complete random games per second per game, on one core (the contract loop: to_act,
  legal_actions, random choice, apply), and the mean time of one legal_actions call;
- ai: the strong AI's search playouts per second per game (`--ai` prints only these);
- host: persisted actions per second through MatchHost and each backend, and p50/p99
  latency of one `act` call: SQLite (a file in a temporary directory, WAL, the default
  synchronous level) and PostgreSQL (a throw-away server of its own, `storage.pg_testserver`,
  with PostgreSQL's durable defaults: fsync and synchronous commits on, over a Unix socket);
- discord: p50/p99 click→answer latency over a whole match through the fake Discord
  (`bot.cli.bench_discord`);
- records: p50/p99 of the leaderboard and history queries with 100,000 finished matches
  stored, on each backend (`bot.cli.bench_records`; `--ratings` prints only these).
"""

from __future__ import annotations

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
from importlib import metadata
from pathlib import Path
from typing import Any

from games.host import MatchHost
from games.registry import game_keys, get_game
from storage import SeatRow, Store
from storage.pg_testserver import PgTestServer, PgUnavailable, find_bindir


def bench_seats(key: str) -> int:
    game = get_game(key)
    return game.bench_seats or game.max_seats


def engine_playouts(key: str, seats: int, seconds: float) -> dict[str, Any]:
    """Random complete games per second, and the mean cost of legal_actions."""
    game = get_game(key)
    options = game.parse_options({})
    gc.collect()
    gc.freeze()  # as the bot does after start-up: engine caches are not the collector's work
    games = actions = 0
    legal_time = 0.0
    legal_samples: list[float] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(games)
        state = game.setup(seats, options, seed=games)
        while not game.is_over(state):
            seat = next(iter(game.to_act(state)))
            t = time.perf_counter()
            legal = game.legal_actions(state, seat)
            spent = time.perf_counter() - t
            legal_time += spent
            legal_samples.append(spent)
            state, _ = game.apply(state, seat, rng.choice(legal))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
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
        print(
            f"ai {a['game']} ({a['seats']} seats): {a['playouts_per_s']} search playouts/s "
            f"(~{a['actions_per_playout']} random actions each, "
            f"{a['playout_actions_per_s']} actions/s)"
        )


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


Figures = dict[str, Any]


async def postgres_figures(
    keys: list[str], count: int, matches: int, records: int
) -> tuple[list[Figures], Figures, Figures]:
    """`host_actions`, `many_matches` and `records_figures` on PostgreSQL, in fresh
    databases of one throw-away server; without PostgreSQL's binaries, entries saying why
    there is none. No `keys`: the records figures only."""
    from bot.cli.bench_records import records_figures
    from bot.cli.bench_startup import many_matches

    try:
        server = PgTestServer(durable=True).start()
    except PgUnavailable as exc:
        none = {"backend": "postgres", "unavailable": str(exc)}
        return [none], none, none
    try:
        figures = []
        for key in keys:
            _, url = await server.create_database("bench")
            figures.append(await host_actions(key, bench_seats(key), count, url))
        many: Figures = {}
        if keys:
            _, url = await server.create_database("many")
            many = await many_matches(url, "postgres", matches)
        _, url = await server.create_database("records")
        return figures, many, await records_figures(url, "postgres", records)
    finally:
        server.stop()


async def ratings_report(records: int) -> list[Figures]:
    """The records figures on SQLite (a temporary file) and PostgreSQL."""
    from bot.cli.bench_records import records_figures

    with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
        sqlite = await records_figures(str(Path(tmp) / "records.db"), "sqlite", records)
    _, _, postgres = await postgres_figures([], 0, 0, records)
    return [sqlite, postgres]


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


async def bench(
    as_json: bool,
    seconds: float,
    actions: int = 3000,
    matches: int = 10_000,
    ai_only: bool = False,
    records: int = 100_000,
    ratings_only: bool = False,
) -> int:
    from bot.cli.bench_discord import discord_match, print_discord
    from bot.cli.bench_records import print_records, records_figures
    from bot.cli.bench_startup import many_matches

    keys = game_keys()
    if ai_only:
        figures = [ai_playouts(k, bench_seats(k), seconds) for k in keys]
        print(json.dumps({"machine": machine(), "ai": figures}, indent=2)) if as_json else (
            print_ai(figures)
        )
        return 0
    if ratings_only:
        ratings = await ratings_report(records)
        print(json.dumps({"machine": machine(), "records": ratings}, indent=2)) if as_json else (
            print_records(ratings)
        )
        return 0
    pg_host, pg_many, pg_records = await postgres_figures(keys, actions, matches, records)
    with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
        sqlite_many = await many_matches(str(Path(tmp) / "many.db"), "sqlite", matches)
        sqlite_records = await records_figures(str(Path(tmp) / "records.db"), "sqlite", records)
    report: dict[str, Any] = {
        "machine": machine(),
        "engines": [engine_playouts(k, bench_seats(k), seconds) for k in keys],
        "ai": [ai_playouts(k, bench_seats(k), seconds) for k in keys],
        "host": [await host_actions(k, bench_seats(k), actions) for k in keys] + pg_host,
        "many_matches": [sqlite_many, pg_many],
        "records": [sqlite_records, pg_records],
        "discord": await discord_match(),
    }
    if as_json:
        print(json.dumps(report, indent=2))
        return 0
    m = report["machine"]
    print(
        f"machine: {m['platform']}, {m['cores']} cores, Python {m['python']}, "
        f"SQLite {m['sqlite']}, PostgreSQL {m['postgresql'] or '(none)'}, "
        + ", ".join(f"{k} {v}" for k, v in m["versions"].items())
    )
    for e in report["engines"]:
        print(
            f"engine {e['game']} ({e['seats']} seats): {e['games_per_s']} random games/s, "
            f"{e['actions_per_game']} actions/game, legal_actions mean "
            f"{e['legal_actions_mean_us']} µs, p99 {e['legal_actions_p99_us']} µs, "
            f"max {e['legal_actions_max_us']} µs"
        )
    print_ai(report["ai"])
    names = {"sqlite": "SQLite", "postgres": "PostgreSQL"}
    for h in report["host"]:
        if "unavailable" in h:
            print(f"host+{names[h['backend']]}: no figure ({h['unavailable']})")
            continue
        print(
            f"host+{names[h['backend']]} {h['game']}: {h['actions_per_s']} persisted "
            f"actions/s, p50 {h['p50_ms']} ms, p99 {h['p99_ms']} ms over {h['actions']} "
            "actions"
        )
    for s in report["many_matches"]:
        name = names[s["backend"]]
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
    print_records(report["records"])
    print_discord(report["discord"])
    return 0

"""`bench` figures for `/lutece history` and `/lutece leaderboard` with many finished matches.

A database of `matches` finished matches in one server (the worst case: every index range
is that server's), 2 to 4 seats each drawn from a few thousand players, four games, most of
them rated, and a rating per player and game, is built with one INSERT … SELECT per table
(a bench-only shortcut past the store's API, as `bench_startup` does). Then the host's own
services answer, as the commands ask them: a leaderboard with the reader's rank, a page of
the server's history, a page of one player's history (of every game and of one), each
`SAMPLES` times with random readers and pages: p50/p99 per query. The goal is a p99 under
50 ms on SQLite and on PostgreSQL with 100,000 matches.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.cli.bench_progress import BACKENDS
from bot.cli.bench_sql import hex_id, series
from games.host import MatchHost
from games.registry import game_keys
from storage import Store

GUILD, PLAYERS, SAMPLES = 1, 5000, 300


async def fill(store: Store, matches: int) -> None:
    """`matches` finished matches with their results and their players' ratings."""
    postgres = store.backend == "postgres"
    numbers, match_id = series(store), hex_id(store)
    games = game_keys()
    game = "CASE i % {n} {whens} END".format(
        n=len(games), whens=" ".join(f"WHEN {k} THEN '{g}'" for k, g in enumerate(games))
    )
    at = "(1700000000.0 + i * 60)"
    user = f"(1 + (i * 7919 + s * 104729) % {PLAYERS})"
    async with store._transaction() as conn:
        await conn.execute(
            "INSERT INTO matches (id, game, status, seats, options, settings, seed, version, "
            f"guild_id, created_at, updated_at) SELECT {match_id}, {game}, 'finished', "
            f"2 + i % 3, '{{}}', '{{}}', i, 1, {GUILD}, {at}, {at} FROM {numbers}",
            matches,
        )
        await conn.execute(
            "INSERT INTO match_results (match_id, guild_id, game, finished_at, rated, ended) "
            f"SELECT {match_id}, {GUILD}, {game}, {at}, i % 5 <> 0, {at} < 0 FROM {numbers}",
            matches,
        )
        await conn.execute(
            "INSERT INTO result_seats (match_id, seat, guild_id, game, finished_at, user_id, "
            f"name, score, place) SELECT {match_id}, s, {GUILD}, {game}, {at}, {user}, "
            f"'p' || {user}, 100 - s * 10, s + 1 FROM {numbers}, "
            "(SELECT 0 AS s UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) AS q "
            "WHERE s < 2 + i % 3",
            matches,
        )
        await conn.execute(
            "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, ordinal, played, "
            f"won, updated_at) SELECT {GUILD}, g, i + 1, 'p' || (i + 1), "
            "20 + (i * 37 % 100) / 10.0, 2 + (i % 50) / 10.0, "
            "20 + (i * 37 % 100) / 10.0 - 3 * (2 + (i % 50) / 10.0), 10 + i % 40, i % 10, 0 "
            f"FROM {numbers}, ({' UNION ALL '.join(f'SELECT {k!r} AS g' for k in games)}) AS q",
            PLAYERS,
        )
    # As a database in use would be: the planner's statistics (and, on PostgreSQL, the
    # visibility map that lets an index answer alone) are up to date.
    async with store._session() as conn:
        await conn.execute("VACUUM ANALYZE" if postgres else "ANALYZE")


async def _timed(call: Callable[[], Awaitable[Any]]) -> float:
    started = time.perf_counter()
    await call()
    return time.perf_counter() - started


def _summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 2),
        "p99_ms": round(ordered[max(0, int(len(ordered) * 0.99) - 1)] * 1000, 2),
    }


async def records_figures(url: str, backend: str, matches: int = 100_000) -> dict[str, Any]:
    """Fill an empty database at `url`, then time each query the commands make."""
    store = await Store.open(url)
    try:
        started = time.perf_counter()
        await fill(store, matches)
        filled = time.perf_counter() - started
        host = MatchHost(store)
        started = time.perf_counter()
        await host.results.ready()  # the first read checks for unrecorded matches, once
        first = time.perf_counter() - started
        rng = random.Random(1)
        games = game_keys()
        queries: dict[str, Callable[[], Awaitable[Any]]] = {
            "leaderboard": lambda: host.ratings.leaderboard(
                GUILD, rng.choice(games), rng.randrange(1, PLAYERS * 2)
            ),
            "history_server": lambda: host.results.history(GUILD, page=rng.randrange(20)),
            "history_player": lambda: host.results.history(
                GUILD, rng.randrange(1, PLAYERS + 1), page=rng.randrange(3)
            ),
            "history_player_game": lambda: host.results.history(
                GUILD, rng.randrange(1, PLAYERS + 1), rng.choice(games)
            ),
        }
        figures: dict[str, Any] = {}
        for name, query in queries.items():
            await query()  # warm: statements prepared, pages cached
            figures[name] = _summary([await _timed(query) for _ in range(SAMPLES)])
    finally:
        await store.close()
    return {
        "backend": backend,
        "matches": matches,
        "fill_s": round(filled, 1),
        "first_read_ms": round(first * 1000, 1),
        **figures,
    }


def print_records(figures: list[dict[str, Any]]) -> None:
    for r in figures:
        name = BACKENDS[r["backend"]]
        if "unavailable" in r:
            print(f"{name} history and leaderboard: no figure ({r['unavailable']})")
            continue
        queries = ", ".join(
            f"{q} p50 {r[q]['p50_ms']} ms p99 {r[q]['p99_ms']} ms"
            for q in ("leaderboard", "history_server", "history_player", "history_player_game")
        )
        print(
            f"{name} with {r['matches']} finished matches (stored in {r['fill_s']} s, first "
            f"read {r['first_read_ms']} ms): {queries}"
        )

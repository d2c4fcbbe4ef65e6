"""`bench` figures for a bot with many stored matches, on each backend.

A database with `matches` active matches (copies of one real match, each with its log and
snapshot) is built with one SQL statement per table. Then:
- start-up: the real bot starts against the local fake Discord (as a restart: the commands
  were synced by an earlier start) and a player runs `/lutece matches`: seconds to that
  answer, and the REST calls made at start-up (none may be per match);
- first action on a cold match: a fresh host plays one move in each of 200 matches (all of
  them, if fewer) it has never loaded (one row read, the state from its snapshot, the move
  stored): p50/p99;
- memory: a fresh host touches every match once; what it holds stays bounded (the most
  recently used `MatchHost.keep` matches), however many exist.
"""

from __future__ import annotations

import asyncio
import gc
import random
import statistics
import time
import tracemalloc
from typing import Any

from bot.cli.bench_sql import hex_id, series
from bot.config import Config
from fakediscord import FakeDiscord
from fakediscord.testing import running_bot
from games.host import MatchHost
from games.registry import game_keys
from storage import SeatRow, Store

PLAYERS, MOVES, COLD = 2, 12, 200


async def _one_match(store: Store, user_ids: list[int]) -> str:
    """A real match of the first listed game with a few moves, through the host, to copy."""
    host = MatchHost(store)
    seats = [SeatRow(i, f"p{i}", user_id=u) for i, u in enumerate(user_ids)]
    match_id = (await host.create(game_keys()[0], seats, seed=1)).info.id
    for n in range(MOVES):
        match = await host.get(match_id)
        seat = min(match.to_act)
        await host.play(match_id, user_ids[seat], version=match.version, index=0, key=f"bench-{n}")
    return match_id


async def _copy(store: Store, match_id: str, count: int) -> None:
    """`count` copies of the match (row, seats, seat history, log) under new ids, in one
    transaction: each table in one INSERT … SELECT over a series of numbers (its copies'
    players have other ids, so the bench's own player is in one match only)."""
    numbers, new_id = series(store), hex_id(store)
    async with store._transaction() as conn:  # a bench-only shortcut past the store's API
        columns = [c for c in await _columns(store, conn, "matches") if c != "id"]
        rest = ", ".join(columns)
        await conn.execute(
            f"INSERT INTO matches (id, {rest}) SELECT {new_id}, {rest} "
            f"FROM matches, {numbers} WHERE id = ?",
            count,
            match_id,
        )
        await conn.execute(
            f"INSERT INTO seats (match_id, seat, user_id, ai, name) SELECT "
            f"{new_id}, seat, user_id + i + 1, ai, name FROM seats, {numbers} "
            "WHERE match_id = ?",
            count,
            match_id,
        )
        await conn.execute(
            f"INSERT INTO actions (match_id, seq, seat, action, request_id, "
            f"user_id, at) SELECT {new_id}, seq, seat, action, {new_id} || "
            f"request_id, user_id + i + 1, at FROM actions, {numbers} "
            "WHERE match_id = ?",
            count,
            match_id,
        )


async def _columns(store: Store, conn: Any, table: str) -> list[str]:
    if store.backend == "postgres":
        rows = await conn.fetch(
            "SELECT column_name FROM information_schema.columns WHERE "
            "table_name = ? ORDER BY ordinal_position",
            table,
        )
        return [r[0] for r in rows]
    return [r[1] for r in await conn.fetch(f"PRAGMA table_info({table})")]


async def _start_up(fake: FakeDiscord, url: str, asker: Any) -> dict[str, Any]:
    from bot.app import LuteceBot

    config = Config(token=fake.token, db_path=url)
    guild_channel = fake.channel("general")

    def make() -> LuteceBot:
        return LuteceBot(config, guild_ready_timeout=0.05)

    async with running_bot(fake, make):  # the first start syncs the commands
        pass
    calls_before = len(fake.rest_calls)
    started = time.perf_counter()
    async with running_bot(fake, make):
        ready = time.perf_counter() - started
        at_start = [c.route for c in fake.rest_calls[calls_before:]]
        answer = await asker.slash(guild_channel, "lutece matches")
        answered = time.perf_counter() - started
        assert answer.responded, "the bot did not answer /lutece matches"
        await asyncio.sleep(0)
    return {
        "ready_s": round(ready, 3),
        "first_answer_s": round(answered, 3),
        "rest_calls_at_start": len(at_start),
        "rest_routes_at_start": sorted(set(at_start)),
    }


async def _cold_actions(store: Store, ids: list[str]) -> dict[str, Any]:
    host = MatchHost(store)
    timings = []
    for match_id in random.Random(1).sample(ids, min(COLD, len(ids))):
        started = time.perf_counter()
        live = await host._loaded(match_id)
        seat = min(live.to_act())
        user = live.row.seat_rows[seat].user_id
        assert user is not None, "every benchmark seat is a person (_one_match)"
        await host.play(match_id, user, version=live.row.version, index=0, key="cold")
        timings.append(time.perf_counter() - started)
    timings.sort()
    p99 = timings[int(len(timings) * 0.99) - 1]
    return {
        "cold_action_p50_ms": round(statistics.median(timings) * 1000, 2),
        "cold_action_p99_ms": round(p99 * 1000, 2),
    }


async def _memory(store: Store, ids: list[str]) -> dict[str, Any]:
    gc.collect()
    tracemalloc.start()
    host = MatchHost(store)
    marks: dict[int, int] = {}
    for n, match_id in enumerate(ids, 1):
        await host._loaded(match_id)
        if n in (max(len(ids) // 2, 1), len(ids)):  # one match: both marks after it
            gc.collect()
            marks[n] = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    half, whole = marks[max(len(ids) // 2, 1)], marks[len(ids)]
    return {
        "held_matches": len(host._live),
        "memory_half_mb": round(half / 2**20, 1),
        "memory_all_mb": round(whole / 2**20, 1),
    }


async def many_matches(url: str, backend: str, matches: int = 10_000) -> dict[str, Any]:
    """Every figure above for one database URL (an empty database)."""
    fake = await FakeDiscord.start()
    try:
        fake.add_guild("Bench", channels=("general",))
        users = [fake.add_user(f"player{i}") for i in range(PLAYERS)]
        store = await Store.open(url)
        try:
            original = await _one_match(store, [u.id for u in users])
            await _copy(store, original, matches)
            ids = [f"{n:08x}" for n in range(matches)]
            figures = await _start_up(fake, url, users[0])
            figures |= await _cold_actions(store, ids)
            figures |= await _memory(store, ids)
        finally:
            await store.close()
    finally:
        await fake.stop()
    return {"backend": backend, "matches": matches, **figures}

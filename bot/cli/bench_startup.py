"""`bench` figure for a real server's restart: the bot with many active matches stored.

A database with `matches` active matches (copies of one real match, each with its log) is
built directly in SQLite; the real bot then starts against the local fake Discord (as a
restart: the command set was synced by an earlier start) and a player runs
`/lutece matches`. Reported: seconds from `start()` to that answer, and the REST calls made
at start-up (none may be per match).
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.config import Config
from fakediscord import FakeDiscord
from fakediscord.testing import running_bot
from games.host import MatchHost
from games.registry import game_keys
from storage import SeatRow, Store

PLAYERS, MOVES = 2, 12


async def _one_match(db: Path, user_ids: list[int]) -> str:
    """A real match of the first listed game with a few moves, through the host, to copy."""
    store = await Store.open(db)
    host = MatchHost(store)
    seats = [SeatRow(i, f"p{i}", user_id=u) for i, u in enumerate(user_ids)]
    live = (await host.create(game_keys()[0], seats, seed=1)).match
    for n in range(MOVES):
        seat = min(live.to_act())
        action = live.game.legal_actions(live.state, seat)[0]
        await host.act(live.id, user_ids[seat], action, key=f"bench-{n}")
    await store.close()
    return live.id


def _copy(db: Path, match_id: str, count: int) -> None:
    """`count` copies of the match (row, seats, log) under new ids, in one transaction."""
    con = sqlite3.connect(db)
    with con:
        columns = [r[1] for r in con.execute("PRAGMA table_info(matches)")]
        rest = ", ".join(c for c in columns if c != "id")
        for n in range(count):
            new = f"{n:08x}"
            con.execute(f"INSERT INTO matches (id, {rest}) SELECT ?, {rest} FROM matches "
                        "WHERE id = ?", (new, match_id))  # fmt: skip
            # Other players (ids shifted): the bench's own player is in one match only.
            con.execute("INSERT INTO seats SELECT ?, seat, user_id + ?, ai, name FROM seats "
                        "WHERE match_id = ?", (new, n + 1, match_id))  # fmt: skip
            con.execute("INSERT INTO actions SELECT ?, seq, seat, action, "
                        "CASE WHEN request_id IS NULL THEN NULL ELSE ? || request_id END, "
                        "user_id + ?, at FROM actions WHERE match_id = ?",
                        (new, new, n + 1, match_id))  # fmt: skip
    con.close()


async def cold_start(matches: int = 10_000) -> dict[str, Any]:
    fake = await FakeDiscord.start()
    try:
        guild = fake.add_guild("Bench", channels=("general",))
        users = [fake.add_user(f"player{i}") for i in range(PLAYERS)]
        with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
            db = Path(tmp) / "bench.db"
            _copy(db, await _one_match(db, [u.id for u in users]), matches)
            config = Config(token=fake.token, db_path=str(db))
            from bot.app import LuteceBot

            def make() -> LuteceBot:
                return LuteceBot(config, guild_ready_timeout=0.05)

            async with running_bot(fake, make):  # the first start syncs the commands
                pass
            calls_before = len(fake.rest_calls)
            started = time.perf_counter()
            async with running_bot(fake, make):
                ready = time.perf_counter() - started
                at_start = [c.route for c in fake.rest_calls[calls_before:]]
                answer = await users[0].slash(fake.channel("general", guild), "lutece matches")
                answered = time.perf_counter() - started
                assert answer.responded, "the bot did not answer /lutece matches"
                await asyncio.sleep(0)
    finally:
        await fake.stop()
    return {
        "matches": matches,
        "ready_s": round(ready, 3),
        "first_answer_s": round(answered, 3),
        "rest_calls_at_start": len(at_start),
        "rest_routes_at_start": sorted(set(at_start)),
    }

"""`bench` figures of answers under load: a person's click→answer while the bot is busy.

Each game's offline demo (`bot.cli.bench_discord`: a whole match through the table's panel,
real pictures, real Discord traffic on the local fake) is played while, on the same bot, host
and store, `matches` other tables move at `rate` moves/s in all (`bot.cli.bench_concurrent`'s
load) and strong AI seats think in `thinking` AI-only matches, one move after another. The
figures: p50/p99/max of every click's dispatch→answer in the demo, the event loop's worst
stall (`LoopWatch`), and what the load did meanwhile.

Run it twice to compare: as configured (strong searches in worker processes, pictures in
their bounded threads) and as before (`--ai-workers 0 --picture-threads 6`: searches in
threads of the bot's process, as many picture threads as the default executor had on two
cores). Measured here, not asserted by tests: answer speed depends on the machine.

Pictures in threads, not processes: measured on this machine (2 cores shared with other
work), one thread drawing every game's table in turn delayed the loop by 22 ms at p99 and
28-41 ms at most; the same in a worker process, 11-18 ms at p99 and 19-23 ms at most. Both
are within the 50 ms the loop may stall; threads keep the drawing where tests replace it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import math
import statistics
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bot.app import LuteceBot
from bot.cli.bench_concurrent import LoopWatch, move_tables, open_tables, percentile
from bot.demo import run_demo
from bot.games import adapters, demo_script
from fakediscord import FakeDiscord
from games.host import MatchHost
from games.registry import game_keys, get_game
from storage import SeatRow

MATCHES = 200  # other tables moving meanwhile
RATE = 100.0  # their moves per second, in all
THINKING = 4  # AI-only matches whose strong seats think meanwhile


async def _thinking(host: MatchHost, n: int, made: list[str]) -> None:
    """AI-only matches of strong seats, one after another (cancelled at the end), each
    added to `made`: an AI always thinks, its whole time per move, as after a person's
    answered click."""
    keys = game_keys()
    for round_ in itertools.count():
        key = keys[(n + round_) % len(keys)]
        seats = [SeatRow(0, f"AI {i}", ai="strong") for i in range(get_game(key).min_seats)]
        made.append((await host.create(key, seats, seed=1000 * n + round_)).info.id)
        while (await host.get(made[-1])).status == "active":
            await host.wake_ai(made[-1], patient=True)


async def answers_under_load(
    key: str,
    *,
    ai_workers: int | None = None,
    picture_threads: int = 1,
    matches: int = MATCHES,
    rate: float = RATE,
    thinking: int = THINKING,
) -> dict[str, Any]:
    """Click→answer over `key`'s demo match under the load, or an entry saying why not."""
    load: list[float] = []
    ai_matches: list[str] = []
    ai_moves = 0
    watch = LoopWatch()

    @contextlib.asynccontextmanager
    async def busy(bot: LuteceBot) -> AsyncIterator[None]:
        nonlocal ai_moves
        tables = await open_tables(bot.host, matches)
        tasks = [asyncio.create_task(move_tables(bot.host, tables, math.inf, load, rate))]
        tasks += [asyncio.create_task(_thinking(bot.host, n, ai_matches)) for n in range(thinking)]
        with watch:
            try:
                yield
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
        ai_moves = sum([(await bot.host.get(match_id)).version for match_id in ai_matches])

    settings = {"ai_workers": ai_workers, "picture_threads": picture_threads}
    fake = await FakeDiscord.start()
    try:
        with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
            failed = await run_demo(
                None,
                game=key,
                out=lambda _line: None,
                pictures=Path(tmp),
                fake=fake,
                settings=settings,
                alongside=busy,
            )
        if failed:
            return {"game": key, "unavailable": "its demo did not play through"}
        latencies = fake.answer_latencies()
        return {
            "game": key,
            **settings,
            "matches": matches,
            "offered_per_s": rate,
            "thinking": thinking,
            "interactions": len(latencies),
            "p50_ms": round(statistics.median(latencies) * 1000, 1),
            "p99_ms": round(fake.latency_percentile(99) * 1000, 1),
            "max_ms": round(max(latencies) * 1000, 1),
            "loop_stall_max_ms": watch.worst_ms,
            "loop_stall_p99_ms": round(percentile(watch.late or [0.0], 0.99) * 1000, 1),
            "load_moves": len(load),
            "load_p99_ms": round(percentile(load or [0.0], 0.99) * 1000, 1),
            "ai_moves": ai_moves,
        }
    finally:
        await fake.stop()


def load_games() -> list[str]:
    """Every game that has a demo match to play."""
    return [k for k in adapters() if demo_script(k)]


async def all_games(**options: Any) -> list[dict[str, Any]]:
    """The figure of every game that has a demo."""
    return [await answers_under_load(k, **options) for k in load_games()]


def print_load(figures: list[dict[str, Any]]) -> None:
    """A line per game: what a person waited for each click's answer, and what the other
    tables and the AIs did meanwhile (the load that answer was given under)."""
    for f in figures:
        if "unavailable" in f:
            print(f"discord under load {f['game']}: no figure ({f['unavailable']})")
            continue
        workers = "threads" if f["ai_workers"] == 0 else f"{f['ai_workers'] or 'default'}"
        print(
            f"discord under load {f['game']} (AI workers: {workers}, picture threads: "
            f"{f['picture_threads']}): click→answer p50 {f['p50_ms']} ms, p99 {f['p99_ms']} "
            f"ms, max {f['max_ms']} ms over {f['interactions']} interactions of a whole match, "
            f"while {f['matches']} other tables made {f['load_moves']} moves (offered "
            f"{f['offered_per_s']:g}/s, p99 {f['load_p99_ms']} ms) and {f['thinking']} "
            f"AI-only matches' strong seats played {f['ai_moves']} moves; the "
            f"event loop stalled at most {f['loop_stall_max_ms']} ms "
            f"(p99 {f['loop_stall_p99_ms']} ms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.cli.bench_load", description=__doc__)
    parser.add_argument("--ai-workers", type=int, default=None, help="0: searches in threads")
    parser.add_argument("--picture-threads", type=int, default=1)
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--rate", type=float, default=RATE)
    parser.add_argument("--thinking", type=int, default=THINKING)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    options = {
        "ai_workers": args.ai_workers,
        "picture_threads": args.picture_threads,
        "matches": args.matches,
        "rate": args.rate,
        "thinking": args.thinking,
    }

    async def run() -> list[dict[str, Any]]:
        if not args.game:
            return await all_games(**options)
        return [await answers_under_load(k, **options) for k in args.game]

    print_load(asyncio.run(run()))


if __name__ == "__main__":
    main()

"""A writer process for the crash tests: applies actions forever, printing each acknowledgement.

Run as `python -m tests.platform_core.crash_writer DB` (three endless races) or with `finish`
after DB (short rated races in one server, a new one as each ends: results and ratings are
written as matches finish); the tests SIGKILL it mid-stream.
"""

from __future__ import annotations

import asyncio
import sys

from games.host import MatchHost
from games.registry import register_package
from storage import SeatRow, Store

register_package("tests.toy_game")


GUILD = 7


async def finishing(path: str) -> None:
    """Rated races to 3 between two people, one after another, each acknowledged move printed
    (`ACK match version request`), and `FIN match` once a match has finished."""
    store = await Store.open(path)
    host = MatchHost(store)
    seats = [SeatRow(0, "a", user_id=1), SeatRow(0, "b", user_id=2)]
    n = 0
    for seed in range(10**6):
        match = await host.create("race", seats, options={"target": 3}, seed=seed, guild_id=GUILD)
        match_id = match.info.id
        while (info := await host.get(match_id)).status == "active":
            user = 1 + min(info.to_act)
            by = 1 + (seed + n) % 2
            outcome = await host.act(match_id, user, {"type": "step", "by": by}, key=f"req-{n}")
            print(f"ACK {match_id} {outcome.applied[0].version} req-{n}", flush=True)
            n += 1
        print(f"FIN {match_id} 0 -", flush=True)


async def main(path: str) -> None:
    store = await Store.open(path)
    host = MatchHost(store)
    seats = [SeatRow(0, "a", user_id=1), SeatRow(0, "b", user_id=2)]
    matches = [
        (await host.create("race", seats, options={"target": 10**9}, seed=i)).info.id
        for i in range(3)
    ]
    n = 0
    while True:
        match_id = matches[n % 3]
        live = await host._loaded(match_id)
        user = 1 + next(iter(live.to_act()))
        outcome = await host.act(match_id, user, {"type": "step", "by": 1}, key=f"req-{n}")
        print(f"ACK {match_id} {outcome.applied[0].version} req-{n}", flush=True)
        n += 1


if __name__ == "__main__":
    if sys.argv[2:] == ["finish"]:
        asyncio.run(finishing(sys.argv[1]))
    else:
        asyncio.run(main(sys.argv[1]))

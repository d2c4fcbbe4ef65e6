"""A writer process for the crash test: applies actions forever, printing each acknowledgement.

Run as `python -m tests.platform_core.crash_writer DB`; the test SIGKILLs it mid-stream.
"""

from __future__ import annotations

import asyncio
import sys

from games.host import MatchHost
from games.registry import register_package
from storage import SeatRow, Store

register_package("tests.toy_game")


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
    asyncio.run(main(sys.argv[1]))

"""`bench --only web`: the web board's WebSocket fan-out — how long after a move is stored the
open pages of its match hear of it (issue 22: "anyone else's move updates every open page
within a second").

The board (`bot.web.server.Board`, its live route `bot.web.live`) is served on loopback by a
bot that is not logged in to Discord (the figure is the board's, not Discord's), its matches
stored as deployed (SQLite: a file, WAL; PostgreSQL: its durable defaults). `pages` WebSocket
clients, each authenticated with a valid token (one per seat, the rest spectators), run in a
process of their own (`bot.cli.bench_pages`), as browsers do. Then moves are stored one after
another through `MatchHost.act`, each as soon as every page has the previous one (a finished
match is replaced by a new one, its pages opened again). For each move and page: the time from
the move stored (the host tells its watchers right after the commit; `act` may return later,
e.g. after checking for AI seats on PostgreSQL) to the page receiving `{"version": n}`, and the
time until the last page has it; and the bot process's CPU time over the same span (with its
question to the pages' process, a pipe's write and read).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.app import LuteceBot
from bot.cli.bench_concurrent import percentile
from bot.cli.bench_pages import now
from bot.cli.bench_progress import BACKENDS
from bot.config import Config
from bot.web.server import Board
from bot.web.tokens import Pass
from bot.web.tour import free_port
from games.host import MatchHost
from games.host.watchers import Watchers
from games.registry import game_keys, get_game
from storage import SeatRow, Store

SECRET = "the bench's own signing key, for loopback only"
SPECTATORS = 1_000_000  # user ids of the pages that hold no seat start here


class Stamped(Watchers):
    """The host's watchers, noting when each version of a match was stored: the clock, and
    this process's CPU time."""

    def __init__(self) -> None:
        super().__init__()
        self.stored: dict[tuple[str, int], tuple[float, float]] = {}

    def changed(self, match_id: str, version: int) -> None:
        self.stored[match_id, version] = now(), time.process_time()
        super().changed(match_id, version)


class PagesProcess:
    """The pages' process (`bot.cli.bench_pages`), asked one JSON line at a time."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls) -> PagesProcess:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.cli.bench_pages",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        return cls(process)

    async def ask(self, question: dict[str, Any]) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(question).encode() + b"\n")
        await self.process.stdin.drain()
        answer: dict[str, Any] = json.loads(await self.process.stdout.readline() or b"{}")
        if "failed" in answer or not answer:
            raise RuntimeError(f"the bench's pages failed: {answer.get('failed', 'gone')}")
        return next(iter(answer.values()))

    async def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        await self.process.wait()


async def _tokens(bot: LuteceBot, board: Board, match_id: str, pages: int) -> list[str]:
    """A valid token per page: each seat's, then spectators'."""
    match = await bot.host.get(match_id)
    seats = [(s.seat, s.user_id or 0) for s in match.seats]
    readers = [*seats, *((None, SPECTATORS + n) for n in range(pages - len(seats)))][:pages]
    links = bot.host.links
    return [
        board.tokens.make(Pass(match_id, seat, user, await links.generation(match_id, seat)))
        for seat, user in readers
    ]


async def web_fanout(
    url: str | None, backend: str, pages: int = 100, moves: int = 200
) -> dict[str, Any]:
    """`moves` moves of the first game stored one after another with `pages` pages open on
    their match: p50/p99/max of store→page over every (page, move), of store→last page, and
    the bot's CPU from a move stored to its last page."""
    key = game_keys()[0]
    game = get_game(key)
    players = [SeatRow(s, f"p{s}", user_id=1000 + s) for s in range(game.max_seats)]
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    each: list[float] = []  # store -> page, every (page, move)
    last: list[float] = []  # store -> last page, every move
    cpu = 0.0
    rng = random.Random(0)
    with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
        store = await Store.open(url or Path(tmp) / "web.db")
        bot = LuteceBot(Config(None, web=(public, port, SECRET)), store=store)
        bot.host = MatchHost(store, ai_workers=0)
        bot.host.watchers = stamped = Stamped()
        board = Board(bot, public, SECRET)
        await board.start(port)
        browsers = await PagesProcess.start()
        try:
            while len(last) < moves:
                match_id = (await bot.host.create(key, players, seed=len(last))).info.id
                opened = {
                    "url": f"ws://127.0.0.1:{port}/api/board/{match_id}/live",
                    "origin": public,
                    "tokens": await _tokens(bot, board, match_id, pages),
                }
                await browsers.ask({"open": opened})
                live = await bot.host._loaded(match_id)
                while len(last) < moves and live.row.status == "active":
                    seat = min(live.to_act())
                    action = rng.choice(game.legal_actions(live.state, seat))
                    done = await bot.host.act(match_id, 1000 + seat, action, key=f"w{len(last)}")
                    arrived: list[float] = await browsers.ask({"await": done.info.version})
                    stored, spent = stamped.stored[match_id, done.info.version]
                    cpu += time.process_time() - spent
                    each += [t - stored for t in arrived]
                    last.append(max(arrived) - stored)
                    live = await bot.host._loaded(match_id)
                await browsers.ask({"close": True})
        finally:
            await browsers.stop()
            await board.stop()
            await bot.host.close()
            await store.close()
    return {
        "backend": backend,
        "game": key,
        "pages": pages,
        "moves": len(last),
        "updates": len(each),
        "p50_ms": round(statistics.median(each) * 1000, 2),
        "p99_ms": round(percentile(each, 0.99) * 1000, 2),
        "max_ms": round(max(each) * 1000, 2),
        "last_page_p50_ms": round(statistics.median(last) * 1000, 2),
        "last_page_p99_ms": round(percentile(last, 0.99) * 1000, 2),
        "last_page_max_ms": round(max(last) * 1000, 2),
        "cpu_per_move_ms": round(cpu / len(last) * 1000, 3),
        "load_average": round(os.getloadavg()[0], 2),
    }


def print_web(figures: list[dict[str, Any]]) -> None:
    for f in figures:
        name = BACKENDS[f["backend"]]
        if "unavailable" in f:
            print(f"web fan-out host+{name}: no figure ({f['unavailable']})")
            continue
        print(
            f"web fan-out host+{name}, {f['game']} with {f['pages']} open pages, "
            f"{f['moves']} moves one after another ({f['updates']} updates): from a move "
            f"stored (the host's commit) to its update on a page p50 {f['p50_ms']} ms, "
            f"p99 {f['p99_ms']} ms, max {f['max_ms']} ms over every (page, move); until the "
            f"last page has it p50 {f['last_page_p50_ms']} ms, p99 {f['last_page_p99_ms']} "
            f"ms, max {f['last_page_max_ms']} ms; the bot's CPU {f['cpu_per_move_ms']} ms per "
            f"move from stored to its last page (load average {f['load_average']})"
        )

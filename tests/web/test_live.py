"""Issue 22, item 1: "anyone else's move updates every open page within a second (WebSocket
push)" — every open page of a match, seats and spectators, gets each new version, in order,
from one watch of the match however many pages are open; its frames, a few bytes each, are
sent without per-message deflate (which each page's socket would have encoded again)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer

from bot.web.server import RUNNER_OPTIONS, Board
from bot.web.tokens import Pass
from games.registry import game_keys, get_game
from storage import SeatRow

PUBLIC_URL = "http://127.0.0.1:8787"
PAGES = 5  # the seats', then spectators'


async def listen(client: TestClient, match_id: str, token: str, frames: list[int]) -> None:
    """One page, as a browser opens it (offering deflate), its versions kept."""
    url = f"/api/board/{match_id}/live"
    async with client.ws_connect(url, headers={"Origin": PUBLIC_URL}, compress=15) as ws:
        assert ws.compress == 0  # the board declined per-message deflate
        await ws.send_json({"token": token})
        async for message in ws:
            if message.type == WSMsgType.TEXT:
                frames.append(json.loads(message.data)["version"])


async def until(done: Any, pages: list[asyncio.Future[None]]) -> None:
    """Wait until `done()`; a page that failed meanwhile raises its error."""
    while not done():
        for page in pages:
            if page.done():
                page.result()
        await asyncio.sleep(0.01)


async def test_every_open_page_gets_each_version_from_one_watch_of_the_match(services):
    key = game_keys()[0]
    seats = [SeatRow(s, f"p{s}", user_id=100 + s) for s in range(2)]
    match = (await services.host.create(key, seats, seed=1)).info
    board = Board(services, PUBLIC_URL, "a test secret, long enough to sign links with")
    server = TestServer(board.app())
    await server.start_server(**RUNNER_OPTIONS)
    client = TestClient(server)
    await client.start_server()
    readers = [(0, 100), (1, 101), *((None, 900 + n) for n in range(PAGES - 2))]
    pages: list[list[int]] = [[] for _ in readers]
    tokens = [
        board.tokens.make(
            Pass(match.id, seat, user, await services.host.links.generation(match.id, seat))
        )
        for seat, user in readers
    ]
    listening = [
        asyncio.ensure_future(listen(client, match.id, token, frames))
        for token, frames in zip(tokens, pages, strict=True)
    ]
    try:
        await asyncio.wait_for(until(lambda: all(pages), listening), 10)
        assert len(board.live._watches) == 1  # one watch, however many pages
        versions = [match.version]
        game, rng = get_game(key), random.Random(1)
        for n in range(3):
            live = await services.host._loaded(match.id)
            seat = min(live.to_act())
            action = rng.choice(game.legal_actions(live.state, seat))
            done = await services.host.act(match.id, 100 + seat, action, key=f"m{n}")
            versions.append(done.info.version)
            await asyncio.wait_for(
                until(lambda: all(p[-1] == versions[-1] for p in pages), listening), 10
            )
        assert pages == [versions] * PAGES  # each version once, in order, on every page
    finally:
        for task in listening:
            task.cancel()
        await asyncio.gather(*listening, return_exceptions=True)
        await client.close()
    assert board.live._watches == {}  # the watch ends with the match's last page

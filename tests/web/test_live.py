"""Issue 22, item 1: "anyone else's move updates every open page within a second (WebSocket
push)" — every open page of a match, seats and spectators, gets each new version, in order,
from one watch of the match however many pages are open; its frames, a few bytes each, are
sent without per-message deflate (which each page's socket would have encoded again); a page
admitted while a move is stored still gets that move."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer

from bot.web.server import RUNNER_OPTIONS, Board
from bot.web.tokens import Pass
from games.host.info import MatchInfo
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


@pytest.fixture
async def board(services: Any) -> AsyncIterator[tuple[Board, TestClient, MatchInfo]]:
    """The board's application served on loopback, and a new match of the first game."""
    seats = [SeatRow(s, f"p{s}", user_id=100 + s) for s in range(2)]
    match = (await services.host.create(game_keys()[0], seats, seed=1)).info
    board = Board(services, PUBLIC_URL, "a test secret, long enough to sign links with")
    server = TestServer(board.app())
    await server.start_server(**RUNNER_OPTIONS)
    client = TestClient(server)
    await client.start_server()
    yield board, client, match
    await client.close()


async def token(services: Any, board: Board, match: MatchInfo, seat: int | None, user: int) -> str:
    generation = await services.host.links.generation(match.id, seat)
    return board.tokens.make(Pass(match.id, seat, user, generation))


async def move(services: Any, match: MatchInfo, n: int) -> int:
    """A random legal move of the seat to act, stored; the match's version after it."""
    live = await services.host._loaded(match.id)
    seat = min(live.to_act())
    action = random.Random(n).choice(get_game(match.game).legal_actions(live.state, seat))
    done = await services.host.act(match.id, 100 + seat, action, key=f"m{n}")
    return done.info.version


async def closed(listening: list[asyncio.Future[None]]) -> None:
    for task in listening:
        task.cancel()
    await asyncio.gather(*listening, return_exceptions=True)


async def test_every_open_page_gets_each_version_from_one_watch_of_the_match(services, board):
    board, client, match = board
    readers = [(0, 100), (1, 101), *((None, 900 + n) for n in range(PAGES - 2))]
    pages: list[list[int]] = [[] for _ in readers]
    listening = [
        asyncio.ensure_future(
            listen(client, match.id, await token(services, board, match, seat, user), frames)
        )
        for (seat, user), frames in zip(readers, pages, strict=True)
    ]
    try:
        await asyncio.wait_for(until(lambda: all(pages), listening), 10)
        assert len(board.live.rooms) == 1  # one watch, however many pages
        versions = [match.version]
        for n in range(3):
            versions.append(await move(services, match, n))
            await asyncio.wait_for(
                until(lambda: all(p[-1] == versions[-1] for p in pages), listening), 10
            )
        assert pages == [versions] * PAGES  # each version once, in order, on every page
    finally:
        await closed(listening)
    await asyncio.wait_for(until(lambda: not board.live.rooms, []), 10)  # gone with its pages


async def test_a_page_admitted_while_a_move_is_stored_gets_that_move(services, board):
    """The page's token is checked (the match's version read) and then, before its socket
    joins the match's open pages, a move is stored and sent to the pages already open."""
    board, client, match = board
    first: list[int] = []
    later: list[int] = []
    listening = [
        asyncio.ensure_future(
            listen(client, match.id, await token(services, board, match, 0, 100), first)
        )
    ]
    await asyncio.wait_for(until(lambda: bool(first), listening), 10)
    admitted = services.languages.of_guild
    moved: list[int] = []

    async def moving_meanwhile(guild_id: int | None) -> str:
        moved.append(await move(services, match, 0))  # the version was read already
        await until(lambda: first[-1] == moved[0], listening)  # the open page has it
        return await admitted(guild_id)

    services.languages.of_guild = moving_meanwhile
    later_token = await token(services, board, match, None, 900)
    listening.append(asyncio.ensure_future(listen(client, match.id, later_token, later)))
    try:
        await asyncio.wait_for(until(lambda: bool(later) and later[-1] == moved[0], listening), 5)
    finally:
        await closed(listening)

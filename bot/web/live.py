"""The board's WebSocket: `{"version": n}` to every open page of a match within a second of
any stored change, and nothing else (a page then fetches its own screen with its token).

The page's first message is its token (a WebSocket carries no header a browser lets a page
set); a socket that does not send a valid one within `HELLO_S` is closed. Changes made in
this process arrive at once (`MatchHost.watchers`); those of another process of a sharded
deployment are found by a version check about once a second (`CHECK_S`) while it is open.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json

from aiohttp import WSMsgType, web

from bot.i18n import t
from bot.services import Services
from bot.web.access import Reader, Refusal, admit, asked_language
from bot.web.guards import Guards
from bot.web.tokens import Tokens
from games.host import HostError

HELLO_S = 10.0
CHECK_S = 1.0


class Live:
    """The WebSocket route's handler."""

    def __init__(self, bot: Services, tokens: Tokens, guards: Guards) -> None:
        self.bot = bot
        self.tokens = tokens
        self.guards = guards
        self.sockets: set[web.WebSocketResponse] = set()
        self.rooms: dict[str, Room] = {}  # the matches with pages open here

    async def socket(self, request: web.Request) -> web.StreamResponse:
        if not self.guards.origin_ok(request):
            raise Refusal(403, t("web.bad_origin", asked_language(request)))
        # No per-message deflate: a frame is a few bytes, and each page's compressor would
        # encode it again for that page alone.
        ws = web.WebSocketResponse(heartbeat=30.0, compress=False)
        await ws.prepare(request)
        self.sockets.add(ws)
        try:
            reader = await self._hello(ws, request)
            if reader is not None:
                await self._push(ws, reader)
        finally:
            self.sockets.discard(ws)
            await ws.close()
        return ws

    async def _hello(self, ws: web.WebSocketResponse, request: web.Request) -> Reader | None:
        """The reader whose token is the socket's first message; None (and a sentence sent)
        when it is not a valid one for this match."""
        try:
            message = await ws.receive(timeout=HELLO_S)
        except TimeoutError:
            return None
        token = ""
        if message.type == WSMsgType.TEXT:
            with contextlib.suppress(ValueError, AttributeError):
                token = str(json.loads(message.data).get("token", ""))
        match_id = request.match_info["match"]
        try:
            return await admit(self.bot, self.tokens, token, match_id, asked_language(request))
        except Refusal as refusal:
            await ws.send_json(refusal.body)
            return None

    async def _push(self, ws: web.WebSocketResponse, reader: Reader) -> None:
        """Send the version now, then let the match's watch send the next ones, until the
        page goes."""
        match_id = reader.match.id
        room = self.rooms.get(match_id)
        if room is None:
            room = self.rooms[match_id] = Room(reader.match.version)
            room.watch = asyncio.ensure_future(self._watch(match_id, room))
        room.pages.add(ws)  # before the first await: no version sent to the others is missed
        try:
            # The newer of what the page was admitted with and what its match's pages were
            # last sent: a move stored while it was admitted is not lost to it.
            await ws.send_str(_frame(max(room.version, reader.match.version)))
            await _closed(ws)
        finally:
            room.pages.discard(ws)
            if not room.pages:
                del self.rooms[match_id]
                room.close()

    async def _watch(self, match_id: str, room: Room) -> None:
        """While pages of the match are open here: each new version, encoded once, written
        to every page; and the stored version checked about once a second (`CHECK_S`) for the
        changes another process made.

        Written in turn, not in a task per page (measured: a third less CPU for 100 pages):
        a write of a few bytes goes to the socket's buffer and returns at once. aiohttp waits
        on a page only once 256 KiB went to it since its last wait and its socket is full,
        some 16,000 versions, far more than a match has, and a stuck page is closed by its
        heartbeat meanwhile: no page holds the others."""
        host = self.bot.host
        with host.watchers.watching(match_id) as changes:
            while True:
                try:
                    version = await asyncio.wait_for(changes.get(), CHECK_S)
                except TimeoutError:
                    try:
                        version = (await host.get(match_id)).version
                    except HostError:
                        return
                if version != room.version:
                    room.version = version
                    frame = _frame(version)
                    for ws in list(room.pages):
                        await _send(ws, frame)


@dataclasses.dataclass
class Room:
    """A match's pages open in this process, the version they were last sent, and the one
    watch that sends them the next (however many pages)."""

    version: int
    pages: set[web.WebSocketResponse] = dataclasses.field(default_factory=set)
    watch: asyncio.Task[None] | None = None

    def close(self) -> None:
        if self.watch is not None:
            self.watch.cancel()


def _frame(version: int) -> str:
    return json.dumps({"version": version})


async def _send(ws: web.WebSocketResponse, frame: str) -> None:
    """One page's frame; a page closing meanwhile misses it (its own handler ends it)."""
    with contextlib.suppress(ConnectionError):
        await ws.send_str(frame)


async def _closed(ws: web.WebSocketResponse) -> None:
    """Until the page closes the socket (what it sends after its token is ignored)."""
    async for _ in ws:
        pass

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
        self._pages: dict[str, set[web.WebSocketResponse]] = {}  # open pages per match
        self._watches: dict[str, asyncio.Task[None]] = {}  # each watched match's `_watch`

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
        pages = self._pages.setdefault(match_id, set())
        pages.add(ws)  # before the first await: no change sent to the others is missed
        if match_id not in self._watches:
            self._watches[match_id] = asyncio.ensure_future(
                self._watch(match_id, reader.match.version)
            )
        try:
            await ws.send_str(_frame(reader.match.version))
            await _closed(ws)
        finally:
            pages.discard(ws)
            if not pages:
                del self._pages[match_id]
                self._watches.pop(match_id).cancel()

    async def _watch(self, match_id: str, version: int) -> None:
        """While pages of the match are open here: each new version, encoded once, sent to
        every page at once (one page slow to take it holds no other); and the stored version
        checked about once a second (`CHECK_S`) for the changes another process made. One
        watch per match, however many pages."""
        host = self.bot.host
        with host.watchers.watching(match_id) as changes:
            while True:
                try:
                    now = await asyncio.wait_for(changes.get(), CHECK_S)
                except TimeoutError:
                    try:
                        now = (await host.get(match_id)).version
                    except HostError:
                        return
                if now != version:
                    version = now
                    frame = _frame(version)
                    pages = self._pages.get(match_id, ())
                    await asyncio.gather(*(_send(ws, frame) for ws in pages))


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

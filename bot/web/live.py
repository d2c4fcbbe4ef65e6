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
from collections import Counter

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
        self._pages: Counter[str] = Counter()  # open pages per match
        self._checks: dict[str, asyncio.Task[None]] = {}  # each watched match's check

    async def socket(self, request: web.Request) -> web.StreamResponse:
        if not self.guards.origin_ok(request):
            raise Refusal(403, t("web.bad_origin", asked_language(request)))
        ws = web.WebSocketResponse(heartbeat=30.0)
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
        """Send the version now and after every change, until the page goes."""
        host, match_id = self.bot.host, reader.match.id
        sent = reader.match.version
        await ws.send_json({"version": sent})
        closed = asyncio.ensure_future(_closed(ws))
        self._pages[match_id] += 1
        if match_id not in self._checks:
            self._checks[match_id] = asyncio.ensure_future(self._check(match_id, sent))
        try:
            with host.watchers.watching(match_id) as changes:
                while not closed.done():
                    waiting = asyncio.ensure_future(changes.get())
                    done, _ = await asyncio.wait({waiting, closed}, return_when="FIRST_COMPLETED")
                    if waiting not in done:
                        waiting.cancel()
                        return
                    version = waiting.result()
                    if version != sent:
                        sent = version
                        await ws.send_json({"version": version})
        finally:
            closed.cancel()
            self._pages[match_id] -= 1
            if not self._pages[match_id]:
                del self._pages[match_id]
                self._checks.pop(match_id).cancel()

    async def _check(self, match_id: str, version: int) -> None:
        """While pages of the match are open here: its stored version about once a second,
        for the changes another process made (this process's reach the pages at once). One
        check per match, however many pages."""
        host = self.bot.host
        while True:
            await asyncio.sleep(CHECK_S)
            try:
                now = (await host.get(match_id)).version
            except HostError:
                return
            if now != version:
                version = now
                host.watchers.changed(match_id, now)


async def _closed(ws: web.WebSocketResponse) -> None:
    """Until the page closes the socket (what it sends after its token is ignored)."""
    async for _ in ws:
        pass

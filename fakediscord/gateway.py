"""The gateway websocket: HELLO, IDENTIFY/RESUME, READY + GUILD_CREATE, dispatches.

One :class:`GatewaySession` per connected bot client. A bot may disconnect and a new
client (a "restarted" bot) may connect later to the same fake: sessions come and go,
state stays.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from fakediscord import payloads
from fakediscord.http import FAKE_KEY

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server

_log = logging.getLogger("fakediscord.gateway")

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, REQUEST_MEMBERS = 0, 1, 2, 6, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
CLOSE_AUTH_FAILED, CLOSE_INVALID_SHARD = 4004, 4010


class GatewaySession:
    """One connected client. Frames go through a queue so they leave in the order the
    fake's state changed, whoever triggered the change."""

    def __init__(self, fake: Server, ws: web.WebSocketResponse):
        self.fake = fake
        self.ws = ws
        self.seq = 0
        self.session_id: str | None = None
        self.ready = False
        self.intents = 0
        self.shard: tuple[int, int] = (0, 1)  # (id, count) from IDENTIFY
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def serves(self, guild_id: int | None) -> bool:
        """Discord's routing: a guild's events go to shard `(guild_id >> 22) % count`; events
        outside any guild (DMs) to shard 0."""
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id

    def send(self, op: int, d: Any, t: str | None = None) -> None:
        frame: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        if op == DISPATCH:
            self.seq += 1
            frame["s"] = self.seq
            if self.session_id:
                self.fake.session_seqs[self.session_id] = self.seq
        self._queue.put_nowait(frame)

    def dispatch(self, event: str, data: Any) -> None:
        if self.ready and not self.ws.closed:
            self.send(DISPATCH, data, event)

    async def _writer(self) -> None:
        while True:
            frame = await self._queue.get()
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(json.dumps(frame))
            except ConnectionError:  # pragma: no cover - the client went away mid-send
                return

    async def run(self) -> None:
        writer = asyncio.create_task(self._writer())
        self.send(HELLO, {"heartbeat_interval": payloads.HEARTBEAT_INTERVAL_MS})
        try:
            async for msg in self.ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.ERROR:
                        break
                    continue
                frame = json.loads(msg.data)
                await self.handle(frame.get("op"), frame.get("d"))
        finally:
            writer.cancel()

    async def handle(self, op: int, d: Any) -> None:
        fake = self.fake
        if op == HEARTBEAT:
            self.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            if d.get("token") != fake.token:
                await self.ws.close(code=CLOSE_AUTH_FAILED, message=b"Authentication failed.")
                return
            self.intents = int(d.get("intents", 0))
            shard = d.get("shard") or [0, 1]
            if not (isinstance(shard, list) and len(shard) == 2 and 0 <= shard[0] < shard[1]):
                await self.ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
                return
            self.shard = (int(shard[0]), int(shard[1]))
            self.session_id = secrets.token_hex(16)
            mine = [g for g in fake.state.guilds.values() if self.serves(g.id)]
            ready = payloads.ready(
                fake.state,
                fake.bot_user,
                fake.application_id,
                self.session_id,
                fake.gateway_url,
                self.shard,
                [g.id for g in mine],
            )
            self.ready = True
            self.send(DISPATCH, ready, "READY")
            for guild in mine:
                data = payloads.guild_create(fake.state, guild, fake.bot_user.id)
                self.send(DISPATCH, data, "GUILD_CREATE")
            fake.identify_count += 1
            fake.notify()
        elif op == RESUME:
            if d.get("token") != fake.token:
                await self.ws.close(code=CLOSE_AUTH_FAILED, message=b"Authentication failed.")
                return
            old_seq = fake.session_seqs.get(d.get("session_id"))
            if old_seq is None:
                self.send(INVALID_SESSION, False)  # the client identifies afresh
                return
            # Events dispatched while the client was away are not replayed.
            self.session_id = d["session_id"]
            self.seq = max(old_seq, int(d.get("seq") or 0))
            self.ready = True
            self.send(DISPATCH, {}, "RESUMED")
            fake.resume_count += 1
            fake.notify()
        elif op == REQUEST_MEMBERS:
            asked = fake.state.guilds.get(int(d["guild_id"]))
            members = list(asked.members.values()) if asked else []
            if d.get("user_ids"):
                wanted = {int(u) for u in d["user_ids"]}
                members = [m for m in members if m.user_id in wanted]
            elif d.get("query"):
                q = d["query"].lower()
                members = [m for m in members if fake.state.users[m.user_id].name.startswith(q)]
            chunk = {
                "guild_id": str(d["guild_id"]),
                "members": [payloads.member(fake.state, m) for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
            }
            if d.get("nonce"):
                chunk["nonce"] = d["nonce"]
            self.send(DISPATCH, chunk, "GUILD_MEMBERS_CHUNK")
        else:
            _log.debug("ignored gateway op %s", op)


async def gateway_handler(request: web.Request) -> web.WebSocketResponse:

    fake: Server = request.app[FAKE_KEY]
    ws = web.WebSocketResponse(max_msg_size=0)
    await ws.prepare(request)
    session = GatewaySession(fake, ws)
    fake.sessions.append(session)
    try:
        await session.run()
    finally:
        fake.sessions.remove(session)
        fake.notify()
    return ws

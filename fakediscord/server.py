"""FakeDiscord: the server (REST + gateway on one loopback port) and its test-facing API.

fake = await FakeDiscord.start()
guild = fake.add_guild("Lutèce HQ")
alice = fake.add_user("alice")
...
await fake.stop()
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from fakediscord import payloads
from fakediscord.errors import ApiError
from fakediscord.faults import Faults
from fakediscord.gateway import GatewaySession, gateway_handler
from fakediscord.rest import INTERACTION_KEY, register_routes
from fakediscord.state import (
    DM,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    MANAGE_GUILD,
    Channel,
    FakeState,
    Guild,
    InteractionRecord,
    Member,
    Message,
    RestCall,
    Role,
    User,
    snowflake,
)

if TYPE_CHECKING:
    from fakediscord.users import FakeUser

API_PREFIX = "/api/v10"
FAKE_KEY: web.AppKey[Any] = web.AppKey("fake", object)
DEFAULT_TOKEN = "fake-bot-token"


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with ``Content-Type: application/json`` exactly (no charset: discord.py
    compares the header verbatim and would treat the body as text)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


class FakeDiscord:
    """A local Discord: state, a loopback server, acting users, recordings."""

    def __init__(self, *, token: str = DEFAULT_TOKEN, bot_name: str = "Lutece") -> None:
        self.token = token
        self.state = FakeState()
        self.faults = Faults()
        self.application_id = snowflake()
        self.bot_user = User(snowflake(), bot_name, bot=True)
        self.owner = User(snowflake(), "app-owner")
        for u in (self.bot_user, self.owner):
            self.state.users[u.id] = u
        self.sessions: list[GatewaySession] = []
        self.rest_calls: list[RestCall] = []
        self.unknown_routes: list[str] = []
        self.identify_count = 0
        self.resume_count = 0
        self.session_seqs: dict[str, int] = {}  # gateway session id -> last sequence
        self.fake_users: dict[int, FakeUser] = {}
        self._waiters: list[asyncio.Future] = []
        self._runner: web.AppRunner | None = None
        self._inflight = 0
        self._active_interaction: InteractionRecord | None = None
        self.port = 0

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def start(cls, *, host: str = "127.0.0.1", port: int = 0, **kwargs) -> FakeDiscord:
        fake = cls(**kwargs)
        await fake._serve(host, port)
        return fake

    async def _serve(self, host: str, port: int) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app[FAKE_KEY] = self
        app.router.add_get("/gateway", gateway_handler)
        register_routes(app, self, API_PREFIX)
        self._runner = web.AppRunner(app, access_log=None, handler_cancellation=True)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.host = host
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for session in list(self.sessions):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        if self._runner is None:
            await self._serve("127.0.0.1", 0)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_url(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` must be set to."""
        return f"ws://{self.host}:{self.port}/gateway"

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to every bot, as Discord does before moving a session:
        the client reconnects and RESUMEs."""
        for session in list(self.sessions):
            session.send(7, None)
            session.ready = False

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every gateway connection abruptly (the client backs off, then resumes)."""
        for session in list(self.sessions):
            session.ready = False
            await session.ws.close(code=code)

    @property
    def connected(self) -> bool:
        return any(s.ready and not s.ws.closed for s in self.sessions)

    # ------------------------------------------------------------------ world building

    def add_guild(
        self, name: str = "Test Guild", *, channels: tuple[str, ...] = ("general",), owner=None
    ) -> Guild:
        owner_user = self._user_obj(owner) if owner is not None else self.owner
        guild = Guild(snowflake(), name, owner_user.id)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_PERMISSIONS, 0)
        self.state.guilds[guild.id] = guild
        for u in {owner_user.id, self.bot_user.id}:
            guild.members[u] = Member(u, guild.id)
        for ch in channels:
            self.add_channel(guild, ch)
        for fu in self.fake_users.values():
            self.join(fu, guild)
        self._dispatch_soon("GUILD_CREATE", lambda: payloads.guild_create(self.state, guild, 0))
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        chan = Channel(snowflake(), GUILD_TEXT, name=name, guild_id=guild.id)
        self.state.channels[chan.id] = chan
        guild.channel_ids.append(chan.id)
        self._dispatch_soon("CHANNEL_CREATE", lambda: payloads.channel(self.state, chan))
        return chan

    def channel(self, name: str, guild: Guild | None = None) -> Channel:
        """A guild text channel or thread by name (first match)."""
        for c in self.state.channels.values():
            if c.name == name and (guild is None or c.guild_id == guild.id):
                return c
        raise KeyError(name)

    def add_user(self, name: str, *, guilds: list[Guild] | None = None, locale="en-US") -> FakeUser:
        """A human user who joins ``guilds`` (default: every guild so far)."""
        from fakediscord.users import FakeUser

        user = User(snowflake(), name, locale=locale)
        self.state.users[user.id] = user
        fu = FakeUser(self, user)
        self.fake_users[user.id] = fu
        for guild in self.state.guilds.values() if guilds is None else guilds:
            self.join(fu, guild)
        return fu

    def user(self, name: str) -> FakeUser:
        for fu in self.fake_users.values():
            if fu.name == name:
                return fu
        raise KeyError(name)

    def join(self, user, guild: Guild) -> Member:
        u = self._user_obj(user)
        if u.id not in guild.members:
            guild.members[u.id] = Member(u.id, guild.id)
            self._dispatch_soon(
                "GUILD_MEMBER_ADD",
                lambda: {
                    **payloads.member(self.state, guild.members[u.id]),
                    "guild_id": str(guild.id),
                },
            )
        return guild.members[u.id]

    def add_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role = Role(snowflake(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self._dispatch_soon(
            "GUILD_ROLE_CREATE",
            lambda: {"guild_id": str(guild.id), "role": payloads.role(role)},
        )
        return role

    def give_role(self, user, guild: Guild, role: Role) -> None:
        member = self.join(user, guild)
        if role.id not in member.role_ids:
            member.role_ids.append(role.id)
        self._member_updated(member)

    def make_admin(self, user, guild: Guild) -> Role:
        """Give ``user`` a role with Manage Server in ``guild``."""
        role = next((r for r in guild.roles.values() if r.name == "Admins"), None)
        if role is None:
            role = self.add_role(guild, "Admins", MANAGE_GUILD)
        self.give_role(user, guild, role)
        return role

    def close_dms(self, user) -> None:
        """The user blocks DMs from server members: bot DMs fail with 403 / 50007."""
        self._user_obj(user).dms_open = False

    def open_dms(self, user) -> None:
        self._user_obj(user).dms_open = True

    def dm_channel(self, user) -> Channel:
        """The DM channel between the bot and ``user`` (created if needed)."""
        u = self._user_obj(user)
        cid = self.state.dm_channels.get(u.id)
        if cid is None:
            chan = Channel(snowflake(), DM, recipient_id=u.id)
            self.state.channels[chan.id] = chan
            self.state.dm_channels[u.id] = chan.id
            cid = chan.id
        return self.state.channels[cid]

    def _member_updated(self, member: Member) -> None:
        self._dispatch_soon(
            "GUILD_MEMBER_UPDATE",
            lambda: {**payloads.member(self.state, member), "guild_id": str(member.guild_id)},
        )

    def _user_obj(self, user) -> User:
        if isinstance(user, User):
            return user
        if hasattr(user, "user") and isinstance(user.user, User):
            return user.user
        return self.state.user(int(user))

    # ------------------------------------------------------------------ reading state

    def messages(self, channel: Channel | int, *, include_ephemeral: bool = False) -> list[Message]:
        """Messages in a channel, oldest first (public only unless asked)."""
        cid = channel.id if isinstance(channel, Channel) else int(channel)
        return [m for m in self.state.channel_messages(cid) if include_ephemeral or not m.ephemeral]

    def last_message(self, channel: Channel | int) -> Message | None:
        msgs = self.messages(channel)
        return msgs[-1] if msgs else None

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        return self.state.threads(parent.id if parent else None)

    def interactions(self) -> list[InteractionRecord]:
        return list(self.state.interactions.values())

    def commands(self, guild: Guild | None = None) -> list[dict]:
        """Synced application commands (global, plus ``guild``'s if given)."""
        return [
            payloads.command(c)
            for c in self.state.commands.values()
            if c.guild_id is None or (guild is not None and c.guild_id == guild.id)
        ]

    def answer_latencies(self) -> list[float]:
        """Dispatch-to-callback seconds of every answered interaction."""
        return [r.latency for r in self.state.interactions.values() if r.latency is not None]

    def latency_percentile(self, pct: float = 99.0) -> float:
        values = sorted(self.answer_latencies())
        if not values:
            return 0.0
        k = min(len(values) - 1, max(0, round(pct / 100 * len(values) + 0.5) - 1))
        return values[k]

    def rest_calls_per_interaction(self) -> dict[int, int]:
        return {r.id: len(r.rest_calls) for r in self.state.interactions.values()}

    # ------------------------------------------------------------------ waiting

    def notify(self) -> None:
        """Wake everyone waiting in :meth:`wait_for` (state changed)."""
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Wait until ``predicate()`` is truthy.

        Re-checked after every change of the fake's state, and every 20 ms anyway so a
        predicate may also read the bot's own state."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout}s")
            fut = loop.create_future()
            self._waiters.append(fut)
            try:
                await asyncio.wait_for(fut, min(remaining, 0.02))
            except TimeoutError:
                if fut in self._waiters:
                    self._waiters.remove(fut)

    async def wait_for_message(
        self,
        channel: Channel | None = None,
        predicate: Callable[[Message], bool] | None = None,
        *,
        after: int | None = None,
        timeout: float = 5.0,
    ) -> Message:
        """The first message (by creation order, newer than ``after`` if given) matching."""

        def find():
            for m in self.state.messages.values():
                if channel is not None and m.channel_id != channel.id:
                    continue
                if after is not None and m.id <= after:
                    continue
                if predicate is None or predicate(m):
                    return m
            return None

        return await self.wait_for(find, timeout)

    async def wait_until_ready(self, timeout: float = 5.0) -> None:
        await self.wait_for(lambda: self.connected, timeout)

    async def idle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Wait until no REST call has been in flight or started for ``quiet`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            last = self.rest_calls[-1].at if self.rest_calls else 0.0
            if self._inflight == 0 and time.monotonic() - last >= quiet:
                return
            await asyncio.sleep(quiet / 2)
        raise TimeoutError("the bot kept calling the API")

    # ------------------------------------------------------------------ gateway

    def dispatch(self, event: str, data: Any) -> None:
        """Queue a dispatch frame (op 0) to every connected bot, in state-change order."""
        for session in list(self.sessions):
            session.dispatch(event, data)

    def _dispatch_soon(self, event: str, build: Callable[[], Any]) -> None:
        """Dispatch to connected bots, if any (state changed after they connected)."""
        if any(s.ready for s in self.sessions):
            self.dispatch(event, build())

    # ------------------------------------------------------------------ HTTP plumbing

    @web.middleware
    async def _middleware(self, request: web.Request, handler) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        route = request.match_info.route
        resource = route.resource
        template = resource.canonical[len(API_PREFIX) :] if resource else request.path
        call = RestCall(request.method, template, request.path, 0, time.monotonic())
        self._inflight += 1
        try:
            if resource is None or request.match_info.http_exception is not None:
                self.unknown_routes.append(f"{request.method} {request.path[len(API_PREFIX) :]}")
                call.route = "<unknown>"
                resp = json_response({"message": "404: Not Found", "code": 0}, 404)
            else:
                try:
                    needs_auth = not template.startswith(("/webhooks/", "/interactions/"))
                    if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
                        raise ApiError(401, 0, "401: Unauthorized")
                    failure = self.faults.take_failure(request.method, template)
                    if failure is not None:
                        raise failure
                    resp = await handler(request)
                except ApiError as e:
                    resp = json_response(e.body(), e.status)
        finally:
            self._inflight -= 1
        call.status = resp.status
        rec = request.get(INTERACTION_KEY)
        if rec is None:
            rec = self._active_interaction
        if rec is not None:
            call.interaction_id = rec.id
            rec.rest_calls.append(call)
        self.rest_calls.append(call)
        self.notify()
        return resp

    def new_interaction_token(self) -> str:
        return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)

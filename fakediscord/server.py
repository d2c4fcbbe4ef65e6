"""FakeDiscord: the server (REST + gateway on one loopback port) and its test-facing API.

fake = await FakeDiscord.start()
guild = fake.add_guild("Lutèce HQ")
alice = fake.add_user("alice")
...
await fake.stop()
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from fakediscord import threads
from fakediscord.errors import ApiError
from fakediscord.faults import Faults
from fakediscord.gateway import GatewaySession, gateway_handler
from fakediscord.http import API_PREFIX, FAKE_KEY, json_response
from fakediscord.messages import Message
from fakediscord.oauth import BEARER_ROUTES, TOKEN_ROUTE, add_code_route
from fakediscord.oauth_grants import FakeOAuth
from fakediscord.rate_limit_table import RateLimitHit
from fakediscord.ratelimits import RateLimited, RateLimiter
from fakediscord.reading import ReadingMixin
from fakediscord.rest import INTERACTION_KEY, Handler
from fakediscord.routes import register_routes
from fakediscord.snowflakes import snowflake
from fakediscord.state import Channel, FakeState, InteractionRecord, RestCall, User
from fakediscord.world import WorldMixin

if TYPE_CHECKING:
    from fakediscord.users import FakeUser

DEFAULT_TOKEN = "fake-bot-token"


class FakeDiscord(WorldMixin, ReadingMixin):
    """A local Discord: state, a loopback server, acting users, recordings, a clock.

    World building is :class:`fakediscord.world.WorldMixin`, reading state
    :class:`fakediscord.reading.ReadingMixin`."""

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
        self.schema_refusals: list[str] = []  # bot bodies the OpenAPI schema refused
        self.identify_count = 0
        self.resume_count = 0
        self.session_seqs: dict[str, int] = {}  # gateway session id -> last sequence
        self.fake_users: dict[int, FakeUser] = {}
        self._waiters: list[asyncio.Future] = []
        self._runner: web.AppRunner | None = None
        self._inflight = 0
        self._active_interaction: InteractionRecord | None = None
        self.port = 0
        self.clock_offset = 0.0  # seconds added by advance()
        self.ping_log: list[Message] = []
        self.rate_limited: list[RateLimitHit] = []
        self.ratelimiter = RateLimiter(self)
        self.oauth = FakeOAuth(
            self.application_id, self.now, self.state.users
        )  # the application's OAuth2 side (an Activity's login)

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def start(cls, *, host: str = "127.0.0.1", port: int = 0, **kwargs: Any) -> FakeDiscord:
        fake = cls(**kwargs)
        await fake._serve(host, port)
        return fake

    async def _serve(self, host: str, port: int) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app[FAKE_KEY] = self
        app.router.add_get("/gateway", gateway_handler)
        register_routes(app, self, API_PREFIX)
        add_code_route(app, self.oauth)
        self._runner = web.AppRunner(app, access_log=None, handler_cancellation=True)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.host = host
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]  # aiohttp's site has its server once started

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

    async def __aexit__(self, *exc: object) -> None:
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

    # ------------------------------------------------------------------ the clock

    def now(self) -> float:
        """The fake clock in seconds: real monotonic time plus what :meth:`advance` added.
        Thread auto-archiving, rate-limit windows and interaction token ages run on it."""
        return time.monotonic() + self.clock_offset

    def advance(self, seconds: float) -> None:
        """Move the clock forward and run what became due (threads auto-archive)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self.clock_offset += seconds
        threads.run_timers(self)
        self.notify()

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

        def find() -> Message | None:
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
        """Queue a dispatch frame (op 0) to the connected bots that serve its guild (one
        shard each; events outside a guild go to shard 0), in state-change order."""
        guild_id = _guild_of(event, data)
        for session in list(self.sessions):
            if session.serves(guild_id):
                session.dispatch(event, data)

    def _dispatch_soon(self, event: str, build: Callable[[], Any]) -> None:
        """Dispatch to connected bots, if any (state changed after they connected)."""
        if any(s.ready for s in self.sessions):
            self.dispatch(event, build())

    # ------------------------------------------------------------------ HTTP plumbing

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
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
                resp: web.StreamResponse = json_response(
                    {"message": "404: Not Found", "code": 0}, 404
                )
            else:
                resp = await self._handle(request, handler, template)
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

    async def _handle(
        self, request: web.Request, handler: Handler, template: str
    ) -> web.StreamResponse:
        """Auth, rate limits, injected failures, then the route; errors as Discord's JSON."""
        headers: dict[str, str] = {}
        threads.run_timers(self)  # threads due to archive do so before the call
        try:
            needs_auth = not template.startswith(("/webhooks/", "/interactions/", TOKEN_ROUTE))
            authorization = request.headers.get("Authorization", "")
            if template in BEARER_ROUTES and authorization.startswith("Bearer "):
                needs_auth = False  # a user's access token: the route checks it
            if needs_auth and authorization != f"Bot {self.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            match = dict(request.match_info)
            headers = self.ratelimiter.check(request.method, template, match, request.path)
            failure = self.faults.take_failure(request.method, template)
            if failure is not None:
                raise failure
            resp = await handler(request)
        except ApiError as e:
            resp = json_response(e.body(), e.status)
        except RateLimited as e:
            resp = json_response(e.body, 429)
            headers = e.headers
        resp.headers.update(headers)
        resp.headers["Via"] = "1.1 google"  # discord.py treats a 429 without it as a ban
        return resp

    def new_interaction_token(self) -> str:
        return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)


def _guild_of(event: str, data: Any) -> int | None:
    """The guild a dispatch belongs to (for shard routing), None outside any guild."""
    if not isinstance(data, dict):
        return None
    if event.startswith("GUILD_") and "id" in data and "guild_id" not in data:
        return int(data["id"])  # GUILD_CREATE / GUILD_UPDATE / GUILD_DELETE
    guild_id = data.get("guild_id")
    return int(guild_id) if guild_id else None

"""What the fake's parts (REST routes, gateway, acting users, rendering) use of the server.

The server (:class:`fakediscord.server.FakeDiscord`) imports its parts to assemble them; a
part naming the server's class would import it back. The parts depend on this protocol
instead, which the server satisfies, and which names only plain data modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from fakediscord.messages import Message
from fakediscord.oauth_grants import FakeOAuth
from fakediscord.rate_limit_table import Limit, RateLimitHit
from fakediscord.state import Channel, FakeState, Guild, InteractionRecord, Member, User


class FaultSwitches(Protocol):
    """The switches of :class:`fakediscord.faults.Faults` the parts read."""

    response_window: float
    token_lifetime: float
    rate_limits: bool
    rate_limit_time_scale: float
    route_limits: dict[tuple[str, str], Limit]
    global_limit: Limit


class Server(Protocol):
    """The fake Discord server as its parts see it: its state, its clock, its gateway."""

    token: str
    application_id: int
    state: FakeState
    bot_user: User
    owner: User
    oauth: FakeOAuth
    # Open gateway sessions (fakediscord.gateway.GatewaySession, which imports this module).
    sessions: list[Any]
    session_seqs: dict[str, int]
    identify_count: int
    resume_count: int
    rate_limited: list[RateLimitHit]
    ping_log: list[Message]
    clock_offset: float
    _active_interaction: InteractionRecord | None

    # Read-only, so the server may hold the whole Faults object, not just these switches.
    @property
    def faults(self) -> FaultSwitches: ...

    @property
    def base_url(self) -> str: ...

    @property
    def gateway_url(self) -> str: ...

    @property
    def connected(self) -> bool: ...

    def now(self) -> float: ...

    def advance(self, seconds: float) -> None: ...

    def notify(self) -> None: ...

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0) -> Any: ...

    def dispatch(self, event: str, data: Any) -> None: ...

    def _dispatch_soon(self, event: str, build: Callable[[], Any]) -> None: ...

    def new_interaction_token(self) -> str: ...

    def dm_channel(self, user: Any) -> Channel: ...

    def allow_command(self, guild: Guild, name: str, target: Any) -> None: ...

    def delete_channel(self, channel: Channel) -> dict: ...

    def _member_updated(self, member: Member) -> None: ...

    def pings(self, user: Any) -> list[Message]: ...

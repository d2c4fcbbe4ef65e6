"""Fault switches: what a test flips to see how the bot copes.

Switches live on ``fake.faults`` (a :class:`Faults`); per-user DM refusal is
``fake.close_dms(user)``. The payload limits Discord enforces are in
:mod:`fakediscord.limits` (``check_message`` and ``check_choices`` are re-exported here
for older imports); rate limits in :mod:`fakediscord.ratelimits`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fakediscord.errors import ApiError
from fakediscord.limits import check_choices, check_message
from fakediscord.rate_limit_table import DEFAULT_GLOBAL_LIMIT, DEFAULT_ROUTE_LIMITS, Limit

__all__ = ["Faults", "InjectedFailure", "check_choices", "check_message"]


@dataclass
class InjectedFailure:
    method: str
    route: str
    status: int
    code: int
    message: str


@dataclass
class Faults:
    """Switches a test flips to see how the bot copes.

    ``response_window``: seconds the bot has to answer an interaction before
    Discord forgets it (404 / 10062 Unknown interaction). Real value 3 s; shrink it
    to test the late path quickly.

    Rate limits (:mod:`fakediscord.ratelimits`) are on by default: ``rate_limits = False``
    turns them off; ``rate_limit_time_scale`` multiplies every window and ``retry_after``
    (default 0.01: 100x shorter than on Discord, so suites stay fast; 1.0 is real time);
    ``route_limits`` (``(method, route template) -> Limit``) and ``global_limit`` hold the
    modelled numbers and may be changed per test.
    """

    response_window: float = 3.0
    token_lifetime: float = 15 * 60.0
    rate_limits: bool = True
    rate_limit_time_scale: float = 0.01
    route_limits: dict[tuple[str, str], Limit] = field(
        default_factory=lambda: dict(DEFAULT_ROUTE_LIMITS)
    )
    global_limit: Limit = DEFAULT_GLOBAL_LIMIT
    _failures: list[InjectedFailure] = field(default_factory=list)

    def fail_next(
        self,
        method: str,
        route: str,
        *,
        status: int = 500,
        code: int = 0,
        message: str = "Injected failure",
    ) -> None:
        """Make the next ``method route`` call (route template) fail with this error."""
        self._failures.append(InjectedFailure(method.upper(), route, status, code, message))

    def take_failure(self, method: str, route: str) -> ApiError | None:
        for i, f in enumerate(self._failures):
            if f.method == method and f.route == route:
                del self._failures[i]
                return ApiError(f.status, f.code, f.message)
        return None

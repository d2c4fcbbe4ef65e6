"""Discord's usual rate limits as one table, and the record of a 429 the fake answered.

Plain data, apart from the limiter that applies them (:mod:`fakediscord.ratelimits`), so
the fault switches and the server's protocol can name them without importing the limiter.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    """``limit`` requests per ``per`` seconds (Discord's seconds, before time scaling)."""

    limit: int
    per: float


DEFAULT_GLOBAL_LIMIT = Limit(50, 1.0)  # "All bots can make up to 50 requests per second"
DEFAULT_LIMIT = Limit(50, 1.0)  # any other route: one bucket per route + resource
_MESSAGES = "/channels/{channel_id}/messages"
_WEBHOOK = "/webhooks/{application_id}/{token}"
DEFAULT_ROUTE_LIMITS: dict[tuple[str, str], Limit] = {
    ("POST", _MESSAGES): Limit(5, 5.0),
    ("PATCH", _MESSAGES + "/{message_id}"): Limit(5, 5.0),
    ("DELETE", _MESSAGES + "/{message_id}"): Limit(5, 5.0),
    ("PATCH", "/channels/{channel_id}"): Limit(5, 5.0),
    ("POST", _MESSAGES + "/{message_id}/threads"): Limit(5, 5.0),
    ("POST", "/channels/{channel_id}/threads"): Limit(5, 5.0),
    ("POST", _WEBHOOK): Limit(5, 2.0),  # interaction followups: webhook limits
    ("PATCH", _WEBHOOK + "/messages/{message_id}"): Limit(5, 2.0),
    ("DELETE", _WEBHOOK + "/messages/{message_id}"): Limit(5, 2.0),
}


@dataclass
class RateLimitHit:
    """One 429 the fake answered."""

    method: str
    route: str
    path: str
    bucket: str
    scope: str  # "user" (a route bucket) or "global"
    retry_after: float
    at: float

    @property
    def is_global(self) -> bool:
        return self.scope == "global"

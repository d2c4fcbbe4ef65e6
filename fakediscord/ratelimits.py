"""Rate limits as rate-limits.mdx describes them: per-route buckets keyed by the route and
its top-level resource (``channel_id``, ``guild_id``, or webhook id + token), a global
limit per bot, the ``X-RateLimit-*`` headers, and HTTP 429 with ``retry_after``.

The numbers are Discord's usual observed values (the docs say not to hard-code them):
one table, :data:`fakediscord.rate_limit_table.DEFAULT_ROUTE_LIMITS`, copied into
``fake.faults.route_limits``.
Interaction endpoints (the callback and the interaction webhooks) "are not bound to the
application's Global Rate Limit" (receiving-and-responding.mdx); the callback has no
per-route bucket in the fake either (one callback per interaction is enforced by 40060).

Windows are fixed: a bucket's window starts at its first request and lasts ``per``
seconds times ``fake.faults.rate_limit_time_scale``; every request inside it counts,
refused or not. Time is the fake clock (``fake.now()``): ``fake.advance`` resets windows.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fakediscord.rate_limit_table import DEFAULT_LIMIT, Limit, RateLimitHit

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server


NO_BUCKET = {("POST", "/interactions/{interaction_id}/{token}/callback")}
GLOBAL_EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")
RATE_LIMITED = "You are being rate limited."


class RateLimited(Exception):
    """Raised by :meth:`RateLimiter.check`; the server answers 429 with these."""

    def __init__(self, body: dict[str, Any], headers: dict[str, str]):
        super().__init__(body["message"])
        self.body = body
        self.headers = headers


@dataclass
class _Window:
    count: int = 0
    reset_at: float = 0.0


def bucket_hash(method: str, route: str) -> str:
    """A stable id per route (without its top-level resource), like X-RateLimit-Bucket."""
    return hashlib.sha1(f"{method} {route}".encode()).hexdigest()[:32]


def major_parameter(match_info: dict[str, str]) -> str:
    for key in ("channel_id", "guild_id"):
        if key in match_info:
            return match_info[key]
    if "application_id" in match_info and "token" in match_info:
        return f"{match_info['application_id']}+{match_info['token']}"
    return ""


class RateLimiter:
    """Counts requests per bucket window; builds headers and 429 answers."""

    def __init__(self, fake: Server) -> None:
        self.fake = fake
        self._windows: dict[str, _Window] = {}

    def _take(self, key: str, limit: Limit, now: float) -> tuple[bool, _Window]:
        w = self._windows.setdefault(key, _Window())
        if now >= w.reset_at:
            w.count = 0
            w.reset_at = now + limit.per * self.fake.faults.rate_limit_time_scale
        if w.count >= limit.limit:
            return False, w
        w.count += 1
        return True, w

    def check(self, method: str, route: str, match_info: dict[str, str], path: str) -> dict:
        """Count one request: its rate-limit headers, or :class:`RateLimited`."""
        faults = self.fake.faults
        if not faults.rate_limits:
            return {}
        now = self.fake.now()
        if not route.startswith(GLOBAL_EXEMPT_PREFIXES):
            ok, w = self._take("global", faults.global_limit, now)
            if not ok:
                self._refuse(method, route, path, "global", "global", w.reset_at - now)
        if (method, route) in NO_BUCKET:
            return {}
        limit = faults.route_limits.get((method, route), DEFAULT_LIMIT)
        bucket = bucket_hash(method, route)
        ok, w = self._take(f"{bucket}:{major_parameter(match_info)}", limit, now)
        reset_after = max(0.0, w.reset_at - now)
        headers = {
            "X-RateLimit-Limit": str(limit.limit),
            "X-RateLimit-Remaining": str(max(0, limit.limit - w.count)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }
        if not ok:
            self._refuse(method, route, path, bucket, "user", reset_after, headers)
        return headers

    def _refuse(
        self,
        method: str,
        route: str,
        path: str,
        bucket: str,
        scope: str,
        retry_after: float,
        headers: dict[str, str] | None = None,
    ) -> None:
        retry_after = max(round(retry_after, 3), 0.001)
        is_global = scope == "global"
        out = dict(headers or {})
        out.update({"Retry-After": str(math.ceil(retry_after)), "X-RateLimit-Scope": scope})
        if is_global:
            out["X-RateLimit-Global"] = "true"
        self.fake.rate_limited.append(
            RateLimitHit(method, route, path, bucket, scope, retry_after, self.fake.now())
        )
        body = {"message": RATE_LIMITED, "retry_after": retry_after, "global": is_global, "code": 0}
        raise RateLimited(body, out)

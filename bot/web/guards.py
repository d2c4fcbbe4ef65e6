"""What every answer of the web board carries, and what every request must pass before a
handler reads it: security headers, the origin of a write or a WebSocket, rate limits.

- Headers: a Content-Security-Policy with no inline script (and frame ancestors that let
  Discord's Activity frame the page), `X-Content-Type-Options: nosniff`, no referrer, and
  `Cache-Control: no-store` on everything (a seat's screen or picture is private; the public
  ones are cheap to send again).
- Origins: a POST or a WebSocket must come from a page of ours: the public URL's origin, or
  one added by `Guards.allow_origin` (the Activity's `https://<client id>.discordsays.com`).
- Rate limits, per user and kind of request (aiolimiter's leaky buckets): a request over
  the limit is refused at once with a sentence, never queued.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiolimiter import AsyncLimiter

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# (requests, per seconds) by kind: a turn is a few screens and one play; a page refetches
# its screen after each change pushed to it.
LIMITS = {"play": (10, 10.0), "screen": (120, 60.0), "picture": (120, 60.0)}
KEEP_LIMITERS = 4096  # users whose buckets stay in memory


def policy(public_url: str) -> str:
    """The page's Content-Security-Policy: its own scripts, styles and pictures (blob: the
    pictures it fetched with its token), its own API and WebSocket; framed only by itself
    and by Discord (the Activity)."""
    live = public_url.replace("https://", "wss://", 1).replace("http://", "ws://", 1)
    return "; ".join(
        [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' blob:",
            f"connect-src 'self' {live}",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'self' https://discord.com https://*.discord.com "
            "https://*.discordsays.com",
        ]
    )


class Guards:
    """The origins allowed to write, and every user's buckets."""

    def __init__(self, public_url: str) -> None:
        self.public_url = public_url
        self.origins = {public_url}
        self.csp = policy(public_url)
        self._limiters: OrderedDict[tuple[int, str], AsyncLimiter] = OrderedDict()

    def allow_origin(self, origin: str) -> None:
        """Let pages served from `origin` write too (the Activity's proxy)."""
        self.origins.add(origin.rstrip("/"))

    def origin_ok(self, request: web.Request) -> bool:
        return request.headers.get("Origin", "") in self.origins

    async def within_limit(self, user_id: int, kind: str) -> bool:
        """Whether `user_id` may make one more request of `kind` now (and count it: with
        capacity left, `acquire` takes it at once and never waits)."""
        key = (user_id, kind)
        limiter = self._limiters.get(key)
        if limiter is None:
            limiter = self._limiters[key] = AsyncLimiter(*LIMITS[kind])
        self._limiters.move_to_end(key)
        while len(self._limiters) > KEEP_LIMITERS:
            self._limiters.popitem(last=False)
        if not limiter.has_capacity():
            return False
        await limiter.acquire()
        return True

    @web.middleware
    async def headers(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        response = await handler(request)
        response.headers["Content-Security-Policy"] = self.csp
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response

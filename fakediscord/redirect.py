"""Point discord.py at a fake Discord, and put it back afterwards.

discord.py reads two process-global class attributes: ``discord.http.Route.BASE``
(REST, also used by the webhook adapter for interaction responses) and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``. Only loopback URLs are accepted:
the bot sends its token to whatever these point at.

This is the one module of the package that imports discord (lazily).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol
from urllib.parse import urlsplit


def is_loopback(url: str) -> bool:
    """Whether ``url`` points at this machine: a loopback address or ``localhost``."""
    host = urlsplit(url).hostname or ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _require_loopback(url: str) -> None:
    if not is_loopback(url):
        raise ValueError(f"refusing to send the bot token to a non-loopback URL: {url!r}")


@contextmanager
def redirect_discord(api_url: str, gateway_url: str) -> Iterator[None]:
    """Within the block, discord.py talks to ``api_url`` / ``gateway_url`` (loopback only)."""
    _require_loopback(api_url)
    _require_loopback(gateway_url)
    import discord.gateway
    import discord.http
    import yarl

    route, ws = discord.http.Route, discord.gateway.DiscordWebSocket
    old_base, old_gateway = route.BASE, ws.DEFAULT_GATEWAY
    route.BASE = api_url
    ws.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        route.BASE = old_base
        ws.DEFAULT_GATEWAY = old_gateway


class _Urls(Protocol):
    @property
    def api_url(self) -> str: ...

    @property
    def gateway_url(self) -> str: ...


def redirect_to(fake: _Urls) -> AbstractContextManager[None]:
    """``with redirect_to(fake):`` — shorthand for a running :class:`FakeDiscord`."""
    return redirect_discord(fake.api_url, fake.gateway_url)

"""The HTTP facts every part of the fake shares: the API prefix of its routes, the header
of a test's raw probes, the app key under which the server finds the fake, and the exact
JSON response discord.py expects."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

API_PREFIX = "/api/v10"
PROBE_HEADER = "X-Fake-Probe"
"""Set by a test's own raw request: a refusal it provokes is not the bot's (see
``FakeDiscord.schema_refusals``)."""
FAKE_KEY: web.AppKey[Any] = web.AppKey("fake", object)


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with ``Content-Type: application/json`` exactly (no charset: discord.py
    compares the header verbatim and would treat the body as text)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )

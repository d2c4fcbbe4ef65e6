"""Raw REST calls to the fake as the bot would make them (no discord.py in between), to
check status codes, error bodies and headers exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import aiohttp

from fakediscord import FakeDiscord
from fakediscord.http import PROBE_HEADER


@dataclass
class Reply:
    status: int
    body: Any
    headers: dict[str, str]

    @property
    def code(self) -> int | None:
        return self.body.get("code") if isinstance(self.body, dict) else None


class RawApi:
    """``async with RawApi(fake) as api: r = await api.call("POST", "/channels/1/messages",
    {"content": "hi"})``; ``files`` sends a multipart body with ``payload_json``."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.session: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> RawApi:
        self.session = aiohttp.ClientSession()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        assert self.session is not None
        await self.session.close()

    async def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        files: dict[str, bytes] | None = None,
        auth: bool = True,
    ) -> Reply:
        assert self.session is not None
        headers = {PROBE_HEADER: "1"}  # the test's probe: a schema refusal is not the bot's
        if auth:
            headers["Authorization"] = f"Bot {self.fake.token}"
        kwargs: dict[str, Any] = {"headers": headers}
        if files:
            form = aiohttp.FormData(quote_fields=False)
            form.add_field("payload_json", json.dumps(body or {}), content_type="application/json")
            for i, (name, data) in enumerate(files.items()):
                form.add_field(f"files[{i}]", data, filename=name)
            kwargs["data"] = form
        elif body is not None:
            kwargs["json"] = body
        async with self.session.request(method, self.fake.api_url + path, **kwargs) as r:
            text = await r.text()
            try:
                data = json.loads(text) if text else None
            except ValueError:
                data = text
            return Reply(r.status, data, dict(r.headers))


def record_dispatches(fake: FakeDiscord) -> list[tuple[str, Any]]:
    """From now on, every gateway dispatch ``(event, data)`` the fake sends, in order."""
    sent: list[tuple[str, Any]] = []
    original = fake.dispatch

    def recording(event: str, data: Any) -> None:
        sent.append((event, data))
        original(event, data)

    fake.dispatch = recording
    return sent

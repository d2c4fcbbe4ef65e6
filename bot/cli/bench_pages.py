"""`bench --only web`'s open pages: WebSocket clients of the web board in a process of their
own, as browsers are, so that reading their frames does not hold the bot's event loop.

Run as `python -m bot.cli.bench_pages`; one JSON object per line each way (`bot.cli.bench_web`
drives it):

- `{"open": {"url": …, "origin": …, "tokens": [...]}}`: one page per token connects to the
  live route and sends its token; answered `{"ready": version}` once every page has the
  match's version.
- `{"await": n}`: answered `{"arrived": [t, …]}`, the time each page received version `n`
  (each page's own order), once all have it.
- `{"failed": why}` answers either when a page was refused or its socket closed.
- `{"close": true}`: every page closes; answered `{"closed": true}`.

Times are `CLOCK_MONOTONIC`, one clock for every process of the machine, so the bench compares
them with its own.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable
from typing import Any

import aiohttp


def now() -> float:
    """The machine's monotonic clock, the same in every process (Linux)."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


class Page:
    """One open page: when each version's frame arrived, or why it has no more to come."""

    def __init__(self) -> None:
        self.arrived: dict[int, float] = {}
        self.failed: str | None = None
        self.changed = asyncio.Event()

    async def listen(self, web: aiohttp.ClientSession, url: str, origin: str, token: str) -> None:
        # Offering per-message deflate, as Chromium and Firefox do.
        async with web.ws_connect(url, headers={"Origin": origin}, compress=15) as ws:
            await ws.send_json({"token": token})
            async for message in ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    continue
                received, body = now(), json.loads(message.data)
                if "version" in body:
                    self.arrived.setdefault(body["version"], received)
                else:
                    self.failed = str(body.get("error"))
                self.changed.set()
        self.failed = self.failed or "the board closed the page's socket"
        self.changed.set()

    async def until(self, done: Callable[[], bool]) -> None:
        """Wait until `done()` holds or the page has failed."""
        while not done() and self.failed is None:
            self.changed.clear()
            await self.changed.wait()


class Pages:
    """The pages of one match at a time."""

    def __init__(self, web: aiohttp.ClientSession) -> None:
        self.web = web
        self.pages: list[Page] = []
        self.tasks: list[asyncio.Task[None]] = []

    async def open(self, url: str, origin: str, tokens: list[str]) -> dict[str, Any]:
        self.pages = [Page() for _ in tokens]
        self.tasks = [
            asyncio.ensure_future(page.listen(self.web, url, origin, token))
            for page, token in zip(self.pages, tokens, strict=True)
        ]
        for page in self.pages:
            await page.until(lambda: bool(page.arrived))  # noqa: B023 — awaited at once
        return self.failed() or {"ready": max(v for page in self.pages for v in page.arrived)}

    def failed(self) -> dict[str, Any] | None:
        why = next((page.failed for page in self.pages if page.failed is not None), None)
        return None if why is None else {"failed": why}

    async def arrived(self, version: int) -> dict[str, Any]:
        for page in self.pages:
            await page.until(lambda: version in page.arrived)  # noqa: B023 — awaited at once
        return self.failed() or {"arrived": [page.arrived[version] for page in self.pages]}

    async def answer(self, asked: dict[str, Any]) -> dict[str, Any]:
        if "open" in asked:
            opened = asked["open"]
            return await self.open(opened["url"], opened["origin"], opened["tokens"])
        if "await" in asked:
            return await self.arrived(asked["await"])
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        return {"closed": True}


async def serve() -> None:
    loop = asyncio.get_running_loop()
    stdin = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    limits = aiohttp.TCPConnector(limit=0)  # every page at once, as many browsers are
    async with aiohttp.ClientSession(connector=limits) as web:
        pages = Pages(web)
        while line := await stdin.readline():
            print(json.dumps(await pages.answer(json.loads(line))), flush=True)


if __name__ == "__main__":
    asyncio.run(serve())

"""The web board's aiohttp application and its life in the bot's process.

Routes:
- `GET /board/{match}`: the page (an HTML shell; the token is in the link's fragment, which
  the browser keeps to itself); `GET /static/board.js`, `/static/board.css`: its files,
  from an explicit list — no file name is ever taken from a request, so no path escapes.
- `GET /api/board/{match}/screen?path=…`, `GET /api/board/{match}/picture/{version}.png`,
  `POST /api/board/{match}/play`: `bot.web.api`.
- `GET /api/board/{match}/live`: the WebSocket, `bot.web.live`.
- The Discord Activity's routes (`bot.web.activity`), when it is set up (`Config.activity`).
Started only when the three web settings are set (`Config.web`).
"""

from __future__ import annotations

import logging
from importlib import resources
from typing import Any
from urllib.parse import urlparse

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger
from aiohttp.web_request import BaseRequest

from bot.services import Services
from bot.web.access import refusals
from bot.web.activity import mount_activity
from bot.web.api import Api
from bot.web.guards import Guards, Handler
from bot.web.links import issue
from bot.web.live import Live
from bot.web.tokens import Tokens

log = logging.getLogger(__name__)
MATCH = "{match:[0-9a-f]{8}}"
# Every file the server sends, by its one route: name -> content type.
STATIC = {
    "board.html": "text/html",
    "board.js": "text/javascript",
    "board.css": "text/css",
}


def _file(name: str) -> bytes:
    return (resources.files("bot.web") / "static" / name).read_bytes()


class PathOnlyLog(AbstractAccessLogger):
    """The access log without query strings: a screen's `?path=` names the seat's choices,
    which may be its secrets (the tiles in its hand). Tokens never reach a log: they travel
    in a header, or in a link's fragment the browser keeps."""

    def log(self, request: BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info("%s %s %d %.3fs", request.method, request.path, response.status, time)


# How the board's runner (and a test's server of the same application) is set up: a stop
# lets a play under way finish (stored, then told on Discord) within the bot's own grace.
RUNNER_OPTIONS: dict[str, Any] = {"access_log_class": PathOnlyLog, "shutdown_timeout": 5.0}


class Board:
    """The web board of one bot: its application, and its server once started."""

    def __init__(self, bot: Services, public_url: str, secret: str) -> None:
        self.public_url = public_url
        self.tokens = Tokens(secret)
        self.guards = Guards(public_url)
        self.api = Api(bot, self.tokens, self.guards)
        self.live = Live(bot, self.tokens, self.guards)
        self.files = {name: (_file(name), kind) for name, kind in STATIC.items()}
        self.bot = bot
        self._runner: web.AppRunner | None = None
        # Routes of other parts served beside the board's (the Activity's sign-in), added
        # before `start`.
        self.routes: list[web.AbstractRouteDef] = []

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self.guards.headers, refusals])
        app.router.add_get(f"/board/{MATCH}", self._static("board.html"))
        for name in ("board.js", "board.css"):
            app.router.add_get(f"/static/{name}", self._static(name))
        app.router.add_get(f"/api/board/{MATCH}/screen", self.api.screen)
        app.router.add_get(
            f"/api/board/{MATCH}/picture/{{version:[0-9]{{1,12}}}}.png", self.api.picture
        )
        app.router.add_post(f"/api/board/{MATCH}/play", self.api.play)
        app.router.add_get(f"/api/board/{MATCH}/live", self.live.socket)
        app.router.add_routes(self.routes)
        if mount_activity(app, self.bot.config, host=self.bot.host, issue_link=self._issue):
            # Inside Discord the page is served through the Activity's proxy.
            self.guards.allow_origin(f"https://{self.bot.config.client_id}.discordsays.com")
        app.on_shutdown.append(self._close_sockets)
        return app

    async def _issue(self, match_id: str, seat: int | None, user_id: int) -> str:
        return await issue(self.bot, self.tokens, match_id, seat, user_id)

    def _static(self, name: str) -> Handler:
        body, kind = self.files[name]

        async def send(request: web.Request) -> web.Response:
            return web.Response(body=body, content_type=kind, charset="utf-8")

        return send

    async def _close_sockets(self, app: web.Application) -> None:
        for ws in list(self.live.sockets):
            await ws.close()

    async def start(self, port: int) -> int:
        """Serve on `port` (0: any free one), on every interface (a proxy in front serves
        the public URL) — on loopback alone when the public URL is this machine's (the demo,
        tests). The port served on."""
        local = urlparse(self.public_url).hostname in ("127.0.0.1", "::1", "localhost")
        host = "127.0.0.1" if local else "0.0.0.0"  # noqa: S104 — behind the admin's proxy
        self._runner = web.AppRunner(self.app(), **RUNNER_OPTIONS)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        bound: int = self._runner.addresses[0][1]
        log.info("web board: %s (listening on %s:%d)", self.public_url, host, bound)
        return bound

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

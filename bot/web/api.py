"""The web board's API: a reader's screen, its picture, and a play.

Every route checks its reader first (`bot.web.access.admit`) and answers JSON (a picture:
PNG). A play goes through the very function the Discord panel's Confirm uses
(`bot.ui.turns.play_choice`, same request key), then the same recap, pings and table on
Discord (`after_play`); a stale one is refused with a sentence and the fresh screen.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from bot.i18n import error_text, t
from bot.services import Services
from bot.ui.custom_ids import number
from bot.ui.turns import after_play, play_choice
from bot.web.access import Reader, Refusal, admit, asked_language, bearer
from bot.web.guards import Guards
from bot.web.seen import Seen, parse_path
from bot.web.tokens import Tokens
from games.host import HostError


class Api:
    """The routes' handlers, over the bot's services."""

    def __init__(self, bot: Services, tokens: Tokens, guards: Guards) -> None:
        self.bot = bot
        self.tokens = tokens
        self.guards = guards
        self.seen = Seen(bot)

    async def reader(self, request: web.Request, kind: str) -> Reader:
        """The checked reader of `request`, within its rate limit for `kind`."""
        reader = await admit(
            self.bot,
            self.tokens,
            bearer(request),
            request.match_info["match"],
            asked_language(request),
        )
        if not await self.guards.within_limit(reader.grant.user_id, kind):
            raise Refusal(429, t("web.slow_down", reader.language))
        return reader

    async def screen(self, request: web.Request) -> web.Response:
        reader = await self.reader(request, "screen")
        body = await self.seen.screen(reader, parse_path(request.query.get("path", "")))
        return web.json_response(body)

    async def picture(self, request: web.Request) -> web.Response:
        reader = await self.reader(request, "picture")
        if number(request.match_info["version"]) != reader.match.version:
            raise Refusal(409, t("web.stale", reader.language))
        path = parse_path(request.query.get("path", ""))
        png = await self.seen.picture(reader, path, request.query.get("preview") == "1")
        return web.Response(body=png, content_type="image/png")

    async def play(self, request: web.Request) -> web.Response:
        if not self.guards.origin_ok(request):
            raise Refusal(403, t("web.bad_origin", asked_language(request)))
        reader = await self.reader(request, "play")
        language = reader.language
        version, index = await _choice(request)
        if version is None or index is None or reader.grant.seat is None:
            raise Refusal(400, t("web.bad_play", language))
        try:
            outcome = await play_choice(
                self.bot, reader.match.id, reader.grant.user_id, version, index
            )
        except HostError as exc:
            fresh = await self.seen.screen(await self.reader(request, "screen"), ())
            sentence = t("web.stale", language) if exc.key == "match.stale" else None
            raise Refusal(409, sentence or error_text(exc, language), screen=fresh) from None
        if outcome.duplicate:
            return web.json_response({"done": t("panel.already_done", language)})
        # The move is stored: whatever Discord answers now, it stands (`after_play` tries
        # each follow-up on its own); shielded, so a page closed meanwhile cancels nothing.
        await asyncio.shield(after_play(self.bot, outcome))
        return web.json_response({"done": t("panel.done", language)})


async def _choice(request: web.Request) -> tuple[int | None, int | None]:
    """(version, index) of a play's JSON body; None for what is missing or not a number."""
    try:
        body: Any = await request.json()
    except ValueError:
        return None, None
    if not isinstance(body, dict):
        return None, None
    version, index = body.get("version"), body.get("index")
    return (
        version if type(version) is int else None,
        index if type(index) is int else None,
    )

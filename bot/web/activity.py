"""The Discord Activity's routes: its entry page, its script, and the login that picks a seat.

Discord's URL mapping points the Activity's root at `/activity/` (README, "The board inside
Discord"), where the page (`static/activity`, bundled with the Embedded App SDK)
authorizes the user and posts the code here with the SDK's guild and channel. The bot
exchanges the code for the user (`DiscordOAuth`), finds the match whose table is in that
channel (`MatchHost.match_at`), and answers with the SDK's access token and the board's
personal link: the user's seat's if they sit at the table, a spectator's otherwise. What the
board then shows is the board's business, behind that link.

Every refusal is one sentence in the reader's language (their browser's, as Discord's client
sends it) and changes nothing; codes and tokens are never logged.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import ClientError, ClientSession, web

from bot.config import Config, loopback_only
from bot.i18n import language_of, t
from bot.web.bundle import ACTIVITY_BUNDLE
from bot.web.discord_oauth import TIMEOUT, DiscordOAuth, OAuthError
from games.host import MatchHost
from games.host.info import MatchInfo

log = logging.getLogger(__name__)
# (match, seat or None, user) -> the board's signed token for that reader
IssueLink = Callable[[str, int | None, int], Awaitable[str]]
PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<script type="application/json" id="lutece-activity">{config}</script>
<script type="module" src="activity.js"></script>
</head>
<body>
<main><p id="status" role="status" aria-live="polite">{opening}</p></main>
</body>
</html>
"""
# The page runs in Discord's frame (discord.com, its proxy on discordsays.com); it loads its
# own script and talks to this server only.
CSP = (
    "default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self' "
    "https://discord.com https://*.discord.com https://*.discordsays.com"
)
MAX_BODY = 4096  # a code and two snowflakes


def add_activity_routes(
    app: web.Application,
    *,
    host: MatchHost,
    oauth: DiscordOAuth,
    issue_link: IssueLink,
    mock: bool = False,
) -> None:
    """Mount the Activity on the web board's app. `mock` (a local fake Discord only, see
    `Config.activity_mock`): the page uses the SDK's mock, and asks for its code here."""
    if mock:
        loopback_only(oauth.api_base)  # a code for anyone, on request: never with Discord
    activity = _Activity(host, oauth, issue_link, mock)
    app.router.add_get("/activity", activity.to_slash)
    app.router.add_get("/activity/", activity.page)
    app.router.add_get("/activity/activity.js", activity.script)
    app.router.add_post("/api/activity/token", activity.token)
    if mock:
        app.router.add_post("/api/activity/mock-code", activity.mock_code)


def mount_activity(
    app: web.Application, config: Config, *, host: MatchHost, issue_link: IssueLink
) -> bool:
    """`add_activity_routes` as the settings say (the web board's one call): whether the
    Activity is offered, and so mounted."""
    oauth = DiscordOAuth.of(config)
    if oauth is None:
        return False
    add_activity_routes(
        app, host=host, oauth=oauth, issue_link=issue_link, mock=config.activity_mock
    )
    return True


class _Activity:
    """The routes' handlers, sharing the host, the OAuth2 client and the board's links."""

    def __init__(self, host: MatchHost, oauth: DiscordOAuth, issue: IssueLink, mock: bool):
        self.host, self.oauth, self.issue, self.mock = host, oauth, issue, mock

    async def to_slash(self, request: web.Request) -> web.StreamResponse:
        """`/activity` → `/activity/`, its query kept (Discord's frame parameters): the
        page's script is found next to it."""
        raise web.HTTPFound(request.rel_url.with_path("/activity/").with_query(request.query))

    async def page(self, request: web.Request) -> web.Response:
        lang = reader_language(request)
        failed = t("activity.failed", lang)  # shown when the page itself cannot go on
        config = json.dumps(
            {"client_id": str(self.oauth.client_id), "mock": self.mock, "failed": failed},
            ensure_ascii=False,
        )
        html = PAGE.format(
            lang=lang,
            title=t("activity.title", lang),
            opening=t("activity.opening", lang),
            config=config.replace("<", "\\u003c"),
        )
        return web.Response(text=html, content_type="text/html", headers=_headers())

    async def script(self, request: web.Request) -> web.StreamResponse:
        if not ACTIVITY_BUNDLE.is_file():
            raise web.HTTPNotFound()
        headers = {**_headers(), "Content-Type": "text/javascript; charset=utf-8"}
        return web.FileResponse(ACTIVITY_BUNDLE, headers=headers)

    async def token(self, request: web.Request) -> web.Response:
        """`{code, guild_id, channel_id}` → `{access_token, board}`, else `{error}`."""
        lang = reader_language(request)
        asked = await _body(request) or {}
        code = asked.get("code")
        guild_id = _snowflake(asked.get("guild_id"))
        channel_id = _snowflake(asked.get("channel_id"))
        if not isinstance(code, str) or not code or guild_id is None or channel_id is None:
            return _refusal(400, "activity.bad_request", lang)
        try:  # who asks first: nothing is answered to an unknown caller
            user = await self.oauth.exchange(code)
        except OAuthError as exc:
            return _refusal(503 if exc.key == "activity.discord_down" else 401, exc.key, lang)
        match = await self.host.match_at(guild_id, channel_id)
        if match is None:
            return _refusal(404, "activity.no_match", lang)
        seat = seat_of(match, user.id)
        link = await self.issue(match.id, seat, user.id)
        log.info("match %s: the Activity opened the board for seat %s", match.id, seat)
        board = f"/board/{match.id}#t={link}"
        return _json({"access_token": user.access_token, "board": board})

    async def mock_code(self, request: web.Request) -> web.Response:
        """The fake's stand-in for the user's consent: a code for the user the page names
        (there is no Discord client to ask). Mounted only against a local fake Discord."""
        asked = await _body(request)
        user_id = _snowflake((asked or {}).get("user_id"))
        if user_id is None:
            return _refusal(400, "activity.bad_request", reader_language(request))
        consent = self.oauth.api_base.split("/api/")[0] + "/fake/oauth2/code"
        body = {"user_id": user_id, "client_id": self.oauth.client_id}
        try:
            async with ClientSession(timeout=TIMEOUT) as session:
                async with session.post(consent, json=body) as answer:
                    granted = await answer.json(content_type=None)
        except (ClientError, TimeoutError, ValueError):
            granted = None
        if not isinstance(granted, dict) or "code" not in granted:
            return _refusal(401, "activity.bad_code", reader_language(request))
        return _json({"code": granted["code"]})


def seat_of(match: MatchInfo, user_id: int) -> int | None:
    """The user's seat at the table, None for a spectator."""
    return next((s.seat for s in match.seats if s.user_id == user_id), None)


def reader_language(request: web.Request) -> str:
    """The catalogue language of the reader's first preferred language (Discord's client
    sends its own)."""
    first = request.headers.get("Accept-Language", "").split(",")[0].split(";")[0].strip()
    return language_of(first or None)


async def _body(request: web.Request) -> dict[str, Any] | None:
    """The JSON object posted, None if it is not one (or too long to be one of ours). JSON
    only: another site's page cannot send it without the browser asking this server first."""
    if request.content_type != "application/json":
        return None
    if request.content_length is None or request.content_length > MAX_BODY:
        return None
    try:
        body = json.loads(await request.text())
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _snowflake(value: Any) -> int | None:
    """A Discord id as the SDK gives it (a string of digits), else None."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        return int(value)
    return None


def _headers() -> dict[str, str]:
    return {
        "Content-Security-Policy": CSP,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }


def _json(data: dict[str, Any], status: int = 200) -> web.Response:
    return web.json_response(data, status=status, headers=_headers())


def _refusal(status: int, key: str, lang: str) -> web.Response:
    return _json({"error": t(key, lang)}, status)

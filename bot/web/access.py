"""Who is asking: every API request of the web board is checked here before anything is
read — a token of ours, not expired, for this match, of the seat's current link generation,
and the seat still its user's. A refusal is one sentence in the reader's language, the same
whatever failed: it never tells whether another match exists.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from aiohttp import web

from bot.i18n import language_of, languages, t
from bot.services import Services
from bot.web.tokens import Pass, Tokens
from games.host import HostError
from games.host.info import MatchInfo


class Refusal(Exception):
    """A request refused: its HTTP status and one sentence (and, for a stale play, the
    fresh screen), sent as JSON by `refusals`."""

    def __init__(self, status: int, sentence: str, **extra: Any) -> None:
        super().__init__(sentence)
        self.status = status
        self.body = {"error": sentence, **extra}


@web.middleware
async def refusals(request: web.Request, handler: Any) -> web.StreamResponse:
    """A `Refusal` raised anywhere in a handler becomes its JSON answer."""
    try:
        response: web.StreamResponse = await handler(request)
    except Refusal as refusal:
        return web.json_response(refusal.body, status=refusal.status)
    return response


@dataclasses.dataclass(frozen=True, slots=True)
class Reader:
    """A checked request: its pass, the match now, and the language it is answered in."""

    grant: Pass
    match: MatchInfo
    language: str


def asked_language(request: web.Request) -> str | None:
    """`?lang=` if it names a catalogue, else the browser's first Accept-Language that
    does, else None (the caller's default: the match's server's language)."""
    accepted = request.headers.get("Accept-Language", "").split(",")
    wanted = [request.query.get("lang", ""), *(a.split(";")[0].strip() for a in accepted)]
    for locale in wanted:
        if locale and locale.split("-")[0].lower() in languages():
            return language_of(locale)
    return None


def bearer(request: web.Request) -> str:
    """The token of the `Authorization: Bearer …` header ("" without one)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


async def admit(
    bot: Services, tokens: Tokens, token: str, match_id: str, asked: str | None
) -> Reader:
    """The reader of a request for `match_id` carrying `token`, or the one refusal."""
    grant = tokens.read(token) if token else None
    no = Refusal(401, t("web.link_invalid", asked))
    if grant is None or grant.match_id != match_id:
        raise no
    try:
        match = await bot.host.get(match_id)
    except HostError:
        raise no from None
    if grant.seat is not None and (
        not 0 <= grant.seat < len(match.seats) or match.seats[grant.seat].user_id != grant.user_id
    ):
        raise no
    if await bot.host.links.generation(match_id, grant.seat) != grant.generation:
        raise no
    language = asked or await bot.languages.of_guild(match.guild_id)
    return Reader(grant, match, language)

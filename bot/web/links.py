"""A user's personal link to a match's web board: their seat's, or a spectator's."""

from __future__ import annotations

from urllib.parse import urlencode

from bot.services import Services
from bot.web.tokens import Pass, Tokens
from games.host.info import MatchInfo


async def board_link(bot: Services, match: MatchInfo, user_id: int, language: str) -> str:
    """The signed link for `user_id` (their seat if they hold one, else the public table),
    the page in `language`. The token is in the fragment: browsers never send it on."""
    assert bot.config.web is not None, "the web board is configured"
    public_url, _, secret = bot.config.web
    token = await issue(bot, Tokens(secret), match.id, match.seat_of(user_id), user_id)
    return f"{public_url}/board/{match.id}?{urlencode({'lang': language})}#t={token}"


async def issue(
    bot: Services, tokens: Tokens, match_id: str, seat: int | None, user_id: int
) -> str:
    """The token for `user_id` reading `match_id` as `seat` (None: a spectator), bound to the
    seat's current link generation, so revoking the seat's links voids it."""
    generation = await bot.host.links.generation(match_id, seat)
    return tokens.make(Pass(match_id, seat, user_id, generation))

"""Matches as one line each: `/lutece matches` (a player's) and `/admin matches` (a server's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import t
from bot.ui.safe_text import md_all

if TYPE_CHECKING:
    from bot.services import Services
    from games.host.info import MatchInfo, MatchListing

MAX_LISTED = 15  # matches loaded for a listing: a reply holds at most 2,000 characters


async def match_list(
    bot: Services, listed: list[MatchListing], user_id: int | None, locale: str | None
) -> str:
    """The newest matches one line each (only those are loaded), and how many more."""
    newest = sorted(listed, key=lambda m: m.updated_at, reverse=True)[:MAX_LISTED]
    lines = [match_line(await bot.host.get(m.id), user_id, locale) for m in newest]
    if len(listed) > len(newest):
        lines.append(t("matches.more", locale, n=len(listed) - len(newest)))
    return "\n".join(lines)[:2000]


def match_line(match: MatchInfo, user_id: int | None, locale: str | None) -> str:
    """One line per match: game, id, status and whose turn (used by /lutece and /admin)."""
    game = t(f"game.{match.game}", locale)
    where = f" <#{match.where}>" if match.where else ""
    if match.status == "lobby":
        return t(
            "matches.lobby",
            locale,
            game=game,
            id=match.id,
            where=where,
            n=len(match.seats),
            seats=match.size,
        )
    to_act = match.to_act
    names = md_all(match.names)
    mine = user_id is not None and match.seat_of(user_id) in to_act
    key = "matches.your_turn" if mine else "matches.waiting"
    return t(
        key,
        locale,
        game=game,
        id=match.id,
        where=where,
        names=", ".join(names[s] for s in sorted(to_act)) or "—",
    )

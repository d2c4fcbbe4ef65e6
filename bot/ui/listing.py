"""Matches as one line each: `/lutece matches` (a player's) and `/admin matches` (a server's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import t
from bot.ui.safe_text import md_all

if TYPE_CHECKING:
    from bot.services import Services
    from games.host.core import MatchHost
    from games.host.outcome import LiveMatch
    from games.host.rows import MatchRow

MAX_LISTED = 15  # matches loaded for a listing: a reply holds at most 2,000 characters


async def match_list(
    bot: Services, rows: list[MatchRow], user_id: int | None, locale: str | None
) -> str:
    """The newest matches one line each (only those are loaded), and how many more."""
    newest = sorted(rows, key=lambda r: r.updated_at, reverse=True)[:MAX_LISTED]
    lines = [match_line(bot.host, await bot.host._loaded(r.id), user_id, locale) for r in newest]
    if len(rows) > len(newest):
        lines.append(t("matches.more", locale, n=len(rows) - len(newest)))
    return "\n".join(lines)[:2000]


def match_line(host: MatchHost, live: LiveMatch, user_id: int | None, locale: str | None) -> str:
    """One line per match: game, id, status and whose turn (used by /lutece and /admin)."""
    row = live.row
    game = t(f"game.{row.game}", locale)
    where = f" <#{row.thread_id or row.channel_id}>" if (row.thread_id or row.channel_id) else ""
    if row.status == "lobby":
        return t(
            "matches.lobby",
            locale,
            game=game,
            id=row.id,
            where=where,
            n=len(row.seat_rows),
            seats=row.seats,
        )
    to_act = host.to_act(live)
    names = md_all([s.name for s in row.seat_rows])
    mine = user_id is not None and live.seat_of(user_id) in to_act
    key = "matches.your_turn" if mine else "matches.waiting"
    return t(
        key,
        locale,
        game=game,
        id=row.id,
        where=where,
        names=", ".join(names[s] for s in sorted(to_act)) or "—",
    )

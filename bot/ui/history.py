"""`/lutece history`: a server's finished matches, newest first, a page at a time.

The ◀ ▶ buttons are routed like every other component (their custom_id holds whose history,
which game and which page, so they work after a restart); the server is always the
clicker's, never one a custom_id names. Names are the players' own, escaped, never pinged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.ui import custom_ids
from bot.ui.records import known_game, server_of
from bot.ui.router import Click, button, handles, refuse, view_of
from bot.ui.safe_text import md
from games.host import HostError
from games.host.standings import HistoryEntry, HistoryPage, Placed

if TYPE_CHECKING:
    from bot.services import Services

VERB = "history"


async def history_page(
    bot: Services,
    guild_id: int,
    user_id: int | None,
    game: str | None,
    page: int,
    who: str | None = None,
) -> HistoryPage:
    """A page with matches on it; one sentence instead when there is none (naming `who`,
    the escaped name of the player asked about, if any)."""
    found = await bot.host.results.history(guild_id, user_id, game, page)
    if not found.entries:
        if page:
            raise HostError("history.past_end", "that page is past the end of the history")
        if who is not None:
            raise HostError("history.none_for", "that player finished no match here", name=who)
        raise HostError("history.none", "no finished match to show here yet")
    return found


def history_message(
    found: HistoryPage, user_id: int | None, game: str | None, locale: str
) -> dict[str, Any]:
    """The page as an embed with its ◀ ▶ buttons."""
    who = (
        t("history.everyone", locale)
        if user_id is None
        else md(next((s.name for e in found.entries for s in e.seats if s.user_id == user_id), "?"))
    )
    title = t("history.title", locale, who=who)
    if game is not None:
        title += " · " + t(f"game.{game}", locale)
    embed = discord.Embed(
        title=title,
        description="\n\n".join(_entry(e, locale) for e in found.entries),
        colour=discord.Colour.dark_gold(),
    )
    embed.set_footer(text=t("history.page", locale, page=found.page + 1))

    def turn(to: int, label: str, disabled: bool) -> discord.ui.Button[Any]:
        arg = custom_ids.history_arg(user_id, game, max(to, 0))
        return button(custom_ids.NO_MATCH, VERB, arg, label=label, disabled=disabled)

    view = view_of(
        turn(found.page - 1, t("history.newer", locale), found.page == 0),
        turn(found.page + 1, t("history.older", locale), not found.more),
    )
    return {"embed": embed, "view": view}


def _entry(entry: HistoryEntry, locale: str) -> str:
    mark = "ended" if entry.ended else "rated" if entry.rated else "casual"
    head = t(
        "history.entry",
        locale,
        at=int(entry.finished_at),
        game=t(f"game.{entry.game}", locale),
        id=entry.match_id,
        mark=t(f"history.{mark}", locale),
    )
    return head + "\n" + " · ".join(_seat(s, locale) for s in entry.seats)


def _seat(seat: Placed, locale: str) -> str:
    name = md(seat.name)
    if seat.place is None or seat.score is None:
        return name
    if seat.change is None:
        return t("history.seat", locale, place=seat.place, name=name, score=seat.score)
    change = f"+{seat.change}" if seat.change >= 0 else f"−{-seat.change}"
    return t(
        "history.seat_rated", locale, place=seat.place, name=name, score=seat.score, change=change
    )


@handles(VERB)
async def turn_page(click: Click) -> None:
    """◀ or ▶: the same history, another page, in place of the one shown."""
    parsed = custom_ids.parse_history_arg(click.route.arg)
    if parsed is None:
        await refuse(click.interaction, t("error.unknown_button", click.locale))
        return
    user_id, game, page = parsed
    guild_id, game = server_of(click.interaction), known_game(game)
    found = await history_page(click.bot, guild_id, user_id, game, page)
    message = history_message(found, user_id, game, click.locale)
    await click.interaction.response.edit_message(**message)

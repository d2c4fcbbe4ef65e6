"""Open in browser: the table's button that answers the clicking user, ephemerally, with
their personal link to the match's web board (`bot.web`): their seat's if they play, else
the public table's. Offered only when the web board is configured."""

from __future__ import annotations

from bot.i18n import t
from bot.ui.router import Click, handles, reply
from bot.web.links import board_link


@handles("link")
async def open_board(click: Click) -> None:
    match = await click.bot.host.get(click.route.match_id)
    if click.bot.config.web is None:  # a table posted before the web board was switched off
        await reply(click.interaction, t("web.off", click.locale))
        return
    url = await board_link(click.bot, match, click.user_id, click.locale)
    key = "web.spectator_link" if match.seat_of(click.user_id) is None else "web.your_link"
    await reply(click.interaction, t(key, click.locale, url=url))

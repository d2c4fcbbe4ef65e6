"""`/lutece tables`: the server's open tables (game, host, seats taken, when each closes),
each with a Join button that seats the clicker and redraws that table's lobby where it is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.ui.lobby import show_lobby, start_ready
from bot.ui.lobby_marks import when
from bot.ui.router import Click, answered, button, handles, reply, view_of
from bot.ui.safe_text import md
from games.host import HostError

if TYPE_CHECKING:
    from games.host.lobbies import OpenTable

MAX_LISTED = 10  # two rows of five Join buttons; a reply holds at most 25 components


def tables_message(tables: list[OpenTable], locale: str) -> dict[str, Any]:
    """One numbered line per open table (soonest closing first) and its Join button."""
    if not tables:
        return {"content": t("tables.none", locale)}
    listed = tables[:MAX_LISTED]
    lines = [t("tables.title", locale)]
    buttons = []
    for n, table in enumerate(listed, 1):
        closes = "—" if table.expires_at is None else when(table.expires_at)
        lines.append(
            t(
                "tables.line",
                locale,
                n=n,
                game=t(f"game.{table.game}", locale),
                host=md(table.host_name),
                seated=table.seated,
                seats=table.seats,
                when=closes,
            )
        )
        label = t("tables.join", locale, n=n)
        buttons.append(button(table.match_id, "sit", label=label, row=(n - 1) // 5))
    if len(tables) > len(listed):
        lines.append(t("tables.more", locale, n=len(tables) - len(listed)))
    return {"content": "\n".join(lines)[:2000], "view": view_of(*buttons)}


@handles("sit")
async def sit(click: Click) -> None:
    """Join from the listing: the answer says where the table is; its lobby is redrawn
    there (or, if this was the last player it named, the table starts)."""
    host = click.bot.host
    name = click.interaction.user.display_name
    match = await host.join(click.route.match_id, click.user_id, name)
    lobby = await host.lobbies.of(match.id)
    where = ""
    if lobby.channel_id is not None and lobby.message_id is not None:
        guild = click.interaction.guild_id
        where = f"https://discord.com/channels/{guild}/{lobby.channel_id}/{lobby.message_id}"
    await answered(
        reply(click.interaction, t("tables.joined", click.locale, id=match.id, link=where))
    )
    if lobby.ready:
        await start_ready(click.bot, lobby, click.interaction, click.locale)
    else:
        await show_lobby(click.bot, match.id, lobby)


def listing_only_in_servers(interaction: discord.Interaction) -> int:
    """The server whose tables are listed; in a DM, one sentence instead."""
    if interaction.guild_id is None:
        raise HostError("tables.server_only", "open tables are listed in a server")
    return interaction.guild_id

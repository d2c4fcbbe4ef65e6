"""The lobby: a public message with the seats and Join / Leave / Add AI / Start / Cancel."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.ui.lobby_choices import VERB, choice_lines, choice_selects, picked_options
from bot.ui.router import Click, answered, button, handles, view_of
from bot.ui.table import announce, post_table, prompt_by_dm, send_private_dm, turn_mentions
from games.outcome import LiveMatch


def lobby_message(live: LiveMatch, locale: str | None = None) -> dict[str, Any]:
    row = live.row
    embed = discord.Embed(title=t("lobby.title", locale, game=t(f"game.{row.game}", locale)),
                          colour=discord.Colour.blurple())  # fmt: skip
    seats = []
    for n in range(row.seats):
        seated = row.seat_rows[n] if n < len(row.seat_rows) else None
        if seated is None:
            seats.append(t("lobby.empty_seat", locale, n=n + 1))
        elif seated.ai:
            seats.append(t("lobby.ai_seat", locale, n=n + 1, name=seated.name))
        else:
            seats.append(t("lobby.player_seat", locale, n=n + 1, mention=f"<@{seated.user_id}>"))
    settings = live.settings
    deadline = (t("lobby.deadline", locale, hours=round(settings.turn_deadline_s / 3600, 1),
                  after=t(f"lobby.on_timeout.{settings.on_timeout}", locale))
                if settings.turn_deadline_s else t("lobby.no_deadline", locale))  # fmt: skip
    embed.description = "\n".join(seats + ["", deadline, *choice_lines(live, locale)])
    embed.set_footer(text=t("lobby.footer", locale, id=row.id))
    if row.status != "lobby":
        key = "lobby.started" if row.status != "ended" else "lobby.cancelled"
        embed.description += "\n\n" + t(key, locale)
        return {"embed": embed, "view": None}
    full = len(row.seat_rows) >= row.seats
    view = view_of(
        button(row.id, "join", label=t("lobby.join", locale), style=discord.ButtonStyle.success,
               disabled=full),
        button(row.id, "leave", label=t("lobby.leave", locale)),
        button(row.id, "addai", label=t("lobby.add_ai", locale), disabled=full),
        button(row.id, "start", label=t("lobby.start", locale), style=discord.ButtonStyle.primary),
        button(row.id, "cancel", label=t("lobby.cancel", locale), style=discord.ButtonStyle.danger),
        *choice_selects(live, locale),
    )  # fmt: skip
    return {"embed": embed, "view": view}


@handles("join")
async def join(click: Click) -> None:
    live = await click.bot.host.join(click.route.match_id, click.user_id,
                                     click.interaction.user.display_name)  # fmt: skip
    await click.interaction.response.edit_message(**lobby_message(live))


@handles("leave")
async def leave(click: Click) -> None:
    live = await click.bot.host.leave(click.route.match_id, click.user_id)
    await click.interaction.response.edit_message(**lobby_message(live))


@handles("addai")
async def add_ai(click: Click) -> None:
    live = await click.bot.host.add_ai(click.route.match_id, click.user_id)
    await click.interaction.response.edit_message(**lobby_message(live))


@handles(VERB)
async def choose(click: Click) -> None:
    """The host picked in a lobby choice's select: new match options, the lobby redrawn."""
    match_id = click.route.match_id
    live = await click.bot.host.get(match_id)
    changes = picked_options(live.row.game, click.route.arg, click.values)
    live = await click.bot.host.set_options(match_id, click.user_id, changes)
    await click.interaction.response.edit_message(**lobby_message(live))


@handles("cancel")
async def cancel(click: Click) -> None:
    live = await click.bot.host.cancel(click.route.match_id, click.user_id)
    await click.interaction.response.edit_message(**lobby_message(live))


@handles("start")
async def start(click: Click) -> None:
    bot = click.bot
    outcome = await bot.host.start(click.route.match_id, click.user_id)
    live = outcome.match
    await answered(click.interaction.response.edit_message(**lobby_message(live)))
    thread = await begin_table(bot, live, click.interaction.message)
    # The private information at the start, to everyone who asked for DMs.
    for row in live.row.seat_rows:
        if row.user_id is not None and row.seat not in live.to_act():
            await send_private_dm(bot, live, row.seat, row.user_id, thread, with_panel=False)
    if outcome.applied:  # AI seats played before the first human turn
        await announce(bot, outcome)
    else:
        await first_ping(bot, live, thread)


async def begin_table(bot: Any, live: LiveMatch,
                      lobby: discord.Message | None) -> discord.abc.Messageable:  # fmt: skip
    """Open the match thread (from the lobby message when possible) and post the table."""
    name = t("table.thread", None, game=t(f"game.{live.row.game}", None), id=live.id)
    channel: discord.abc.Messageable
    try:
        if lobby is None:
            raise discord.HTTPException
        channel = await lobby.create_thread(name=name[:100])
        live.row.thread_id = channel.id
        await bot.host.store.update_match(live.id, thread_id=channel.id)
    except (discord.HTTPException, AttributeError):
        channel_id = live.row.channel_id
        channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
    await post_table(bot, live, channel)
    return channel


async def first_ping(bot: Any, live: LiveMatch, channel: discord.abc.Messageable) -> None:
    mentions = turn_mentions(live)
    if mentions:
        await channel.send(t("table.first_turn", None, mentions=mentions),
                           allowed_mentions=discord.AllowedMentions(users=True))  # fmt: skip
    await prompt_by_dm(bot, live, channel)

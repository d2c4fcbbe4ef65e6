"""The lobby: a public message with the seats and Join / Leave / Add AI / Add strong AI /
Start / Cancel. The two AI buttons are the AI levels (games.core.ai.LEVELS), one convention
for every game: easy (the greedy seat) and strong (the search)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.permissions import Placement, missing_sentence, placement
from bot.ui.delivery import attempt, deliver_notices, prompt_by_dm, recap, send_private_dm
from bot.ui.lobby_choices import VERB, choice_lines, choice_selects, picked_options
from bot.ui.lobby_marks import lobby_lines, seat_mark
from bot.ui.router import Click, answered, button, handles, reply, view_of
from bot.ui.safe_text import md, plain
from bot.ui.table import TableChannel, post_table, table_channel
from games.core.ai import LEVELS
from games.core.errors import IllegalAction
from games.host import HostError
from games.host.lobbies import LobbyInfo
from games.host.outcome import LiveMatch, Outcome

if TYPE_CHECKING:
    from bot.services import Services


def lobby_message(
    live: LiveMatch, locale: str | None = None, lobby: LobbyInfo | None = None
) -> dict[str, Any]:
    """The lobby as everybody sees it; `lobby`: its invitations and expiry, when shown."""
    row = live.row
    embed = discord.Embed(
        title=t("lobby.title", locale, game=t(f"game.{row.game}", locale)),
        colour=discord.Colour.blurple(),
    )
    seats = []
    for n in range(row.seats):
        seated = row.seat_rows[n] if n < len(row.seat_rows) else None
        if seated is None:
            seats.append(t("lobby.empty_seat", locale, seat=n + 1))
        elif seated.ai:
            seats.append(
                t(
                    "lobby.ai_seat",
                    locale,
                    seat=n + 1,
                    name=md(seated.name),
                    level=t(f"ai.level.{seated.ai}", locale),
                )
            )
        else:
            mention = f"<@{seated.user_id}>"
            mark = seat_mark(lobby, seated.user_id, locale)
            seats.append(t("lobby.player_seat", locale, seat=n + 1, mention=mention) + mark)
    settings = live.settings
    deadline = (
        t(
            "lobby.deadline",
            locale,
            hours=round(settings.turn_deadline_s / 3600, 1),
            after=t(f"lobby.on_timeout.{settings.on_timeout}", locale),
        )
        if settings.turn_deadline_s
        else t("lobby.no_deadline", locale)
    )
    lines = [
        *choice_lines(live, locale),
        *lobby_lines(lobby if row.status == "lobby" else None, locale),
    ]
    embed.description = "\n".join(seats + ["", deadline, *lines])
    embed.set_footer(text=t("lobby.footer", locale, id=row.id))
    if row.status != "lobby":
        key = "lobby.started" if row.status != "ended" else "lobby.cancelled"
        if row.end_reason == "expired":
            key = "lobby.expired"
        embed.description += "\n\n" + t(key, locale)
        return {"embed": embed, "view": None}
    full = len(row.seat_rows) >= row.seats
    view = view_of(
        button(
            row.id,
            "join",
            label=t("lobby.join", locale),
            style=discord.ButtonStyle.success,
            disabled=full,
        ),
        button(row.id, "leave", label=t("lobby.leave", locale)),
        button(row.id, "start", label=t("lobby.start", locale), style=discord.ButtonStyle.primary),
        button(row.id, "cancel", label=t("lobby.cancel", locale), style=discord.ButtonStyle.danger),
        button(row.id, "addai", "greedy", label=t("lobby.add_ai", locale), disabled=full, row=1),
        button(
            row.id, "addai", "strong", label=t("lobby.add_strong_ai", locale), disabled=full, row=1
        ),
        *choice_selects(live, locale),
    )
    return {"embed": embed, "view": view}


async def redraw(click: Click, live: LiveMatch) -> None:
    """The lobby is public: it is drawn in the server's language."""
    language = await click.bot.languages.of_guild(live.row.guild_id)
    lobby = await click.bot.host.lobbies.of(live.id)
    await click.interaction.response.edit_message(**lobby_message(live, language, lobby))


@handles("join")
async def join(click: Click) -> None:
    host = click.bot.host
    live = await host.join(click.route.match_id, click.user_id, click.interaction.user.display_name)
    lobby = await host.lobbies.of(live.id)
    if lobby.ready:  # the last player the table named took their seat: it starts
        await answered(click.interaction.response.defer())
        await start_ready(click.bot, lobby, click.interaction, click.locale)
        return
    await redraw(click, live)


@handles("leave")
async def leave(click: Click) -> None:
    await redraw(click, await click.bot.host.leave(click.route.match_id, click.user_id))


@handles("addai")
async def add_ai(click: Click) -> None:
    """`addai:<level>` (a button from before the levels carries none: the easy one)."""
    level = click.route.arg or "greedy"
    if level not in LEVELS:
        raise HostError("lobby.bad_choice", "pick from the list on the table")
    live = await click.bot.host.add_ai(click.route.match_id, click.user_id, level)
    await redraw(click, live)


@handles(VERB)
async def choose(click: Click) -> None:
    """The host picked in a lobby choice's select: new match options, the lobby redrawn."""
    match_id = click.route.match_id
    live = await click.bot.host.get(match_id)
    changes = picked_options(live.row.game, click.route.arg, click.values)
    await redraw(click, await click.bot.host.set_options(match_id, click.user_id, changes))


@handles("cancel")
async def cancel(click: Click) -> None:
    await redraw(click, await click.bot.host.cancel(click.route.match_id, click.user_id))


@handles("start")
async def start(click: Click) -> None:
    bot = click.bot
    where = check_channel(click.interaction, click.locale)  # before anything starts
    try:
        outcome = await bot.host.start(click.route.match_id, click.user_id)
    except IllegalAction as exc:
        raise too_few(exc) from None
    live = outcome.match
    language = await bot.languages.of_guild(live.row.guild_id)
    await answered(click.interaction.response.edit_message(**lobby_message(live, language)))
    lobby = click.interaction.message
    await table_started(bot, outcome, lobby, where.use_thread, click.interaction, click.locale)


async def table_started(
    bot: Services,
    outcome: Outcome,
    lobby: discord.Message | discord.PartialMessage | None,
    use_thread: bool,
    interaction: discord.Interaction,
    locale: str,
) -> None:
    """A lobby started (its Start, or the last of its named players accepting): the table
    in a thread from the `lobby` message (or the channel), its first ping, the secrets."""
    live = outcome.match
    bot.deadlines.poke()
    # The table carries what AI seats played before the first human turn, and the first ping.
    content, waiting = await recap(bot, outcome, first_key="table.first_turn")
    table = begin_table(bot, live, lobby, use_thread, content, waiting)
    if not await attempt("the table", live.id, table):
        await attempt(
            "the no-table notice",
            live.id,
            reply(interaction, "⚠️ " + t("lobby.no_table", locale, id=live.id)),
        )
        return
    # The private information at the start, to everyone who asked for DMs.
    for row in live.row.seat_rows:
        if row.user_id is not None and row.seat not in bot.host.to_act(live):
            await send_private_dm(bot, live, row.seat, row.user_id, with_panel=False)
    await deliver_notices(bot, live, outcome)
    await prompt_by_dm(bot, live)


async def lobby_where(
    bot: Services, lobby: LobbyInfo
) -> tuple[TableChannel, discord.PartialMessage] | None:
    """The channel and message of a lobby, as posted; None if unknown or gone."""
    if lobby.channel_id is None or lobby.message_id is None:
        return None
    channel = bot.get_channel(lobby.channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(lobby.channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None
    return channel, channel.get_partial_message(lobby.message_id)


async def show_lobby(bot: Services, match_id: str, lobby: LobbyInfo | None = None) -> None:
    """Redraw a lobby's message where it is, after a change made elsewhere (an invitation's
    answer, a rematch, `/lutece tables`, its expiry)."""
    lobby = lobby or await bot.host.lobbies.of(match_id)
    found = await lobby_where(bot, lobby)
    if found is None:
        return
    live = await bot.host.get(match_id)
    language = await bot.languages.of_guild(live.row.guild_id)
    await attempt("the lobby", match_id, found[1].edit(**lobby_message(live, language, lobby)))


async def start_ready(
    bot: Services, lobby: LobbyInfo, interaction: discord.Interaction, locale: str
) -> None:
    """Every player the lobby named accepted: the table starts where the lobby is. When the
    bot may not post it there, or the seats no longer start a match, the lobby waits for
    its host's Start (who is then told why)."""
    found = await lobby_where(bot, lobby)
    if found is None:
        return
    channel, message = found
    me = channel.guild.me
    granted = channel.permissions_for(me) if me is not None else interaction.app_permissions
    where = placement(granted, in_thread=isinstance(channel, discord.Thread))
    if where.missing:
        await show_lobby(bot, lobby.match_id, lobby)
        return
    try:
        outcome = await bot.host.start(lobby.match_id, None)
    except IllegalAction:
        await show_lobby(bot, lobby.match_id)
        return
    language = await bot.languages.of_guild(outcome.match.row.guild_id)
    edit = message.edit(**lobby_message(outcome.match, language))
    await attempt("the lobby", lobby.match_id, edit)
    await table_started(bot, outcome, message, where.use_thread, interaction, locale)


def too_few(exc: IllegalAction) -> IllegalAction:
    """Too few seated to start: what to do about it (wait, or add an AI), rather than the
    game's range of players; any other refusal as it is."""
    params = exc.params
    wrong_count = exc.key in ("seats.out_of_range", "seats.exact")
    if not wrong_count or params.get("seats", 0) >= params.get("min", 0):
        return exc
    return HostError(
        "lobby.too_few", "wait for players or add an AI", n=params["min"] - params["seats"]
    )


def check_channel(interaction: discord.Interaction, locale: str) -> Placement:
    """Refuse, in one sentence, a channel where the bot lacks what a table needs."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    where = placement(interaction.app_permissions, in_thread=in_thread)
    if where.missing:
        raise HostError(
            "channel.missing_permissions",
            "the bot lacks permissions here",
            missing=missing_sentence(where.missing, locale),
        )
    return where


async def begin_table(
    bot: Services,
    live: LiveMatch,
    lobby: discord.Message | discord.PartialMessage | None,
    use_thread: bool,
    content: str,
    ping: list[int],
) -> bool:
    """Open the match thread from the lobby message when allowed, else play in the channel
    itself; post the table there, with `content` (the first ping) above it."""
    channel: TableChannel | None = None
    if use_thread and lobby is not None:
        language = await bot.languages.of_guild(live.row.guild_id)
        title = t(f"game.{live.row.game}", language)
        name = plain(t("table.thread", language, game=title, id=live.id), 100)
        channel = await attempt("the match thread", live.id, lobby.create_thread(name=name))
    if channel is None:
        channel = await table_channel(bot, live)
    if channel is None:
        return False
    await post_table(bot, live, channel, content=content, ping=ping)
    return True

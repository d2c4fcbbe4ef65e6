"""The lobby: a public message with the seats and Join / Leave / Add AI / Add strong AI /
Start / Cancel. The two AI buttons are the AI levels (games.core.ai.LEVELS), one convention
for every game: easy (the greedy seat) and strong (the search)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.permissions import Placement, missing_sentence, placement
from bot.ui import clocks
from bot.ui.clocks import clock_line, clock_select
from bot.ui.delivery import attempt, deliver_notices, prompt_by_dm, recap, send_private_dm
from bot.ui.lobby_choices import VERB, choice_lines, choice_selects, picked_options
from bot.ui.lobby_marks import lobby_lines, seat_mark
from bot.ui.reach import by_dm
from bot.ui.router import Click, answered, button, handles, reply, view_of
from bot.ui.safe_text import md, plain
from bot.ui.table import TableChannel, post_table, table_channel
from games.core.ai import LEVELS
from games.core.errors import IllegalAction
from games.host import HostError
from games.host.info import MatchInfo
from games.host.lobbies import LobbyInfo
from games.host.outcome import Outcome
from games.host.results import rating_plan

if TYPE_CHECKING:
    from bot.services import Services


def lobby_message(
    match: MatchInfo, locale: str | None = None, lobby: LobbyInfo | None = None
) -> dict[str, Any]:
    """The lobby as everybody sees it; `lobby`: who it named and how they answered."""
    embed = discord.Embed(
        title=t("lobby.title", locale, game=t(f"game.{match.game}", locale)),
        colour=discord.Colour.blurple(),
    )
    seats = []
    for n in range(match.size):
        seated = match.seats[n] if n < len(match.seats) else None
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
    settings = match.settings
    rating = t(f"lobby.rating.{rating_plan(settings, match.seats)}", locale)
    lines = [
        rating,
        *choice_lines(match, locale),
        *lobby_lines(lobby if match.status == "lobby" else None, locale),
    ]
    embed.description = "\n".join(seats + ["", clock_line(settings, locale), *lines])
    embed.set_footer(text=t("lobby.footer", locale, id=match.id))
    if match.status != "lobby":
        key = "lobby.started" if match.status != "ended" else "lobby.cancelled"
        if match.end_reason == "expired":
            key = "lobby.expired"
        embed.description += "\n\n" + t(key, locale)
        return {"embed": embed, "view": None}
    full = len(match.seats) >= match.size
    view = view_of(
        button(
            match.id,
            "join",
            label=t("lobby.join", locale),
            style=discord.ButtonStyle.success,
            disabled=full,
        ),
        button(match.id, "leave", label=t("lobby.leave", locale)),
        button(
            match.id, "start", label=t("lobby.start", locale), style=discord.ButtonStyle.primary
        ),
        button(
            match.id, "cancel", label=t("lobby.cancel", locale), style=discord.ButtonStyle.danger
        ),
        button(match.id, "addai", "greedy", label=t("lobby.add_ai", locale), disabled=full, row=1),
        button(
            match.id,
            "addai",
            "strong",
            label=t("lobby.add_strong_ai", locale),
            disabled=full,
            row=1,
        ),
        *choice_selects(match, locale),
        clock_select(match.id, settings, locale),
    )
    return {"embed": embed, "view": view}


async def redraw(click: Click, match: MatchInfo) -> None:
    """The lobby is public: it is drawn in the server's language."""
    language = await click.bot.languages.of_guild(match.guild_id)
    lobby = await click.bot.host.lobbies.of(match.id)
    await click.interaction.response.edit_message(**lobby_message(match, language, lobby))


@handles("join")
async def join(click: Click) -> None:
    host = click.bot.host
    match = await host.join(
        click.route.match_id, click.user_id, click.interaction.user.display_name
    )
    lobby = await host.lobbies.of(match.id)
    if lobby.ready:  # the last player the table named took their seat: it starts
        await answered(click.interaction.response.defer())
        await start_ready(click.bot, lobby, click.interaction, click.locale)
        return
    await redraw(click, match)


@handles("leave")
async def leave(click: Click) -> None:
    await redraw(click, await click.bot.host.leave(click.route.match_id, click.user_id))


@handles("addai")
async def add_ai(click: Click) -> None:
    """`addai:<level>` (a button from before the levels carries none: the easy one)."""
    level = click.route.arg or "greedy"
    if level not in LEVELS:
        raise HostError("lobby.bad_choice", "pick from the list on the table")
    await redraw(click, await click.bot.host.add_ai(click.route.match_id, click.user_id, level))


@handles(VERB)
async def choose(click: Click) -> None:
    """The host picked in a lobby choice's select: new match options, the lobby redrawn."""
    match_id = click.route.match_id
    match = await click.bot.host.get(match_id)
    changes = picked_options(match.game, click.route.arg, click.values)
    await redraw(click, await click.bot.host.set_options(match_id, click.user_id, changes))


@handles(clocks.VERB)
async def choose_clock(click: Click) -> None:
    """The host picked the table's clock: stored, and the lobby redrawn."""
    if len(click.values) != 1:
        raise HostError("lobby.bad_choice", "pick from the list on the table")
    match = await click.bot.host.set_clock(click.route.match_id, click.user_id, click.values[0])
    await redraw(click, match)


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
    match = outcome.info
    language = await bot.languages.of_guild(match.guild_id)
    await answered(click.interaction.response.edit_message(**lobby_message(match, language)))
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
    match = outcome.info
    bot.deadlines.poke()
    # The table carries what AI seats played before the first human turn, and the first ping.
    prompted = await by_dm(bot, match.users_to_act())
    content, waiting = await recap(bot, outcome, first_key="table.first_turn", prompted=prompted)
    table = begin_table(bot, match, lobby, use_thread, content, waiting)
    if not await attempt("the table", match.id, table):
        await attempt(
            "the no-table notice",
            match.id,
            reply(interaction, "⚠️ " + t("lobby.no_table", locale, id=match.id)),
        )
        return
    # The private information at the start, to everyone who asked for DMs.
    for seated in match.seats:
        if seated.user_id is not None and seated.seat not in match.to_act:
            await send_private_dm(bot, match, seated.seat, seated.user_id, with_panel=False)
    await deliver_notices(bot, match, outcome)
    await prompt_by_dm(bot, match)


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
    match = await bot.host.get(match_id)
    language = await bot.languages.of_guild(match.guild_id)
    await attempt("the lobby", match_id, found[1].edit(**lobby_message(match, language, lobby)))


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
    language = await bot.languages.of_guild(outcome.info.guild_id)
    edit = message.edit(**lobby_message(outcome.info, language))
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
    match: MatchInfo,
    lobby: discord.Message | discord.PartialMessage | None,
    use_thread: bool,
    content: str,
    ping: list[int],
) -> bool:
    """Open the match thread from the lobby message when allowed, else play in the channel
    itself; post the table there, with `content` (the first ping) above it."""
    channel: TableChannel | None = None
    if use_thread and lobby is not None:
        language = await bot.languages.of_guild(match.guild_id)
        title = t(f"game.{match.game}", language)
        name = plain(t("table.thread", language, game=title, id=match.id), 100)
        channel = await attempt("the match thread", match.id, lobby.create_thread(name=name))
    if channel is None:
        channel = await table_channel(bot, match.id)
    if channel is None:
        return False
    await post_table(bot, match, channel, content=content, ping=ping)
    return True

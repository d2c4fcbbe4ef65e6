"""After a change is stored: the recap and ping, the table, the DMs — each on its own.

The move is in the database before any of this runs, so a Discord error here can never mean
"the move failed": every follow-up is attempted separately, a failure is logged (without game
data) and the others still go out. Per move the bot makes three REST calls: the interaction
answer, one new message in the table's thread (recap + ping: edits do not notify, and a new
message also unarchives a quiet thread) and one edit of the table. A move that hands the turn
to AI seats only edits the table in place; their replies post the fresh one (`extended`).

Pings name their users explicitly: the client's default `allowed_mentions` is none, so a
player called "@everyone" or "<@&role>" pings nobody.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Collection, Iterable
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.games import adapter_for
from bot.i18n import language_of, t
from bot.ui.layout import Card
from bot.ui.panel import panel, text_names
from bot.ui.reach import by_dm
from bot.ui.table import (
    extend_table,
    lost,
    move_to_channel,
    repost_table,
    table_channel,
    table_lock,
)
from games.core.contract import Event
from games.host import HostError
from games.host.info import MatchInfo
from games.host.outcome import Outcome
from games.host.rows import Notice, UserPrefs

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)
MAX_CONTENT = 2000
T = TypeVar("T")


def ping_only(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Mentions that notify exactly these users: no roles, no @everyone, no reply ping."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in user_ids]
    )


async def attempt(what: str, match_id: str, call: Awaitable[T]) -> T | None:
    """One follow-up of a stored change: a Discord error is logged, never raised."""
    try:
        return await call
    except discord.HTTPException as exc:
        log.warning(
            "match %s: %s failed (HTTP %s, code %s); the stored change stands",
            match_id,
            what,
            exc.status,
            exc.code,
        )
        return None


def mentions(user_ids: Iterable[int]) -> str:
    return " ".join(f"<@{u}>" for u in user_ids)


async def post(
    bot: Services, match_id: str, content: str, ping: Iterable[int] = ()
) -> discord.Message | None:
    """A new message in the table's thread (which unarchives it); when the thread is gone or
    locked, the table moves to the match's channel and the message follows it there."""
    ping = list(ping)
    channel = await table_channel(bot, match_id)
    if channel is None:
        channel = await move_to_channel(bot, match_id)
        if channel is None:
            return None
    try:
        return await channel.send(fit([content]), allowed_mentions=ping_only(ping))
    except discord.HTTPException as exc:
        if not lost(exc, channel):
            raise
    moved = await move_to_channel(bot, match_id)
    if moved is None:
        return None
    return await moved.send(fit([content]), allowed_mentions=ping_only(ping))


async def recap(
    bot: Services,
    outcome: Outcome,
    first_key: str = "table.your_turn",
    *,
    prompted: Collection[int] = (),
) -> tuple[str, list[int]]:
    """What happened (public events), then the ping of whoever must act, in the server's
    language; and the users to ping: all named, but those `prompted` by DM are not pinged
    (a turn reaches its player once, see bot/ui/reach.py)."""
    match = outcome.info
    names = text_names(match)
    adapter = adapter_for(match.game)
    language = await bot.languages.of_guild(match.guild_id)
    lines = adapter.recap_lines(outcome.public_events(), names, language)
    waiting = match.users_to_act()
    if waiting:
        lines.append(t(first_key, language, mentions=mentions(waiting)))
    elif outcome.finished and (result := match.result) is not None:
        lines.append(
            t("table.game_over", language, winners=", ".join(names[s] for s in result.winners))
        )
    return fit(lines) if lines else "", [u for u in waiting if u not in prompted]


async def wake_ai(bot: Services, match_id: str, *, patient: bool = False) -> None:
    """AI seats to act play now and the table shows it: after a move whose click was
    answered first (`patient`), or when a stopped process left them waiting. A match whose
    AI is thinking right now (its lock is held) is left to that call. An error here is
    logged, never reported to the person whose move is already stored and answered."""
    host = bot.host
    match = host.peek(match_id)
    if (not patient and host.busy(match_id)) or (
        match is not None and not any(match.ai_of(s) for s in match.to_act)
    ):
        return
    try:
        outcome = await host.wake_ai(match_id, patient=patient)
    except HostError:  # the match ended or went away meanwhile: nothing to wake
        return
    except Exception:
        log.exception("match %s: the AI seats could not play; the next touch retries", match_id)
        return
    if outcome.applied:
        await announce(bot, outcome)


async def announce(bot: Services, outcome: Outcome) -> None:
    """After actions were applied: the new table at the bottom of the thread carrying the
    recap and the ping (the board stays in view), the private notices, prompts by DM."""
    match = outcome.info
    bot.deadlines.poke()  # the turn changed, and with it the deadline
    if not outcome.applied:
        return
    prompted = await by_dm(bot, match.users_to_act())
    await attempt("the table", match.id, show_table(bot, match.id, outcome, prompted))
    await deliver_notices(bot, match, outcome)
    await prompt_by_dm(bot, match)


async def show_table(
    bot: Services, match_id: str, outcome: Outcome | None, prompted: Collection[int] = ()
) -> None:
    """The fresh table with the recap of every move it has not shown: `outcome`'s, and any
    that a stop or a Discord error kept from an earlier table (replayed from the log). Its
    stored `table_version` is read under the table's lock, so two of these never tell one
    move twice, and a table already past `outcome` (a later move posted it) stays. Players
    `prompted` by DM are named but not pinged; a table left behind (no `outcome`) pings
    everyone, since whether its DMs went out is not known."""
    async with table_lock(bot, match_id):
        match = await bot.host.get(match_id)  # as it is now, under the lock
        shown = match.table_version
        if outcome is not None and shown >= outcome.applied[-1].version:
            return
        if (
            outcome is None
            or shown != outcome.applied[0].version - 1
            or (outcome.applied[-1].version != match.version)
        ):
            outcome = await bot.host.since(match_id, shown)
            if not outcome.applied:
                return
        content, waiting = await recap(bot, outcome, prompted=prompted)
        if not await extended(bot, outcome.info, content):
            await repost_table(bot, outcome.info, content, waiting)


async def extended(bot: Services, match: MatchInfo, content: str) -> bool:
    """One fresh table per person's move: a move after which only AI seats are to act is
    shown at once by editing the current table, its recap extended (nobody is to be called,
    and an edit notifies nobody); the AIs' replies then post the fresh table with their
    recaps and the ping of whom they hand the turn to. False when the table must be posted
    afresh: someone is to be called, or the match is over."""
    if match.status != "active" or match.users_to_act():
        return False
    return await extend_table(bot, match, content)


async def catch_up(bot: Services, match_id: str) -> None:
    """When a match is touched, a table left behind it (a stop between a stored move and
    its table, a Discord error) is posted afresh with the recap and ping it missed; cheap
    when the table is current: one comparison."""
    match = bot.host.peek(match_id)
    if match is None or not match.started or match.status not in ("active", "finished"):
        return
    if match.table_version < match.version:
        await attempt("the table", match_id, show_table(bot, match_id, None))


def dm_language(prefs: UserPrefs) -> str:
    """A DM is read in the language the player chose, else their client's last seen."""
    return prefs.language or language_of(prefs.locale)


def notice_lines(match: MatchInfo, events: list[Event], locale: str | None) -> list[str]:
    """Private events told to their seat ("you drew…"), as lines."""
    adapter, names = adapter_for(match.game), text_names(match)
    return [line for e in events if (line := adapter.describe(e, names, locale))]


async def deliver_notices(bot: Services, match: MatchInfo, outcome: Outcome) -> None:
    """Each seat's private events reach its player only: by DM when they asked for DMs,
    else at the top of their next panel or secrets answer (fresh ephemerals of their own
    clicks: an old ephemeral's token may have expired). Those are kept with the match in
    the database until shown, so a restart in between forgets none."""
    for seat, events in outcome.notices().items():
        user_id = match.seats[seat].user_id
        if user_id is None:
            continue  # an AI seat
        prefs = await bot.host.prefs.get(user_id)
        if prefs.dms and not prefs.dms_closed:
            text = "\n".join(notice_lines(match, events, dm_language(prefs)))
            if text and await send_dm(bot, match, user_id, text):
                continue
        # Keyed by the outcome's last version: each outcome's notices are stored once.
        await bot.host.notices.keep(match.id, seat, outcome.applied[-1].version, events)


async def waiting_notices(
    bot: Services, match: MatchInfo, seat: int, locale: str | None
) -> tuple[list[str], list[Notice]]:
    """The lines of the private events waiting for the seat's player (for the answer to their
    own click), and the notices to drop with `notices_shown` once that answer went out."""
    events, waiting = await bot.host.notices.waiting(match.id, seat)
    return notice_lines(match, events, locale), waiting


async def notices_shown(bot: Services, match: MatchInfo, shown: list[Notice]) -> None:
    """Delete notices only after the answer that showed them went out: none is lost."""
    await bot.host.notices.drop(match.id, shown)


def private_lines(bot: Services, match: MatchInfo, seat: int, locale: str | None) -> str:
    """What only `seat` may know, from its own view (its marker, its hand)."""
    view = bot.host.view(match, seat)
    return adapter_for(match.game).private_text(view, text_names(match), locale)


def fit(lines: list[str]) -> str:
    """Join lines into one message under Discord's limit, keeping the last (the ping)."""
    text = "\n".join(lines)
    if len(text) <= MAX_CONTENT:
        return text
    tail = lines[-1][:MAX_CONTENT]
    head = "\n".join(lines[:-1])[: MAX_CONTENT - len(tail) - 2]
    return f"{head}…\n{tail}"[:MAX_CONTENT]


async def prompt_by_dm(bot: Services, match: MatchInfo) -> None:
    """DM the players to act who opted in: their secret and the first step of the panel."""
    for seated in match.seats:
        if seated.user_id is not None and seated.seat in match.to_act:
            await send_private_dm(bot, match, seated.seat, seated.user_id, with_panel=True)


async def send_private_dm(
    bot: Services, match: MatchInfo, seat: int, user_id: int, *, with_panel: bool
) -> bool:
    """One DM with the seat's private view (and the panel); False if DMs are off or closed."""
    prefs = await bot.host.prefs.get(user_id)
    if not prefs.dms or prefs.dms_closed:
        return False
    language = dm_language(prefs)
    text = private_lines(bot, match, seat, language)
    if not with_panel:
        return await send_dm(bot, match, user_id, text)
    # The panel's card without its picture (the table in the thread shows the board).
    card = (await panel(bot, match, seat, (), language)).without_pictures()
    return await send_dm(bot, match, user_id, text, card=card)


async def send_dm(
    bot: Services, match: MatchInfo, user_id: int, text: str, card: Card | None = None
) -> bool:
    """A DM headed with the match, to a player who opted in (above `card`, a panel, if one
    goes with it: a card's words are all in it); False if it could not go.

    Closed DMs are remembered and said once in the table's thread; any other Discord error
    is only logged (the player still has the table's buttons)."""
    prefs = await bot.host.prefs.get(user_id)
    language = dm_language(prefs)
    head = t("dm.header", language, game=t(f"game.{match.game}", language), id=match.id)
    try:
        # create_dm reuses the cached DM channel; no GET /users/{id} before every prompt.
        dm = await bot.create_dm(discord.Object(user_id))
        if card is None:
            await dm.send(fit([head + "\n" + text]))
        else:
            await dm.send(**card.led_by(fit([head + "\n" + text])).message())
        return True
    except discord.Forbidden:
        await bot.host.prefs.dms_closed(user_id)
        public = await bot.languages.of_guild(match.guild_id)
        notice = t("dm.closed", public, mention=f"<@{user_id}>")
        await attempt("the closed-DM notice", match.id, post(bot, match.id, notice, [user_id]))
        return False
    except discord.HTTPException as exc:
        log.warning("match %s: a DM failed (HTTP %s, code %s)", match.id, exc.status, exc.code)
        return False

"""The public table message: what it shows, where it lives, and keeping it current.

Real Discord archives a quiet thread (edits then fail with 50083, a new message unarchives
it), and admins lock or delete threads. So the table is edited where it is, its thread is
unarchived when an edit is refused, and when the thread is gone or locked the table moves to
the channel the match was opened in, as `/admin resume` does. The version the table shows is
stored, so a table left behind (a Discord error, a stop) is brought up to date at the next
chance (`bot.ui.delivery.catch_up`).

The table is a card (`bot.ui.layout`): the recap and ping above, then its title, picture,
status and buttons in one container, so that on a phone the picture never pushes its
buttons off the screen. The recap is what each table says of its own (a past table keeps it).
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel

from bot.games import adapter_for
from bot.i18n import t
from bot.ui.layout import Card
from bot.ui.panel import text_names
from bot.ui.pictures import Summary
from bot.ui.router import button
from bot.ui.safe_text import md
from games.core.contract import Result
from games.host.info import MatchInfo

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)
ARCHIVED = 50083  # "Thread is archived": an edit in an archived thread
LOCKED = 160005  # "Thread is locked": a post in a locked thread
UNKNOWN_CHANNEL, UNKNOWN_MESSAGE = 10003, 10008
MAX_CONTENT = 2000  # Discord's limit for a message's text
MENTION = re.compile(r"<@!?[0-9]+>")
ACCENT = discord.Colour.dark_teal()
# Where a table can live: the guild channels and threads that take messages.
TableChannel = discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel
# What each current table message says, as posted (per bot: a restarted bot knows nothing):
# retiring it at the next move keeps its recap and drops its turn line without fetching it
# back, within the REST calls of a move. A table posted before a restart is fetched once.
_posted: weakref.WeakKeyDictionary[Services, dict[int, str]] = weakref.WeakKeyDictionary()


def title(match: MatchInfo, locale: str | None) -> str:
    """The table's heading: the game's name."""
    return "### " + t("table.title", locale, game=t(f"game.{match.game}", locale))


def table_card(
    match: MatchInfo,
    view: BaseModel,
    result: Result | None,
    png: bytes,
    locale: str | None = None,
    summary: Summary | None = None,
    recap: str = "",
    board: bool = False,
    activity: bool = False,
) -> Card:
    """The table as everybody sees it: `recap` above (what happened, whom it calls), then
    its title, picture, status and buttons in one card; a finished match's carries its
    animated `summary` and Replay and Rematch buttons. With `board` (the web board is
    configured), a running match's carries Open in browser (`bot.ui.board_links`); with
    `activity` (the Activity is set up too), Play on the board (`bot.ui.activity_launch`)."""
    adapter = adapter_for(match.game)
    names = text_names(match)
    if match.status == "ended":
        lines = [t("table.ended", locale, reason=md(match.end_reason or "—", 200))]
    elif result is not None:
        lines = [t("table.finished", locale)] + adapter.result_lines(result, names, locale)
    else:
        lines = adapter.status_lines(view, names, locale)
    ended = lines[0] if match.status == "ended" else None
    alt = adapter.alt_text(
        view, names, locale, result=result, events=match.last_events, headline=ended
    )
    footer = "-# " + t("table.footer", locale, id=match.id, version=match.version)
    pictures = [discord.File(io.BytesIO(png), filename="table.png", description=alt)]
    buttons: list[discord.ui.Item[Any]] = []
    if match.status == "active":
        buttons = [
            button(
                match.id,
                "turn",
                label=t("table.take_turn", locale),
                style=discord.ButtonStyle.primary,
            ),
            button(match.id, "mine", label=t(adapter.private_label, locale)),
            button(match.id, "rules", label=t("table.rules", locale)),
        ]
        if board:
            buttons.append(button(match.id, "link", label=t("web.open_board", locale)))
        if activity:
            buttons.append(button(match.id, "board", label=t("table.play_on_board", locale)))
    elif result is not None:  # finished: watch it again (bot.ui.replay), or play it again
        buttons = [
            button(match.id, "replay", label=t("table.replay", locale)),
            button(match.id, "rematch", label=t("table.rematch", locale)),  # bot.ui.rematch
        ]
    if summary is not None:
        game = t(f"game.{summary.game}", locale)
        alt = t("replay.summary_alt", locale, game=game, n=summary.moves)
        gif = discord.File(io.BytesIO(summary.gif), filename="summary.gif", description=alt[:1024])
        pictures.append(gif)
    return Card(
        texts=[title(match, locale), "\n".join([*lines, footer])],
        pictures=pictures,
        rows=[buttons] if buttons else [],
        head=recap,
        accent=ACCENT,
    )


async def table_payload(bot: Services, match: MatchInfo, recap: str = "") -> Card:
    """`table_card` from the host's public view, in the server's language, the picture
    drawn in a worker thread; once the match finished, with its animated summary.

    The picture is drawn once per match version (`bot.ui.pictures`), off the event loop.
    """
    language = await bot.languages.of_guild(match.guild_id)
    png = await bot.pictures.table(match, language)
    result = match.result
    summary = None if result is None else await _summary(bot, match.id, language)
    view = bot.host.view(match, None)
    board = bot.config.web is not None
    activity = bot.config.activity
    return table_card(match, view, result, png, language, summary, recap, board, activity)


async def _summary(bot: Services, match_id: str, language: str) -> Summary | None:
    """The finished match's animated summary; None should it fail to be made: the final
    table goes out without it rather than not at all."""
    try:
        return await bot.pictures.summary(match_id, language)
    except Exception:
        log.exception("match %s: its animated summary could not be made", match_id)
        return None


def table_lock(bot: Services, match_id: str) -> asyncio.Lock:
    """Serialises the table updates of one match, so an older picture never lands last."""
    lock = bot.table_locks.get(match_id)
    if lock is None:
        lock = bot.table_locks[match_id] = asyncio.Lock()
    return lock


async def table_channel(bot: Services, match_id: str) -> TableChannel | None:
    """The thread (or channel) the table lives in now (a follow-up may have moved it since
    its caller read the match), fetched if not cached; None if gone."""
    channel_id = (await bot.host.get(match_id)).where
    if channel_id is None:
        return None
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None
    return channel  # only table channels are stored as a match's channel or thread


async def post_table(
    bot: Services,
    match: MatchInfo,
    channel: TableChannel,
    *,
    restored: bool = False,
    content: str = "",
    ping: Sequence[int] = (),
) -> discord.Message:
    """A new table message (a start, a move, a restore, or a move out of a lost thread),
    with `content` above it (the recap and the ping of `ping`'s users)."""
    if restored:
        content = t("table.restored", await bot.languages.of_guild(match.guild_id))
    card = await table_payload(bot, match, content)
    version = match.version
    mentions = discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in ping]
    )
    message = await channel.send(allowed_mentions=mentions, **card.message())
    _posted.setdefault(bot, {})[message.id] = content
    # `thread_id` names wherever the table lives: its thread, or a channel (no thread).
    await bot.host.set_table(
        match.id,
        thread_id=channel.id,
        table_message_id=message.id,
        table_version=version,
    )
    return message


async def move_to_channel(
    bot: Services, match_id: str, content: str = "", ping: Sequence[int] = ()
) -> TableChannel | None:
    """The table's thread is gone, locked or closed to the bot: carry on in the channel the
    match was opened in, with a fresh table there (with `content`, else a "restored" line).
    None if that is impossible too (or the table left its thread already)."""
    match = await bot.host.get(match_id)
    if match.thread_id in (None, match.channel_id) or match.channel_id is None:
        return None
    log.warning(
        "match %s: its thread can no longer be used; the table moves to its channel", match_id
    )
    match = await bot.host.set_table(match_id, thread_id=None, table_message_id=None)
    channel = await table_channel(bot, match_id)
    if channel is None:
        return None
    await post_table(bot, match, channel, restored=not content, content=content, ping=ping)
    return channel


def lost(exc: discord.HTTPException, channel: Any) -> bool:
    """Whether the error means the table's thread cannot be used any more: deleted, or
    locked (a locked thread refuses the bot and cannot be unarchived by it). Other errors,
    missing permissions included, leave the table where it is, to be retried later: moving
    it to the parent channel would not help, the thread inherits its permissions."""
    if exc.code in (ARCHIVED, LOCKED, UNKNOWN_CHANNEL):
        return True
    return isinstance(channel, discord.Thread) and bool(channel.locked)


async def unarchive(bot: Services, channel: Any) -> bool:
    """Unarchive the table's thread (an edit there was refused); False if that fails."""
    if not isinstance(channel, discord.Thread):
        return False
    try:
        await channel.edit(archived=False)
        return True
    except discord.HTTPException:
        return False


async def refresh_table(bot: Services, match_id: str) -> None:
    """Edit the table in place: unarchive its thread if needed, post a fresh one if the old
    message is gone, move it to the match's channel if its thread is. Raises the Discord
    error when none of this worked (the stored version then says the table is behind)."""
    async with table_lock(bot, match_id):
        channel = await table_channel(bot, match_id)
        if channel is None:
            if await move_to_channel(bot, match_id) is None:
                log.warning(
                    "match %s: no channel for its table; /admin resume re-posts it", match_id
                )
            return
        match = await bot.host.get(match_id)  # the latest state, drawn under the lock
        if match.table_message_id is None:
            await post_table(bot, match, channel, restored=True)
            return
        message = channel.get_partial_message(match.table_message_id)
        said = await _text_of(bot, message, forget=False) or ""  # its recap stays
        quiet = discord.AllowedMentions.none()
        try:
            await message.edit(
                allowed_mentions=quiet, **(await table_payload(bot, match, said)).edit()
            )
        except discord.HTTPException as exc:
            if exc.code == ARCHIVED and await unarchive(bot, channel):
                card = await table_payload(bot, match, said)
                await message.edit(allowed_mentions=quiet, **card.edit())
            elif exc.code == UNKNOWN_MESSAGE:
                await post_table(bot, match, channel, restored=True)
                return
            elif lost(exc, channel):
                await move_to_channel(bot, match_id)
                return
            else:
                raise
        await bot.host.set_table(match_id, table_version=match.version)


async def repost_table(bot: Services, match: MatchInfo, content: str, ping: Sequence[int]) -> None:
    """After a move: the fresh table as a new message at the bottom of the thread, carrying
    the recap and the ping (a new message notifies, and unarchives a quiet thread), then the
    previous table retired to its title (its recap stays; its turn line, picture and buttons go).
    Three REST calls per move with the interaction's answer. The caller holds `table_lock`
    (it decides under the lock what the recap must tell)."""
    channel = await table_channel(bot, match.id)
    if channel is None:
        if await move_to_channel(bot, match.id, content, ping) is None:
            log.warning("match %s: no channel for its table; /admin resume re-posts it", match.id)
        return
    old = match.table_message_id
    try:
        await post_table(bot, match, channel, content=content, ping=ping)
    except discord.HTTPException as exc:
        if not lost(exc, channel) or await move_to_channel(bot, match.id, content, ping) is None:
            raise
        return  # the old table went with its thread
    if old is not None:
        await retire(bot, match, channel, old)


async def extend_table(bot: Services, match: MatchInfo, recap: str) -> bool:
    """Edit the current table in place to show `match`, its text extended by `recap` (the
    new moves'; its old turn line goes): a move that calls nobody is shown at once without
    a new message (an edit notifies nobody, and nobody needs it). False when it cannot be
    (its message or thread is gone, Discord refused): the caller posts a fresh table
    instead. The caller holds `table_lock`."""
    channel = await table_channel(bot, match.id)
    if channel is None or match.table_message_id is None:
        return False
    message = channel.get_partial_message(match.table_message_id)
    said = await _text_of(bot, message, forget=False)
    if said is None:
        return False
    content = recap_after(without_turn(said), recap)
    try:
        await _edit_unarchiving(bot, match, channel, message, content)
    except discord.HTTPException as exc:
        log.info(
            "match %s: the table was not edited (code %s); a fresh one goes", match.id, exc.code
        )
        return False
    _posted.setdefault(bot, {})[message.id] = content
    await bot.host.set_table(match.id, table_version=match.version)
    return True


async def _edit_unarchiving(
    bot: Services, match: MatchInfo, channel: Any, message: discord.PartialMessage, content: str
) -> None:
    """One edit of the table to `match` and `content`; refused because its thread archived,
    the thread is unarchived and the edit made again (with files anew: a sent file is spent)."""
    quiet = discord.AllowedMentions.none()
    for again in (False, True):
        try:
            card = await table_payload(bot, match, content)
            await message.edit(allowed_mentions=quiet, **card.edit())
            return
        except discord.HTTPException as exc:
            if again or exc.code != ARCHIVED or not await unarchive(bot, channel):
                raise


def recap_after(said: str, recap: str) -> str:
    """A table's text with `recap` below it, within Discord's 2000 characters: the oldest
    lines give way."""
    lines = [line for part in (said, recap) if part for line in part.split("\n")]
    while len(lines) > 1 and len("\n".join(lines)) > MAX_CONTENT:
        lines.pop(0)
    return "\n".join(lines)[-MAX_CONTENT:]


async def retire(bot: Services, match: MatchInfo, channel: Any, message_id: int) -> None:
    """A past table keeps its recap and title; its turn line, picture and buttons go (one
    edit): scrolling up must not show a turn long gone as someone's turn."""
    language = await bot.languages.of_guild(match.guild_id)
    message = channel.get_partial_message(message_id)
    said = await _text_of(bot, message)
    card = Card(texts=[title(match, language)], head=without_turn(said or ""), accent=ACCENT)
    try:
        await message.edit(allowed_mentions=discord.AllowedMentions.none(), **card.edit())
    except discord.HTTPException as exc:  # a past table that stays as it was is harmless
        log.info("match %s: a past table was not retired (code %s)", match.id, exc.code)


async def _text_of(
    bot: Services, message: discord.PartialMessage, *, forget: bool = True
) -> str | None:
    """The recap a table message carries above its card: remembered since it was posted
    (and forgotten once it is retired), else (posted before a restart) fetched; None if
    that fails."""
    posted = _posted.setdefault(bot, {})
    known = posted.pop(message.id, None) if forget else posted.get(message.id)
    if known is not None:
        return known
    try:
        fetched = await message.fetch()
    except discord.HTTPException:
        return None
    said = recap_of(fetched)
    if not forget:
        posted[message.id] = said
    return said


def recap_of(message: discord.Message) -> str:
    """The text above a table's card (its first component, outside the container); a table
    posted before tables were cards kept it as its content."""
    if not message.flags.components_v2:
        return message.content
    first = message.components[0] if message.components else None
    return first.content if isinstance(first, discord.TextDisplay) else ""


def without_turn(content: str) -> str:
    """A table's text without its turn ping: the lines that mention someone (names are
    escaped everywhere else, see `safe_text.md`, so only pings hold mentions)."""
    return "\n".join(line for line in content.split("\n") if not MENTION.search(line))

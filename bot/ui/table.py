"""The public table message, recaps, turn pings and DM prompts after every change.

Per action the bot makes as few REST calls as it can: the interaction answer, one edit of the
table (embed + picture) and one new message that recaps what happened and pings whoever must
act next (an edit would not notify). DMs go only to players who opted in.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.adapters import adapter_for
from bot.i18n import t
from bot.ui.panel import names_of, panel
from bot.ui.router import button, view_of
from games.outcome import LiveMatch, Outcome

if TYPE_CHECKING:
    from bot.app import LuteceBot

log = logging.getLogger(__name__)
MAX_CONTENT = 2000


def table_message(live: LiveMatch, locale: str | None = None, *,
                  png: bytes | None = None) -> dict[str, Any]:  # fmt: skip
    """Embed, picture and buttons of the table as everybody sees it (`png`: pre-rendered)."""
    game, adapter = live.game, adapter_for(live.row.game)
    names = names_of(live)
    view = game.view(live.state, None)
    embed = discord.Embed(title=t("table.title", locale, game=t(f"game.{live.row.game}", locale)),
                          colour=discord.Colour.dark_teal())  # fmt: skip
    result = game.result(live.state)
    if live.row.status == "ended":
        lines = [t("table.ended", locale, reason=live.row.end_reason or "—")]
    elif result is not None:
        lines = [t("table.finished", locale)] + adapter.result_lines(result, names, locale)
    else:
        lines = adapter.status_lines(view, names, locale)
    embed.description = "\n".join(lines)[:4000]
    embed.set_image(url="attachment://table.png")
    embed.set_footer(text=t("table.footer", locale, id=live.id, version=live.row.version))
    if png is None:
        png = adapter.render(view, names)
    message: dict[str, Any] = {
        "embed": embed,
        "attachments": [discord.File(io.BytesIO(png), filename="table.png")],
    }
    if live.row.status == "active":
        message["view"] = view_of(
            button(live.id, "turn", label=t("table.take_turn", locale),
                   style=discord.ButtonStyle.primary),
            button(live.id, "mine", label=t(adapter.private_label, locale)),
            button(live.id, "rules", label=t("table.rules", locale)),
        )  # fmt: skip
    else:
        message["view"] = None
    return message


async def table_payload(live: LiveMatch, locale: str | None = None) -> dict[str, Any]:
    """`table_message`, with the picture drawn in a worker thread.

    Drawing takes tens of milliseconds; on the event loop it would delay the answers to
    every other interaction (on every table) by as much.
    """
    view, names = live.game.view(live.state, None), names_of(live)
    png = await asyncio.to_thread(adapter_for(live.row.game).render, view, names)
    return table_message(live, locale, png=png)


def table_lock(bot: LuteceBot, match_id: str) -> asyncio.Lock:
    """Serialises the table updates of one match, so an older picture never lands last."""
    return bot.table_locks.setdefault(match_id, asyncio.Lock())


async def table_channel(bot: LuteceBot, live: LiveMatch) -> discord.abc.Messageable | None:
    """The thread (or channel) the table lives in, fetched if not cached."""
    channel_id = live.row.thread_id or live.row.channel_id
    if channel_id is None:
        return None
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None
    return channel  # type: ignore[return-value]


async def post_table(bot: LuteceBot, live: LiveMatch, channel: discord.abc.Messageable,
                     *, restored: bool = False) -> discord.Message:  # fmt: skip
    """A new table message (a start, or a restore after the old one is gone)."""
    payload = await table_payload(live)
    files = payload.pop("attachments")
    if restored:
        payload["content"] = t("table.restored", None)
    message = await channel.send(files=files, **payload)
    live.row.table_message_id = message.id
    await bot.host.store.update_match(live.id, table_message_id=message.id)
    return message


async def refresh_table(bot: LuteceBot, live: LiveMatch) -> None:
    """Edit the table in place; post a fresh one if the old message or thread is gone."""
    channel = await table_channel(bot, live)
    if channel is None:
        log.warning("match %s: its channel is gone; an admin can /admin resume it", live.id)
        return
    async with table_lock(bot, live.id):
        if live.row.table_message_id is not None:
            payload = await table_payload(live)  # the latest state, drawn under the lock
            try:
                await channel.get_partial_message(live.row.table_message_id).edit(**payload)  # type: ignore[attr-defined]
                return
            except discord.NotFound:
                pass
        await post_table(bot, live, channel, restored=True)


async def announce(bot: LuteceBot, outcome: Outcome) -> None:
    """After actions were applied: edit the table, recap, ping, prompt by DM."""
    live = outcome.match
    bot.deadlines.poke()  # the turn changed, and with it the deadline
    if not outcome.applied:
        return
    await refresh_table(bot, live)
    channel = await table_channel(bot, live)
    if channel is None:
        return
    names = names_of(live)
    adapter = adapter_for(live.row.game)
    lines = [line for e in outcome.public_events() if (line := adapter.describe(e, names, None))]
    mentions = turn_mentions(live)
    if mentions:
        lines.append(t("table.your_turn", None, mentions=mentions))
    elif outcome.finished:
        lines.append(t("table.game_over", None, winners=", ".join(
            names[s] for s in live.game.result(live.state).winners)))  # fmt: skip
    if lines:
        await channel.send(_fit(lines), allowed_mentions=discord.AllowedMentions(users=True))
    await prompt_by_dm(bot, live, channel)


def turn_mentions(live: LiveMatch) -> str:
    users = [r.user_id for r in live.row.seat_rows if r.seat in live.to_act() and r.user_id]
    return " ".join(f"<@{u}>" for u in users)


def _fit(lines: list[str]) -> str:
    """Join lines into one message under Discord's limit, keeping the last (the ping)."""
    text = "\n".join(lines)
    if len(text) <= MAX_CONTENT:
        return text
    tail = lines[-1]
    head = "\n".join(lines[:-1])[: MAX_CONTENT - len(tail) - 3]
    return f"{head}…\n{tail}"


async def prompt_by_dm(bot: LuteceBot, live: LiveMatch,
                       channel: discord.abc.Messageable) -> None:  # fmt: skip
    """DM the players to act who opted in: their secret and the first step of the panel."""
    for row in live.row.seat_rows:
        if row.user_id is None or row.seat not in live.to_act():
            continue
        await send_private_dm(bot, live, row.seat, row.user_id, channel, with_panel=True)


async def send_private_dm(bot: LuteceBot, live: LiveMatch, seat: int, user_id: int,
                          channel: discord.abc.Messageable | None, *,
                          with_panel: bool) -> bool:  # fmt: skip
    """One DM with the seat's private view (and the panel); False if DMs are off or closed."""
    prefs = await bot.host.store.get_prefs(user_id)
    if not prefs.dms or prefs.dms_closed:
        return False
    adapter = adapter_for(live.row.game)
    names = names_of(live)
    text = t("dm.header", prefs.locale, game=t(f"game.{live.row.game}", prefs.locale), id=live.id)
    text += "\n" + adapter.private_text(live.game.view(live.state, seat), names, prefs.locale)
    payload: dict[str, Any] = {}
    if with_panel:
        payload = await panel(live, seat, (), prefs.locale)
        text += "\n" + payload.pop("content", "")
        payload.pop("attachments", None)
    try:
        # create_dm reuses the cached DM channel; no GET /users/{id} before every prompt.
        dm = await bot.create_dm(discord.Object(user_id))
        await dm.send(_fit([text]), **payload)
        return True
    except discord.Forbidden:
        prefs.dms_closed = True
        await bot.host.store.set_prefs(prefs)
        if channel is not None:
            await channel.send(t("dm.closed", None, mention=f"<@{user_id}>"),
                               allowed_mentions=discord.AllowedMentions(users=True))  # fmt: skip
        return False

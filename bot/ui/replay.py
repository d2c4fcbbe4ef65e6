"""The replay viewer: an ephemeral that steps through a match's public table, move by move.

Opened by `/lutece replay` or the final table's Replay button, it shows the public picture
after one move, that move's recap and "move k of n", with ⏮ ◀ ▶ ⏭. Everything it shows
comes from the host's replay frames (`games.host.replays`), which hold only what the whole
table saw at that step, so a running match can be looked back on without anybody's secret.
Each click edits the viewer's own message (the click of an ephemeral's button may update
it), with a fresh picture; a step out of range is clamped by the host.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord

from bot.games import adapter_for
from bot.i18n import language_of, t
from bot.ui.custom_ids import frame_arg, parse_frame_arg
from bot.ui.router import Click, button, handles, reply, view_of
from bot.ui.safe_text import md_all
from games.host import HostError

if TYPE_CHECKING:
    from bot.services import Services
    from games.host.replays import Frame

PICTURE = "replay.png"
FIRST, PREVIOUS, NEXT, LAST = "⏮", "◀", "▶", "⏭"


async def open_viewer(interaction: discord.Interaction, match_id: str, locale: str) -> None:
    """A fresh viewer at the match's set-up, seen from the server it is asked in."""
    bot: Services = interaction.client  # type: ignore[assignment]  # the client is a LuteceBot
    frame = await bot.host.replays.frame(match_id, 0, viewer_guild_id=interaction.guild_id)
    await reply(interaction, **as_new_message(await viewer(bot, frame, locale)))


@handles("replay")
async def replay(click: Click) -> None:
    """The final table's Replay button."""
    await open_viewer(click.interaction, click.route.match_id, click.locale)


@handles("frame")
async def step(click: Click) -> None:
    """⏮ ◀ ▶ ⏭: the viewer's own message shows the step its button names."""
    wanted = parse_frame_arg(click.route.arg)
    if wanted is None:
        raise HostError("replay.bad_step", "that replay button is not one of mine")
    guild = click.interaction.guild_id
    frame = await click.bot.host.replays.frame(click.route.match_id, wanted, viewer_guild_id=guild)
    await click.interaction.response.edit_message(**await viewer(click.bot, frame, click.locale))


async def viewer(bot: Services, frame: Frame, locale: str | None) -> dict[str, Any]:
    """The viewer's message at `frame`: where in the match, the move's recap, the table's
    state then (or the final result), its picture, and the buttons to step."""
    adapter = adapter_for(frame.game)
    names = md_all(list(frame.names))
    game = t(f"game.{frame.game}", locale)
    if frame.seat is None:
        where = t("replay.setup", locale, n=frame.steps)
    else:
        where = t("replay.move", locale, step=frame.step, n=frame.steps, name=names[frame.seat])
    lines = [where, *adapter.recap_lines(frame.events, names, locale), ""]
    if frame.result is not None:
        lines += [t("table.finished", locale), *adapter.result_lines(frame.result, names, locale)]
    else:
        lines += adapter.status_lines(frame.view, names, locale)
    embed = discord.Embed(
        title=t("replay.title", locale, game=game),
        description="\n".join(lines)[:4000],
        colour=discord.Colour.dark_teal(),
    )
    embed.set_image(url=f"attachment://{PICTURE}")
    embed.set_footer(text=t("replay.footer", locale, id=frame.match_id))
    png = await bot.pictures.frame(frame, language_of(locale))
    caption = t("replay.picture_alt", locale, game=game, step=frame.step, n=frame.steps)
    alt = adapter.alt_text(
        frame.view, names, locale, result=frame.result, events=frame.events, title=caption
    )
    return {
        "content": None,
        "embed": embed,
        "attachments": [discord.File(io.BytesIO(png), filename=PICTURE, description=alt)],
        "view": view_of(*buttons(frame)),
    }


def buttons(frame: Frame) -> list[discord.ui.Button[Any]]:
    """⏮ ◀ ▶ ⏭, those that lead nowhere from here disabled. Each has its own place in its
    custom_id, as two may lead to the same step and a message's custom_ids are unique."""
    step, steps = frame.step, frame.steps
    targets = ((FIRST, 0), (PREVIOUS, max(0, step - 1)), (NEXT, min(steps, step + 1)))
    return [
        button(
            frame.match_id,
            "frame",
            frame_arg(target, place),
            label=label,
            disabled=target == step,
            style=discord.ButtonStyle.primary if label == NEXT else discord.ButtonStyle.secondary,
        )
        for place, (label, target) in enumerate((*targets, (LAST, steps)), start=1)
    ]


def as_new_message(payload: dict[str, Any]) -> dict[str, Any]:
    """A viewer payload made for edits (`attachments`) turned into one for sending (`files`)."""
    payload = dict(payload)
    files = payload.pop("attachments", None)
    if files:
        payload["files"] = files
    return payload

"""The turn panel: a fresh ephemeral message offering only legal choices, step by step.

A game's legal actions are turned (by its adapter) into paths of choices; the panel shows one
step at a time — buttons when there are few choices, selects otherwise, a step with a single
choice taken without asking — over the current board (where a step asks *where*, the
board tags each offered place as its button is tagged), and ends on a confirm screen with a
preview. Each select and button carries the match version and the path so far in its
custom_id, so a panel from an earlier turn is refused as stale instead of doing something
unexpected. Each screen is a card (`bot.ui.layout`): the prompt, the board and the choices
under it in one container.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord

from bot.games import adapter_for
from bot.games.contract import MoveOption
from bot.i18n import language_of, t
from bot.ui.custom_ids import build, choice_arg, step_arg
from bot.ui.layout import Card
from bot.ui.router import button
from bot.ui.safe_text import md
from bot.ui.screens import moves_for, screen, text_names
from games.host import MatchHost
from games.host.info import MatchInfo

if TYPE_CHECKING:
    from bot.services import Services
    from bot.ui.pictures import Pictures

OPTIONS_PER_SELECT = 25
SELECTS_PER_PANEL = 4  # a row each, and Back's row: 100 choices in a card of 13 components
BUTTONS_UP_TO = 5  # a step with this many choices or fewer shows one button per choice


def shortcut_buttons(
    host: MatchHost, match: MatchInfo, seat: int, locale: str | None
) -> list[discord.ui.Button[Any]]:
    """Buttons that open the turn panel at the adapter's shortcut steps (those the seat
    can take now): the label is the step's own, the custom_id a panel step's."""
    codes = adapter_for(match.game).shortcuts
    if not codes or seat not in match.to_act:
        return []
    found: dict[str, discord.ui.Button[Any]] = {}
    for move in moves_for(host, match, seat, locale):
        for depth, code in enumerate(move.codes):
            if code in codes and code not in found:
                arg = step_arg(match.version, move.codes[: depth + 1])
                found[code] = button(
                    match.id, "pick", arg, label=shorten(move.steps[depth].label, 80)
                )
    return [found[c] for c in codes if c in found]


def shorten(label: str, limit: int) -> str:
    """A label within Discord's limit, cut with an ellipsis rather than mid-word silently."""
    return label if len(label) <= limit else label[: limit - 1].rstrip() + "…"


async def panel(
    bot: Services, match: MatchInfo, seat: int, prefix: tuple[str, ...], locale: str | None
) -> Card:
    """The card (prompt, board or preview picture, choices) for the panel at `prefix`.

    Up to `BUTTONS_UP_TO` choices are buttons (one click each); more are selects. The board
    is shown from the first step."""
    host = bot.host
    version = match.version
    shown = screen(host, match, seat, prefix, locale)
    if shown.nothing:
        return Card(texts=[t("panel.nothing", locale)])
    if shown.confirm is not None:
        return await _confirm(
            host, bot.pictures, match, seat, shown.confirm, locale, back=shown.back
        )
    prefix, prompt = shown.prefix, shown.prompt
    adapter = adapter_for(match.game)
    choices = [(c.code, c.label) for c in shown.choices]
    rows: list[list[discord.ui.Item[Any]]] = []
    if len(choices) <= BUTTONS_UP_TO:
        picks: list[discord.ui.Item[Any]] = [
            button(
                match.id,
                "pick",
                step_arg(version, (*prefix, code)),
                label=shorten(label, 80),
                style=discord.ButtonStyle.primary,
            )
            for code, label in choices
        ]
        rows.append(picks)
    else:
        size = OPTIONS_PER_SELECT
        chunks = [choices[i : i + size] for i in range(0, len(choices), size)]
        chunks = chunks[:SELECTS_PER_PANEL]
        for n, chunk in enumerate(chunks):
            placeholder = prompt + (f" ({n + 1}/{len(chunks)})" if len(chunks) > 1 else "")
            menu: discord.ui.Select[Any] = discord.ui.Select(
                custom_id=build(match.id, "step", step_arg(version, prefix, n)),
                placeholder=placeholder[:150],
                options=[
                    discord.SelectOption(label=shorten(label, 100), value=code)
                    for code, label in chunk
                ],
            )
            rows.append([menu])
    if shown.back:  # a row of its own, under the choices
        rows.append(
            [button(match.id, "step", step_arg(version, ()), label=t("panel.back", locale))]
        )
    content = t("panel.choose", locale, prompt=prompt)
    if prefix:
        # Labels are plain text (they may hold names): escaped where Markdown is rendered.
        chosen = md(" → ".join(shown.chosen), 1000)
        content = f"{chosen}\n{content}"
    # After a step of `own_picture_steps` the picture is the seat's own (this panel is its
    # player's ephemeral reply): the public table and that seat's secrets, no other's.
    own = seat if shown.own else None
    at = shown.places
    if at or own is not None:
        board = (await bot.pictures.tagged(match, language_of(locale), at, seat=own)).png
    else:
        board = await bot.pictures.board(match, language_of(locale))
    alt = adapter.alt_text(
        host.view(match, None),
        text_names(match),
        locale,
        events=match.last_events,
        own=None if own is None else host.view(match, own),
    )
    picture = discord.File(io.BytesIO(board), filename="board.png", description=alt)
    return Card(texts=[content], pictures=[picture], rows=rows)


async def _confirm(
    host: MatchHost,
    pictures: Pictures,
    match: MatchInfo,
    seat: int,
    move: MoveOption,
    locale: str | None,
    *,
    back: bool,
) -> Card:
    """The last screen: what the move does, a public preview, Confirm and (unless the move
    was the only one) Back."""
    adapter = adapter_for(match.game)
    lines = [t("panel.confirm", locale, move=md(move.label, 1000))]
    attachments: list[discord.File] = []
    preview = host.preview(match, seat, move.index)
    if preview is not None:
        # Only what everybody will see anyway: public events and the public view.
        names = text_names(match)
        lines += adapter.recap_lines(preview.events, names, locale)
        png = await pictures.preview(match, seat, move.index, preview, language_of(locale))
        alt = adapter.alt_text(preview.view, names, locale, events=preview.events)
        attachments.append(discord.File(io.BytesIO(png), filename="preview.png", description=alt))
    else:
        lines.append(t("panel.no_preview", locale))
    buttons: list[discord.ui.Item[Any]] = [
        button(
            match.id,
            "do",
            choice_arg(match.version, move.index),
            label=t("panel.confirm_button", locale),
            style=discord.ButtonStyle.success,
        )
    ]
    if back:
        buttons.append(
            button(match.id, "step", step_arg(match.version, ()), label=t("panel.back", locale))
        )
    return Card(texts=["\n".join(lines)], pictures=attachments, rows=[buttons])

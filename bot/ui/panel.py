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
from bot.i18n import language_of, speaking, t
from bot.ui.custom_ids import build, choice_arg, step_arg
from bot.ui.layout import Card
from bot.ui.router import button
from bot.ui.safe_text import md, md_all, plain_all
from games.host import MatchHost
from games.host.info import MatchInfo

if TYPE_CHECKING:
    from bot.services import Services
    from bot.ui.pictures import Pictures

OPTIONS_PER_SELECT = 25
SELECTS_PER_PANEL = 4  # a row each, and Back's row: 100 choices in a card of 13 components
BUTTONS_UP_TO = 5  # a step with this many choices or fewer shows one button per choice


def label_names(match: MatchInfo) -> list[str]:
    """Seat names for labels and pictures, where nothing is rendered as Markdown."""
    return plain_all(match.names)


def text_names(match: MatchInfo) -> list[str]:
    """Seat names for message content and embeds (Markdown escaped)."""
    return md_all(match.names)


def moves_for(host: MatchHost, match: MatchInfo, seat: int, locale: str | None) -> list[MoveOption]:
    """The seat's choices (from the host) as paths of steps (from the game's adapter)."""
    actions = host.choices(match, seat)
    view = host.view(match, seat)
    return adapter_for(match.game).moves(view, actions, label_names(match), locale)


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


def place_tags(codes: list[str], places: dict[str, str]) -> dict[str, str]:
    """code -> the tag ("1", "2", …) that its button and its place on the picture share,
    for the choices of the step that are a place on the board (a "reveal" or a "decline"
    beside them is not, and keeps its label as it is)."""
    placed = [code for code in codes if places.get(code)]
    return {code: str(n) for n, code in enumerate(placed, 1)}


def tags_at(tags: dict[str, str], places: dict[str, str]) -> dict[str, str]:
    """place -> what the picture writes there: its choices' tags, "1/2" where two choices
    share a place (two tokens of one station, on two lines)."""
    out: dict[str, str] = {}
    for code, tag in tags.items():
        place = places[code]
        out[place] = f"{out[place]}/{tag}" if place in out else tag
    return out


def tagged(tag: str | None, label: str) -> str:
    """A choice's label led by its tag on the picture, if it has one."""
    return f"{tag} · {label}" if tag else label


def _skip_forced(moves: list[MoveOption], prefix: tuple[str, ...]) -> tuple[str, ...]:
    """Steps that offer one choice carry no information: take them without asking. (Moves
    an adapter gives the same path — face-down piles, say — are one choice to the player.)"""
    while True:
        if any(len(m.codes) == len(prefix) for m in moves):
            return prefix
        nexts = {m.codes[len(prefix)] for m in moves}
        if len(nexts) != 1:
            return prefix
        prefix += (nexts.pop(),)


async def panel(
    bot: Services, match: MatchInfo, seat: int, prefix: tuple[str, ...], locale: str | None
) -> Card:
    """The card (prompt, board or preview picture, choices) for the panel at `prefix`.

    Up to `BUTTONS_UP_TO` choices are buttons (one click each); more are selects. The board
    is shown from the first step."""
    host = bot.host
    version = match.version
    every = moves_for(host, match, seat, locale)
    moves = [m for m in every if m.codes[: len(prefix)] == prefix]
    if not moves:
        if prefix:
            return await panel(bot, match, seat, (), locale)
        return Card(texts=[t("panel.nothing", locale)])
    prefix = _skip_forced(moves, prefix)
    moves = [m for m in moves if m.codes[: len(prefix)] == prefix]
    # Back returns to the first real choice; where that is this very screen, it is left off.
    back = bool(every) and prefix != _skip_forced(every, ())
    done = [m for m in moves if len(m.codes) == len(prefix)]
    if done:
        return await _confirm(host, bot.pictures, match, seat, done[0], locale, back=back)
    adapter = adapter_for(match.game)
    seen: dict[str, str] = {}
    places: dict[str, str] = {}
    for move in moves:
        step = move.steps[len(prefix)]
        seen.setdefault(step.code, step.label)
        places.setdefault(step.code, step.place)
    tags = place_tags(list(seen), places)
    choices = [(code, tagged(tags.get(code), label)) for code, label in seen.items()]
    rows: list[list[discord.ui.Item[Any]]] = []
    prompt = adapter.step_prompt(prefix, locale)
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
    if back:  # a row of its own, under the choices
        rows.append(
            [button(match.id, "step", step_arg(version, ()), label=t("panel.back", locale))]
        )
    content = t("panel.choose", locale, prompt=prompt)
    if prefix:
        # Labels are plain text (they may hold names): escaped where Markdown is rendered.
        chosen = md(" → ".join(s.label for s in moves[0].steps[: len(prefix)]), 1000)
        content = f"{chosen}\n{content}"
    # After a step of `own_picture_steps` the picture is the seat's own (this panel is its
    # player's ephemeral reply): the public table and that seat's secrets, no other's.
    own = seat if any(code in adapter.own_picture_steps for code in prefix) else None
    if tags or own is not None:
        at = tags_at(tags, places)
        board = await bot.pictures.tagged(match, language_of(locale), at, seat=own)
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
        action = host.choices(match, seat)[move.index]
        # Drawn in a picture thread (tens of milliseconds the event loop keeps for others),
        # its words in the reader's language.
        with speaking(language_of(locale)):
            png = await pictures.draw(
                adapter.render,
                preview.view,
                label_names(match),
                highlight=adapter.highlight(action),
            )
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

"""One screen of a turn, as both front ends show it: the Discord panel and the web board.

A game's legal actions are turned (by its adapter) into paths of choices; a screen is one
step of that path: its prompt, the labels chosen so far, the choices of the step (each led
by the tag its place carries on the picture), whether Back is offered, and, at the end of a
path, the move to confirm. Steps with a single choice are taken without asking. What the
screen is, is decided here once; `bot.ui.panel` draws it as a Discord card and `bot.web`
as JSON, so the two never disagree about a turn.
"""

from __future__ import annotations

import dataclasses

from bot.games import adapter_for
from bot.games.contract import MoveOption
from bot.ui.safe_text import md_all, plain_all
from games.host import MatchHost
from games.host.info import MatchInfo


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


@dataclasses.dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a step: its code (the next step of the path), its label led by its
    tag, and the tag and place it shares with the picture (empty when it is no place)."""

    code: str
    label: str
    tag: str = ""
    place: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class Screen:
    """One screen of a seat's turn at one version: choices to make, or a move to confirm
    (`confirm`), or nothing at all (`nothing`: the seat has no choice now)."""

    prefix: tuple[str, ...]  # the path chosen so far (forced steps included)
    prompt: str
    chosen: tuple[str, ...]  # the labels of `prefix`, for the line above the prompt
    choices: tuple[Choice, ...]
    back: bool  # Back (to the first real choice) is offered
    own: bool  # the picture is the seat's own (`GameAdapter.own_picture_steps`)
    confirm: MoveOption | None = None
    nothing: bool = False

    @property
    def places(self) -> dict[str, str]:
        """place -> the tag(s) the picture writes there."""
        tags = {c.code: c.tag for c in self.choices if c.tag}
        return tags_at(tags, {c.code: c.place for c in self.choices})


def screen(
    host: MatchHost, match: MatchInfo, seat: int, prefix: tuple[str, ...], locale: str | None
) -> Screen:
    """The screen of `seat`'s turn at `prefix` (a path no longer offered starts again)."""
    every = moves_for(host, match, seat, locale)
    moves = [m for m in every if m.codes[: len(prefix)] == prefix]
    if not moves:
        if prefix:
            return screen(host, match, seat, (), locale)
        return Screen((), "", (), (), back=False, own=False, nothing=True)
    prefix = _skip_forced(moves, prefix)
    moves = [m for m in moves if m.codes[: len(prefix)] == prefix]
    # Back returns to the first real choice; where that is this very screen, it is left off.
    back = bool(every) and prefix != _skip_forced(every, ())
    adapter = adapter_for(match.game)
    chosen = tuple(s.label for s in moves[0].steps[: len(prefix)])
    own = any(code in adapter.own_picture_steps for code in prefix)
    done = [m for m in moves if len(m.codes) == len(prefix)]
    if done:
        return Screen(prefix, "", chosen, (), back=back, own=own, confirm=done[0])
    seen: dict[str, str] = {}
    places: dict[str, str] = {}
    for move in moves:
        step = move.steps[len(prefix)]
        seen.setdefault(step.code, step.label)
        places.setdefault(step.code, step.place)
    tags = place_tags(list(seen), places)
    choices = tuple(
        Choice(code, tagged(tags.get(code), label), tags.get(code, ""), places[code])
        for code, label in seen.items()
    )
    prompt = adapter.step_prompt(prefix, locale)
    return Screen(prefix, prompt, chosen, choices, back=back, own=own)

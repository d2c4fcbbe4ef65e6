"""`pictures --check`: is every text and icon of every game's pictures legible at
Discord's size? Each game's public table at the start, middle and end of a seeded match,
for 2 and the most players, and the turn panel's picture at those moments (the board with
the tags of the step that offers the most places), in every catalogue language, with the
hard names, measured at the source (`bot.render.legibility`); exit 1 naming whatever is
below the minimum."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from bot import i18n
from bot.cli.pictures import seat_counts, stages
from bot.games import adapters
from bot.render.drawing import recording
from bot.render.hard_names import HARD_NAMES
from bot.render.legibility import EMBED_WIDTH, MINIMUM, Measure, cap_height, measure
from bot.render.marks import label_id
from bot.ui.screens import place_tags, tags_at
from games.registry import get_game


@dataclasses.dataclass(frozen=True, slots=True)
class Picture:
    """The measures of one drawn table picture and what it showed."""

    game: str
    seats: int
    stage: str
    language: str
    measures: tuple[Measure, ...]

    @property
    def smallest(self) -> Measure | None:
        return min(self.measures, key=lambda m: m.height, default=None)


def measured(seed: int) -> Iterator[Picture]:
    """Every game's table and panel pictures, drawn and measured (names rotate through the
    hard ones, so each picture of a match shows different names)."""
    for key, adapter in adapters().items():
        game = get_game(key)
        for seats in seat_counts(key):
            for n, (stage, state) in enumerate(stages(key, seats, seed).items()):
                names = [HARD_NAMES[(n * seats + i) % len(HARD_NAMES)] for i in range(seats)]
                view = game.view(state, None)
                for language in i18n.languages():
                    with i18n.speaking(language):
                        panel = panel_marks(key, state, names, language, seed)
                        pictures = [(stage, view, set[str]())]
                        if panel is not None:
                            pictures.append((f"{stage}+panel", *panel))
                        for shown, picture, highlight in pictures:
                            with recording() as drawn:
                                adapter.render(picture, names, highlight=highlight)
                            measures = tuple(measure(d) for d in drawn)
                            yield Picture(key, seats, shown, language, measures)


def panel_marks(
    key: str, state: Any, names: list[str], language: str, seed: int
) -> tuple[BaseModel, set[str]] | None:
    """The public view and the tags a turn panel writes on it (as highlight ids) at the
    first moment from `state` on, playing on at random, where a step of the seat to act
    offers places: at the step offering the most of them (`bot.ui.screens.place_tags`).
    None if the match ends first."""
    game, adapter = get_game(key), adapters()[key]
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        actions = game.legal_actions(state, seat)
        moves = adapter.moves(game.view(state, seat), actions, names, language)
        best: dict[str, str] = {}
        for prefix in {m.codes[:depth] for m in moves for depth in range(len(m.codes))}:
            places: dict[str, str] = {}
            for m in moves:
                if m.codes[: len(prefix)] == prefix:
                    places.setdefault(m.steps[len(prefix)].code, m.steps[len(prefix)].place)
            tags = tags_at(place_tags(list(places), places), places)
            if len(tags) > len(best):
                best = tags
        if best:
            return game.view(state, None), {label_id(tag, place) for place, tag in best.items()}
        state, _ = game.apply(state, seat, rng.choice(actions))
    return None


def check(seed: int) -> int:
    """`python -m bot pictures --check`: measure every picture against `MINIMUM`."""
    return report(list(measured(seed)), MINIMUM)


def report(pictures: list[Picture], minimum: float) -> int:
    """Print each game's smallest text per player count and stage, then every kind of text
    or icon (by the function drawing it) below `minimum`: 1 if there is any, else 0."""
    print("smallest text and icon height (font size of text, ink box of icons) in px as shown")
    print(
        f"{EMBED_WIDTH} px wide; at least {minimum:g} px needed (a capital is "
        f"{cap_height(1000) / 1000:.2f} of a font's size)"
    )
    for key in adapters():
        print(f"\n{get_game(key).title}")
        print(f"  {'players':>7}  {'stage':<12}  {'lang':<4}  {'px':>5}  smallest")
        for picture in _least_per_stage([p for p in pictures if p.game == key]):
            print(_row(picture))
    failing: dict[tuple[str, str, bool], list[Measure]] = {}
    for picture in pictures:
        for m in picture.measures:
            if m.height < minimum:
                failing.setdefault((picture.game, m.role, m.icon), []).append(m)
    if not failing:
        print(f"\nevery text and icon is at least {minimum:g} px tall")
        return 0
    print(f"\nbelow {minimum:g} px:")
    for (key, role, icon), measures in sorted(
        failing.items(), key=lambda kv: (kv[0][0], min(m.height for m in kv[1]))
    ):
        heights = [m.height for m in measures]
        examples = list(dict.fromkeys(m.text for m in measures))
        shown = ", ".join(repr(e) for e in examples[:4]) + (" …" if len(examples) > 4 else "")
        print(
            f"  {key}: {role} {'icons' if icon else 'texts'} "
            f"{min(heights):.1f}–{max(heights):.1f} px ({len(examples)} distinct: {shown})"
        )
    games = ", ".join(sorted({key for key, _, _ in failing}))
    print(f"{len(failing)} kinds of text or icon below {minimum:g} px in {games}")
    return 1


def _least_per_stage(pictures: list[Picture]) -> list[Picture]:
    """Of each player count and stage, the language whose picture draws the smallest."""
    least: dict[tuple[int, str], Picture] = {}
    for p in pictures:
        known = least.get((p.seats, p.stage))
        if known is None or _height(p) < _height(known):
            least[(p.seats, p.stage)] = p
    return list(least.values())


def _height(picture: Picture) -> float:
    smallest = picture.smallest
    return smallest.height if smallest else float("inf")


def _row(picture: Picture) -> str:
    start = f"  {picture.seats:>7}  {picture.stage:<12}  {picture.language:<4}"
    m = picture.smallest
    if m is None:
        return f"{start}  {'':>5}  nothing drawn"
    return f"{start}  {m.height:5.1f}  {'icon' if m.icon else 'text'} {m.text!r} ({m.role})"

"""`pictures --check`: is every text and icon of every game's table picture legible at
Discord's size? Each game's public table at the start, middle and end of a seeded match,
for 2 and the most players, in every catalogue language, with the hard names, measured at
the source (`bot.render.legibility`); exit 1 naming whatever is below the minimum."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from bot import i18n
from bot.cli.pictures import seat_counts, snapshots
from bot.games import adapters
from bot.render.drawing import recording
from bot.render.hard_names import HARD_NAMES
from bot.render.legibility import EMBED_WIDTH, MINIMUM, Measure, cap_height, measure
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
    """Every game's table pictures, drawn and measured (names rotate through the hard ones,
    so each picture of a match shows different names)."""
    for key, adapter in adapters().items():
        for seats in seat_counts(key):
            for n, (stage, view) in enumerate(snapshots(key, seats, seed).items()):
                names = [HARD_NAMES[(n * seats + i) % len(HARD_NAMES)] for i in range(seats)]
                for language in i18n.languages():
                    with i18n.speaking(language), recording() as drawn:
                        adapter.render(view, names)
                    measures = tuple(measure(d) for d in drawn)
                    yield Picture(key, seats, stage, language, measures)


def check(seed: int) -> int:
    """`python -m bot pictures --check`: measure every picture against `MINIMUM`."""
    return report(list(measured(seed)), MINIMUM)


def report(pictures: list[Picture], minimum: float) -> int:
    """Print each game's smallest text per player count and stage, then every kind of text
    or icon (by the function drawing it) below `minimum`: 1 if there is any, else 0."""
    print("smallest text and icon height (cap height of text, ink box of icons) in px as shown")
    print(
        f"{EMBED_WIDTH} px wide; at least {minimum:g} px needed (a capital is "
        f"{cap_height(1000) / 1000:.2f} of the font size)"
    )
    for key in adapters():
        print(f"\n{get_game(key).title}")
        print(f"  {'players':>7}  {'stage':<6}  {'lang':<4}  {'px':>5}  smallest")
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
    start = f"  {picture.seats:>7}  {picture.stage:<6}  {picture.language:<4}"
    m = picture.smallest
    if m is None:
        return f"{start}  {'':>5}  nothing drawn"
    return f"{start}  {m.height:5.1f}  {'icon' if m.icon else 'text'} {m.text!r} ({m.role})"

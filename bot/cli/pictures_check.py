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
    def smallest(self) -> Measure:
        return min(self.measures, key=lambda m: m.height)


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


def _row(seats: int | str, stage: str, language: str, m: Measure | None) -> str:
    if m is None:
        return f"  {seats!s:>7}  {stage:<6}  {language:<4}  {'':>5}  nothing drawn"
    kind = "icon" if m.icon else "text"
    return (
        f"  {seats!s:>7}  {stage:<6}  {language:<4}  {m.height:5.1f}  {kind} {m.text!r} ({m.role})"
    )


def check(seed: int) -> int:
    """Print each game's smallest text per player count and stage, then what is too small."""
    pictures = list(measured(seed))
    print("smallest text and icon height (cap height of text, ink box of icons) in px as shown")
    print(
        f"{EMBED_WIDTH} px wide; at least {MINIMUM:g} px needed (a capital is "
        f"{cap_height(1000) / 1000:.2f} of the font size)"
    )
    failing: dict[tuple[str, str, bool], list[Measure]] = {}
    for key in adapters():
        print(f"\n{get_game(key).title}")
        print(f"  {'players':>7}  {'stage':<6}  {'lang':<4}  {'px':>5}  smallest")
        ours = [p for p in pictures if p.game == key]
        for seats in seat_counts(key):
            for stage in ("start", "middle", "end"):
                shown = [p for p in ours if p.seats == seats and p.stage == stage]
                drawn = [p for p in shown if p.measures]
                least = min(drawn, key=lambda p: p.smallest.height, default=shown[0])
                least_measure = least.smallest if least.measures else None
                print(_row(seats, stage, least.language, least_measure))
        for picture in ours:
            for m in picture.measures:
                if m.height < MINIMUM:
                    failing.setdefault((key, m.role, m.icon), []).append(m)
    if not failing:
        print(f"\nevery text and icon is at least {MINIMUM:g} px tall")
        return 0
    print(f"\nbelow {MINIMUM:g} px:")
    for (key, role, icon), measures in sorted(
        failing.items(), key=lambda kv: (kv[0][0], min(m.height for m in kv[1]))
    ):
        heights = [m.height for m in measures]
        examples = list(dict.fromkeys(m.text for m in measures))
        shown = ", ".join(repr(e) for e in examples[:4]) + (" …" if len(examples) > 4 else "")
        kind = "icons" if icon else "texts"
        print(
            f"  {key}: {role} {kind} {min(heights):.1f}–{max(heights):.1f} px "
            f"({len(examples)} distinct: {shown})"
        )
    print(
        f"{len(failing)} kinds of text or icon below {MINIMUM:g} px in "
        f"{', '.join(sorted({k for k, _, _ in failing}))}"
    )
    return 1

"""Words every game's presentation says alike: catalogue look-ups remembered, a seat by its
name, the places of a result, a shared win.

Each game names its own things in its `terms.py`; what reads the same in every game lives
here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from bot.i18n import spoken
from bot.i18n import t as translate
from games.core.contract import Result


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """`bot.i18n.t`, remembered: a turn's choices repeat the same sentences many times, and
    each catalogue look-up lists the presentation packages again. Without a locale, the
    language `speaking` sets is part of what is remembered (a picture's words)."""
    return _remembered(key, locale or spoken(), tuple(sorted(params.items())))


@lru_cache(maxsize=8192)
def _remembered(key: str, locale: str | None, params: tuple[tuple[str, Any], ...]) -> str:
    return translate(key, locale, **dict(params))


def seat_name(seat: int | None, names: Sequence[str]) -> str:
    """A seat's player name; "?" for a seat the match does not have."""
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return names[seat]


def places(result: Result) -> Iterator[tuple[int, int]]:
    """(place, seat) in the order of the ranking, 1 first: tied seats share a place."""
    for place, seats in enumerate(result.ranking, start=1):
        for seat in seats:
            yield place, seat


def place_lines(
    result: Result, key: str, name: Callable[[int], str], locale: str | None
) -> Iterator[tuple[int, str]]:
    """Each seat in the order of the ranking with its heading: the sentence `key` with the
    seat's {place}, {name} and score {n}."""
    for place, seat in places(result):
        yield seat, t(key, locale, place=place, name=name(seat), n=result.scores[seat])


def scores_text(scores: Sequence[int], name: Callable[[int], str]) -> str:
    """Every seat's score, in seat order: "alice 12, bob 9"."""
    return ", ".join(f"{name(seat)} {n}" for seat, n in enumerate(scores))


def shared_win(result: Result, name: Callable[[int], str], locale: str | None) -> list[str]:
    """The line that says a win is shared, when it is."""
    if len(result.winners) < 2:
        return []
    return [t("result.shared", locale, names=", ".join(name(s) for s in result.winners))]

"""Scenario positions written with card and city names (playing on them:
`tests.moscow_paris.playing`; counting the cards: `tests.moscow_paris.census`).

`position` builds a state from a real setup and then lays out hands, tableaux, lines and the
top of the deck as asked; every card it places is taken out of the draw pile, so the 104
cards are still all there (and the city cards too).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from games.moscow_paris.data import CARD_IDS, CARD_INDEX, CITY_IDS, CITY_INDEX
from games.moscow_paris.engine import MoscowParis
from games.moscow_paris.state import NO_CITY, State

GAME = MoscowParis()


def new(players: int = 3, seed: int = 1, arrangement=None, **options: Any) -> State:
    return GAME.setup(players, GAME.parse_options(options), seed, arrangement)


def codes(names) -> tuple[int, ...]:
    return tuple(CARD_INDEX[n] for n in names)


def names(codes_) -> list[str]:
    return [CARD_IDS[c] for c in codes_]


def position(
    players: int = 3,
    *,
    hands: list[list[str]] | None = None,
    tableaux: list[list[str]] | None = None,
    lines: dict[int, tuple[list[str], list[str]]] | None = None,
    cities: list[str | None] | None = None,
    city_deck: list[str] | None = None,
    deck_top: list[str] | None = None,
    won: list[list[str]] | None = None,
    turn: int = 0,
    seed: int = 1,
    **options: Any,
) -> State:
    """A state with these cards where asked; other hands are filled from the deck to 5 minus
    the tableau; `lines` maps a row to (left wagons nearest first, right wagons nearest
    first); `cities` names the four rows (None: empty row); `city_deck` replaces the city deck
    (the cities not used anywhere are then out of play); `won` gives claimed piles."""
    state = new(players, seed, **options)
    pool = Counter(state.cfg.deal_deck)
    tableaux = tableaux or []
    tableaux_c = [codes(tableaux[s]) if s < len(tableaux) else () for s in range(players)]
    lefts, rights = [()] * 4, [()] * 4
    for row, (left, right) in (lines or {}).items():
        lefts[row], rights[row] = codes(left), codes(right)
    hands_c: list[tuple[int, ...]] = []
    for seat in range(players):
        given = hands[seat] if hands and seat < len(hands) and hands[seat] is not None else None
        hands_c.append(codes(given) if given is not None else ())
    for group in (*tableaux_c, *lefts, *rights, *hands_c):
        pool.subtract(group)
    top = codes(deck_top or [])
    pool.subtract(top)
    assert min(pool.values()) >= 0, "more copies placed than the deck holds"
    rest = [c for c in state.cfg.deal_deck]
    for c in (*[c for g in (*tableaux_c, *lefts, *rights, *hands_c) for c in g], *top):
        rest.remove(c)
    for seat in range(players):
        need = 5 - len(tableaux_c[seat]) - len(hands_c[seat])
        if hands is None or seat >= len(hands) or hands[seat] is None:
            fill = [c for c in rest if c < 11][:need]  # fill with wagons only
            for c in fill:
                rest.remove(c)
            hands_c[seat] = tuple(fill)
        else:
            assert need == 0, f"seat {seat}: hand + tableau must be 5"
    changes: dict[str, Any] = {
        "hands": tuple(tuple(sorted(h)) for h in hands_c),
        "tableaux": tuple(tuple(sorted(t)) for t in tableaux_c),
        "lefts": tuple(lefts),
        "rights": tuple(rights),
        "deck": top + tuple(rest),
        "turn": turn,
        "seen": tuple((tuple(sorted(t)),) for t in tableaux_c),
    }
    if cities is not None:
        changes["cities"] = tuple(CITY_INDEX[c] if c else NO_CITY for c in cities)
    used = set(changes.get("cities", state.cities))
    used.update(CITY_INDEX[c] for pile in (won or []) for c in pile)
    if city_deck is not None:
        changes["city_deck"] = tuple(CITY_INDEX[c] for c in city_deck)
    else:
        changes["city_deck"] = tuple(
            c for c in state.cfg.deal_cities if c not in used and c != NO_CITY
        )
    if won is not None:
        changes["won"] = tuple(tuple(CITY_INDEX[c] for c in pile) for pile in won)
    return dataclasses.replace(state, **changes)


def line_names(state: State, row: int) -> tuple[list[str], list[str]]:
    return names(state.lefts[row]), names(state.rights[row])


def city_names(state: State) -> list[str | None]:
    return [CITY_IDS[c] if c != NO_CITY else None for c in state.cities]

"""Scenario positions: a fresh deal, and phase-2 boards built from a text map (playing on them:
`tests.city_of_light.playing`; reading their scoring: `tests.city_of_light.scores`)."""

from __future__ import annotations

from typing import Any

from games.city_of_light.data import BUILDING_KEYS
from games.city_of_light.engine import CityOfLight
from games.city_of_light.state import LIGHT, MIXED, PHASE_BUILD, State

GAME = CityOfLight()
_LETTERS = {"o": 0, "b": 1, "m": MIXED, "L": LIGHT}
BUILDING_INDEX = {k: i for i, k in enumerate(BUILDING_KEYS)}  # the engine's own order


def new(options: dict | None = None, seed: int = 1, arrangement=None) -> State:
    return GAME.setup(2, GAME.parse_options(options or {}), seed, arrangement)


def board(rows: list[str], *, reserves=((), ()), turn: int = 0, options=None, **changes) -> State:
    """A phase-2 state whose cells read `rows` (y = 0 first): o orange, b blue, m mixed,
    L streetlight. Tiles are not tracked; reserves list building keys; the rest is supply."""
    assert len(rows) == 8 and all(len(r) == 8 for r in rows)
    cells = tuple(_LETTERS[ch] for row in rows for ch in row)
    kinds = [0, 0, 0, 0]
    for i, k in enumerate(cells):
        kinds[k] |= 1 << i
    res = tuple(tuple(sorted(BUILDING_INDEX[k] for k in r)) for r in reserves)
    held = {b for r in res for b in r}
    state = new(options).replace(
        phase=PHASE_BUILD,
        turn=turn,
        stacks=((), ()),
        hands=((), ()),
        squares=tuple((0, 1, 0) for _ in range(16)),
        cells=cells,
        kinds=tuple(kinds),
        free=(1 << 64) - 1,
        reserves=res,
        supply=tuple(b for b in range(12) if b not in held),
        first_done=turn,
    )
    return state.replace(**changes) if changes else state


# A phase-2 board for postcard scenarios: orange above, blue below, a mixed strip and one
# streetlight between; eight postcards chosen, and a few buildings in each reserve.
FLAT = ["oooooooo", "oooooooo", "oommmooo", "mmmLmmmm"] + ["bbbbbbbb"] * 4
ALL = [
    "moulin_rouge",
    "fontaine_des_mers",
    "le_penseur",
    "grande_lumiere",
    "le_peintre",
    "lampadaire",
    "levitation",
    "bouquinistes",
]
RES = (("SQUARE", "LINE", "BIG_L"), ("CORNER", "SMALL_T"))
# Eight postcards a host picks in the lobby (starred and unstarred, the delayed ones too),
# and the four left out.
PICKED = [
    "levitation",
    "metropolitain",
    "sacre_coeur",
    "le_peintre",
    "chartier",
    "moulin_rouge",
    "fontaine_des_mers",
    "grande_lumiere",
]
LEFT_OUT = ["jardin_des_plantes", "bouquinistes", "lampadaire", "le_penseur"]


def flat(
    rows: list[str] = FLAT,
    cards: list[str] = ALL,
    reserves: tuple[tuple[str, ...], ...] = RES,
    fountain_cells: int = 2,
    options: dict[str, Any] | None = None,
    **changes: Any,
) -> State:
    """`board` with `cards` as the chosen postcards, the fountain's footprint and any other
    `options`."""
    chosen = {"postcards": "chosen", "chosen_postcards": cards, "fountain_cells": fountain_cells}
    return board(rows, reserves=reserves, options=chosen | (options or {}), **changes)

"""Scenario positions: fixed setups, boards in play, holdings (playing on them:
`tests.paris.playing`).

Positions are built from a full arrangement (the deal is fixed) and, for rules that need a
board already in play, by replacing fields of the state directly (`board`, `keys_at`,
`give`). Such states are test fixtures: conservation is checked by the property tests on
real games, not here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from games.paris.board import (
    EGT_INDEX,
    GOOD_INDEX,
    LM0,
    LM_INDEX,
    N_SPACES,
    SPACE_INDEX,
    SPACE_NAMES,
    VP_TILE_INDEX,
    parse_loc,
)
from games.paris.engine import Paris
from games.paris.state import ACTION, State

GAME = Paris()
REMOVED = ["montmartre/3", "chaillot/8", "belleville/1"]


def arrangement(first: int = 0, removed: list[str] | None = None, **extra: Any) -> dict:
    """A full arrangement: the removed tiles, then every other tile in board order, dealt
    into 3 stacks (stack i holds every third tile)."""
    removed = REMOVED if removed is None else removed
    rest = [name for name in SPACE_NAMES if name not in removed]
    stacks = [rest[i::3] for i in range(3)]
    return {"first": first, "removed": removed, "stacks": stacks, **extra}


def top_first(name: str) -> dict:
    """The deal of `arrangement` with the tile `name` swapped onto the top of stack 0 (the
    first tile placed)."""
    arr = arrangement()
    stacks = [list(stack) for stack in arr["stacks"]]
    for stack in stacks:
        if name in stack:
            stack[stack.index(name)] = stacks[0][0]
            stacks[0][0] = name
            break
    return {**arr, "stacks": stacks}


def start(players: int = 4, options: dict | None = None, **arr: Any) -> State:
    opts = options or {}
    if opts.get("ignore_districts") and "removed" not in arr:
        arr["removed"] = []
    return GAME.setup(players, GAME.parse_options(opts), 0, arrangement(**arr))


def replace(state: State, **changes: Any) -> State:
    return dataclasses.replace(state, **changes)


def board(players: int = 4, built: str | list[str] = "all", turn: int = 0, **kw: Any) -> State:
    """A game in the action step of `turn`: the building tiles `built` (all but the three
    removed, by default) lie on their spaces and the stacks are empty."""
    state = start(players, **kw)
    if built == "all":
        names = [n for n in SPACE_NAMES if SPACE_INDEX[n] not in state.removed]
    else:
        names = built
    spaces = [-1] * N_SPACES
    for name in names:
        spaces[SPACE_INDEX[name]] = SPACE_INDEX[name]
    return replace(state, spaces=tuple(spaces), stacks=((), (), ()), phase=ACTION, turn=turn)


def loc(name: str) -> int:
    return parse_loc(name)[0]


def keys_at(state: State, seat: int, *names: str) -> State:
    """Put keys of `seat` on these locations (taken from behind its screen). A landmark
    named "<district>/L12" is placed in that district if it is still in the supply."""
    keys = list(state.keys[seat])
    landmarks = list(state.landmarks)
    for name in names:
        where, d = parse_loc(name)
        if LM0 <= where < LM0 + len(landmarks):
            landmarks[where - LM0] = d
        keys.append(where)
    hand = list(state.hand)
    hand[seat] -= len(names)
    all_keys = list(state.keys)
    all_keys[seat] = tuple(sorted(keys))
    return replace(state, keys=tuple(all_keys), hand=tuple(hand), landmarks=tuple(landmarks))


def landmark_in(state: State, lid: str, district: str) -> State:
    from games.paris.board import DISTRICT_INDEX

    landmarks = list(state.landmarks)
    landmarks[LM_INDEX[lid]] = DISTRICT_INDEX[district]
    return replace(state, landmarks=tuple(landmarks))


def give(
    state: State,
    seat: int,
    francs: int | None = None,
    goods: dict[str, int] | None = None,
    bonus: list[int] | None = None,
    egt: list[str] | None = None,
    meeple: int | None = None,
) -> State:
    """Set what lies behind a seat's screen (and its meeple)."""

    def at(values: tuple, value: Any) -> tuple:
        return values[:seat] + (value,) + values[seat + 1 :]

    changes: dict[str, Any] = {}
    if francs is not None:
        changes["francs"] = at(state.francs, francs)
    if goods is not None:
        row = [0] * 6
        for g, n in goods.items():
            row[GOOD_INDEX[g]] = n
        changes["goods"] = at(state.goods, tuple(row))
    if bonus is not None:
        changes["bonus"] = at(state.bonus, tuple(sorted(bonus)))
    if egt is not None:
        changes["egt"] = at(state.egt, tuple(sorted(EGT_INDEX[e] for e in egt)))
    if meeple is not None:
        changes["meeples"] = at(state.meeples, meeple)
    return replace(state, **changes)


def vp_tile(state: State, district: str, tile: str) -> State:
    from games.paris.board import DISTRICT_INDEX

    tiles = list(state.vp_tiles)
    tiles[DISTRICT_INDEX[district]] = VP_TILE_INDEX[tile]
    return replace(state, vp_tiles=tuple(tiles))

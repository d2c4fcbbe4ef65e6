"""The deal: tile piles and secret final-excursion markers, random or fixed by an arrangement.

An arrangement is the JSON form of every hidden element of a setup:
``{"piles": [[tile id, ...], ...], "markers": [colour per seat], "face_up": colour | null}``.
It comes from outside (imported records, test scenarios), so it is validated strictly here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.core.errors import IllegalAction
from games.core.rng import derive_rng, shuffle
from games.paris_paris.board import (
    COLOUR_INDEX,
    N_COLOURS,
    N_STATIONS,
    N_TILES,
    TILE_IDS,
    TILE_INDEX,
)
from games.paris_paris.data import COLOURS, SHOPS_PER_PLAYER
from games.paris_paris.state import REVEAL, State

Deal = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int | None]


def random_deal(players: int, seed: int) -> Deal:
    """Shuffle the 60 tiles into piles of players+1 and deal the markers, from the seed."""
    tiles = list(range(N_TILES))
    shuffle(derive_rng(seed, "piles"), tiles)
    size = players + 1
    piles = tuple(tuple(tiles[i : i + size]) for i in range(0, N_TILES, size))
    colours = list(range(N_COLOURS))
    shuffle(derive_rng(seed, "markers"), colours)
    face_up = colours[players] if players == 2 else None
    return piles, tuple(colours[:players]), face_up


def _bad(message: str, **params: Any) -> IllegalAction:
    return IllegalAction("paris_paris.bad_arrangement", f"invalid arrangement: {message}", **params)


def parse_arrangement(players: int, arrangement: Mapping[str, Any]) -> Deal:
    """Validate an arrangement given from outside; raises IllegalAction with a clear message."""
    if not isinstance(arrangement, Mapping):
        raise _bad("it must be an object")
    unknown = set(arrangement) - {"piles", "markers", "face_up"}
    if unknown:
        raise _bad(f"unknown keys {sorted(unknown)}", keys=sorted(unknown))
    piles_in = arrangement.get("piles")
    size = players + 1
    count = N_TILES // size
    if not isinstance(piles_in, list | tuple) or len(piles_in) != count:
        raise _bad(f"{players} players need {count} piles", expected=count)
    piles: list[tuple[int, ...]] = []
    for i, pile in enumerate(piles_in):
        if not isinstance(pile, list | tuple) or len(pile) != size:
            raise _bad(f"pile {i} must hold {size} tiles", pile=i, expected=size)
        for tile in pile:
            if tile not in TILE_INDEX:
                raise _bad(f"unknown tile {tile!r}", tile=str(tile))
        piles.append(tuple(TILE_INDEX[t] for t in pile))
    seen = Counter(t for pile in piles for t in pile)
    duplicates = sorted(TILE_IDS[t] for t, n in seen.items() if n > 1)
    if duplicates:
        raise _bad(f"tiles used twice: {duplicates}", tiles=duplicates)
    markers_in = arrangement.get("markers")
    if not isinstance(markers_in, list | tuple) or len(markers_in) != players:
        raise _bad(f"markers must list one colour per seat ({players})", expected=players)
    for colour in markers_in:
        if colour not in COLOUR_INDEX:
            raise _bad(f"unknown marker colour {colour!r} (colours: {list(COLOURS)})")
    face_up_in = arrangement.get("face_up")
    if players == 2:
        if face_up_in not in COLOUR_INDEX:
            raise _bad("2 players need a face_up marker colour")
    elif face_up_in is not None:
        raise _bad("face_up is only used with 2 players")
    used = [*markers_in, *([face_up_in] if face_up_in is not None else [])]
    if len(set(used)) != len(used):
        raise _bad(f"duplicate markers {used}", markers=used)
    markers = tuple(COLOUR_INDEX[c] for c in markers_in)
    face_up = COLOUR_INDEX[face_up_in] if face_up_in is not None else None
    return tuple(piles), markers, face_up


def dump_arrangement(state: State) -> dict[str, Any]:
    """The arrangement of `state`'s setup (the state keeps the deal intact for this)."""
    return {
        "piles": [[TILE_IDS[t] for t in pile] for pile in state.piles],
        "markers": [COLOURS[c] for c in state.markers],
        "face_up": COLOURS[state.face_up] if state.face_up is not None else None,
    }


def initial_state(players: int, deal: Deal) -> State:
    piles, markers, face_up = deal
    zeros = (0,) * players
    return State(
        players=players,
        piles=piles,
        revealed=0,
        markers=markers,
        face_up=face_up,
        board=((),) * N_STATIONS,
        supply=(SHOPS_PER_PLAYER,) * players,
        bag=zeros,
        scores=zeros,
        waiting=0,
        first=0,
        turn=0,
        phase=REVEAL,
        display=(),
        round=1,
        visit_points=zeros,
        excursion_points=zeros,
        final_points=zeros,
        bag_points=zeros,
    )

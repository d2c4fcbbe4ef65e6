"""Scenario helpers: arrangements from readable token lists, board set-ups, whole rounds.

Positions are built with a full arrangement (so the deal is fixed) and explicit actions. For
rules that need a board already in play (visits, excursions, the end), `put` places shops
directly and takes them from the owners' supplies, so piece conservation still holds.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from games.core.contract import Event
from games.core.errors import IllegalAction
from games.paris_paris.board import COLOUR_INDEX, STATION_INDEX, TILE_IDS, TILE_INDEX
from games.paris_paris.engine import ParisParis
from games.paris_paris.options import ParisParisOptions as Options
from games.paris_paris.state import State
from tests.scenario import assert_refused

GAME = ParisParis()
OPTIONS = Options()
DEFAULT_MARKERS = ["green", "red", "blue", "orange"]


def make_arrangement(
    players: int,
    piles: list[list[str]],
    markers: list[str] | None = None,
    face_up: str | None = "unset",
) -> dict[str, Any]:
    """Piles from tokens written "station/colour"; the other tiles fill the remaining piles."""
    used: Counter[tuple[str, str]] = Counter()
    out: list[list[str]] = []
    for pile in piles:
        assert len(pile) == players + 1, pile
        ids = []
        for token in pile:
            station, colour = token.split("/")
            used[(station, colour)] += 1
            tile = f"{station}#{colour}#{used[(station, colour)]}"
            assert tile in TILE_INDEX, f"no tile {tile}"
            ids.append(tile)
        out.append(ids)
    taken = {t for pile in out for t in pile}
    rest = [t for t in TILE_IDS if t not in taken]
    while rest:
        out.append(rest[: players + 1])
        rest = rest[players + 1 :]
    if face_up == "unset":
        face_up = "pink" if players == 2 else None
    return {
        "piles": out,
        "markers": markers or DEFAULT_MARKERS[:players],
        "face_up": face_up,
    }


def start(players: int, piles: list[list[str]], **kwargs: Any) -> State:
    return GAME.setup(players, OPTIONS, 0, make_arrangement(players, piles, **kwargs))


def put(state: State, shops: dict[str, list[int]]) -> State:
    """Place shops directly (owners listed per station), taken from the owners' supplies."""
    board = list(state.board)
    supply = list(state.supply)
    for station, owners in shops.items():
        s = STATION_INDEX[station]
        for owner in board[s]:
            supply[owner] += 1
        board[s] = tuple(owners)
        for owner in owners:
            supply[owner] -= 1
    return dataclasses.replace(state, board=tuple(board), supply=tuple(supply))


def wait(state: State, *colours: str) -> State:
    """Tokens of these colours already waiting on the P spaces."""
    mask = state.waiting
    for colour in colours:
        mask |= 1 << COLOUR_INDEX[colour]
    return dataclasses.replace(state, waiting=mask)


def last_round(state: State, first: int) -> State:
    """Only pile 0 is left to play, and `first` holds the bus."""
    return dataclasses.replace(state, revealed=(1 << len(state.piles)) - 2, first=first, turn=first)


def act(state: State, action: dict[str, Any]) -> tuple[State, list[Event]]:
    seat = next(iter(GAME.to_act(state)))
    return GAME.apply(state, seat, GAME.parse_action(action))


def play_round(
    state: State, pile: int, takes: list[dict[str, Any] | str]
) -> tuple[State, list[Event]]:
    """Reveal `pile`, then the takes in turn order ("station/colour" or full action dicts)."""
    state, events = act(state, {"type": "reveal", "pile": pile})
    for take in takes:
        if isinstance(take, str):
            station, colour = take.split("/")
            take = {"type": "take", "station": station, "colour": colour}
        state, more = act(state, take)
        events += more
    return state, events


def refused(state: State, seat: int, action: Any, key: str) -> IllegalAction:
    """`seat` playing `action` (JSON or parsed) in `state` is refused with message key `key`
    (`paris_paris.<key>` when it names no other) and leaves `state` as it was."""
    return assert_refused(GAME, state, seat, action, key)


def seat_of(station: str, state: State) -> tuple[int, ...]:
    return state.board[STATION_INDEX[station]]

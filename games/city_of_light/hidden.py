"""Determinisation: a state one seat cannot tell from the true one (for AI seats).

What a seat knows: the whole board (every tile laid, every building, piece and postcard), the
sizes of both stacks and hands, and its own hand. Hidden, and resampled here: the order of
its own stack (its tiles neither laid nor in hand), the rival's hand and stack (the rival's
tiles not yet laid, shuffled, the hand and stack keeping their sizes). `deal`, the dealt
order kept only for the match record, is rebuilt from the sampled tiles.
"""

from __future__ import annotations

import random
from typing import Any

from games.city_of_light.data import TILES
from games.city_of_light.state import PHASE_TILES, State
from games.core.rng import shuffle


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """`state` with what `seat` cannot see drawn from `rng` (depends on nothing else)."""
    if state.phase != PHASE_TILES:  # every tile is on the board by phase 2
        return state
    laid: tuple[list[int], list[int]] = ([], [])
    for square in state.squares:
        if square is not None:
            laid[square[0]].append(square[1])
    hands = list(state.hands)
    stacks = list(state.stacks)
    deal = []
    for s in (0, 1):
        keep = hands[s] if s == seat else ()
        rest = [t for t in TILES if t not in laid[s] and t not in keep]
        shuffle(rng, rest)
        if s != seat:
            size = len(state.hands[s])
            hands[s] = tuple(rest[:size])
            rest = rest[size:]
        stacks[s] = tuple(rest)
        deal.append(tuple(sorted(laid[s])) + hands[s] + stacks[s])
    return state.replace(hands=tuple(hands), stacks=tuple(stacks), deal=tuple(deal))


def secrets(state: State, seat: int) -> dict[str, Any]:
    """What `determinize` must redraw for `seat`: which tiles the rival holds, and the order
    of both stacks (its own too)."""
    if state.phase != PHASE_TILES:
        return {}
    return {"rival_hand": tuple(sorted(state.hands[1 - seat])), "stacks": state.stacks}

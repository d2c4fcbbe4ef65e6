"""Determinisation: a state one seat cannot tell from the true one (for AI seats).

What a seat knows: everything public (board, display, waiting colours, scores, the bag's size,
the 2-player face-up marker), the tiles of piles already revealed (shown to all when turned),
its own marker, supply and shops in the bag. Hidden, and resampled here: the other seats'
markers (among the colours it has not seen), the tiles of the face-down piles (the tiles not
yet revealed, shuffled into them), and with 3-4 players how the rest of the bag splits
between the other seats (their supplies follow: supply + board + bag = 19).
"""

from __future__ import annotations

import random
from typing import Any

from games.core.drafts import draft, seal
from games.core.rng import shuffle
from games.paris_paris.board import N_COLOURS
from games.paris_paris.data import SHOPS_PER_PLAYER
from games.paris_paris.scoring import shops_on_board
from games.paris_paris.state import OVER, State


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """`state` with what `seat` cannot see drawn from `rng` (depends on nothing else)."""
    if state.phase == OVER:  # every marker and the bag are shown at the end
        return state
    players = state.players
    new = draft(state)
    # Markers: the colours this seat has not seen, dealt to the others.
    seen = {state.markers[seat], state.face_up}
    colours = [c for c in range(N_COLOURS) if c not in seen]
    shuffle(rng, colours)
    markers = list(state.markers)
    for other in range(players):
        if other != seat:
            markers[other] = colours.pop()
    new.markers = tuple(markers)
    # Face-down piles: every tile not yet revealed, shuffled into them.
    revealed = state.revealed
    unseen: list[int] = []
    for i, pile in enumerate(state.piles):
        if not revealed >> i & 1:
            unseen += pile
    unseen.sort()  # in tile order, whatever the true piles held
    shuffle(rng, unseen)
    piles = []
    for i, pile in enumerate(state.piles):
        if revealed >> i & 1:
            piles.append(pile)
        else:
            piles.append(tuple(unseen[: len(pile)]))
            del unseen[: len(pile)]
    new.piles = tuple(piles)
    if players > 2:
        _split_bag(new, state, seat, rng)
    return seal(new, State)


def _split_bag(new: State, state: State, seat: int, rng: random.Random) -> None:
    """The other seats' shops in the bag: the public total less this seat's own, one shop at
    a time to a seat that still has a shop off the board (supplies follow)."""
    on_board = shops_on_board(state.board, state.players)
    others = [s for s in range(state.players) if s != seat]
    bag = [0] * state.players
    bag[seat] = state.bag[seat]
    room = [SHOPS_PER_PLAYER - shops for shops in on_board]
    open_seats = [s for s in others if room[s] > 0]
    for _ in range(sum(state.bag) - state.bag[seat]):
        chosen = open_seats[rng.randrange(len(open_seats))]
        bag[chosen] += 1
        room[chosen] -= 1
        if not room[chosen]:
            open_seats.remove(chosen)
    new.bag = tuple(bag)
    new.supply = tuple(
        state.supply[s] if s == seat else SHOPS_PER_PLAYER - on_board[s] - bag[s]
        for s in range(state.players)
    )


def secrets(state: State, seat: int) -> dict[str, Any]:
    """What `determinize` must redraw for `seat` (with 2 players the bag is public)."""
    if state.phase == OVER:
        return {}
    others = [s for s in range(state.players) if s != seat]
    face_down = tuple(pile for i, pile in enumerate(state.piles) if not state.revealed >> i & 1)
    hidden: dict[str, Any] = {
        "markers": tuple(state.markers[s] for s in others),
        "piles": face_down,
    }
    if state.players > 2:
        hidden["bag"] = tuple(state.bag[s] for s in others)
    return hidden

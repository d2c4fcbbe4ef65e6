"""Phase 1: lay a tile from the hand (then draw), take a building, or pass when out of tiles."""

from __future__ import annotations

import random
from typing import TypeVar

from games.city_of_light import actions as A
from games.city_of_light.board import TILE_CELLS, idx
from games.city_of_light.building import from_supply
from games.city_of_light.data import BUILDING_KEYS, SQUARES
from games.city_of_light.state import LIGHT, MIXED, PHASE_BUILD, State, draft
from games.core.contract import Event, event
from games.core.drafts import seal
from games.core.errors import IllegalAction

T = TypeVar("T")
_SQUARE_XY = tuple((tx, ty) for ty in range(SQUARES) for tx in range(SQUARES))


# Every tile placement, built once: by tile, then square index, its 4 rotations in order.
_PLACEMENTS = tuple(
    tuple(tuple(A.place_tile(tile, tx, ty, rot) for rot in range(4)) for tx, ty in _SQUARE_XY)
    if tile
    else ()
    for tile in range(9)
)
_TAKE = tuple(A.take_building(key) for key in BUILDING_KEYS)  # by building index


def legal(state: State, seat: int) -> list[A.PlaceTile | A.TakeBuilding | A.Pass]:
    """Each tile in hand on each empty square in each rotation, then taking each building of
    the supply, or passing with no tiles (`playout_move` draws from this order)."""
    out: list[A.PlaceTile | A.TakeBuilding | A.Pass] = []
    hand = state.hands[seat]
    if hand:
        empty = [sq for sq, t in enumerate(state.squares) if t is None]
        for tile in hand:
            placed = _PLACEMENTS[tile]
            for sq in empty:
                out += placed[sq]
    out += [_TAKE[b] for b in state.supply]
    if not hand:
        out.append(A.PASS)
    return out


def _lay(seat: int, tile: int, rot: int, sq: int) -> tuple[tuple, tuple[int, ...], int]:
    """What laying `tile` turned `rot` on square `sq` writes for `seat`: (cell, kind) for each
    of its cells, the cells added to each kind's mask, and the mask of its four cells."""
    code = {"O": seat, "R": 1 - seat, "M": MIXED, "L": LIGHT}
    tx, ty = _SQUARE_XY[sq]
    writes = []
    added = [0, 0, 0, 0]
    for dx, dy, letter in TILE_CELLS[(tile, rot)]:
        c = idx(2 * tx + dx, 2 * ty + dy)
        writes.append((c, code[letter]))
        added[code[letter]] |= 1 << c
    return tuple(writes), tuple(added), sum(1 << c for c, _ in writes)


# By seat, tile, rotation and square: what laying that tile there writes (`_lay`).
_LAYS = tuple(
    tuple(
        tuple(tuple(_lay(seat, tile, rot, sq) for sq in range(len(_SQUARE_XY))) for rot in range(4))
        if tile
        else ()
        for tile in range(9)
    )
    for seat in (0, 1)
)


def playout_move(state: State, seat: int, rng: random.Random) -> State:
    """`place_tile`, `take_building` or `pass_turn` of `legal(state, seat)[k]` for
    k = `rng.randrange(n)`, the n moves counted from the hand, the empty squares and the
    supply without listing them, and played without events (the search's random playouts)."""
    hand = state.hands[seat]
    squares = state.squares
    supply = state.supply
    per_tile = 4 * squares.count(None)
    placements = len(hand) * per_tile
    k = rng.randrange(placements + len(supply) + (0 if hand else 1))
    if k < placements:
        held, k = divmod(k, per_tile)
        nth, rot = divmod(k, 4)
        for sq, laid in enumerate(squares):
            if laid is None:
                if not nth:
                    return lay(state, seat, hand[held], sq, rot)
                nth -= 1
    k -= placements
    if k < len(supply):
        return take(state, seat, supply[k])
    return pass_turn(state, seat)[0]


def place_tile(state: State, seat: int, action: A.PlaceTile) -> tuple[State, list[Event]]:
    tile, tx, ty, rot = action.tile, action.tx, action.ty, action.rotation
    if tile not in state.hands[seat]:
        raise IllegalAction(
            "city_of_light.tile_not_in_hand", f"tile {tile} is not in your hand", tile=tile
        )
    sq = ty * SQUARES + tx
    if state.squares[sq] is not None:
        raise IllegalAction(
            "city_of_light.square_taken", f"square ({tx}, {ty}) already has a tile", tx=tx, ty=ty
        )
    new = lay(state, seat, tile, sq, rot)
    events = [
        event(
            "tile_placed",
            {"seat": seat, "tile": tile, "tx": tx, "ty": ty, "rotation": rot},
        )
    ]
    stack = state.stacks[seat]
    if stack:
        events.append(event("tile_drawn", {"seat": seat, "tile": stack[0]}, to=(seat,)))
    if new.first_done != state.first_done:
        events.append(event("tiles_done", {"seat": seat}))
    if new.phase != state.phase:
        events.append(event("phase_started", {"phase": 2, "first": new.first_done}))
    return new, events


def lay(state: State, seat: int, tile: int, sq: int, rot: int) -> State:
    """The state after `seat` lays `tile` from its hand on the empty square `sq`, turned
    `rot`, and draws (the rule of `place_tile`, whose checks and events are left to it)."""
    new = draft(state)
    writes, added, laid = _LAYS[seat][tile][rot][sq]
    cells = list(state.cells)
    for c, k in writes:
        cells[c] = k
    k0, k1, k2, k3 = state.kinds
    new.cells, new.free = tuple(cells), state.free | laid
    new.kinds = (k0 | added[0], k1 | added[1], k2 | added[2], k3 | added[3])
    squares = list(state.squares)
    squares[sq] = (seat, tile, rot)
    new.squares = tuple(squares)
    hand = state.hands[seat]
    at = hand.index(tile)
    new_hand = hand[:at] + hand[at + 1 :]
    stack = state.stacks[seat]
    if stack:
        new_hand += (stack[0],)
        new.stacks = _set(state.stacks, seat, stack[1:])
    new.hands = _set(state.hands, seat, new_hand)
    if not new_hand and state.first_done < 0:
        new.first_done = seat
    new.turn = 1 - seat
    if None not in squares:
        # "Этап заканчивается, когда все 16 квадратов на поле заняты тайлами мостовой."
        new.phase, new.turn = PHASE_BUILD, new.first_done
    return seal(new, State)


def take_building(state: State, seat: int, action: A.TakeBuilding) -> tuple[State, list[Event]]:
    new = take(state, seat, from_supply(state, action.building))
    return new, [event("building_taken", {"seat": seat, "building": action.building})]


def take(state: State, seat: int, b: int) -> State:
    """The state after `seat` takes building `b` from the supply (`take_building`'s rule)."""
    new = draft(state)
    new.supply = tuple(x for x in state.supply if x != b)
    new.reserves = _set(state.reserves, seat, tuple(sorted(state.reserves[seat] + (b,))))
    new.turn = 1 - seat
    return seal(new, State)


def pass_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    if state.hands[seat]:
        raise IllegalAction(
            "city_of_light.must_place_tile",
            "you still have tiles: lay one or take a building",
        )
    return state.replace(turn=1 - seat), [event("passed", {"seat": seat, "phase": 1})]


def _set(pair: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)

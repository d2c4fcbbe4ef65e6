"""Phase 1: lay a tile from the hand (then draw), take a building, or pass when out of tiles."""

from __future__ import annotations

from typing import TypeVar

from games.city_of_light import actions as A
from games.city_of_light.board import TILE_CELLS, idx
from games.city_of_light.building import from_supply
from games.city_of_light.data import BUILDING_KEYS, SQUARES
from games.city_of_light.segments import Segment, single
from games.city_of_light.state import LIGHT, MIXED, PHASE_BUILD, State
from games.core.contract import Event, event
from games.core.drafts import draft, seal
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
_ROTATIONS = (0, 1, 2, 3)
_TAKE = tuple(A.take_building(key) for key in BUILDING_KEYS)  # by building index
_PASS = single(A.PASS)


def segments(state: State, seat: int) -> list[Segment]:
    """Phase 1's legal moves: each tile in hand on each empty square in each rotation, then
    taking each building of the supply (kept in ascending order), or passing with no tiles."""
    hand = state.hands[seat]
    supply = 0
    for b in state.supply:
        supply |= 1 << b
    if not hand:
        return [(supply, _TAKE, None), _PASS]
    empty = 0
    for sq, t in enumerate(state.squares):
        if t is None:
            empty |= 1 << sq
    out: list[Segment] = [(empty, _PLACEMENTS[tile], _ROTATIONS) for tile in hand]
    out.append((supply, _TAKE, None))
    return out


def place_tile(state: State, seat: int, action: A.PlaceTile) -> tuple[State, list[Event]]:
    tile, tx, ty, rot = action.tile, action.tx, action.ty, action.rotation
    hand = state.hands[seat]
    if tile not in hand:
        raise IllegalAction(
            "city_of_light.tile_not_in_hand", f"tile {tile} is not in your hand", tile=tile
        )
    sq = ty * SQUARES + tx
    if state.squares[sq] is not None:
        raise IllegalAction(
            "city_of_light.square_taken", f"square ({tx}, {ty}) already has a tile", tx=tx, ty=ty
        )
    new = draft(state)
    code = {"O": seat, "R": 1 - seat, "M": MIXED, "L": LIGHT}
    cells = list(state.cells)
    kinds = list(state.kinds)
    free = state.free
    for dx, dy, letter in TILE_CELLS[(tile, rot)]:
        c = idx(2 * tx + dx, 2 * ty + dy)
        k = code[letter]
        cells[c] = k
        kinds[k] |= 1 << c
        free |= 1 << c
    new.cells, new.kinds, new.free = tuple(cells), (kinds[0], kinds[1], kinds[2], kinds[3]), free
    squares = list(state.squares)
    squares[sq] = (seat, tile, rot)
    new.squares = tuple(squares)
    stack = state.stacks[seat]
    new_hand = tuple(t for t in hand if t != tile)
    events = [
        event(
            "tile_placed",
            {"seat": seat, "tile": tile, "tx": tx, "ty": ty, "rotation": rot},
        )
    ]
    if stack:
        new_hand += (stack[0],)
        events.append(event("tile_drawn", {"seat": seat, "tile": stack[0]}, to=(seat,)))
        stack = stack[1:]
    new.stacks = _set(state.stacks, seat, stack)
    new.hands = _set(state.hands, seat, new_hand)
    if not new_hand and state.first_done < 0:
        new.first_done = seat
        events.append(event("tiles_done", {"seat": seat}))
    new.turn = 1 - seat
    if all(s is not None for s in squares):
        # "Этап заканчивается, когда все 16 квадратов на поле заняты тайлами мостовой."
        new.phase, new.turn = PHASE_BUILD, new.first_done
        events.append(event("phase_started", {"phase": 2, "first": new.first_done}))
    return seal(new, State), events


def take_building(state: State, seat: int, action: A.TakeBuilding) -> tuple[State, list[Event]]:
    b = from_supply(state, action.building)
    reserve = tuple(sorted(state.reserves[seat] + (b,)))
    new = state.replace(
        supply=tuple(x for x in state.supply if x != b),
        reserves=_set(state.reserves, seat, reserve),
        turn=1 - seat,
    )
    return new, [event("building_taken", {"seat": seat, "building": action.building})]


def pass_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    if state.hands[seat]:
        raise IllegalAction(
            "city_of_light.must_place_tile",
            "you still have tiles: lay one or take a building",
        )
    return state.replace(turn=1 - seat), [event("passed", {"seat": seat, "phase": 1})]


def _set(pair: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)

"""Step 1 (a building tile) and the action step: placing a key, the end-game stack, passing.

Moving a key is purchase.py; free actions and the end of a turn are flow.py.
"""

from __future__ import annotations

from bisect import bisect_left

from games.core.contract import Event, event, shared_event
from games.core.errors import IllegalAction
from games.paris import actions as A
from games.paris.board import (
    ARC,
    ARC_NAME,
    BANK0,
    BANK_FRANCS,
    BANK_NAMES,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    EGT_IDS,
    EGT_INDEX,
    LOCATIONS,
    N_DISTRICTS,
    N_SPACES,
    N_VALUES,
    SPACE_NAMES,
    SPACE_VALUE,
    TILE_KIND,
)
from games.paris.data import KINDS
from games.paris.flow import finish_action
from games.paris.moves import add_moves, note_built, note_keys
from games.paris.state import (
    ACTION,
    ENDGAME,
    PLACE,
    Memo,
    Scratch,
    State,
    draft,
    evolve,
    memo,
    put,
    remember,
    remembered_event,
)

_PLACE_BANK = tuple(A.place_key(name) for name in BANK_NAMES)
_PLACE_ARC = A.place_key(ARC_NAME)
# The key placements left when the banks/Arc in bit mask `taken` hold one of the seat's keys.
_PLACE_WHERE = tuple(
    [_PLACE_BANK[d] for d in range(N_DISTRICTS) if not taken >> d & 1]
    + ([] if taken >> N_DISTRICTS & 1 else [_PLACE_ARC])
    for taken in range(1 << (N_DISTRICTS + 1))
)
# The same by the seat's keys on banks and the Arc (the last of its sorted keys: at most one
# on each), as a tuple of locations.
_PLACE_AFTER: dict[tuple[int, ...], list] = {
    tuple(BANK0 + i for i in range(N_DISTRICTS + 1) if taken >> i & 1): where
    for taken, where in enumerate(_PLACE_WHERE)
}
_KEY_PLACED: Memo[tuple[int, int], Event] = memo()
# The end-game stack's public events by (seat, tiles left), the private pick by (seat, tile).
_BROWSED: Memo[tuple[int, int], Event] = memo()
_TAKEN: Memo[tuple[int, int], Event] = memo()
_PICKED: Memo[tuple[int, int], Event] = memo()
_PICKS = tuple(A.pick_end_game(e) for e in EGT_IDS)
_PLACE_IN = tuple(A.place_building(d) for d in DISTRICT_IDS)


# --- step 1: the building tile ---------------------------------------------------------------


# The tile step's choices by which of the three stacks are left (bit i: stack i).
_NO_STACKS = ((),) * len(A.PLACE_TILE)  # every building stack empty
_TILE_CHOICES = tuple(
    tuple(A.PLACE_TILE[i] for i in range(len(A.PLACE_TILE)) if left >> i & 1)
    for left in range(1 << len(A.PLACE_TILE))
)


def tile_options(state: State, seat: int) -> list:
    a, b, c = state.stacks
    return [*_TILE_CHOICES[(a != ()) + 2 * (b != ()) + 4 * (c != ())]]


def _tile_params(t: int) -> dict:
    return {"tile": SPACE_NAMES[t], "value": SPACE_VALUE[t], "kind": KINDS[TILE_KIND[t]]}


_NEXT: tuple[str, ...] = tuple(DISTRICT_IDS[t // N_VALUES] for t in range(N_SPACES))


def apply_place_tile(state: State, seat: int, action: A.PlaceTile) -> tuple[State, list[Event]]:
    """«В начале своего хода вы должны взять верхний жетон из любой стопки жетонов зданий и
    положить его на соответствующее место на поле: так, чтобы стоимость здания и район
    совпадали с указанными на жетоне.»"""
    i = action.stack
    stack = state.stacks[i]
    if not stack:
        raise IllegalAction("paris.stack_empty", f"stack {i} is empty", stack=i)
    t = stack[0]
    rows = list(state.stacks)  # `put`, inline (one move in ten places a tile)
    rows[i] = stack[1:]
    stacks = tuple(rows)
    nxt = _NEXT[stack[1]] if len(stack) > 1 else None
    if not state.setup.ignore_districts:
        before = state.spaces
        d = draft(state)
        d.stacks = stacks
        built = list(before)  # `put`, inline
        built[t] = t
        d.spaces = spaces = tuple(built)
        note_built(before, spaces, t)
        d.phase = ACTION
        if d.__class__ is not Scratch:  # `seal`, inline
            d.__class__ = State
        name = SPACE_NAMES[t]
        return d, [
            event(
                "tile_placed",
                {
                    "seat": seat,
                    "stack": i,
                    "tile": name,
                    "value": SPACE_VALUE[t],
                    "kind": KINDS[TILE_KIND[t]],
                    "next": nxt,
                    "space": name,
                },
            )
        ]
    params = {"seat": seat, "stack": i, **_tile_params(t), "next": nxt}
    # Variant: «…может проигнорировать указанный на жетоне район и положить этот жетон на
    # свободное место с совпадающим числом в любой район.»
    events = [event("tile_drawn", params)]
    s = evolve(state, stacks=stacks, pending=(t,))
    districts = fitting_districts(s, t)
    if len(districts) == 1:
        return _put_tile(s, seat, t, districts[0], events)
    if not districts:
        # «Возможна ситуация, в которой вы не сможете выложить взятый жетон. Если это
        # произошло, просто уберите жетон из игры и перейдите к шагу 2.»
        events.append(event("tile_discarded", {"seat": seat, "tile": SPACE_NAMES[t]}))
        return evolve(s, discarded=s.discarded + (t,), phase=ACTION, pending=()), events
    return evolve(s, phase=PLACE), events


def fitting_districts(state: State, t: int) -> list[int]:
    """«…в каждом районе может быть только одно здание каждого вида…»: districts with the
    tile's value free and no building of its kind."""
    i = t % N_VALUES
    kind = TILE_KIND[t]
    out = []
    for d in range(N_DISTRICTS):
        row = state.spaces[d * N_VALUES : (d + 1) * N_VALUES]
        if row[i] < 0 and all(x < 0 or TILE_KIND[x] != kind for x in row):
            out.append(d)
    return out


def place_options(state: State, seat: int) -> list:
    return [_PLACE_IN[d] for d in fitting_districts(state, state.pending[0])]


def apply_place_building(
    state: State, seat: int, action: A.PlaceBuilding
) -> tuple[State, list[Event]]:
    t = state.pending[0]
    d = DISTRICT_INDEX.get(action.district)
    if d is None or d not in fitting_districts(state, t):
        raise IllegalAction(
            "paris.tile_does_not_fit",
            f"{SPACE_NAMES[t]} cannot go to {action.district}: the space of its value must be "
            "free and the district without a building of its kind",
            district=action.district,
        )
    return _put_tile(state, seat, t, d, [])


def _put_tile(
    state: State, seat: int, t: int, d: int, events: list[Event]
) -> tuple[State, list[Event]]:
    space = d * N_VALUES + t % N_VALUES
    s = evolve(state, spaces=put(state.spaces, space, t), phase=ACTION, pending=())
    events.append(
        event("tile_placed", {"seat": seat, **_tile_params(t), "space": SPACE_NAMES[space]})
    )
    return s, events


# --- step 2: the action --------------------------------------------------------------------


def main_options(state: State, seat: int) -> list:
    """Every main action: place a key, move a key, take an end-game tile."""
    if state.hand[seat]:
        keys = state.keys[seat]  # sorted: those on banks and the Arc last
        out = add_moves([*_PLACE_AFTER[keys[bisect_left(keys, BANK0) :]]], state, seat)
    else:
        out = add_moves([], state, seat)
    if state.endgame and state.stacks == _NO_STACKS:
        out.append(A.TAKE_END_GAME)
    return out


def apply_place_key(state: State, seat: int, action: A.PlaceKey) -> tuple[State, list[Event]]:
    """«Возьмите один из ваших ключей за ширмой и выложите его на банк одного из 6 районов или
    на Триумфальную арку… Если вы выкладываете ключ на банк, возьмите указанное на нём
    количество франков»."""
    to = action.to
    where = LOCATIONS.get(to)  # `parse_loc`, inline
    loc = where[0] if where else -1
    if loc < BANK0:
        # «Вы не можете выложить ключ из-за ширмы сразу на здание или достопримечательность.»
        raise IllegalAction(
            "paris.place_on_bank_or_arc",
            "a key from behind the screen goes onto a bank or the Arc",
            location=to,
        )
    hand = state.hand
    if not hand[seat]:
        raise IllegalAction("paris.no_key_behind_screen", "you have no key behind your screen")
    keys = state.keys[seat]
    if loc in keys:
        # «На каждом из банков и на Триумфальной арке… может лежать лишь по одному вашему ключу.»
        raise IllegalAction(
            "paris.one_key_there", f"one of your keys already lies on {to}", location=to
        )
    francs = BANK_FRANCS[loc - BANK0] if loc < ARC else 0
    d = draft(state)
    before = state.keys
    rows = list(before)  # `put` and `add`, inline (one move in twelve places a key)
    rows[seat] = tuple(sorted(keys + (loc,)))
    d.keys = after = tuple(rows)
    note_keys(before, after, seat)
    left = list(hand)
    left[seat] -= 1
    d.hand = tuple(left)
    if francs:
        total = list(state.francs)
        total[seat] += francs
        d.francs = tuple(total)
    done = _KEY_PLACED.get((seat, loc))
    if done is None:
        done = remembered_event(
            _KEY_PLACED, (seat, loc), "key_placed", {"seat": seat, "to": to, "francs": francs}
        )
    return finish_action(state, seat, [done], d)


def apply_take_end_game(
    state: State, seat: int, action: A.TakeEndGame | None = None
) -> tuple[State, list[Event]]:
    """«Только после того, как стопки жетонов зданий закончились, и вместо того, чтобы
    выложить или переместить ключ, вы можете просмотреть стопку жетонов конца игры…»"""
    if state.stacks != _NO_STACKS:
        raise IllegalAction(
            "paris.stacks_not_empty", "end-game tiles only once every building stack is empty"
        )
    endgame = state.endgame
    if not endgame:
        raise IllegalAction("paris.end_game_stack_empty", "no end-game tile is left")
    size = len(endgame)
    browsed = _BROWSED.get((seat, size))
    if browsed is None:
        browsed = remembered_event(
            _BROWSED, (seat, size), "end_game_stack_browsed", {"seat": seat, "size": size}
        )
    seen = event(
        "end_game_stack_seen", {"seat": seat, "tiles": [EGT_IDS[e] for e in endgame]}, to=(seat,)
    )
    d = draft(state)
    d.phase = ENDGAME
    if d.__class__ is not Scratch:  # `seal`, inline
        d.__class__ = State
    return d, [browsed, seen]


def pick_options(state: State, seat: int) -> list:
    return [_PICKS[e] for e in state.endgame]


def apply_pick_end_game(
    state: State, seat: int, action: A.PickEndGame
) -> tuple[State, list[Event]]:
    e = EGT_INDEX.get(action.tile)
    if e is None or e not in state.endgame:
        raise IllegalAction(
            "paris.not_in_end_game_stack", "that tile is not in the stack", tile=action.tile
        )
    endgame = state.endgame
    i = endgame.index(e)  # (each tile once)
    left = endgame[:i] + endgame[i + 1 :]
    d = draft(state)
    d.endgame = left
    d.egt = put(state.egt, seat, tuple(sorted(state.egt[seat] + (e,))))
    n = len(left)
    taken = _TAKEN.get((seat, n))
    if taken is None:
        taken = remembered_event(
            _TAKEN, (seat, n), "end_game_tile_taken", {"seat": seat, "left": n}
        )
    picked = _PICKED.get((seat, e))
    if picked is None:
        picked = remember(
            _PICKED,
            (seat, e),
            shared_event("end_game_tile_picked", {"seat": seat, "tile": action.tile}, (seat,)),
        )
    events = [taken, picked]
    if not left:
        n = state.setup.players
        d.final_turns = (state.setup.first - 1 - seat) % n + n
        events.append(event("end_triggered", {"seat": seat, "turns_left": d.final_turns}))
    return finish_action(state, seat, events, d)

"""Action card 1, the swap: «Вы можете поменять местами друг с другом 2 любые карты вагонов в
игровой зоне (карты в городских линиях и перед игроками)», picked in two steps
(`swap_pick`, first then second), or given up (`decline`).

A spot is (SPOT_LINE, row, side, index) or (SPOT_TABLEAU, seat, wagon type); tableau wagons of
one type are interchangeable, so a tableau spot names the type, not a card.
"""

from __future__ import annotations

from games.core.contract import Event, event
from games.core.drafts import seal
from games.core.errors import IllegalAction
from games.moscow_paris.actions import DECLINE, SwapPick, pick_line, pick_tableau
from games.moscow_paris.data import CARD_IDS, CITY_IDS, SWAP_TWO, WAGON_IDS, WAGON_INDEX
from games.moscow_paris.layout import Layout, layout
from games.moscow_paris.lines import ROW_RANGE
from games.moscow_paris.state import (
    LEFT,
    RIGHT,
    SIDE_INDEX,
    SIDE_NAMES,
    SPOT_LINE,
    SPOT_TABLEAU,
    SWAP_FIRST,
    SWAP_SECOND,
    Draft,
    State,
    draft,
    put,
    with_card,
    without,
)
from games.moscow_paris.turn_end import finish_card


def _spot_wagon(board: State, spot: tuple[int, ...]) -> int:
    if spot[0] == SPOT_LINE:
        return (board.lefts if spot[2] == LEFT else board.rights)[spot[1]][spot[3]]
    return spot[2]


def spots(board: State) -> list[tuple[int, ...]]:
    """Every wagon of the play area («карты в городских линиях и перед игроками»)."""
    out: list[tuple[int, ...]] = []
    for row in ROW_RANGE:
        for side, sides in ((0, board.lefts), (1, board.rights)):
            out.extend((SPOT_LINE, row, side, i) for i in range(len(sides[row])))
    for seat, tableau in enumerate(board.tableaux):
        out.extend((SPOT_TABLEAU, seat, w) for w in sorted(set(tableau)))
    return out


def swap_ok(board: State, a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether swapping the wagons at spots a and b changes something and leaves no line with
    two wagons of one type («В одной городской линии не может оказаться 2 карты одинаковых
    вагонов»). Two wagons of one line may swap (it reorders the line: INTERPRETATION)."""
    if a == b:
        return False
    wa, wb = _spot_wagon(board, a), _spot_wagon(board, b)
    if a[0] == SPOT_LINE and b[0] == SPOT_LINE:
        if a[1] == b[1]:
            return True
        return wa != wb and wa not in _line(board, b[1]) and wb not in _line(board, a[1])
    if a[0] == SPOT_TABLEAU and b[0] == SPOT_TABLEAU:
        return a[1] != b[1] and wa != wb
    row, wagon = (a[1], wb) if a[0] == SPOT_LINE else (b[1], wa)
    return wa != wb and wagon not in _line(board, row)


def _line(board: State, row: int) -> tuple[int, ...]:
    return board.lefts[row] + board.rights[row]


def any_swap(board: State, kept: Layout | None = None) -> bool:
    """Whether action card 1 has any effect now (the fast form of `swap_firsts(...) != []`);
    `kept`: the board's layout, when the caller has it."""
    if (kept or layout(board)).long_line:  # its two wagons can swap
        return True
    lines = [_line(board, r) for r in ROW_RANGE]
    kinds = [set(t) for t in board.tableaux]
    for s, mine in enumerate(kinds):
        for other in kinds[s + 1 :]:
            if mine and other and len(mine | other) >= 2:
                return True
    in_tableaux = set().union(*kinds)
    singles = [line[0] for line in lines if line]
    for i, wagon in enumerate(singles):
        if in_tableaux - {wagon}:
            return True
        if any(other != wagon for other in singles[i + 1 :]):
            return True
    return False


# What `swap_ok` reads of a spot, worked out once per call for every spot: (spot, its kind,
# its row or seat, its wagon type, the mask of the wagon types of its line (0 for a tableau)).
SpotFacts = tuple[tuple[int, ...], int, int, int, int]


# The facts of the last board asked about, recognised by the identity of its lines and
# tableaux (which it holds, so that their ids are not reused): the steps of a swap ask about
# one board three times (the first picks, the first pick played, the second picks).
_last_facts: tuple[object, object, object, list[SpotFacts]] = ((), (), (), [])


def _spot_facts(board: State) -> list[SpotFacts]:
    """The facts of every spot, in the order of `spots` (kept for the last board: read
    them, never write them)."""
    global _last_facts
    lefts, rights, tableaux, facts = _last_facts
    if lefts is board.lefts and rights is board.rights and tableaux is board.tableaux:
        return facts
    out: list[SpotFacts] = []
    for row in ROW_RANGE:
        left, right = board.lefts[row], board.rights[row]
        mask = 0
        for w in left + right:
            mask |= 1 << w
        out.extend(((SPOT_LINE, row, LEFT, i), SPOT_LINE, row, w, mask) for i, w in enumerate(left))
        out.extend(
            ((SPOT_LINE, row, RIGHT, i), SPOT_LINE, row, w, mask) for i, w in enumerate(right)
        )
    for seat, tableau in enumerate(board.tableaux):
        out.extend(
            ((SPOT_TABLEAU, seat, w), SPOT_TABLEAU, seat, w, 0) for w in sorted(set(tableau))
        )
    _last_facts = (board.lefts, board.rights, board.tableaux, out)
    return out


def _swappable(a: SpotFacts, b: SpotFacts) -> bool:
    """`swap_ok` for two different spots, from their facts. A wagon type already in the other
    line refuses the swap, which covers two wagons of one type (the other one is there)."""
    _, kind_a, where_a, wagon_a, mask_a = a
    _, kind_b, where_b, wagon_b, mask_b = b
    if kind_a == SPOT_LINE:
        if kind_b == SPOT_LINE:
            return where_a == where_b or not (mask_b >> wagon_a & 1 or mask_a >> wagon_b & 1)
        return not mask_a >> wagon_b & 1
    if kind_b == SPOT_LINE:
        return not mask_b >> wagon_a & 1
    return where_a != where_b and wagon_a != wagon_b


def swap_firsts(board: State) -> list[tuple[int, ...]]:
    """The spots some other spot can swap with (`swap_ok`), in the order of `spots`."""
    facts = _spot_facts(board)
    out = []
    for a in facts:
        if a[1] == SPOT_LINE and a[4] & (a[4] - 1):  # its line holds another wagon
            out.append(a[0])
            continue
        for b in facts:
            if b is not a and _swappable(a, b):
                out.append(a[0])
                break
    return out


def swap_seconds(board: State, first: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The spots that can swap with `first` (`swap_ok`), in the order of `spots` (kept for
    the last board and first spot, which the first pick played and the second step's legal
    actions both ask about: read them, never write them)."""
    global _last_seconds
    facts = _spot_facts(board)
    kept_facts, kept_first, seconds = _last_seconds
    if kept_facts is facts and kept_first == first:
        return seconds
    a = next(f for f in facts if f[0] == first)
    seconds = [b[0] for b in facts if b is not a and _swappable(a, b)]
    _last_seconds = (facts, first, seconds)
    return seconds


_last_seconds: tuple[object, tuple[int, ...], list[tuple[int, ...]]] = (None, (), [])


# The pick of each spot: a line's by row, side and place; a tableau's by seat and wagon type.
_LINE_PICKS = tuple(
    tuple(tuple(pick_line(row, name, slot) for slot in range(1, 5)) for name in SIDE_NAMES)
    for row in ROW_RANGE
)
_TABLEAU_PICKS = tuple(tuple(pick_tableau(seat, w) for w in WAGON_IDS) for seat in range(4))


def spot_action(spot: tuple[int, ...]) -> SwapPick:
    if spot[0] == SPOT_LINE:
        return _LINE_PICKS[spot[1]][spot[2]][spot[3]]
    return _TABLEAU_PICKS[spot[1]][spot[2]]


def spot_json(board: State, spot: tuple[int, ...]) -> dict[str, object]:
    """A wagon of the play area: in a line (its row and city, side and place) or in front
    of a seat."""
    wagon = CARD_IDS[_spot_wagon(board, spot)]
    if spot[0] == SPOT_LINE:
        row = spot[1]
        return {
            "row": row,
            "city": CITY_IDS[board.cities[row]],  # a line holding a wagon has its city
            "side": SIDE_NAMES[spot[2]],
            "slot": spot[3] + 1,
            "wagon": wagon,
        }
    return {"seat": spot[1], "wagon": wagon}


def legal_swap(state: State, seat: int) -> list:
    """The active player's picks of action card 1: the first wagon, then the second."""
    if state.pending:
        picks = swap_seconds(state, state.pending)
    else:
        picks = swap_firsts(state)
    return [spot_action(s) for s in picks] + [DECLINE]


def _parse_spot(state: State, action: SwapPick) -> tuple[int, ...]:
    line_fields = (action.row, action.side, action.slot)
    if (
        action.row is not None
        and action.side is not None
        and action.slot is not None
        and action.seat is None
        and action.wagon is None
    ):
        row, side, index = action.row, SIDE_INDEX[action.side], action.slot - 1
        if index >= len((state.lefts if side == LEFT else state.rights)[row]):
            raise IllegalAction(
                "moscow_paris.no_wagon_there",
                f"there is no wagon at slot {action.slot} {action.side} of row {row}",
                row=row,
                side=action.side,
                slot=action.slot,
            )
        return (SPOT_LINE, row, side, index)
    if line_fields == (None, None, None) and action.seat is not None and action.wagon:
        seat, wagon = action.seat, WAGON_INDEX[action.wagon]
        if seat >= state.cfg.players or wagon not in state.tableaux[seat]:
            raise IllegalAction(
                "moscow_paris.no_wagon_there",
                f"seat {seat} has no {action.wagon} wagon in front of them",
                seat=seat,
                wagon=action.wagon,
            )
        return (SPOT_TABLEAU, seat, wagon)
    raise IllegalAction(
        "moscow_paris.bad_spot",
        "name a line wagon by row, side and slot, or a tableau wagon by seat and wagon",
    )


def apply_swap_pick(state: State, seat: int, action: SwapPick) -> tuple[State, list[Event]]:
    spot = _parse_spot(state, action)
    d = draft(state)
    if state.phase == SWAP_FIRST:
        if not swap_seconds(state, spot):
            raise IllegalAction(
                "moscow_paris.swap_impossible",
                "no other wagon can swap with this one",
                **spot_json(state, spot),
            )
        d.phase = SWAP_SECOND
        d.pending = spot
        return seal(d, State), [event("swap_picked", {"seat": seat, **spot_json(state, spot)})]
    first = state.pending
    if not swap_ok(state, first, spot):
        raise IllegalAction(
            "moscow_paris.swap_not_allowed",
            "these two wagons cannot swap: the same type, or a line would hold two wagons of "
            "one type",
            first=spot_json(state, first),
            second=spot_json(state, spot),
        )
    wa, wb = _spot_wagon(state, first), _spot_wagon(state, spot)
    _set_spot(d, first, wa, wb)
    _set_spot(d, spot, wb, wa)
    events = [
        event(
            "wagons_swapped",
            {"seat": seat, "first": spot_json(state, first), "second": spot_json(state, spot)},
        )
    ]
    finish_card(d, SWAP_TWO, events)
    return seal(d, State), events


def _set_spot(d: Draft, spot: tuple[int, ...], old: int, new: int) -> None:
    if spot[0] == SPOT_LINE:
        _, row, side, index = spot
        if side == LEFT:
            d.lefts = put(d.lefts, row, put(d.lefts[row], index, new))
        else:
            d.rights = put(d.rights, row, put(d.rights[row], index, new))
    else:
        seat = spot[1]
        d.tableaux = put(d.tableaux, seat, with_card(without(d.tableaux[seat], old), new))


def apply_decline_swap(state: State, seat: int) -> tuple[State, list[Event]]:
    d = draft(state)
    events = [event("swap_declined", {"seat": seat})]
    finish_card(d, SWAP_TWO, events)
    return seal(d, State), events

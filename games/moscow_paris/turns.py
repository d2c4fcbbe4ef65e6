"""The four actions of a turn: «В свой ход игрок должен совершить одно из четырёх действий».

1. a wagon to a city line, then draw 1 (`to_line`);
2. an action card, then draw 1 (`play_card`, resolved in action_cards.py / exchange.py);
3. a wagon from the hand in front of you (`to_tableau`), at most 4 there, duplicates allowed;
4. a wagon from in front of you back into the hand (`take_back`).

«В любой момент игры сумма карт перед игроком и на его руке должна равняться 5»: actions 3
and 4 move one card between hand and tableau; actions 1 and 2 spend a card and draw one.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from games.core.contract import Event, event, shared_event
from games.core.errors import IllegalAction
from games.core.phased import PhasedGame
from games.moscow_paris import action_cards, stalemate
from games.moscow_paris.actions import TakeBack, ToLine, ToTableau, take_back, to_line, to_tableau
from games.moscow_paris.data import (
    ACTION_BASE,
    CITY_IDS,
    CITY_LIMIT,
    MAX_SEATS,
    ROWS,
    TABLEAU_MAX,
    WAGON_IDS,
    WAGON_INDEX,
    WAGON_SPLITS,
)
from games.moscow_paris.deck import spend_and_draw
from games.moscow_paris.layout import laid, layout
from games.moscow_paris.state import (
    CLAIM,
    LEFT,
    NO_CITY,
    PLAY,
    SIDE_INDEX,
    SIDE_NAMES,
    State,
    draft,
)
from games.moscow_paris.turn_end import finish_progress, pass_turn

# Shared action instances, by wagon type (and row).
_TO_LINE = tuple(
    tuple((to_line(w, r, "left"), to_line(w, r, "right")) for r in range(ROWS)) for w in WAGON_IDS
)
# By wagon type and a mask of rows: its `to_line` actions on those rows, top row first.
_TO_LINE_ROWS = tuple(
    tuple(
        tuple(a for row in range(ROWS) if mask >> row & 1 for a in _TO_LINE[w][row])
        for mask in range(1 << ROWS)
    )
    for w in range(len(WAGON_IDS))
)
_TO_TABLEAU = tuple(to_tableau(w) for w in WAGON_IDS)
_TAKE_BACK = tuple(take_back(w) for w in WAGON_IDS)
# The events of actions 3 and 4, by seat and wagon type, built once: events are values that
# nobody writes, and these two actions are most of the moves.
_TO_TABLEAU_EVENTS = tuple(
    tuple(shared_event("wagon_to_tableau", {"seat": seat, "wagon": w}) for w in WAGON_IDS)
    for seat in range(MAX_SEATS)
)
_TAKE_BACK_EVENTS = tuple(
    tuple(shared_event("wagon_taken_back", {"seat": seat, "wagon": w}) for w in WAGON_IDS)
    for seat in range(MAX_SEATS)
)

# Memos of pure functions of small immutable keys (a hand, a tableau: a few thousand keys at
# most).
_HAND_PARTS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple, tuple[int, ...]]] = {}
_TAKE_BACKS: dict[tuple[int, ...], tuple] = {}


def _hand_parts(hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple, tuple[int, ...]]:
    """The distinct wagons of a hand, their `to_tableau` actions, its distinct action cards
    (kept in `_HAND_PARTS`)."""
    wagons = tuple(sorted({c for c in hand if c < ACTION_BASE}))
    cards = tuple(sorted({c for c in hand if c >= ACTION_BASE}))
    parts = _HAND_PARTS[hand] = (wagons, tuple(_TO_TABLEAU[w] for w in wagons), cards)
    return parts


def _take_backs(tableau: tuple[int, ...]) -> tuple:
    """The `take_back` actions of a tableau (kept in `_TAKE_BACKS`)."""
    actions = _TAKE_BACKS[tableau] = tuple(_TAKE_BACK[w] for w in sorted(set(tableau)))
    return actions


# The platform's `legal_actions`, read once (an attribute of an imported class is looked up
# on every call).
_platform_legal_actions = PhasedGame.legal_actions


def legal_play(state: State, seat: int) -> Sequence[Any]:
    """The play phase's entry of the engine's table of legal actions: `legal_actions`, which
    `MoscowParis` reads first."""
    return legal_actions(None, state, seat)


def legal_actions(game: Any, state: State, seat: int) -> Sequence[Any]:
    """`MoscowParis.legal_actions` itself (the engine binds this function as its method:
    every move asks, and a call less counts): the platform's answer, but for the active
    player in the play phase, whose actions are read here, grouped: wagons to lines (by
    wagon type, the open lines that do not hold one yet, as a mask of rows into a table
    built once), wagons to the tableau, wagons taken back, action cards (see
    action_cards.card_plays)."""
    if state.phase != PLAY or seat != state.turn:
        return _platform_legal_actions(game, state, seat)
    tableau = state.tableaux[seat]
    hand = state.hands[seat]
    wagons, to_tableau_actions, cards = _HAND_PARTS.get(hand) or _hand_parts(hand)
    lay = layout(state)
    out: list = []
    if wagons:
        open_rows, holding = lay.open_rows, lay.holding
        for w in wagons:
            out += _TO_LINE_ROWS[w][open_rows & ~holding[w]]
        if len(tableau) < TABLEAU_MAX:
            out += to_tableau_actions
    if tableau:
        out += _TAKE_BACKS.get(tableau) or _take_backs(tableau)
    for card in cards:
        out += action_cards.card_plays(state, seat, card, lay)
    return out


# By the id of a shared wagon action (`to_line`, `to_tableau`, `take_back`, the instances
# `legal_actions` hands out): its plan, the action, the function that plays it, its wagon
# type, and for `to_line` its row and side, read once. An action is a pydantic model, whose
# class has a `__getattr__`: the interpreter reads its fields by the slow, generic path, and
# every move reads one or three. `MoscowParis.apply` plays a planned action through its plan,
# without the rules table. The shared actions live as long as the process, so no other
# object ever has their ids: an id found here is the action's own. An action from outside
# (parsed JSON) is planned afresh each time (`apply_wagon`).
Plan = tuple[Any, Callable[[State, int, Any], tuple[State, list[Event]]], int, int, int]
PLANS: dict[int, Plan] = {}


def _plan(action: ToLine | ToTableau | TakeBack) -> Plan:
    wagon = WAGON_INDEX[action.wagon]
    if isinstance(action, ToLine):
        return (action, play_to_line, wagon, action.row, SIDE_INDEX[action.side])
    return (action, play_shift, wagon, isinstance(action, ToTableau), -1)


def apply_wagon(
    state: State, seat: int, action: ToLine | ToTableau | TakeBack
) -> tuple[State, list[Event]]:
    """Actions 1, 3 and 4 (`to_line`, `to_tableau`, `take_back`), through their plan."""
    plan = PLANS.get(id(action)) or _plan(action)
    return plan[1](state, seat, plan)


def wagon_code(state: State, name: str) -> int:
    """The code of a wagon type in play (the 8 × 11 split has no gondola, hopper, ...)."""
    code = WAGON_INDEX.get(name, -1)
    if not 0 <= code < WAGON_SPLITS[state.cfg.split][0]:
        raise IllegalAction(
            "moscow_paris.unknown_wagon", f"there is no {name!r} wagon in this match", wagon=name
        )
    return code


def _in_hand(state: State, seat: int, name: str) -> int:
    code = wagon_code(state, name)
    if code not in state.hands[seat]:
        raise IllegalAction(
            "moscow_paris.wagon_not_in_hand", f"you have no {name} wagon in your hand", wagon=name
        )
    return code


def play_to_line(state: State, seat: int, plan: Plan) -> tuple[State, list[Event]]:
    action, _, wagon, row, side = plan  # a type not in play is in no hand: refused below
    lay = layout(state)
    if not (wagon in state.hands[seat] and (lay.open_rows & ~lay.holding[wagon]) >> row & 1):
        _refuse_to_line(state, seat, action)
    d = draft(state)
    if side == LEFT:
        wagons = state.lefts[row]
        lines = list(state.lefts)
        lines[row] = wagons + (wagon,)
        d.lefts = tuple(lines)
    else:
        wagons = state.rights[row]
        lines = list(state.rights)
        lines[row] = wagons + (wagon,)
        d.rights = tuple(lines)
    lay = laid(lay, d, row, wagon)
    events = [
        event(
            "wagon_to_line",
            {
                "seat": seat,
                "wagon": WAGON_IDS[wagon],
                "row": row,
                "side": SIDE_NAMES[side],
                "slot": len(wagons) + 1,
                "city": CITY_IDS[state.cities[row]],
            },
        )
    ]
    spend_and_draw(d, seat, wagon, events)
    d.progress = True
    finish_progress(d, lay, events)
    d.__class__ = State  # `seal`, inline
    return d, events


def _refuse_to_line(state: State, seat: int, action: ToLine) -> NoReturn:
    """Why a wagon may not go to that line (the layout said it may not): not in the hand, no
    city there, a wagon of its type already there, or the line full."""
    wagon = _in_hand(state, seat, action.wagon)
    row = action.row
    city = state.cities[row]
    if city == NO_CITY:
        raise IllegalAction("moscow_paris.no_city", f"row {row} has no city", row=row)
    if wagon in state.lefts[row] + state.rights[row]:
        raise IllegalAction(
            "moscow_paris.wagon_in_line",
            f"the line of {CITY_IDS[city]} already has a {action.wagon} wagon",
            row=row,
            wagon=action.wagon,
        )
    raise IllegalAction(
        "moscow_paris.line_full",
        f"the line of {CITY_IDS[city]} is full ({CITY_LIMIT[city]} wagons)",
        row=row,
        limit=CITY_LIMIT[city],
    )


def play_shift(state: State, seat: int, plan: Plan) -> tuple[State, list[Event]]:
    """Actions 3 and 4 (`plan[3]`: 1 for a wagon to the tableau, 0 for one taken back): one
    wagon from the hand to the tableau, or back. No card is drawn and the lines stay as they
    were, so the kept layout answers the claim; the turn is idle (for the stalemate rule).
    Most moves are these two: the end of the turn is read inline (the claim step if the
    tableau now covers a line, else the turn is recorded as idle and passes)."""
    hand, tableau = state.hands[seat], state.tableaux[seat]
    wagon = plan[2]  # a type not in play is in no hand and no tableau: refused below
    if plan[3]:
        if wagon not in hand:
            _in_hand(state, seat, plan[0].wagon)  # raises the refusal that says why
        if len(tableau) >= TABLEAU_MAX:
            raise IllegalAction(
                "moscow_paris.tableau_full",
                f"at most {TABLEAU_MAX} wagons may lie in front of a player",
                limit=TABLEAU_MAX,
            )
        items = list(hand)
        items.remove(wagon)
        hand = tuple(items)
        items = list(tableau)
        insort(items, wagon)
        tableau = tuple(items)
        events = [_TO_TABLEAU_EVENTS[seat][wagon]]
    else:
        if wagon not in tableau:
            _refuse_take_back(state, plan[0].wagon)
        items = list(tableau)
        items.remove(wagon)
        tableau = tuple(items)
        items = list(hand)
        insort(items, wagon)
        hand = tuple(items)
        events = [_TAKE_BACK_EVENTS[seat][wagon]]
    d = draft(state)
    hands, tableaux = list(state.hands), list(state.tableaux)
    hands[seat], tableaux[seat] = hand, tableau
    d.hands, d.tableaux = tuple(hands), tuple(tableaux)
    lay = layout(state)
    if lay.claimable(tableau):
        d.phase = CLAIM
        d.pending = ()
    else:
        pass_turn(d, stalemate.record_idle(d, seat, tableau), events)
    d.__class__ = State  # `seal`, inline
    return d, events


def _refuse_take_back(state: State, name: str) -> NoReturn:
    wagon_code(state, name)  # refuses a type not in play by name
    raise IllegalAction(
        "moscow_paris.wagon_not_in_tableau",
        f"there is no {name} wagon in front of you",
        wagon=name,
    )


# The shared wagon actions, planned once (`MoscowParis.apply` finds them).
for _by_row in _TO_LINE:
    for _sides in _by_row:
        for _action in _sides:
            PLANS[id(_action)] = _plan(_action)
for _shared in (_TO_TABLEAU, _TAKE_BACK):
    for _shift_action in _shared:
        PLANS[id(_shift_action)] = _plan(_shift_action)

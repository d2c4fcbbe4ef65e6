"""The four actions of a turn: «В свой ход игрок должен совершить одно из четырёх действий».

1. a wagon to a city line, then draw 1 (`to_line`);
2. an action card, then draw 1 (`play_card`, resolved in action_cards.py / exchange.py);
3. a wagon from the hand in front of you (`to_tableau`), at most 4 there, duplicates allowed;
4. a wagon from in front of you back into the hand (`take_back`).

«В любой момент игры сумма карт перед игроком и на его руке должна равняться 5»: actions 3
and 4 move one card between hand and tableau; actions 1 and 2 spend a card and draw one.
"""

from __future__ import annotations

from typing import Any, NoReturn

from games.core.contract import Event, event, shared_event
from games.core.drafts import seal
from games.core.errors import IllegalAction
from games.moscow_paris import action_cards
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
from games.moscow_paris.deck import draw
from games.moscow_paris.layout import laid, layout
from games.moscow_paris.state import (
    LEFT,
    NO_CITY,
    SIDE_INDEX,
    SIDE_NAMES,
    State,
    draft,
    put,
    with_card,
    without,
)
from games.moscow_paris.turn_end import finish_action, finish_idle

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


def legal_play(state: State, seat: int) -> list:
    """Every action of a turn for the active player, grouped: wagons to lines (by wagon type,
    the open lines that do not hold one yet, as a mask of rows into a table built once),
    wagons to the tableau, wagons taken back, action cards (see action_cards.card_plays)."""
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


# By the id of a wagon action (`to_line`, `to_tableau`, `take_back`): the action, its wagon
# type, and for `to_line` its row and side, read once. An action is a pydantic model, whose
# class has a `__getattr__`: the interpreter reads its fields by the slow, generic path, and
# every move reads one or three. Keyed by id, checked by identity (the plan holds the action,
# so its id is not reused meanwhile); at most `_PLANS_KEPT` (actions from outside are new
# objects).
_PLANS: dict[int, tuple[Any, int, int, int]] = {}
_PLANS_KEPT = 4096


def _plan(action: ToLine | ToTableau | TakeBack) -> tuple[Any, int, int, int]:
    wagon = WAGON_INDEX[action.wagon]
    plan: tuple[Any, int, int, int] = (action, wagon, -1, -1)
    if isinstance(action, ToLine):
        plan = (action, wagon, action.row, SIDE_INDEX[action.side])
    if len(_PLANS) < _PLANS_KEPT:
        _PLANS[id(action)] = plan
    return plan


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


def apply_to_line(state: State, seat: int, action: ToLine) -> tuple[State, list[Event]]:
    plan = _PLANS.get(id(action))
    if plan is None or plan[0] is not action:
        plan = _plan(action)
    _, wagon, row, side = plan  # a type not in play is in no hand: refused below
    lay = layout(state)
    if not (wagon in state.hands[seat] and (lay.open_rows & ~lay.holding[wagon]) >> row & 1):
        _refuse_to_line(state, seat, action)
    city = state.cities[row]
    d = draft(state)
    if side == LEFT:
        slot = len(state.lefts[row]) + 1
        d.lefts = put(state.lefts, row, state.lefts[row] + (wagon,))
    else:
        slot = len(state.rights[row]) + 1
        d.rights = put(state.rights, row, state.rights[row] + (wagon,))
    laid(lay, d, row, wagon)
    d.hands = put(state.hands, seat, without(state.hands[seat], wagon))
    events = [
        event(
            "wagon_to_line",
            {
                "seat": seat,
                "wagon": WAGON_IDS[wagon],
                "row": row,
                "side": SIDE_NAMES[side],
                "slot": slot,
                "city": CITY_IDS[city],
            },
        )
    ]
    draw(d, seat, 1, events)
    d.progress = True
    finish_action(d, events)
    return seal(d, State), events


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


def apply_to_tableau(state: State, seat: int, action: ToTableau) -> tuple[State, list[Event]]:
    hand = state.hands[seat]
    plan = _PLANS.get(id(action))
    if plan is None or plan[0] is not action:
        plan = _plan(action)
    wagon = plan[1]  # a type not in play is in no hand: refused just below
    if wagon not in hand:
        _in_hand(state, seat, action.wagon)  # raises the refusal that says why
    tableau = state.tableaux[seat]
    if len(tableau) >= TABLEAU_MAX:
        raise IllegalAction(
            "moscow_paris.tableau_full",
            f"at most {TABLEAU_MAX} wagons may lie in front of a player",
            limit=TABLEAU_MAX,
        )
    shifted = _TO_TABLEAU_EVENTS[seat][wagon]
    return _shift(state, seat, without(hand, wagon), with_card(tableau, wagon), shifted)


def apply_take_back(state: State, seat: int, action: TakeBack) -> tuple[State, list[Event]]:
    tableau = state.tableaux[seat]
    plan = _PLANS.get(id(action))
    if plan is None or plan[0] is not action:
        plan = _plan(action)
    wagon = plan[1]  # a type not in play is in no tableau
    if wagon not in tableau:
        wagon_code(state, action.wagon)  # refuses a type not in play by name
        raise IllegalAction(
            "moscow_paris.wagon_not_in_tableau",
            f"there is no {action.wagon} wagon in front of you",
            wagon=action.wagon,
        )
    shifted = _TAKE_BACK_EVENTS[seat][wagon]
    return _shift(
        state, seat, with_card(state.hands[seat], wagon), without(tableau, wagon), shifted
    )


def _shift(
    state: State, seat: int, hand: tuple[int, ...], tableau: tuple[int, ...], shifted: Event
) -> tuple[State, list[Event]]:
    """Actions 3 and 4: one wagon from the hand to the tableau, or back; no card is drawn,
    the lines stay as they were, and the turn is idle (for the stalemate rule)."""
    d = draft(state)
    hands, tableaux = list(state.hands), list(state.tableaux)
    hands[seat], tableaux[seat] = hand, tableau
    d.hands, d.tableaux = tuple(hands), tuple(tableaux)
    events = [shifted]
    finish_idle(d, seat, tableau, events)
    return seal(d, State), events

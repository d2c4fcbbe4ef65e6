"""Playing an action card, and the effects of cards 2, 3 and 5 (card 1, the swap, is in
swap.py; card 4, the chain exchange, in exchange.py).

Every effect is worded «Вы можете», so a card may be played for nothing (`decline`): it
is discarded and the player draws, which also means a legal action always exists. The card
stays in the player's hand until its effect is over (so hand + tableau = 5 holds at every
step of a swap or a chain), then it goes to the discard pile and the player draws 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from games.core.contract import Event, event
from games.core.drafts import seal
from games.core.errors import IllegalAction
from games.moscow_paris import exchange
from games.moscow_paris.actions import (
    PlayCard,
    play_card,
)
from games.moscow_paris.data import (
    ACTION_CARDS,
    CARD_IDS,
    CARD_INDEX,
    CHAIN_EXCHANGE,
    CITY_IDS,
    DISCARD_CITY,
    DISCARD_COLUMN2,
    DISCARD_COLUMN3,
    ROWS,
    SWAP_TWO,
)
from games.moscow_paris.deck import discard
from games.moscow_paris.layout import Layout
from games.moscow_paris.lines import (
    ROW_RANGE,
    clear_row,
    refill_row,
    remove_at,
    side_columns,
)
from games.moscow_paris.state import (
    LEFT,
    NO_CITY,
    RIGHT,
    SIDE_INDEX,
    SIDE_NAMES,
    SWAP_FIRST,
    Draft,
    State,
    draft,
)
from games.moscow_paris.swap import any_swap
from games.moscow_paris.turn_end import finish_card

_DISCARDS = {a.effect - 1 + SWAP_TWO: a.discards for a in ACTION_CARDS}
_DECLINES = {code: play_card(CARD_IDS[code], decline=True) for code in _DISCARDS}
_PLAY_SWAP = play_card("swap_two")
# The fields each card's effect needs (a declined card takes none).
_FIELDS = {
    SWAP_TWO: frozenset(),
    DISCARD_COLUMN2: frozenset({"side", "slot", "rows"}),
    DISCARD_COLUMN3: frozenset({"side", "slot", "rows"}),
    CHAIN_EXCHANGE: frozenset({"direction"}),
    DISCARD_CITY: frozenset({"row"}),
}
_OPTIONAL = ("row", "side", "slot", "rows", "direction")
# By card, whether each field of `_OPTIONAL` is given when the card is played for its effect.
_GIVEN = {card: tuple(f in fields for f in _OPTIONAL) for card, fields in _FIELDS.items()}
_NO_FIELDS = (False,) * len(_OPTIONAL)


# --- legal plays -----------------------------------------------------------------------------


_CITY_PLAYS = tuple(play_card("discard_city", row=row) for row in ROW_RANGE)
# By column card, the play that discards each column (side, index, rows) there can be.
_COLUMN_ACTIONS = {
    card: {
        (side, index, rows): play_card(
            CARD_IDS[card], side=SIDE_NAMES[side], slot=index + 1, rows=rows
        )
        for side in (LEFT, RIGHT)
        for index in range(4)
        for rows in combinations(ROW_RANGE, _DISCARDS[card])
    }
    for card in (DISCARD_COLUMN2, DISCARD_COLUMN3)
}


def card_plays(state: State, seat: int, card: int, lines: Layout) -> Sequence[PlayCard]:
    """Every way to play `card` now: each possible effect, then playing it for nothing."""
    if card == SWAP_TWO:
        return _SWAP_PLAYS if any_swap(state, lines) else _DECLINE_SWAP
    if card == CHAIN_EXCHANGE:
        out = exchange.chain_plays(state, seat)
        out.append(_DECLINES[CHAIN_EXCHANGE])
        return out
    return _line_plays(state, card, lines)


_SWAP_PLAYS = (_PLAY_SWAP, _DECLINES[SWAP_TWO])
_DECLINE_SWAP = (_DECLINES[SWAP_TWO],)


def _line_plays(state: State, card: int, lines: Layout) -> tuple[PlayCard, ...]:
    """`card_plays` of action cards 2, 3 and 5, whose effects depend on the lines alone: kept
    per layout of the lines (layout.py), by card and `any_rows`."""
    kept = lines.card_plays
    if kept is None:
        kept = lines.card_plays = {}
    any_rows = state.cfg.any_rows
    key = card << 1 | any_rows
    plays = kept.get(key)
    if plays is None:
        if card == DISCARD_CITY:
            cities = state.cities
            plays = tuple(_CITY_PLAYS[row] for row in ROW_RANGE if cities[row] != NO_CITY)
        else:
            plays = _column_plays(state, card, any_rows)
        plays = kept[key] = plays + (_DECLINES[card],)
    return plays


# (card, any_rows, the length of every line, left sides then right sides) -> the column plays
# there (the columns of each side read nothing else): layouts change often, shapes come back.
# Emptied when it grows past `_SHAPES_KEPT` (a long-running bot sees ever more shapes).
_BY_SHAPE: dict[tuple[int, ...], tuple[PlayCard, ...]] = {}
_SHAPES_KEPT = 50_000
# The same by one side: (card, any_rows, side, the lengths of its lines) -> its column plays
# (`side_columns`). A new shape is mostly two sides seen before: at most 2 × 2 × 2 × 5⁴ keys.
_BY_SIDE: dict[tuple[int, ...], tuple[PlayCard, ...]] = {}


def _column_plays(state: State, card: int, any_rows: bool) -> tuple[PlayCard, ...]:
    key = (card, any_rows, *map(len, state.lefts), *map(len, state.rights))
    plays = _BY_SHAPE.get(key)
    if plays is None:
        if len(_BY_SHAPE) >= _SHAPES_KEPT:
            _BY_SHAPE.clear()
        left, right = key[2 : 2 + ROWS], key[2 + ROWS :]
        plays = _side_plays(card, any_rows, LEFT, left) + _side_plays(card, any_rows, RIGHT, right)
        _BY_SHAPE[key] = plays
    return plays


def _side_plays(
    card: int, any_rows: bool, side: int, lengths: tuple[int, ...]
) -> tuple[PlayCard, ...]:
    key = (card, any_rows, side, *lengths)
    plays = _BY_SIDE.get(key)
    if plays is None:
        actions = _COLUMN_ACTIONS[card]
        here = side_columns(lengths, _DISCARDS[card], any_rows)
        plays = _BY_SIDE[key] = tuple(actions[side, index, rows] for index, rows in here)
    return plays


# --- playing a card --------------------------------------------------------------------------


def apply_play_card(state: State, seat: int, action: PlayCard) -> tuple[State, list[Event]]:
    card = CARD_INDEX[action.card]
    if card not in state.hands[seat]:
        raise IllegalAction(
            "moscow_paris.card_not_in_hand",
            f"you have no {action.card} card in your hand",
            card=action.card,
        )
    given = (
        action.row is not None,
        action.side is not None,
        action.slot is not None,
        action.rows is not None,
        action.direction is not None,
    )  # the fields of `_OPTIONAL`, in its order
    if given != (_NO_FIELDS if action.decline else _GIVEN[card]):
        needed = frozenset() if action.decline else _FIELDS[card]
        raise IllegalAction(
            "moscow_paris.card_fields",
            f"{action.card} needs the fields {sorted(needed)}"
            + (" (none when declined)" if action.decline else ""),
            card=action.card,
            fields=sorted(needed),
        )
    d = draft(state)
    played = {"seat": seat, "card": action.card, "declined": action.decline}
    if action.decline:
        events = [event("card_played", played)]
        finish_card(d, card, events)
    elif card == SWAP_TWO:
        if not any_swap(state):
            raise IllegalAction(
                "moscow_paris.no_swap", "no two wagons of the play area can be swapped"
            )
        events = [event("card_played", played)]
        d.phase = SWAP_FIRST
        d.pending = ()
    elif card == DISCARD_CITY:
        assert action.row is not None  # the card's fields were checked above
        events = _discard_city(d, action.row, played)
    elif card == CHAIN_EXCHANGE:
        assert action.direction is not None  # as above
        events = exchange.start_chain(d, seat, action.direction, played)
    else:
        events = _discard_column(d, card, action, played)
    return seal(d, State), events


def _discard_column(d: Draft, card: int, action: PlayCard, played: dict) -> list[Event]:
    """Action cards 2 and 3: exactly 2 (3) wagons, one above the other in different lines."""
    count = _DISCARDS[card]
    # The card's fields were checked by `apply_play_card`.
    assert action.side is not None and action.slot is not None and action.rows is not None
    side, index, rows = SIDE_INDEX[action.side], action.slot - 1, tuple(action.rows)
    lengths = tuple(map(len, d.lefts if side == LEFT else d.rights))
    if (index, rows) not in side_columns(lengths, count, d.cfg.any_rows):  # `columns`, one side
        raise IllegalAction(
            "moscow_paris.not_a_column",
            f"{action.card} discards exactly {count} wagons lying one above the other, in the "
            "same place of different lines"
            + ("" if d.cfg.any_rows else " with no row between them"),
            card=action.card,
            count=count,
        )
    wagons = []
    codes = []
    side_name, slot = action.side, action.slot
    for row in rows:
        wagon = remove_at(d, row, side, index)
        codes.append(wagon)
        city = CITY_IDS[d.cities[row]]  # a line holding a wagon has its city
        wagons.append(
            {"row": row, "city": city, "side": side_name, "slot": slot, "wagon": CARD_IDS[wagon]}
        )
    discard(d, codes)
    events = [
        event(
            "card_played",
            {
                **played,
                "side": action.side,
                "slot": action.slot,
                "rows": list(rows),
                "wagons": wagons,
            },
        )
    ]
    finish_card(d, card, events)
    return events


def _discard_city(d: Draft, row: int, played: dict) -> list[Event]:
    """Action card 5: «Вы можете сбросить карту города вместе со всеми картами вагонов из его
    городской линии. Сброшенная карта города в игру не возвращается.» The row is refilled from
    the city deck, as after a claim (spec, INTERPRETATION)."""
    city = d.cities[row]
    if city == NO_CITY:
        raise IllegalAction("moscow_paris.no_city", f"row {row} has no city", row=row)
    wagons = clear_row(d, row)
    discard(d, wagons)
    d.removed = d.removed + (city,)
    events = [
        event(
            "card_played",
            {**played, "row": row, "city": CITY_IDS[city], "wagons": [CARD_IDS[w] for w in wagons]},
        )
    ]
    refill_row(d, row, events)
    finish_card(d, DISCARD_CITY, events)
    return events

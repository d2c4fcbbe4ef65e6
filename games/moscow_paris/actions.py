"""The actions (the game's notation, docs/notation/moscow_paris.md): frozen pydantic models in
one discriminated union on `type`.

A turn is one of the four actions (`to_line`, `play_card`, `to_tableau`, `take_back`); an
action card that needs further choices continues with `swap_pick` (action card 1, twice) or
with one `exchange` / `decline` per link of the chain (action card 4, decided by the seat in
`to_act`, out of turn); a turn that can claim a city ends with `claim` or `end_turn`.

`legal_actions` hands out shared instances built once by `cached_action`; untrusted JSON goes
through `MoscowParis.parse_action`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from games.core.actions import ActionModel, cached_action

WagonId = Literal[
    "passenger",
    "sleeper",
    "dining",
    "mail",
    "baggage",
    "tank",
    "boxcar",
    "flatcar",
    "gondola",
    "hopper",
    "refrigerator",
]
CardId = Literal["swap_two", "discard_column2", "discard_column3", "chain_exchange", "discard_city"]
Side = Literal["left", "right"]
Row = Annotated[int, Field(ge=0, le=3)]
Slot = Annotated[int, Field(ge=1, le=4, description="place in the line, 1 = next to the city")]
Seat = Annotated[int, Field(ge=0, le=3)]


class ToLine(ActionModel, tag="to_line"):
    """Action 1: lay a wagon from your hand at the outer end of one side of a city line,
    then draw 1 card."""

    wagon: WagonId
    row: Row
    side: Side


class PlayCard(ActionModel, tag="play_card"):
    """Action 2: play an action card from your hand, then draw 1 card.

    `decline`: play it without its effect. Otherwise the fields it needs:
    `discard_column2` / `discard_column3`: `side`, `slot` and `rows` (2 or 3 rows, ascending);
    `discard_city`: `row`; `chain_exchange`: `direction`; `swap_two`: none (its wagons are
    chosen next with two `swap_pick`).
    """

    card: CardId
    decline: bool = False
    row: Row | None = None
    side: Side | None = None
    slot: Slot | None = None
    rows: tuple[Row, ...] | None = None
    direction: Side | None = None


class ToTableau(ActionModel, tag="to_tableau"):
    """Action 3: put a wagon from your hand in front of you (at most 4 there). No draw."""

    wagon: WagonId


class TakeBack(ActionModel, tag="take_back"):
    """Action 4: take one of your tableau wagons back into your hand. No draw."""

    wagon: WagonId


class SwapPick(ActionModel, tag="swap_pick"):
    """Action card 1: one wagon of the swap, first then second. A wagon in a line is named by
    `row`, `side` and `slot`; a wagon in a tableau by `seat` and `wagon`."""

    row: Row | None = None
    side: Side | None = None
    slot: Slot | None = None
    seat: Seat | None = None
    wagon: WagonId | None = None


class Exchange(ActionModel, tag="exchange"):
    """Action card 4, one link of the chain: the deciding seat gives `give` from its tableau
    and takes `take` from the tableau of the next seat in the chain's direction."""

    give: WagonId
    take: WagonId


class Decline(ActionModel, tag="decline"):
    """Give up the rest of an action card's effect: the swap, or (by the deciding seat) the
    chain exchange, which then stops."""


class Claim(ActionModel, tag="claim"):
    """End of your turn: take the city of `row`, whose every wagon lies in your tableau."""

    row: Row


class EndTurn(ActionModel, tag="end_turn"):
    """End of your turn without claiming (more) cities."""


DECLINE = cached_action(Decline)
END_TURN = cached_action(EndTurn)


def to_line(wagon: str, row: int, side: str) -> ToLine:
    return cached_action(ToLine, wagon=wagon, row=row, side=side)


def to_tableau(wagon: str) -> ToTableau:
    return cached_action(ToTableau, wagon=wagon)


def take_back(wagon: str) -> TakeBack:
    return cached_action(TakeBack, wagon=wagon)


def play_card(card: str, **fields: Any) -> PlayCard:
    return cached_action(PlayCard, card=card, **fields)


def pick_line(row: int, side: str, slot: int) -> SwapPick:
    return cached_action(SwapPick, row=row, side=side, slot=slot)


def pick_tableau(seat: int, wagon: str) -> SwapPick:
    return cached_action(SwapPick, seat=seat, wagon=wagon)


def exchange(give: str, take: str) -> Exchange:
    return cached_action(Exchange, give=give, take=take)


def claim(row: int) -> Claim:
    return cached_action(Claim, row=row)

"""Claiming a city at the end of one's own turn («Получение карты города»).

«Получив карту города, сбросьте все карты вагонов этой городской линии и аналогичные карты
вагонов, лежащие перед вами. ... После получения карты города доберите из колоды карты, чтобы
суммарно перед вами на столе и на вашей руке оказалось 5 карт. На место взятой карты города
выложите новую карту из стопки городов.»

The claim is optional («вы можете»): the claim step offers `claim` per claimable row and
`end_turn`. One claim per turn by default (the rulebook's singular); with the option
`multiple_claims` the step is offered again while a city is claimable. Exactly one tableau
wagon per line wagon is discarded; further copies of a type stay (INTERPRETATION).
"""

from __future__ import annotations

from games.core.contract import Event, event
from games.core.drafts import seal
from games.core.errors import IllegalAction
from games.moscow_paris.actions import END_TURN, Claim, claim
from games.moscow_paris.data import CARD_IDS, CITY_IDS, HAND_AND_TABLEAU
from games.moscow_paris.deck import discard, draw
from games.moscow_paris.lines import claimable, clear_row, refill_row
from games.moscow_paris.state import State, draft, put, without
from games.moscow_paris.turn_end import end_turn

_CLAIMS = tuple(claim(row) for row in range(4))


def legal_claim(state: State, seat: int) -> list:
    return [_CLAIMS[row] for row in claimable(state, seat)] + [END_TURN]


def apply_claim(state: State, seat: int, action: Claim) -> tuple[State, list[Event]]:
    row = action.row
    if row not in claimable(state, seat):
        raise IllegalAction(
            "moscow_paris.not_claimable",
            f"the line of row {row} is empty or holds a wagon that is not in front of you",
            row=row,
        )
    d = draft(state)
    city = state.cities[row]
    wagons = clear_row(d, row)
    tableau = state.tableaux[seat]
    for wagon in wagons:
        tableau = without(tableau, wagon)
    d.tableaux = put(state.tableaux, seat, tableau)
    discard(d, wagons + wagons)  # the line's wagons and as many matching tableau wagons
    d.won = put(state.won, seat, state.won[seat] + (city,))
    names = [CARD_IDS[w] for w in wagons]
    events = [
        event(
            "city_claimed",
            {"seat": seat, "row": row, "city": CITY_IDS[city], "line": names, "tableau": names},
        )
    ]
    draw(d, seat, HAND_AND_TABLEAU - len(tableau) - len(d.hands[seat]), events)
    refill_row(d, row, events)
    d.claims += 1
    d.progress = True
    if d.cfg.multiple_claims and claimable(d, seat):
        return seal(d, State), events
    end_turn(d, events)
    return seal(d, State), events


def apply_end_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    d = draft(state)
    events = [event("turn_ended", {"seat": seat, "claims": state.claims})]
    end_turn(d, events)
    return seal(d, State), events

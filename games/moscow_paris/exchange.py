"""Action card 4, the chain exchange, in which other players decide out of turn.

«Вы можете поменять 1 карту вагона перед собой на любую 1 карту вагона перед игроком справа
или игроком слева. Игрок, с которым вы поменялись картами, может таким же образом поменяться
картами со своим вторым соседом и так далее, пока ваш второй сосед не совершит обмен картами.
Игрок, сыгравший эту карту действия, меняется картами всего один раз. В случае, если игрок
отказывается дальше меняться картами вагонов, эффект карты действия прерывается.»

The procedure (spec section 4):
- the player chooses a direction: `left` is the next seat clockwise (seat + 1), `right` the
  previous one (seat − 1); the chain keeps that direction;
- each link: the deciding seat gives one of its tableau wagons for any one tableau wagon of
  the next seat in the direction (`exchange`), or declines, which stops the chain;
- the seat that received becomes the next decider; the chain is complete once the player's
  other neighbour has taken part (they do not exchange with the player, who exchanges only
  once); with 2 players there is a single exchange;
- a link needs a wagon on both sides; when the next seat has none the chain ends.

`pending` holds (step, decider, partner) with step +1 (left) or −1 (right).
"""

from __future__ import annotations

from games.core.contract import Event, event
from games.core.drafts import seal
from games.core.errors import IllegalAction
from games.moscow_paris.actions import DECLINE, Decline, Exchange, exchange, play_card
from games.moscow_paris.data import CHAIN_EXCHANGE, WAGON_IDS
from games.moscow_paris.state import CHAIN, Draft, State, draft, put, with_card, without
from games.moscow_paris.turn_end import finish_card

DIRECTIONS = {"left": 1, "right": -1}
_PLAYS = {d: play_card("chain_exchange", direction=d) for d in DIRECTIONS}
_EXCHANGES = tuple(tuple(exchange(g, t) for t in WAGON_IDS) for g in WAGON_IDS)


def chain_plays(state: State, seat: int) -> list:
    """The directions in which a first exchange is possible (both tableaux hold a wagon)."""
    tableaux = state.tableaux
    if not tableaux[seat]:
        return []
    n = state.cfg.players
    return [_PLAYS[d] for d, step in DIRECTIONS.items() if tableaux[(seat + step) % n]]


def start_chain(d: Draft, seat: int, direction: str, played: dict) -> list[Event]:
    step = DIRECTIONS[direction]
    partner = (seat + step) % d.cfg.players
    if not d.tableaux[seat] or not d.tableaux[partner]:
        raise IllegalAction(
            "moscow_paris.chain_impossible",
            "an exchange needs a wagon in front of you and one in front of your neighbour",
            direction=direction,
            partner=partner,
        )
    d.phase = CHAIN
    d.pending = (step, seat, partner)
    return [event("card_played", {**played, "direction": direction, "partner": partner})]


def legal_chain(state: State, seat: int) -> list:
    _, decider, partner = state.pending
    out: list[Exchange | Decline] = []
    takes = sorted(set(state.tableaux[partner]))
    for give in sorted(set(state.tableaux[decider])):
        row = _EXCHANGES[give]
        out += [row[take] for take in takes]
    out.append(DECLINE)
    return out


def apply_exchange(state: State, seat: int, action: Exchange) -> tuple[State, list[Event]]:
    step, decider, partner = state.pending
    give, take = WAGON_IDS.index(action.give), WAGON_IDS.index(action.take)
    if give not in state.tableaux[decider]:
        raise IllegalAction(
            "moscow_paris.wagon_not_in_tableau",
            f"there is no {action.give} wagon in front of you",
            wagon=action.give,
        )
    if take not in state.tableaux[partner]:
        raise IllegalAction(
            "moscow_paris.partner_lacks_wagon",
            f"seat {partner} has no {action.take} wagon in front of them",
            seat=partner,
            wagon=action.take,
        )
    d = draft(state)
    tableaux = put(state.tableaux, decider, with_card(without(state.tableaux[decider], give), take))
    d.tableaux = put(tableaux, partner, with_card(without(tableaux[partner], take), give))
    events = [
        event(
            "chain_exchanged",
            {"seat": decider, "partner": partner, "gave": action.give, "took": action.take},
        )
    ]
    n = d.cfg.players
    last = (d.turn - step) % n  # the player's other neighbour
    if partner == last:
        events.append(event("chain_ended", {"reason": "complete", "seat": partner}))
        finish_card(d, CHAIN_EXCHANGE, events)
    else:
        nxt = (partner + step) % n
        if not d.tableaux[nxt]:
            events.append(event("chain_ended", {"reason": "no_wagons", "seat": nxt}))
            finish_card(d, CHAIN_EXCHANGE, events)
        else:
            d.pending = (step, partner, nxt)
            events.append(event("chain_offered", {"seat": partner, "partner": nxt}))
    return seal(d, State), events


def apply_decline_chain(state: State, seat: int) -> tuple[State, list[Event]]:
    d = draft(state)
    events = [event("chain_ended", {"reason": "declined", "seat": seat})]
    finish_card(d, CHAIN_EXCHANGE, events)
    return seal(d, State), events

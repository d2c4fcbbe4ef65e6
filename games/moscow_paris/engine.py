"""Москва–Париж (Moscow–Paris, Evgeny Nikitin): the engine contract, wired to the rule modules.

deal (setup), turns (the four actions), action_cards, swap and exchange (the five action cards),
claims (the claim step), turn_end and stalemate (the end of a turn), scoring, views.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import Event, Result
from games.core.dispatch import without_action
from games.core.phased import NOBODY, SEAT_SETS, PhasedGame
from games.moscow_paris import action_cards, claims, exchange, hidden, swap, turns
from games.moscow_paris.actions import (
    Claim,
    Decline,
    EndTurn,
    Exchange,
    PlayCard,
    SwapPick,
    TakeBack,
    ToLine,
    ToTableau,
)
from games.moscow_paris.data import MAX_SEATS
from games.moscow_paris.deal import dump_arrangement, new_state
from games.moscow_paris.options import EDITIONS, MoscowParisOptions
from games.moscow_paris.scoring import final_result, scores, side_values, sides
from games.moscow_paris.state import (
    CHAIN,
    CLAIM,
    OVER,
    PHASE_NAMES,
    PLAY,
    SWAP_FIRST,
    SWAP_SECOND,
    State,
)
from games.moscow_paris.turns import PLANS
from games.moscow_paris.views import MoscowParisView, build_view

_DECLINE_SWAP = without_action(swap.apply_decline_swap)


class MoscowParis(PhasedGame[State, Any]):
    """A turn is one of four actions (a wagon to a line, an action card, a wagon to or back
    from the tableau), the choices an action card asks for, and the claim of the cities
    whose every wagon lies in the tableau."""

    key = "moscow-paris"
    title = "Moscow–Paris"
    min_seats = 2
    max_seats = MAX_SEATS
    Options = MoscowParisOptions
    editions = EDITIONS
    order = 4
    legal_by_phase = {
        PLAY: turns.legal_play,
        SWAP_FIRST: swap.legal_swap,
        SWAP_SECOND: swap.legal_swap,
        CHAIN: exchange.legal_chain,
        CLAIM: claims.legal_claim,
    }
    rules = {
        (PLAY, ToLine): turns.apply_wagon,
        (PLAY, ToTableau): turns.apply_wagon,
        (PLAY, TakeBack): turns.apply_wagon,
        (PLAY, PlayCard): action_cards.apply_play_card,
        (SWAP_FIRST, SwapPick): swap.apply_swap_pick,
        (SWAP_SECOND, SwapPick): swap.apply_swap_pick,
        (SWAP_FIRST, Decline): _DECLINE_SWAP,
        (SWAP_SECOND, Decline): _DECLINE_SWAP,
        (CHAIN, Exchange): exchange.apply_exchange,
        (CHAIN, Decline): without_action(exchange.apply_decline_chain),
        (CLAIM, Claim): claims.apply_claim,
        (CLAIM, EndTurn): without_action(claims.apply_end_turn),
    }
    phase_names = PHASE_NAMES
    over = OVER
    hidden_information = hidden
    wrong_phase_key = "moscow_paris.wrong_step"
    # The strong AI: random moves say little here (one card, then a claim): judge positions
    # by `evaluate` at once, and explore less (bot/cli/arena.py measured both).
    search_hints = {"rollout_actions": 0, "exploration": 0.3}

    def deal(
        self,
        seats: int,
        options: MoscowParisOptions,
        seed: int,
        arrangement: Mapping[str, Any] | None,
    ) -> State:
        """Seat 0 is the first player («Первый игрок начинает партию»)."""
        return new_state(seats, options, seed, arrangement)

    def arrangement(self, state: State) -> dict[str, Any]:
        return dump_arrangement(state)

    def to_act(self, state: State) -> frozenset[int]:
        """The active player, but in a chain exchange (action card 4), where the seat whose
        link it is decides."""
        phase = state.phase
        if phase == PLAY:  # the commonest phase first: every move asks, some twice
            return SEAT_SETS[state.turn]
        if phase == CHAIN:
            return SEAT_SETS[state.pending[1]]
        return NOBODY if phase == OVER else SEAT_SETS[state.turn]

    def is_over(self, state: State) -> bool:
        """The platform's test, with the phase of the end read as a constant (the
        interpreter does not specialise a class attribute read through `self`, and every
        move asks)."""
        return state.phase == OVER

    # The platform's answer, with the commonest case read inline (the active player in the
    # play phase): a function of turns.py, bound as the method itself.
    legal_actions = turns.legal_actions

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        """The platform's rules table, with the commonest case read inline: a turn action of
        the active player in the play phase."""
        if state.phase == PLAY and seat == state.turn:
            plan = _planned(id(action))  # a shared wagon action: played through its plan
            if plan is not None:
                return plan[1](state, seat, plan)
            handler = _TURN_RULES.get(type(action))
            if handler is not None:
                return handler(state, seat, action)
        return super().apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> MoscowParisView:
        return build_view(state, seat)

    def result(self, state: State) -> Result | None:
        return final_result(state) if state.phase == OVER else None

    def scores(self, state: State) -> list[int]:
        return scores(state)

    def teams(self, state: State) -> list[list[int]]:
        return [list(side) for side in sides(state.cfg)] if state.cfg.teams else []

    def reveals_hidden(self, state: State, seat: int, action: Any) -> bool:
        """Whether the action draws a card (a wagon to a line, the end of an action card, a
        claim, a stalemate reset), reveals a city from the city deck, or reshuffles."""
        after, _ = self.apply(state, seat, action)
        return (
            len(after.deck) != len(state.deck)
            or after.reshuffles != state.reshuffles
            or len(after.city_deck) != len(state.city_deck)
        )

    def evaluate(self, state: State, seat: int) -> float:
        """Own side's score plus half the VP of the cities it could claim now (its tableau
        matches their line), minus the best opposing side's same measure."""
        mine = 0.0
        values = []
        for side, value in side_values(state):
            if seat in side:
                mine = value
            else:
                values.append(value)
        return mine - (max(values) if values else 0.0)


# `PLANS.get`, bound once: a method of an imported object is looked up as a plain attribute
# on every call (the interpreter keeps its method-call form for names defined here).
_planned = PLANS.get
# The play phase's row of the rules table, by action class (`MoscowParis.apply`).
_TURN_RULES = {kind: rule for (phase, kind), rule in MoscowParis.rules.items() if phase == PLAY}

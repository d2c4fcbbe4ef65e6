"""`ParisParis`: the engine contract of games.core, wired to this package's rule modules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.contract import Event, Result
from games.core.dispatch import refuse
from games.core.phased import NOBODY, SEAT_SETS, PhasedGame
from games.paris_paris import deal, hidden, round_end, turns
from games.paris_paris.actions import Reveal, Take
from games.paris_paris.data import MAX_SEATS
from games.paris_paris.options import EDITIONS, ParisParisOptions
from games.paris_paris.state import OVER, PHASE_NAMES, REVEAL, TAKE, State
from games.paris_paris.views import ParisParisView, build_view


class ParisParis(PhasedGame[State, Reveal | Take]):
    """Each round the first player reveals a pile, then every player in turn takes a token
    and opens a shop; the last take plays the rest of the round (visits, excursions, the
    bus)."""

    key = "paris-paris"
    title = "Paris Paris"
    min_seats = 2
    max_seats = MAX_SEATS
    Options = ParisParisOptions
    editions = EDITIONS
    order = 1
    ai_decisions = 2  # a turn is a reveal and a take
    legal_by_phase = {REVEAL: turns.legal_reveals, TAKE: turns.legal_takes}
    rules = {
        (REVEAL, Reveal): turns.apply_reveal,
        (TAKE, Take): turns.apply_take,
        (TAKE, Reveal): refuse(
            "paris_paris.already_revealed", "a pile is already revealed this round: take a token"
        ),
        (REVEAL, Take): refuse("paris_paris.reveal_first", "reveal a pile first"),
    }
    phase_names = PHASE_NAMES
    over = OVER
    hidden_information = hidden

    def deal(
        self, seats: int, options: Any, seed: int, arrangement: Mapping[str, Any] | None
    ) -> State:
        """Seat 0 is the first player. Without an arrangement, the deal comes from the seed."""
        if arrangement is None:
            dealt = deal.random_deal(seats, seed)
        else:
            dealt = deal.parse_arrangement(seats, arrangement)
        return deal.initial_state(seats, dealt)

    def arrangement(self, state: State) -> dict[str, Any]:
        return deal.dump_arrangement(state)

    def view(self, state: State, seat: int | None) -> ParisParisView:
        return build_view(state, seat)

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        return round_end.final_result(state)

    def is_over(self, state: State) -> bool:
        """The platform's test, with the phase of the end read as a constant (the
        interpreter does not specialise a class attribute read through `self`, and every
        move asks)."""
        return state.phase == OVER

    def to_act(self, state: State) -> frozenset[int]:
        """The platform's answer (the seat whose turn it is), for the same reason as
        `is_over`."""
        return NOBODY if state.phase == OVER else SEAT_SETS[state.turn]

    def legal_actions(self, state: State, seat: int) -> Sequence[Reveal | Take]:
        """The platform's answer, read inline for the seat to act (every move asks)."""
        if seat == state.turn:  # -1 once the match is over
            phase = state.phase
            if phase == TAKE:
                return turns.legal_takes(state, seat)
            if phase == REVEAL:
                return turns.legal_reveals(state, seat)
        return super().legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        """The platform's rules table, with its two rows of the seat to act read inline."""
        if seat == state.turn:
            phase = state.phase
            kind = type(action)
            if phase == TAKE and kind is Take:
                return turns.apply_take(state, seat, action)
            if phase == REVEAL and kind is Reveal:
                return turns.apply_reveal(state, seat, action)
        return super().apply(state, seat, action)

    def reveals_hidden(self, state: State, seat: int, action: Any) -> bool:
        """Revealing a pile turns hidden tokens face up; the last take of the game reveals
        every marker (final excursions) and the bag."""
        if type(action) is Reveal:
            return True
        return self.apply(state, seat, action)[0].phase == OVER

    def playout_step(self, state: State, seat: int, rng: random.Random) -> State:
        """The default's move (the same draw from `rng`), played without the rules table,
        the checks and the events: `legal_actions` only lists legal moves."""
        if seat != state.turn:  # not this seat's turn: the default's refusal
            return super().playout_step(state, seat, rng)
        if state.phase == REVEAL:
            piles = turns.legal_reveals(state, seat)
            return turns.reveal_pile(state, piles[rng.randrange(len(piles))].pile)
        takes = turns.legal_takes(state, seat)
        return turns.playout_take(state, seat, takes[rng.randrange(len(takes))])

    def scores(self, state: State) -> list[int]:
        return list(state.scores)

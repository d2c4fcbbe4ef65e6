"""A game's fast playout move must be its ordinary move: `playout_step` returns exactly the
state `apply` makes from the legal action `rng.randrange` picks, and draws from `rng` the
same way, so a seeded search chooses the same moves with or without the fast path."""

from __future__ import annotations

import random

import pytest

from games.registry import get_game
from tests.contract.games import seat_cases


@pytest.mark.parametrize(("key", "seats"), seat_cases())
def test_a_playout_step_is_the_move_apply_would_make(key: str, seats: int) -> None:
    game = get_game(key)
    for seed in range(3):
        state = game.setup(seats, game.parse_options({}), seed=seed)
        fast, slow = random.Random(seed), random.Random(seed)
        steps = 0
        while not game.is_over(state):
            seat = min(game.to_act(state))
            stepped = game.playout_step(state, seat, fast)
            legal = game.legal_actions(state, seat)
            state, _ = game.apply(state, seat, legal[slow.randrange(len(legal))])
            assert game.snapshot(stepped) == game.snapshot(state), (key, seed, steps)
            assert fast.getstate() == slow.getstate(), (key, seed, steps)
            assert game.to_act(stepped) == game.to_act(state)
            steps += 1
        assert steps > 0

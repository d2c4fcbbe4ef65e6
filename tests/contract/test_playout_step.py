"""A game's fast playout move must be its ordinary move: `playout_step` returns exactly the
state `apply` makes from the legal action `rng.randrange` picks, and draws from `rng` the
same way, so a seeded search chooses the same moves with or without the fast path. The same
for a game's own playout loop (`playout`) and its every-seat `evaluate_all`."""

from __future__ import annotations

import random

import pytest

from games.core.contract import Game
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


@pytest.mark.parametrize(("key", "seats"), seat_cases())
def test_a_playout_is_the_steps_the_default_loop_makes(key: str, seats: int) -> None:
    game = get_game(key)
    for seed in range(3):
        state = game.setup(seats, game.parse_options({}), seed=seed)
        fast, slow = random.Random(seed), random.Random(seed)
        while True:  # 7 moves at a time (a cut playout), to the end of the match
            ours, played = game.playout(state, fast, 7)
            state, expected = Game.playout(game, state, slow, 7)
            assert played == expected, (key, seed)
            assert game.snapshot(ours) == game.snapshot(state), (key, seed)
            assert fast.getstate() == slow.getstate(), (key, seed)
            by_seat = [game.evaluate(state, s) for s in range(len(game.scores(state)))]
            assert game.evaluate_all(ours) == by_seat, (key, seed)
            if played < 7:
                break
        assert game.is_over(state)


@pytest.mark.parametrize(("key", "seats"), seat_cases())
def test_a_scratch_state_plays_as_fresh_states_and_leaves_its_original(
    key: str, seats: int
) -> None:
    """`Game.scratch`: the search plays a determinisation in place through one; the moves
    must be the same as on fresh states, and the state it was copied from never written.
    (`playout` seals a scratch state: with no move to play, it only hands it back.)"""
    game = get_game(key)
    for seed in range(2):
        state = game.setup(seats, game.parse_options({}), seed=seed)
        before = game.snapshot(state)
        fresh, scratch = state, game.scratch(state)
        rng = random.Random(seed)
        for _ in range(60):
            if game.is_over(fresh):
                break
            seat = min(game.to_act(fresh))
            legal = game.legal_actions(fresh, seat)
            assert legal == game.legal_actions(scratch, seat), (key, seed)
            action = legal[rng.randrange(len(legal))]
            fresh, _ = game.apply(fresh, seat, action)
            scratch, _ = game.apply(scratch, seat, action)
        sealed, played = game.playout(scratch, random.Random(0), 0)
        assert played == 0
        assert game.snapshot(sealed) == game.snapshot(fresh), (key, seed)
        assert game.snapshot(state) == before, (key, seed)

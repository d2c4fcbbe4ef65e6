"""AI seats work for any game through the contract alone."""

from __future__ import annotations

import random

from games.core.ai import GreedyPlayer, RandomPlayer, get_player
from games.registry import get_game


def _state(seed: int = 1):
    game = get_game("race")
    return game, game.setup(2, game.parse_options({}), seed=seed)


def test_greedy_takes_the_move_with_the_best_score_difference():
    game, state = _state()
    for n in range(20):
        action = GreedyPlayer().choose(game, state, 0, random.Random(n))
        assert action.by == 2  # +2 beats +1 for seat 0's lead


def test_random_player_varies_with_its_rng_and_plays_only_legal_moves():
    game, state = _state()
    picks = {RandomPlayer().choose(game, state, 0, random.Random(n)).by for n in range(30)}
    assert picks == {1, 2}


def test_ai_does_not_mutate_the_state_it_looks_at():
    game, state = _state()
    before = game.snapshot(state)
    GreedyPlayer().choose(game, state, 0, random.Random(0))
    assert game.snapshot(state) == before


def test_greedy_finishes_real_games_of_every_installed_engine():
    for key, seats in (("paris-paris", 3), ("city-of-light", 2)):
        game = get_game(key)
        state = game.setup(seats, game.parse_options({}), seed=4)
        rng = random.Random(4)
        greedy = get_player("greedy")
        while not game.is_over(state):
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, greedy.choose(game, state, seat, rng))
        assert game.result(state).winners

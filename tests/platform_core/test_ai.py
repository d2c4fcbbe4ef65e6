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


def test_strong_is_reproducible_with_an_iteration_budget():
    from games.core.search import Budget

    game = get_game("paris-paris")
    state = game.setup(3, game.parse_options({}), seed=2)
    strong = get_player("strong")
    picks = [
        strong.choose(game, state, 0, random.Random(5), Budget(iterations=40)) for _ in range(2)
    ]
    assert picks[0] == picks[1]


def test_strong_stops_thinking_once_its_time_is_spent(monkeypatch):
    """The search reads its clock between iterations and stops at the first reading past
    its budget. The clock here moves 1/64 s per reading, so the test does not depend on the
    machine's speed (how much a second buys is the bench's figure)."""
    from types import SimpleNamespace

    from games.core import search
    from games.core.search import Budget

    readings: list[float] = []

    def perf_counter() -> float:
        readings.append(len(readings) / 64)
        return readings[-1]

    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=perf_counter))
    for key, seats in (("moscow-paris", 4), ("city-of-light", 2), ("paris", 2)):
        game = get_game(key)
        state = game.setup(seats, game.parse_options({}), seed=3)
        seat = min(game.to_act(state))
        readings.clear()
        action = get_player("strong").choose(
            game, state, seat, random.Random(0), Budget(seconds=0.25)
        )
        assert readings[-2] < readings[0] + 0.25 <= readings[-1], readings
        assert action in game.legal_actions(state, seat)


def test_strong_finishes_a_real_game_and_beats_random():
    from games.core.search import Budget

    game = get_game("paris-paris")
    wins = 0
    for seed in range(2):
        state = game.setup(2, game.parse_options({}), seed=seed)
        rng = random.Random(seed)
        kinds = {seed % 2: get_player("strong"), 1 - seed % 2: get_player("random")}
        while not game.is_over(state):
            seat = min(game.to_act(state))
            action = kinds[seat].choose(game, state, seat, rng, Budget(iterations=25))
            state, _ = game.apply(state, seat, action)
        wins += seed % 2 in game.result(state).winners
    assert wins == 2


def test_search_works_for_a_game_it_has_never_heard_of():
    """The plug-in test game (no hidden.py, its own determinize): nothing game-specific."""
    from games.core.search import Budget

    game, state = _state()
    action = get_player("strong").choose(game, state, 0, random.Random(1), Budget(iterations=50))
    assert action.by == 2

"""A match loads from its stored snapshot: `restore(snapshot(state)) == state` for every
engine, all along random games (the log stays the truth; this is the cache coming back)."""

from __future__ import annotations

import json
import random

import pytest

from games.registry import game_keys, get_game


@pytest.mark.parametrize("key", game_keys())
def test_every_state_comes_back_from_its_snapshot(key):
    game = get_game(key)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        seats = rng.randint(game.min_seats, game.max_seats)
        state = game.setup(seats, game.parse_options({}), seed)
        while not game.is_over(state):
            stored = json.loads(json.dumps(game.snapshot(state)))  # as the database keeps it
            assert game.restore(stored) == state
            checked += 1
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert game.restore(json.loads(json.dumps(game.snapshot(state)))) == state
    assert checked > 50

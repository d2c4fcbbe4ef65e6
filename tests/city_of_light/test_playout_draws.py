"""The search's fast random moves are the ordinary ones: a move drawn without listing the legal
moves (phase 1 counted from the hand, squares and supply; phase 2 from the segments of the
action tables) is the one `legal_actions` lists at the same index, played to the same state,
in every edition and with every postcard in play (random postcards). And the scores the
search reads (kept for the last state scored) are the final scoring of that state."""

from __future__ import annotations

import random

import pytest

from games.city_of_light.options import EDITIONS
from games.city_of_light.scoring import score
from games.registry import get_game

GAME = get_game("city-of-light")


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_a_drawn_playout_move_is_the_listed_move_at_that_index(edition):
    options = GAME.parse_options(EDITIONS[edition])
    for seed in range(12):
        state = GAME.setup(2, options, seed=seed)
        fast, slow = random.Random(seed), random.Random(seed)
        while not GAME.is_over(state):
            seat = state.turn
            stepped = GAME.playout_step(state, seat, fast)
            legal = GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, legal[slow.randrange(len(legal))])
            assert GAME.snapshot(stepped) == GAME.snapshot(state), (edition, seed)
            assert fast.getstate() == slow.getstate(), (edition, seed)
            if not GAME.is_over(state):
                assert GAME.scores(state) == score(state)[0]
                assert GAME.scores(stepped) == score(stepped)[0]

"""Issue 11: "the last visit, excursion, purchase or claim highlighted" — in every game the
table picture rings what the last move touched (`GameAdapter.last_move`)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games import adapters
from games.registry import get_game
from tests.render.pixels import NAMES


@pytest.mark.parametrize("key", list(adapters()))
def test_every_game_rings_its_last_move(key):
    game, adapter = get_game(key), adapters()[key]
    seats = game.max_seats
    rng = random.Random(5)
    state = game.setup(seats, game.parse_options({}), seed=5)
    rung: Counter = Counter()
    checked = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        ids = adapter.last_move(events)
        rung.update(e.kind for e in events if ids and e.to is None)
        if ids and checked < 3 and rng.random() < 0.2:  # a few moves, drawn both ways
            view = game.view(state, None)
            plain = adapter.render(view, NAMES[:seats])
            assert adapter.render(view, NAMES[:seats], highlight=ids) != plain, (key, ids)
            checked += 1
    assert checked == 3, (key, checked)
    assert len(rung) >= 2, rung  # more than one kind of move is rung

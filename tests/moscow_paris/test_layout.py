"""The lines' answers kept per layout (games/moscow_paris/layout.py) are the answers worked out
afresh from the lines, at every step of random games: where a wagon may go («Количество
выложенных карт вагонов в городской линии ... не должно превышать значение предельного
количества вагонов на карте города»; «В одной городской линии не может оказаться 2 карты
одинаковых вагонов»), and which cities a tableau may claim («все карты в его городской линии
полностью совпадают с некоторыми или всеми картами перед вами»)."""

import random

import pytest

from games.moscow_paris.data import CITY_LIMIT, WAGON_IDS
from games.moscow_paris.layout import Layout, layout
from games.moscow_paris.state import NO_CITY, State

from .helpers import GAME, new


def fresh(state: State) -> dict:
    """The answers straight from the rule sentences, line by line."""
    open_rows, holding, claims = 0, [0] * len(WAGON_IDS), {}
    for row, city in enumerate(state.cities):
        wagons = state.lefts[row] + state.rights[row]
        if city != NO_CITY and len(wagons) < CITY_LIMIT[city]:
            open_rows |= 1 << row
            for w in wagons:
                holding[w] |= 1 << row
    for seat, tableau in enumerate(state.tableaux):
        claims[seat] = tuple(
            row
            for row, city in enumerate(state.cities)
            if city != NO_CITY
            and state.lefts[row] + state.rights[row]
            and all(w in tableau for w in state.lefts[row] + state.rights[row])
        )
    return {"open_rows": open_rows, "holding": holding, "claims": claims}


def answers(lay: Layout, state: State) -> dict:
    claims = {seat: lay.claimable(t) for seat, t in enumerate(state.tableaux)}
    return {"open_rows": lay.open_rows, "holding": lay.holding, "claims": claims}


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {"wagons": "11x8"})])
def test_kept_answers_equal_fresh_ones_along_random_games(players: int, options: dict) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = new(players, seed, **options)
        steps = 0
        while not GAME.is_over(state):
            kept = layout(state)  # kept from the move that made `state`, when it kept one
            assert answers(kept, state) == fresh(state), (seed, steps)
            assert answers(Layout(state.cities, state.lefts, state.rights), state) == fresh(state)
            seat = min(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            steps += 1

"""The AI's hooks on Paris (games/paris/evaluation.py, hidden.py, Paris.playout_step and
Paris.playout): their fast paths remember what does not change, or write a private scratch
state in place, so each is checked against the plain computation."""

import random

import pytest

from games.core.contract import Game
from games.paris import hidden
from games.paris.options import EDITIONS
from games.paris.scoring import building_value, score_district
from games.paris.state import State

from .helpers import GAME


def _random_states(players, seed):
    state = GAME.setup(players, GAME.parse_options({}), seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        yield state
        legal = GAME.legal_actions(state, state.turn)
        state, _ = GAME.apply(state, state.turn, rng.choice(legal))
    yield state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_ai_estimate_scores_districts_as_the_final_scoring_does(players):
    # «В каждом районе игрок с наибольшей суммой получает ПО за 1-е место…» «2 игрока: …игрок
    # на 2-м месте в районе получает ПО, только если сумма… равна хотя бы ПОЛОВИНЕ от суммы
    # первого игрока.» The estimate awards every district's VP tile through remembered
    # standings: it must equal `score_district` on every position.
    for seed in range(3):
        for state in _random_states(players, seed):
            n = state.players
            value = [float(v) for v in state.vp]
            for d, tile in enumerate(state.vp_tiles):
                if tile >= 0:
                    for s, vp in enumerate(score_district(state, d)["vp"]):
                        value[s] += vp
            for s in range(n):
                value[s] += 0.25 * state.francs[s] + 0.1 * building_value(state, s)
                if 27 in state.bonus[s]:
                    value[s] += state.francs[s]
            for seat in range(n):
                rivals = max(v for s, v in enumerate(value) if s != seat)
                assert GAME.evaluate(state, seat) == value[seat] - rivals


def test_the_draw_helper_is_randrange_draw_for_draw():
    fast, slow = random.Random(5), random.Random(5)
    for n in [*range(1, 70), 127, 128, 129, 1000]:
        for _ in range(20):
            assert hidden.below(fast, n) == slow.randrange(n)
    assert fast.getstate() == slow.getstate()


def test_a_determinisation_depends_on_the_state_and_the_generator_only():
    """The plan of a determinisation is kept for the last state searched: interleaving other
    states and seats never changes what a seeded draw gives."""
    states = [s for i, s in enumerate(_random_states(4, 3)) if i % 40 == 5][:6]
    alone = [GAME.determinize(s, 1, random.Random(9)) for s in states]
    for state, expected in zip(states, alone, strict=True):
        GAME.determinize(states[0], 2, random.Random(1))
        assert GAME.determinize(state, 1, random.Random(9)) == expected
        assert GAME.determinize(state, 1, random.Random(9)) == expected


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_playout_in_place_plays_what_apply_plays_in_every_edition(edition, players):
    """`Paris.playout` writes one scratch state move after move: every rule function must read
    a field before it writes it. The same moves through `apply` (fresh states) must agree."""
    for seed in range(3):
        state = GAME.setup(players, GAME.parse_options(EDITIONS[edition]), seed)
        fast, slow = random.Random(seed), random.Random(seed)
        played = 5
        while played == 5:
            before = GAME.snapshot(state)
            ours, played = GAME.playout(state, fast, 5)
            assert GAME.snapshot(state) == before  # the state given is never written
            state, expected = Game.playout(GAME, state, slow, 5)
            assert played == expected
            assert type(ours) is State
            assert GAME.snapshot(ours) == GAME.snapshot(state), seed
            assert fast.getstate() == slow.getstate()

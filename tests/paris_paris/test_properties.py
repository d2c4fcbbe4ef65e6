"""Random legal games (hypothesis): conservation, monotone scores, replay, secrecy, JSON."""

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.record import MatchRecord, RecordedAction
from games.paris_paris.board import CAPACITY
from tests.playout import assert_sound_ending

from .helpers import GAME, OPTIONS


def scramble(state, seat):
    """The same state as `seat` knows it: other seats' markers and bag split changed."""
    n = state.players
    rng = random.Random(seat)
    markers = list(state.markers)
    others = [s for s in range(n) if s != seat]
    taken = {markers[seat]} | ({state.face_up} if state.face_up is not None else set())
    free = [c for c in range(5) if c not in taken]
    rng.shuffle(free)
    for s in others:
        markers[s] = free.pop()
    bag, supply = list(state.bag), list(state.supply)
    if n > 2:
        for j in others:
            for k in others:
                if j != k and bag[j] and supply[k]:
                    bag[j] -= 1
                    supply[j] += 1
                    bag[k] += 1
                    supply[k] -= 1
                    break
            else:
                continue
            break
    return dataclasses.replace(state, markers=tuple(markers), bag=tuple(bag), supply=tuple(supply))


def view_json(state, seat):
    return GAME.view(state, seat).model_dump_json()


def check_invariants(state, previous_scores):
    n = state.players
    for seat in range(n):
        on_board = sum(shops.count(seat) for shops in state.board)
        assert state.supply[seat] + on_board + state.bag[seat] == 19
        assert state.supply[seat] >= 0
        assert state.scores[seat] >= previous_scores[seat]
    if n == 2:
        assert state.bag == (0, 0)
    for shops, capacity in zip(state.board, CAPACITY, strict=True):
        assert len(shops) <= capacity


def check_secrecy(state):
    if GAME.is_over(state):
        return
    for seat in range(state.players):
        assert view_json(state, seat) == view_json(scramble(state, seat), seat)
    assert view_json(state, None) == view_json(scramble(scramble(state, 0), 1), None)
    public = json.loads(view_json(state, None))
    assert public["markers"] is None and public["bag"] is None
    if state.players > 2:
        assert public["supplies"] is None


def play(players, seed, policy):
    rng = random.Random(policy)
    state = GAME.setup(players, OPTIONS, seed)
    log = []
    check_secrecy(state)
    while not GAME.is_over(state):
        [seat] = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert legal and all(
            GAME.legal_actions(state, s) == [] for s in range(players) if s != seat
        )
        action = rng.choice(legal)
        before = GAME.snapshot(state)
        after, events = GAME.apply(state, seat, action)
        assert GAME.snapshot(state) == before  # apply never mutates its input
        json.dumps([[e.kind, dict(e.params), e.to] for e in events])
        check_invariants(after, state.scores)
        if rng.random() < 0.25:
            check_secrecy(after)
        log.append(RecordedAction(seat=seat, action=GAME.dump_action(action)))
        state = after
    return state, log


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_random_games(players, seed, policy):
    state, log = play(players, seed, policy)
    assert list(state.scores) == GAME.result(state).scores
    json.loads(view_json(state, None))
    assert_sound_ending(
        GAME, state, MatchRecord(game=GAME.key, seats=players, seed=seed, actions=log)
    )

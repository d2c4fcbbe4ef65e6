"""Every game, every seat count: seeded random matches reach an end with a consistent
result, and everything that leaves the engine as JSON comes back the same (in the spirit of
OpenSpiel's random simulation test). Stored snapshots must equal a replay of the log."""

from __future__ import annotations

import json

import pytest

from games.core.record import MatchRecord, RecordedAction
from games.core.replay import replay
from games.registry import get_game
from tests.contract.games import random_playout, seat_cases

SEEDS = (3, 4)


@pytest.mark.parametrize(("key", "seats"), seat_cases())
@pytest.mark.parametrize("seed", SEEDS)
def test_random_matches_end_with_a_consistent_result(key: str, seats: int, seed: int) -> None:
    game = get_game(key)
    _, moves = random_playout(game, seats, seed)
    final = moves[-1][0]
    result = game.result(final)
    assert result is not None and not game.to_act(final)
    assert sorted(s for place in result.ranking for s in place) == list(range(seats))
    assert result.winners == result.ranking[0]
    assert len(result.scores) == seats
    places = [[result.scores[s] for s in place] for place in result.ranking]
    for better, worse in zip(places, places[1:], strict=False):
        assert min(better) >= max(worse), result  # a tie-break orders equal scores only
    if result.tiebreak is None:
        assert all(len(set(p)) == 1 for p in places), result  # tied seats, equal scores


@pytest.mark.parametrize(("key", "seats"), seat_cases())
def test_actions_states_views_and_records_round_trip(key: str, seats: int) -> None:
    game = get_game(key)
    first, moves = random_playout(game, seats, seed=seats)
    options = game.parse_options({})
    again = game.setup(seats, options, seed=seats, arrangement=game.arrangement(first))
    assert game.snapshot(again) == game.snapshot(first), "the arrangement fixes the setup"
    for state, _, action in moves:
        if action is not None:
            data = game.dump_action(action)
            assert game.parse_action(data) == action
            assert game.parse_action(json.dumps(data)) == action
        snapshot = game.snapshot(state)
        assert json.loads(json.dumps(snapshot)) == snapshot
        assert game.snapshot(game.restore(snapshot)) == snapshot
        for who in (None, *range(seats)):
            view = game.view(state, who)
            assert type(view).model_validate_json(view.model_dump_json()) == view
    record = MatchRecord(
        game=key,
        seats=seats,
        seed=seats,
        arrangement=game.arrangement(first),
        actions=[
            RecordedAction(seat=seat, action=game.dump_action(action))
            for _, seat, action in moves[:-1]
        ],
    )
    loaded = MatchRecord.model_validate_json(record.model_dump_json())
    assert loaded == record
    assert game.snapshot(replay(game, loaded)) == game.snapshot(moves[-1][0])

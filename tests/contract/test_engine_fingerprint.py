"""Engine fingerprints: a speed-up must not change what a game does, bit for bit.

For every built-in game, every seat count and a few seeds, a seeded random match is played
to its end and everything the engine said is hashed: at each step the seat to act, its legal
actions in their order (a seeded random choice depends on it), the action played, the events
and the snapshot after it; at the end the result, every seat's view and the public one, and
each seat's `evaluate`. A seeded search with an iteration budget is fingerprinted too (it
reads `determinize`, `evaluate` and the playout loop). The expected hashes were computed on
the engines before their speed work; a behaviour change fails here, however small.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from games.core.contract import Game
from games.core.search import Budget, Search, search_positions
from games.registry import game_keys, get_game
from tests.contract.games import built_in

SEEDS = tuple(range(8))

# key -> seats -> hash of the random matches of SEEDS (computed before the speed work).
EXPECTED_PLAYS: dict[str, dict[int, str]] = {
    "paris-paris": {
        2: "2af1e1e77e3bc7efb080a1e82d295c91075b22317b6f0f793ce4939f389cbb44",
        3: "4d6d7b0a5b866823d56fdea11d03a6c3ed606ddb95f2bc1d6386debc4b005015",
        4: "a073814fe9b65fdb952b118544b5afa28f88eb11c358b36947574e1d7cacddca",
    },
    "city-of-light": {2: "8b2df685b07e552ef8d69a96054eaff51b7ceca45b697b7fcc579aba29ae4748"},
    "paris": {
        2: "a4198d36ca6728505cd38f4633a797843b8d0ee46512977c8d7c3075532835f5",
        3: "8a98933064926466b4bf046dc0184b01f83b56ad041addceded91e37af035973",
        4: "0bba6a4d44a3c4713338518efa2e74da3d6cb9c5460794da7e78f69959418cf0",
    },
    # Issue 20: a column's and a swap's events name each wagon's line by its city too (the
    # recap names lines by city); recomputed after checking every step but those keys equal.
    "moscow-paris": {
        2: "d6a630ee2919851078ffa887b4e4706bac51b56bc22cfe79108fa41154949ba3",
        3: "038517a00d5382598e6e6e0b8c6f234cea4cc0746f0579238df15a2e9af9654c",
        4: "923c43fae0fa81e2009f6b4d305c4502992cd6683ba7ce40f9c6baedbb5016d1",
    },
}

# key -> hash of the seeded searches' choices (computed before the speed work).
EXPECTED_SEARCH: dict[str, str] = {
    "paris-paris": "e59375f4a7daa10dcb8ff6b649db1f376a49c506bb2a5f4b66ac54873eb52f0b",
    "city-of-light": "f6631bb991b5d4d2f09c7777f25b6c84cd59acf877836fd729715d23ac9cfbe4",
    "paris": "bee613252bd1094eb2bee962d1fb4187a59929bb0f1ff46b386ee1159ed17546",
    "moscow-paris": "e7489627970b61e95328d19d2ff352c1a97e5364ded4c8d2f66360bbb83758ad",
}


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)


def _events(events: list[Any]) -> list[Any]:
    return [[e.kind, dict(e.params), e.to] for e in events]


def play_fingerprint(game: Game[Any, Any], seats: int, seed: int) -> str:
    """The hash of one seeded random match and everything the engine said along it."""
    digest = hashlib.sha256()
    rng = random.Random(seed)
    state = game.setup(seats, game.parse_options({}), seed=seed)
    digest.update(_dump(game.snapshot(state)).encode())
    while not game.is_over(state):
        to_act = sorted(game.to_act(state))
        seat = to_act[0]
        legal = list(game.legal_actions(state, seat))
        action = rng.choice(legal)
        state, events = game.apply(state, seat, action)
        step = [to_act, [game.dump_action(a) for a in legal], game.dump_action(action)]
        step += [_events(events), game.snapshot(state), game.scores(state)]
        digest.update(_dump(step).encode())
    result = game.result(state)
    assert result is not None
    views = [game.view(state, s).model_dump(mode="json") for s in [None, *range(seats)]]
    values = [game.evaluate(state, s) for s in range(seats)]
    digest.update(_dump([result.model_dump(mode="json"), views, values]).encode())
    return digest.hexdigest()


def search_fingerprint(game: Game[Any, Any]) -> str:
    """The hash of seeded searches (an iteration budget) at a few points of a random match."""
    digest = hashlib.sha256()
    positions = search_positions(game, game.bench_seats or game.max_seats, 7, 4)
    for k, (position, seat) in enumerate(positions):
        search = Search(game)
        choice = search.choose(position, seat, random.Random(k), Budget(iterations=150))
        digest.update(_dump([game.dump_action(choice), search.playout_actions]).encode())
    return digest.hexdigest()


def play_cases() -> list[Any]:
    return [
        pytest.param(key, seats, id=f"{key}-{seats}")
        for key in game_keys()
        if built_in(key)
        for seats in range(get_game(key).min_seats, get_game(key).max_seats + 1)
    ]


@pytest.mark.parametrize(("key", "seats"), play_cases())
def test_random_matches_play_as_before(key: str, seats: int) -> None:
    game = get_game(key)
    digest = hashlib.sha256()
    for seed in SEEDS:
        digest.update(play_fingerprint(game, seats, seed).encode())
    assert digest.hexdigest() == EXPECTED_PLAYS[key][seats]


@pytest.mark.parametrize("key", [k for k in game_keys() if built_in(k)])
def test_seeded_searches_choose_as_before(key: str) -> None:
    assert search_fingerprint(get_game(key)) == EXPECTED_SEARCH[key]

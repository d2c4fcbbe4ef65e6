"""Every legal action is exactly one path of panel steps that fits Discord, for every
registered game (the test-only one included), every seat count and every edition: the
positions of seeded matches played to the end, half greedy and half random so that both the
common and the rarer steps come up. (Positions built to offer the most choices: the games' own
tests in tests/discord/.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import adapter_for
from games.core.ai import GreedyPlayer
from games.core.errors import IllegalAction
from games.registry import get_game
from tests.contract.games import game_cases
from tests.discord.choice_paths import check_position

NAMES = ["alice", "bob", "carol", "dave", "erin", "fred"]
SEEDS = range(2)
GREEDY = GreedyPlayer()


def positions(key: str) -> list[tuple[int, Any, int]]:
    """(seats, state, seat to act) along seeded matches of every seat count and edition."""
    game = get_game(key)
    out = []
    for seats in range(game.min_seats, game.max_seats + 1):
        for edition in game.editions.values():
            for seed in SEEDS:
                try:
                    state = game.setup(seats, game.parse_options(edition), seed)
                except IllegalAction:  # an edition for other seat counts (teams of two)
                    continue
                rng = random.Random(seed)
                while not game.is_over(state):
                    out += [(seats, state, seat) for seat in sorted(game.to_act(state))]
                    seat = min(game.to_act(state))
                    if rng.random() < 0.5:
                        action = GREEDY.choose(game, state, seat, rng)
                    else:
                        action = rng.choice(list(game.legal_actions(state, seat)))
                    state, _ = game.apply(state, seat, action)
    return out


@pytest.mark.parametrize("key", game_cases())
def test_every_legal_action_is_exactly_one_path_that_fits_discord(
    key: str, presentations: None
) -> None:
    game, adapter = get_game(key), adapter_for(key)
    sampled = positions(key)
    assert {seats for seats, _, _ in sampled} == set(range(game.min_seats, game.max_seats + 1))
    for seats, state, seat in sampled:
        check_position(game, adapter, state, seat, NAMES[:seats])

"""What the contract suite runs over, found by convention: every registered game (the
test-only one included) and every seat count it allows, with the files each game has.

Nothing here names a game: a package under `games/` (or one registered with
`games.registry.register_package`) joins every check with no edit.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from games.core.contract import Game
from games.registry import game_keys, get_game

ROOT = Path(__file__).resolve().parents[2]


def package_of(key: str) -> str:
    """The engine's package: `games.paris` for Paris, `tests.toy_game` for the toy game."""
    return type(get_game(key)).__module__.rsplit(".", 1)[0]


def module_name(key: str) -> str:
    """The package's last name, which names the game's documents and test folder."""
    return package_of(key).rsplit(".", 1)[-1]


def presentation_of(key: str) -> str:
    """The game's presentation package: `bot.games.<g>` for `games.<g>`, `<package>_bot`
    for a game registered from elsewhere (`tests.toy_game` → `tests.toy_game_bot`)."""
    package = package_of(key)
    if package.startswith("games."):
        return f"bot.games.{module_name(key)}"
    return f"{package}_bot"


def built_in(key: str) -> bool:
    """Whether the game ships with the bot (a test double has no rulebook or documents)."""
    return package_of(key).startswith("games.")


def seat_cases() -> list[Any]:
    """(key, seats) for every registered game and every seat count it allows."""
    return [
        pytest.param(key, seats, id=f"{key}-{seats}")
        for key in game_keys()
        for seats in range(get_game(key).min_seats, get_game(key).max_seats + 1)
    ]


def game_cases() -> list[Any]:
    return [pytest.param(key, id=key) for key in game_keys()]


def random_playout(game: Game[Any, Any], seats: int, seed: int) -> tuple[Any, list[Any]]:
    """A seeded random match to the end: (initial state, [(state, seat, action), ...])."""
    rng = random.Random(seed)
    state = first = game.setup(seats, game.parse_options({}), seed=seed)
    moves = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = rng.choice(list(game.legal_actions(state, seat)))
        moves.append((state, seat, action))
        state, _ = game.apply(state, seat, action)
    moves.append((state, None, None))
    return first, moves

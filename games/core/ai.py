"""AI seats that work for every game through the engine contract alone."""

from __future__ import annotations

import random
from typing import Any, Protocol

from games.core.contract import Game


class Player(Protocol):
    """Chooses an action for `seat`; must be deterministic given `rng`."""

    name: str

    def choose(self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> Any: ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
        return rng.choice(game.legal_actions(state, seat))


class GreedyPlayer:
    """Picks the action with the best immediate evaluation (score difference by default).

    Ties are broken at random, so a greedy seat still varies its play between seeds.
    """

    name = "greedy"

    def choose(self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
        best: list[Any] = []
        best_value = float("-inf")
        for action in game.legal_actions(state, seat):
            after, _ = game.apply(state, seat, action)
            value = game.evaluate(after, seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return rng.choice(best)


PLAYERS: dict[str, Player] = {"random": RandomPlayer(), "greedy": GreedyPlayer()}


def get_player(name: str) -> Player:
    """The AI named `name` ("random" or "greedy"); KeyError for others."""
    return PLAYERS[name]

"""AI seats that work for every game through the engine contract alone.

None of them reads a secret: the greedy seat scores its moves on one determinisation
(`Game.determinize`), the strong seat searches many (`games.core.search`); the random seat
needs nothing but its legal moves. The levels offered to players are `LEVELS`: easy (the
greedy seat) and strong (the search); `random` stays for tests and arenas.
"""

from __future__ import annotations

import os
import random
from typing import Any, Protocol

from games.core.contract import Game
from games.core.errors import IllegalAction
from games.core.search import Budget, Search, Settings

LEVELS = ("greedy", "strong")  # what the lobby and /admin offer: easy, then strong
SEARCHING = frozenset({"strong"})  # levels that think for seconds: the host runs them elsewhere
DEFAULT_SECONDS = 1.0  # the strong seat's thinking time per move in play


def default_seconds() -> float:
    """The strong seat's time per move: LUTECE_AI_SECONDS, else one second."""
    try:
        return max(0.01, float(os.environ.get("LUTECE_AI_SECONDS", DEFAULT_SECONDS)))
    except ValueError:
        return DEFAULT_SECONDS


class Player(Protocol):
    """Chooses an action for `seat`; deterministic given `rng` (and an iteration budget)."""

    name: str

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: int,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any: ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: int,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        return rng.choice(game.legal_actions(state, seat))


class GreedyPlayer:
    """Picks the action with the best immediate evaluation (score difference by default),
    applied to one determinisation: what a move would reveal is sampled, never looked at.

    Ties are broken at random, so a greedy seat still varies its play between seeds.
    """

    name = "greedy"

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: int,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        sample = game.determinize(state, seat, rng)
        best: list[Any] = []
        best_value = float("-inf")
        for action in legal:
            try:
                after, _ = game.apply(sample, seat, action)
            except IllegalAction:  # cannot happen when the seat's moves are its own business
                continue
            value = game.evaluate(after, seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return rng.choice(best or list(legal))


class SearchPlayer:
    """Information-set MCTS (`games.core.search`) within a budget: by default
    `default_seconds()` per move, or the budget the caller passes (tests, arenas)."""

    def __init__(
        self, name: str, settings: Settings | None = None, budget: Budget | None = None
    ) -> None:
        self.name = name
        self.settings = settings  # None: the search's defaults and the game's hints
        self.budget = budget

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: int,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        budget = budget or self.budget or Budget(seconds=default_seconds())
        return Search(game, self.settings).choose(state, seat, rng, budget)


PLAYERS: dict[str, Player] = {
    "random": RandomPlayer(),
    "greedy": GreedyPlayer(),
    "strong": SearchPlayer("strong"),
}


def get_player(name: str) -> Player:
    """The AI named `name` (random, greedy, strong); KeyError for others."""
    return PLAYERS[name]

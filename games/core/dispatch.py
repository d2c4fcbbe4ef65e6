"""How an engine says which action is played in which phase: one table per game.

`PhasedGame.rules` (games/core/phased.py) maps `(phase, action class)` to the function that plays
it; `PhasedGame.apply` looks the pair up, checks the seat is to act, and raises the one
IllegalAction for a wrong phase, so no engine repeats that plumbing. A pair the rules refuse with
their own words (Paris Paris: "reveal a pile first") maps to `refuse(...)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from games.core.errors import IllegalAction

# handler(state, seat, action) -> (new state, events); the state is never mutated.
Handler = Callable[[Any, int, Any], tuple[Any, list[Any]]]


def refuse(key: str, message: str) -> Handler:
    """A rules-table entry for an action the current phase refuses with a message of its own."""

    def handler(state: Any, seat: int, action: Any) -> NoReturn:
        raise IllegalAction(key, message)

    return handler


def without_action(play: Callable[[Any, int], tuple[Any, list[Any]]]) -> Handler:
    """A rules-table entry for an action that carries no fields (decline, end of turn)."""

    def handler(state: Any, seat: int, action: Any) -> tuple[Any, list[Any]]:
        return play(state, seat)

    return handler

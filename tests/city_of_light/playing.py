"""Playing on scenario positions by JSON, one seat's moves in a row: an action card or a
building as JSON, a move, a refusal."""

from __future__ import annotations

from typing import Any

from games.city_of_light.state import State
from games.core.errors import IllegalAction
from tests.city_of_light.helpers import GAME
from tests.scenario import assert_refused


def act(card: str, **fields: Any) -> dict[str, Any]:
    """Activating postcard `card`, as JSON data."""
    return {"type": "activate", "card": card, **fields}


def build(b: str, x: int, y: int, rotation: int = 0) -> dict[str, Any]:
    """Placing building `b` at (x, y), as JSON data."""
    return {"type": "build", "building": b, "rotation": rotation, "x": x, "y": y}


def play(state: State, seat: int, data: dict) -> State:
    """Apply an action given as JSON data, as `seat` (forcing the turn, for scenarios)."""
    state = state.replace(turn=seat)
    new_state, _ = GAME.apply(state, seat, GAME.parse_action(data))
    return new_state


def refused(state: State, seat: int, data: dict, key: str) -> IllegalAction:
    """Assert the action is refused with `key` (city_of_light.<key> when it has no dot) and
    the state is left untouched."""
    if key != "turn.not_yours" and state.phase != 3:
        state = state.replace(turn=seat)  # scenarios play one seat's moves in a row
    return assert_refused(GAME, state, seat, data, key)

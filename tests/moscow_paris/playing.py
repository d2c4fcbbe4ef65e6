"""Playing on scenario positions by JSON, for a given seat or the one seat to act: a move,
a refusal, the legal moves."""

from __future__ import annotations

from typing import Any

from games.moscow_paris.state import State
from tests.moscow_paris.helpers import GAME
from tests.scenario import assert_refused


def act(state: State, action: dict[str, Any], seat: int | None = None):
    """Apply `action` (JSON) for `seat`, or for the one seat to act."""
    if seat is None:
        (seat,) = GAME.to_act(state)
    return GAME.apply(state, seat, GAME.parse_action(action))


def refused(state: State, action: dict[str, Any], key: str, seat: int | None = None) -> None:
    """`action` (JSON) for `seat`, or for the one seat to act, is refused with `key`."""
    if seat is None:
        (seat,) = GAME.to_act(state)
    assert_refused(GAME, state, seat, action, key)


def legal_json(state: State, seat: int | None = None) -> list[dict[str, Any]]:
    if seat is None:
        (seat,) = GAME.to_act(state)
    return [GAME.dump_action(a) for a in GAME.legal_actions(state, seat)]

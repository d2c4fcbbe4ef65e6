"""What every game's rule scenarios ask of an engine the same way: the events of one kind a
move caused, and a refused move (the engine raises IllegalAction, whose key the bot turns
into a friendly sentence, and the state it was handed is left exactly as it was)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.contract import Event, Game
from games.core.errors import IllegalAction


def kinds(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """The parameters of each event of `kind`, in order."""
    return [dict(e.params) for e in events if e.kind == kind]


def refusal(game: Game[Any, Any], state: Any, seat: int, action: Any) -> IllegalAction:
    """What refuses `seat` playing `action` (JSON data or a parsed action) in `state`; fails
    if the move is accepted or if refusing it changed `state`."""
    before = game.snapshot(state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, seat, game.parse_action(action) if isinstance(action, dict) else action)
    assert game.snapshot(state) == before
    return info.value


def assert_refused(
    game: Game[Any, Any], state: Any, seat: int, action: Any, key: str
) -> IllegalAction:
    """`refusal`, with message key `key` (the game's own `<package>.<key>` when it names no
    other, e.g. "wrong_step" for "moscow_paris.wrong_step")."""
    if "." not in key:
        key = f"{type(game).__module__.split('.')[-2]}.{key}"
    error = refusal(game, state, seat, action)
    assert error.key == key, (error.key, str(error))
    return error

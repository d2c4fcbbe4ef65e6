"""Rebuilding a match from its record: the log is the truth, states are derived from it."""

from __future__ import annotations

from typing import Any

from games.core.contract import Game
from games.core.errors import IllegalAction, ReplayError
from games.core.record import MatchRecord


def start(game: Game[Any, Any], record: MatchRecord) -> Any:
    """The initial state of `record`; raises ReplayError(-1, …) for a bad setup."""
    try:
        game.check_seats(record.seats)
        options = game.parse_options(record.options)
        return game.setup(record.seats, options, record.seed, record.arrangement)
    except IllegalAction as exc:
        raise ReplayError(-1, str(exc), exc.key) from None


def replay(game: Game[Any, Any], record: MatchRecord) -> Any:
    """The state after every action of `record`; raises ReplayError at the first bad one."""
    state = start(game, record)
    for index, recorded in enumerate(record.actions):
        try:
            if recorded.seat not in game.to_act(state):
                raise IllegalAction("turn.not_yours", f"seat {recorded.seat} is not to act")
            action = game.parse_action(recorded.action)
            state, _ = game.apply(state, recorded.seat, action)
        except IllegalAction as exc:
            raise ReplayError(index, str(exc), exc.key) from None
    return state

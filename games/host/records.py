"""A stored match as a match record (set-up + log): the unit of export, replay and checks."""

from __future__ import annotations

from collections.abc import Iterable

from games.core.record import MatchRecord, RecordedAction
from storage.rows import ActionRow, MatchRow


def record_of(row: MatchRow, actions: Iterable[ActionRow]) -> MatchRecord:
    """The record of a started match from its stored row and its action log."""
    return MatchRecord(
        game=row.game,
        options=row.options,
        seats=row.seats,
        seed=row.seed,
        arrangement=row.arrangement,
        players=[s.name for s in row.seat_rows],
        actions=[RecordedAction(seat=a.seat, action=a.action) for a in actions],
    )

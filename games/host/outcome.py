"""What the host hands back after acting: what happened, and who may see which part of it."""

from __future__ import annotations

import dataclasses
import weakref
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from games.core.contract import Event, Game
from games.host.info import MatchInfo, MatchSettings, SeatInfo
from storage.rows import MatchRow

# The engine and state each description handed out describes, while its caller holds it: the
# host answers about a description (its views, choices, previews) at its version, even after
# the match moved on or left the host's memory.
_described: weakref.WeakKeyDictionary[MatchInfo, tuple[Game[Any, Any], Any]] = (
    weakref.WeakKeyDictionary()
)


def described(match: MatchInfo) -> tuple[Game[Any, Any], Any]:
    """The game and the state `match` describes (a started match's, handed out by a host)."""
    return _described[match]


@dataclasses.dataclass(slots=True)
class LiveMatch:
    """A match held in memory by the host: its stored row and (once started) its state."""

    row: MatchRow
    game: Game[Any, Any]
    state: Any = None
    requests: set[str] = dataclasses.field(default_factory=set)  # idempotency keys applied
    # The public events of the action that made the current version (the picture rings
    # the last move); empty after a load.
    last_events: tuple[Event, ...] = ()

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def settings(self) -> MatchSettings:
        return MatchSettings.model_validate(self.row.settings)

    @property
    def started(self) -> bool:
        """Dealt (a lobby is not): there is a state, views and maybe a result."""
        return self.state is not None

    def seat_of(self, user_id: int) -> int | None:
        """The seat `user_id` holds, if any (a user holds at most one seat)."""
        for seat in self.row.seat_rows:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def to_act(self) -> frozenset[int]:
        if self.state is None or self.row.status != "active":
            return frozenset()
        return self.game.to_act(self.state)

    def ai_of(self, seat: int) -> str | None:
        for row in self.row.seat_rows:
            if row.seat == seat:
                return row.ai
        return None

    def info(self) -> MatchInfo:
        """The match as callers outside the host may know it, now (the one place a
        description is made)."""
        row, state = self.row, self.state
        info = MatchInfo(
            id=row.id,
            game=row.game,
            status=row.status,
            version=row.version,
            size=row.seats,
            seats=tuple(SeatInfo(s.seat, s.name, s.user_id, s.ai) for s in row.seat_rows),
            options=MappingProxyType(row.options),  # the host replaces it, never changes it
            settings=self.settings,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            table_message_id=row.table_message_id,
            table_version=row.table_version,
            host_user_id=row.host_user_id,
            end_reason=row.end_reason,
            created_at=row.created_at,
            updated_at=row.updated_at,
            started=state is not None,
            to_act=self.to_act(),
            result=None if state is None else self.game.result(state),
            last_events=self.last_events,
        )
        if state is not None:
            _described[info] = (self.game, state)
        return info


@dataclasses.dataclass(slots=True, frozen=True)
class Applied:
    """One action that was applied and persisted."""

    seat: int
    action: BaseModel
    events: tuple[Event, ...]
    version: int
    by: str  # "player", "ai" (an AI seat) or "timeout" (an AI playing for an absent player)


@dataclasses.dataclass(slots=True)
class Outcome:
    """The result of one host call: the applied actions (a human's and any AI replies).

    The live match is the host's own (`_live`); callers read `info`."""

    _live: LiveMatch
    applied: list[Applied] = dataclasses.field(default_factory=list)
    duplicate: bool = False  # the request had already been applied; nothing new happened

    @property
    def info(self) -> MatchInfo:
        """The match now (after these actions, and any the host applied since)."""
        return self._live.info()

    @property
    def finished(self) -> bool:
        return self._live.row.status == "finished"

    def public_events(self) -> list[Event]:
        """Events anyone may see, in order."""
        return [e for a in self.applied for e in a.events if e.to is None]

    def private_events(self, seat: int) -> list[Event]:
        """Events only `seat` (and maybe other named seats) may see."""
        return [e for a in self.applied for e in a.events if e.to is not None and seat in e.to]

    def notices(self) -> dict[int, list[Event]]:
        """Per seat, the private events it must be told (a draw): the bot delivers them to
        that seat's player only."""
        seats = {s for a in self.applied for e in a.events if e.to is not None for s in e.to}
        return {seat: self.private_events(seat) for seat in sorted(seats)}

"""What the host hands back after acting: what happened, and who may see which part of it."""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.core.contract import Event, Game
from storage.rows import MatchRow


class MatchSettings(BaseModel):
    """Table settings that are not rules: turn deadlines and what happens when one passes."""

    model_config = ConfigDict(extra="forbid")

    turn_deadline_s: int | None = Field(default=None, ge=30, le=7 * 24 * 3600)
    on_timeout: str = Field(default="ai", pattern="^(ai|wait)$")
    ai_level: str = Field(default="greedy", pattern="^(greedy|strong|random)$")
    # Whether the match changes ratings; None: rated when every seat is a person.
    rated: bool | None = None


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
    """The result of one host call: the applied actions (a human's and any AI replies)."""

    match: LiveMatch
    applied: list[Applied] = dataclasses.field(default_factory=list)
    duplicate: bool = False  # the request had already been applied; nothing new happened

    @property
    def finished(self) -> bool:
        return self.match.row.status == "finished"

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

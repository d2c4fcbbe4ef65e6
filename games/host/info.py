"""What callers outside the host know of a match: a frozen, typed description.

The Discord layer and the CLI read a match through `MatchInfo`, never through the engine's
state, the game object or the stored row: those stay inside the host, so a caller cannot
show what a seat may not see, nor change a match except by asking the host. A description
is of one version of the match; the host answers questions about it (`MatchHost.view`,
`choices`, `preview`) for that version, so what a caller shows and the version it names
always agree.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.core.contract import Event, Result


class MatchSettings(BaseModel):
    """Table settings that are not rules: turn deadlines and what happens when one passes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn_deadline_s: int | None = Field(default=None, ge=30, le=7 * 24 * 3600)
    on_timeout: str = Field(default="ai", pattern="^(ai|wait)$")
    ai_level: str = Field(default="greedy", pattern="^(greedy|strong|random)$")
    # Whether the match changes ratings; None: rated when every seat is a person.
    rated: bool | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: a Discord user or an AI (exactly one of the two)."""

    seat: int
    name: str
    user_id: int | None
    ai: str | None


# `eq=False`: a description is itself, not its value (the host knows which version each
# one it handed out describes); `weakref_slot`: so the host can forget it with its caller.
@dataclasses.dataclass(frozen=True, slots=True, eq=False, weakref_slot=True)
class MatchInfo:
    """One match as the host describes it to callers outside: read-only, at one version."""

    id: str
    game: str  # the game's key
    status: str  # "lobby", "active", "finished" or "ended"
    version: int  # actions applied: a choice is named by (version, index)
    size: int  # the table's seats (a lobby's: at most); `seats` are those taken
    seats: tuple[SeatInfo, ...]
    options: Mapping[str, Any]  # the game's options, as parsed and stored (read-only)
    settings: MatchSettings
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None  # wherever the table lives: its thread, or a channel
    table_message_id: int | None
    table_version: int  # the version the table message shows
    host_user_id: int | None
    end_reason: str | None
    created_at: float
    updated_at: float
    started: bool  # dealt (a lobby is not): views, choices and maybe a result exist
    to_act: frozenset[int]  # the seats the match waits for (none unless it runs)
    result: Result | None
    # The public events of the action that made this version (the picture rings the last
    # move); empty after a load.
    last_events: tuple[Event, ...]

    @property
    def where(self) -> int | None:
        """The channel or thread the table lives in (the match's channel before a table)."""
        return self.thread_id or self.channel_id

    @property
    def names(self) -> tuple[str, ...]:
        """Seat names, as typed by their players (user input: escape before showing)."""
        return tuple(s.name for s in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        """The seat `user_id` holds, if any (a user holds at most one seat)."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def ai_of(self, seat: int) -> str | None:
        """The AI level playing `seat`, or None for a person (or no such seat)."""
        return next((s.ai for s in self.seats if s.seat == seat), None)

    def users_to_act(self) -> list[int]:
        """The people (not AI seats) the match waits for, in seat order."""
        return [s.user_id for s in self.seats if s.seat in self.to_act and s.user_id]


@dataclasses.dataclass(frozen=True, slots=True)
class MatchListing:
    """A stored match as a listing names it (`MatchHost.matches`), without loading it: enough
    to choose which to `get`."""

    id: str
    game: str  # the game's key
    status: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    updated_at: float

"""Plain rows read from and written to the database (Discord ids are ints, never objects)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any


@dataclasses.dataclass(slots=True)
class SeatRow:
    """Who sits in a seat: a Discord user or an AI (exactly one of the two)."""

    seat: int
    name: str
    user_id: int | None = None
    ai: str | None = None


@dataclasses.dataclass(slots=True)
class MatchRow:
    """One match as stored; `snapshot` is a cache of the state after `version` actions."""

    id: str
    game: str
    status: str
    seats: int
    seed: int
    created_at: float
    updated_at: float
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    settings: dict[str, Any] = dataclasses.field(default_factory=dict)
    arrangement: dict[str, Any] | None = None
    version: int = 0
    snapshot: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    table_message_id: int | None = None
    host_user_id: int | None = None
    deadline_at: float | None = None
    reminders: int = 0  # how many reminders of the running turn were sent (games/host/clocks)
    end_reason: str | None = None
    table_version: int = 0  # the match version the table message shows
    seat_rows: list[SeatRow] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(slots=True, frozen=True)
class ActionRow:
    """One entry of the append-only action log."""

    seq: int
    seat: int
    action: dict[str, Any]
    request_id: str | None
    user_id: int | None
    at: float


@dataclasses.dataclass(slots=True, frozen=True)
class Notice:
    """A private event kept for its seat's player until shown (a player without DMs)."""

    seat: int
    version: int  # the match version of the move that told it
    n: int  # its place among that move's notices to the seat
    event: dict[str, Any]


@dataclasses.dataclass(slots=True, frozen=True)
class Deadline:
    """A running turn deadline: what the deadline timer needs, without the match's state."""

    match_id: str
    at: float
    reminders: int  # sent for this deadline: 1 at half time, 2 near the end
    seconds: int | None  # the table's turn length (the settings' turn_deadline_s)


@dataclasses.dataclass(slots=True)
class UserPrefs:
    user_id: int
    dms: bool = False
    dms_closed: bool = False
    locale: str | None = None  # the Discord client's locale last seen (for DMs)
    language: str | None = None  # chosen with /lutece language; wins over the client's


@dataclasses.dataclass(slots=True, frozen=True)
class GuildSettings:
    """A server's settings, chosen by its admins; the defaults are a new server's."""

    guild_id: int
    admin_role_id: int | None = None
    language: str | None = None
    lobby_expiry_s: int = 24 * 3600  # how long an open table waits for its start
    rate_ai_matches: bool = False  # AI seats may change a person's rating (off: never)
    clock: str = "none"  # the clock preset of a new table (games/host/clocks.py)
    on_timeout: str = "ai"  # what a new table does when a turn's time is up: "ai" or "wait"


@dataclasses.dataclass(slots=True, frozen=True)
class LobbyRow:
    """A lobby's expiry (None once it no longer matters), where its message is, and the
    finished match it plays again, if it is a rematch."""

    match_id: str
    expires_at: float | None
    channel_id: int | None = None
    message_id: int | None = None
    rematch_of: str | None = None


@dataclasses.dataclass(slots=True, frozen=True)
class InvitationRow:
    """A named player asked to a table: `pending`, `accepted` or `declined`, answerable
    until `expires_at`."""

    match_id: str
    user_id: int
    status: str
    expires_at: float


@dataclasses.dataclass(slots=True, frozen=True)
class ResultSeat:
    """How one seat ended a match. `score` and `place` are None when an admin ended it;
    `rating_before`/`rating_after` are a person's shown rating around a rated match."""

    seat: int
    name: str
    user_id: int | None
    ai: str | None
    score: int | None
    place: int | None  # 1 is first; tied seats share a place
    team: int | None = None
    rating_before: float | None = None
    rating_after: float | None = None


@dataclasses.dataclass(slots=True, frozen=True)
class MatchResult:
    """A match that ended (by its rules, or by an admin: `ended`), with every seat's result."""

    match_id: str
    game: str
    guild_id: int | None
    finished_at: float
    rated: bool
    ended: bool
    seats: tuple[ResultSeat, ...]


@dataclasses.dataclass(slots=True, frozen=True)
class Rating:
    """A person's rating in one game on one server (the Weng-Lin model's mu and sigma, and
    the ordinal that ranks it), with the rated matches played and won."""

    guild_id: int
    game: str
    user_id: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    played: int
    won: int
    updated_at: float


# Given a rated result and its people's current ratings (those who have one), the result with
# each person's rating before and after, and their new ratings. Called inside the transaction
# that stores the result, so two matches finishing at once never rate from the same start.
Rater = Callable[[MatchResult, Mapping[int, Rating]], tuple[MatchResult, list[Rating]]]

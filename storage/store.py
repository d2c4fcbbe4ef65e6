"""The match store: one interface, two backends, chosen by the database URL.

`Store.open(url)` returns a `SqliteStore` for a path or `sqlite:///path` (the embedded
default: one bot process) or a `PostgresStore` for `postgresql://…` (several bot processes
sharing one database). Every method is written once, here, in SQL both accept (`?`
placeholders, `ON CONFLICT`, `RETURNING`); a backend (`storage/sqlite.py`,
`storage/postgres.py`) supplies only connections, transactions and its migrations, and may
run `append_action`'s two shared writes as
one statement (`_move`). Rows and JSON are mapped in `storage/codec.py`, so both backends
return exactly the same rows.
"""

from __future__ import annotations

import abc
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from storage.codec import (
    INSERT_MATCH,
    JSON_COLUMNS,
    MATCH_COLUMNS,
    Conn,
    dumps,
    loads,
    match_row,
    match_values,
    parse_url,
    redact,
    write_seats,
)
from storage.deadlines_store import DEADLINE, DeadlineStoreMixin
from storage.errors import ConstraintViolation, DuplicateRequest, StaleVersion, StorageError
from storage.links import LinkStoreMixin
from storage.lobbies import LobbyStoreMixin
from storage.results import ResultsMixin, write_result
from storage.rows import (
    ActionRow,
    MatchResult,
    MatchRow,
    Notice,
    Rater,
    SeatRow,
)
from storage.settings_store import SettingsStoreMixin
from storage.transfer import TransferMixin

__all__ = ["DuplicateRequest", "StaleVersion", "StorageError", "Store"]

_UPDATABLE = {
    "status",
    "options",
    "settings",
    "seed",
    "arrangement",
    "snapshot",
    "result",
    "seats",
    "guild_id",
    "channel_id",
    "thread_id",
    "table_message_id",
    "host_user_id",
    "deadline_at",
    "end_reason",
    "table_version",
}
# Whenever a deadline is written, its turn starts afresh: no claim, no reminder sent yet.
_NEW_DEADLINE = f"reminders = 0, {DEADLINE.unclaim}"
_BACKENDS: dict[str, type[Store]] = {}
# append_action's two writes: the version check is in the UPDATE's WHERE.
APPEND_MOVE = (
    "UPDATE matches SET version = ?, snapshot = ?, status = ?, result = ?, deadline_at = ?, "
    f"{_NEW_DEADLINE}, updated_at = ? WHERE id = ? AND version = ?"
)
APPEND_LOG = "INSERT INTO actions (match_id, seq, seat, action, request_id, user_id, at) "


class Store(
    TransferMixin,
    ResultsMixin,
    LobbyStoreMixin,
    LinkStoreMixin,
    DeadlineStoreMixin,
    SettingsStoreMixin,
):
    """Async repository for matches, seats, the action log, results and ratings, lobbies,
    user prefs and guild settings."""

    backend: ClassVar[str]
    one_statement_move: ClassVar[bool] = False  # see `_move`

    def __init__(self, url: str) -> None:
        self.url = redact(url)  # for messages and logs
        self.schema_version = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A backend registers itself for its URL kind by subclassing (`storage/__init__`
        imports both), so this module never imports a backend."""
        super().__init_subclass__(**kwargs)
        if "backend" in cls.__dict__:
            _BACKENDS[cls.backend] = cls

    @classmethod
    async def open(
        cls, url: str | Path, *, synchronous: str = "NORMAL", pool_size: int = 10
    ) -> Store:
        """Open (creating if needed), check and migrate the database `url` names: a path or
        `sqlite:///path` (SQLite; `synchronous` applies) or `postgresql://…` (PostgreSQL;
        `pool_size` connections at most). Anything unusable is a one-sentence StorageError."""
        kind, target = parse_url(url)
        return await _BACKENDS[kind].connect(target, synchronous=synchronous, pool_size=pool_size)

    @classmethod
    @abc.abstractmethod
    async def connect(cls, target: str, *, synchronous: str, pool_size: int) -> Store:
        """The backend's own opening (a path, or a DSN); each uses the option it knows."""

    @abc.abstractmethod
    async def close(self) -> None: ...

    # --- matches ------------------------------------------------------------------------

    async def create_match(self, row: MatchRow) -> None:
        """Insert a match with its seats in one transaction."""
        async with self._transaction() as conn:
            await conn.execute(INSERT_MATCH, *match_values(row))
            await write_seats(conn, row.id, row.seat_rows)

    async def has_held_seat(self, match_id: str, user_id: int) -> bool:
        """Whether `user_id` ever held a seat of the match (lobby seats included)."""
        return await self.held_seat(match_id, user_id) is not None

    async def held_seat(self, match_id: str, user_id: int) -> int | None:
        """The seat `user_id` held last in the match (-1: one held before seats were
        recorded, which is unknown), or None if they never held one."""
        row = await self._one(
            "SELECT seat FROM seat_history WHERE match_id = ? AND user_id = ?", match_id, user_id
        )
        return None if row is None else int(row[0])

    async def set_seats(self, match_id: str, seats: list[SeatRow]) -> None:
        """Replace the seat list (lobby joins, admin replacements) atomically. The match row
        is written first: on PostgreSQL that row lock orders two processes' replacements."""
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE matches SET updated_at = ? WHERE id = ?", time.time(), match_id
            )
            await write_seats(conn, match_id, seats)

    async def update_match(self, match_id: str, **fields: Any) -> None:
        """Update non-log columns (status, message ids, deadline…); never the version.
        Writing `deadline_at` starts a new turn's clock: any claim on the previous deadline is
        void and no reminder of the new one was sent."""
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        fields["updated_at"] = time.time()
        names = ", ".join(f"{k} = ?" for k in fields)
        if "deadline_at" in fields:
            names += ", " + _NEW_DEADLINE
        values = [dumps(v) if k in JSON_COLUMNS else v for k, v in fields.items()]
        async with self._session() as conn:
            await conn.execute(f"UPDATE matches SET {names} WHERE id = ?", *values, match_id)

    async def append_action(
        self,
        match_id: str,
        *,
        expected_version: int,
        seat: int,
        action: dict[str, Any],
        request_id: str | None,
        user_id: int | None,
        snapshot: dict[str, Any],
        status: str,
        result: dict[str, Any] | None = None,
        deadline_at: float | None = None,
        finished: MatchResult | None = None,
        rater: Rater | None = None,
    ) -> int:
        """Append one action and move the snapshot and version with it, in one transaction.
        The action that ends the match stores its `finished` result in that transaction too
        (and, if rated, the ratings `rater` moves): a finished match is never unrecorded.

        Safe across processes: the version check is part of the UPDATE (a row lock on
        PostgreSQL, the write lock on SQLite), so of two writers at one version exactly one
        wins. Raises DuplicateRequest when `request_id` was already applied to the match
        (checked first when the version moved too), else StaleVersion when the match is no
        longer at `expected_version`; either way nothing was stored. Returns the new version
        (the action's seq). A new deadline voids any claim on the old one and any reminder
        sent of it."""
        now = time.time()
        seq = expected_version + 1
        moved = (
            seq,
            dumps(snapshot),
            status,
            dumps(result),
            deadline_at,
            now,
            match_id,
            expected_version,
        )
        logged = (match_id, seq, seat, dumps(action), request_id, user_id, now)
        try:
            if not await self._append(moved, logged, finished, rater):
                row = await self._one("SELECT version FROM matches WHERE id = ?", match_id)
                raise StaleVersion(expected_version, -1 if row is None else int(row[0]))
        except (StaleVersion, ConstraintViolation):
            # UNIQUE (match_id, request_id), or the version moved because this very request
            # was applied meanwhile (a double click reaching two processes).
            applied = await self.request_seq(match_id, request_id) if request_id else None
            if applied is None:
                raise
            raise DuplicateRequest(applied) from None
        return seq

    async def _append(
        self,
        moved: Sequence[Any],
        logged: Sequence[Any],
        finished: MatchResult | None = None,
        rater: Rater | None = None,
    ) -> bool:
        """`_move`, then the `finished` result, atomically; whether the match was at the
        expected version. A one-statement `_move` needs no transaction of its own."""
        alone = finished is None and self.one_statement_move
        async with self._session() if alone else self._transaction() as conn:
            if not await self._move(conn, moved, logged):
                return False
            if finished is not None:
                await write_result(conn, finished, rater, self.key_lock)
        return True

    async def _move(self, conn: Conn, moved: Sequence[Any], logged: Sequence[Any]) -> bool:
        """`APPEND_MOVE` with `moved`, then, if it moved the match, `APPEND_LOG` with
        `logged`; whether it moved the match. A backend may run both as one statement
        (PostgreSQL: one round trip instead of four) and say so in `one_statement_move`."""
        if await conn.execute(APPEND_MOVE, *moved) != 1:
            return False
        await conn.execute(APPEND_LOG + "VALUES (?,?,?,?,?,?,?)", *logged)
        return True

    async def end_match(self, match_id: str, reason: str, result: MatchResult | None) -> None:
        """Stop a match for good (an admin's end) and store its `result` (unrated: nobody
        finished it), in one transaction; a lobby that never started has none."""
        async with self._transaction() as conn:
            await conn.execute(
                f"UPDATE matches SET status = 'ended', end_reason = ?, deadline_at = NULL, "
                f"{DEADLINE.unclaim}, updated_at = ? WHERE id = ?",
                reason,
                time.time(),
                match_id,
            )
            if result is not None:
                await write_result(conn, result, None, self.key_lock)

    async def request_seq(self, match_id: str, request_id: str) -> int | None:
        """The seq of the action applied under `request_id`, if any."""
        row = await self._one(
            "SELECT seq FROM actions WHERE match_id = ? AND request_id = ?", match_id, request_id
        )
        return None if row is None else int(row[0])

    async def get_match(self, match_id: str) -> MatchRow | None:
        rows = await self._select_matches("WHERE id = ?", (match_id,))
        return rows[0] if rows else None

    async def list_matches(
        self,
        statuses: Iterable[str] = ("lobby", "active"),
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
    ) -> list[MatchRow]:
        """Matches with one of `statuses`, optionally in one guild or with one user seated."""
        statuses = list(statuses)
        where = f"WHERE status IN ({','.join('?' * len(statuses))})"
        params: list[Any] = list(statuses)
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        if user_id is not None:
            where += " AND id IN (SELECT match_id FROM seats WHERE user_id = ?)"
            params.append(user_id)
        return await self._select_matches(where + " ORDER BY created_at, id", params)

    async def _select_matches(self, where: str, params: Sequence[Any]) -> list[MatchRow]:
        async with self._session() as conn:
            rows = await conn.fetch(f"SELECT {MATCH_COLUMNS} FROM matches {where}", *params)
            matches = [match_row(r) for r in rows]
            if matches:  # every seat of every match in one query, not one query per match
                by_id = {m.id: m for m in matches}
                seats = await conn.fetch(
                    "SELECT match_id, seat, name, user_id, ai FROM seats "
                    f"WHERE match_id IN ({','.join('?' * len(by_id))}) ORDER BY match_id, seat",
                    *by_id,
                )
                for r in seats:
                    by_id[r[0]].seat_rows.append(SeatRow(r[1], r[2], r[3], r[4]))
            return matches

    async def actions(self, match_id: str) -> list[ActionRow]:
        """The whole log of a match, in order."""
        rows = await self._all(
            "SELECT seq, seat, action, request_id, user_id, at FROM actions "
            "WHERE match_id = ? ORDER BY seq",
            match_id,
        )
        return [ActionRow(r[0], r[1], loads(r[2]), r[3], r[4], r[5]) for r in rows]

    # --- private notices ------------------------------------------------------------------

    async def add_notices(
        self, match_id: str, seat: int, version: int, events: Sequence[dict[str, Any]]
    ) -> None:
        """Keep private events for the seat's player until they are shown (a player without
        DMs), with the match so that a restart forgets none; `version` is the move's that
        told them. Adding the same move's notices again adds nothing."""
        async with self._transaction() as conn:
            await conn.executemany(
                "INSERT INTO notices (match_id, seat, version, n, event) VALUES (?,?,?,?,?) "
                "ON CONFLICT DO NOTHING",
                [(match_id, seat, version, n, dumps(e)) for n, e in enumerate(events)],
            )

    async def notices(self, match_id: str, seat: int | None = None) -> list[Notice]:
        """The notices waiting for one seat's player (or every seat's), oldest first."""
        where = "WHERE match_id = ?"
        params: list[Any] = [match_id]
        if seat is not None:
            where += " AND seat = ?"
            params.append(seat)
        async with self._session() as conn:
            rows = await conn.fetch(
                f"SELECT seat, version, n, event FROM notices {where} ORDER BY seat, version, n",
                *params,
            )
        return [Notice(r[0], r[1], r[2], loads(r[3])) for r in rows]

    async def drop_notices(self, match_id: str, shown: Sequence[Notice]) -> None:
        """Delete notices their player was shown."""
        async with self._transaction() as conn:
            await conn.executemany(
                "DELETE FROM notices WHERE match_id = ? AND seat = ? AND version = ? AND n = ?",
                [(match_id, s.seat, s.version, s.n) for s in shown],
            )

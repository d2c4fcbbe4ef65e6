"""The match store on aiosqlite: one transaction per action, the log as the truth.

Behind this one class so that another backend (PostgreSQL for a sharded bot) can be added
without touching the host. All writes go through one connection, so SQLite's single writer is
never contended inside a process; WAL lets readers (exports, admin listings) run alongside.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

import aiosqlite

from storage.rows import ActionRow, Deadline, GuildSettings, MatchRow, SeatRow, UserPrefs
from storage.schema import SchemaTooNew, migrate

_JSON_COLUMNS = {"options", "settings", "arrangement", "snapshot", "result"}
_UPDATABLE = {
    "status", "options", "settings", "seed", "arrangement", "snapshot", "result", "seats",
    "guild_id", "channel_id", "thread_id", "table_message_id", "host_user_id",
    "deadline_at", "reminded", "end_reason", "table_version",
}  # fmt: skip
_MATCH_COLUMNS = (
    "id, game, status, seats, options, settings, seed, arrangement, version, snapshot, result, "
    "guild_id, channel_id, thread_id, table_message_id, host_user_id, deadline_at, reminded, "
    "end_reason, created_at, updated_at, table_version"
)


class StorageError(Exception):
    """The database cannot be used (corrupt, not a database, too new); the message says why."""


class StaleVersion(Exception):
    """The match moved on since the caller read it: the action was not stored."""

    def __init__(self, expected: int, actual: int) -> None:
        self.expected, self.actual = expected, actual
        super().__init__(f"match is at version {actual}, not {expected}")


class DuplicateRequest(Exception):
    """This request id was already applied to the match (a double click): nothing was stored."""

    def __init__(self, seq: int) -> None:
        self.seq = seq
        super().__init__(f"request already applied as action {seq}")


def _dumps(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"), sort_keys=True)


class Store:
    """Async repository for matches, seats, the action log, user prefs and guild settings."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()  # one statement or transaction at a time on the connection
        self.path = path
        self.schema_version = 0

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "NORMAL") -> Store:
        """Open (creating if needed), check and migrate. `synchronous=NORMAL` in WAL mode
        survives a killed process; FULL also survives power loss at some cost per commit.

        Every way a path can be unusable (a folder, a path under a regular file, not a
        database, damaged pages, a newer schema) is a StorageError with one sentence."""
        path = str(path)
        if path != ":memory:":
            _prepare(Path(path))
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the database {path} ({exc})") from None
        try:
            await conn.execute("PRAGMA busy_timeout = 5000")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await _check_integrity(conn, path)
            store = cls(conn, path)
            store.schema_version = await migrate(conn)
        except (SchemaTooNew, StorageError) as exc:
            await conn.close()
            raise StorageError(str(exc)) from None
        except sqlite3.DatabaseError as exc:
            await conn.close()
            raise StorageError(f"{path} is not a usable Lutèce database ({exc})") from None
        return store

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT (ROLLBACK on any error), alone on the connection.

        Several matches write concurrently; without the lock a second coroutine's statement
        would run inside the first one's open transaction (or fail to BEGIN)."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise

    @contextlib.asynccontextmanager
    async def _session(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for one statement or a read, never inside another's transaction."""
        async with self._lock:
            yield self._conn

    # --- matches ------------------------------------------------------------------------

    async def create_match(self, row: MatchRow) -> None:
        """Insert a match with its seats in one transaction."""
        async with self._transaction() as conn:
            await conn.execute(
                f"INSERT INTO matches ({_MATCH_COLUMNS}) VALUES "
                "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.id, row.game, row.status, row.seats, _dumps(row.options),
                    _dumps(row.settings), row.seed, _dumps(row.arrangement), row.version,
                    _dumps(row.snapshot), _dumps(row.result), row.guild_id, row.channel_id,
                    row.thread_id, row.table_message_id, row.host_user_id, row.deadline_at,
                    int(row.reminded), row.end_reason, row.created_at, row.updated_at,
                    row.table_version,
                ),
            )  # fmt: skip
            await self._write_seats(row.id, row.seat_rows)

    async def _write_seats(self, match_id: str, seats: Iterable[SeatRow]) -> None:
        """The seat list, and every user in it added to the match's seat history for good."""
        seats = list(seats)
        await self._conn.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
        await self._conn.executemany(
            "INSERT INTO seats (match_id, seat, user_id, ai, name) VALUES (?,?,?,?,?)",
            [(match_id, s.seat, s.user_id, s.ai, s.name) for s in seats],
        )
        await self._conn.executemany(
            "INSERT OR IGNORE INTO seat_history (match_id, user_id) VALUES (?,?)",
            [(match_id, s.user_id) for s in seats if s.user_id is not None],
        )

    async def has_held_seat(self, match_id: str, user_id: int) -> bool:
        """Whether `user_id` ever held a seat of the match (lobby seats included)."""
        async with self._session() as conn, conn.execute(
            "SELECT 1 FROM seat_history WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        ) as cur:
            return await cur.fetchone() is not None

    async def set_seats(self, match_id: str, seats: list[SeatRow]) -> None:
        """Replace the seat list (lobby joins, admin replacements) atomically."""
        async with self._transaction() as conn:
            await self._write_seats(match_id, seats)
            await conn.execute(
                "UPDATE matches SET updated_at = ? WHERE id = ?", (time.time(), match_id)
            )

    async def update_match(self, match_id: str, **fields: Any) -> None:
        """Update non-log columns (status, message ids, deadline…); never the version."""
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        fields["updated_at"] = time.time()
        names = ", ".join(f"{k} = ?" for k in fields)
        values = [_dumps(v) if k in _JSON_COLUMNS else v for k, v in fields.items()]
        async with self._session() as conn:
            await conn.execute(f"UPDATE matches SET {names} WHERE id = ?", (*values, match_id))

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
    ) -> int:
        """Append one action and move the snapshot and version with it, in one transaction.

        Raises DuplicateRequest when `request_id` was already applied, StaleVersion when the
        match is no longer at `expected_version`. Returns the new version (the action's seq).
        """
        now = time.time()
        seq = expected_version + 1
        try:
            async with self._transaction() as conn:
                cur = await conn.execute(
                    "UPDATE matches SET version = ?, snapshot = ?, status = ?, result = ?, "
                    "deadline_at = ?, reminded = 0, updated_at = ? WHERE id = ? AND version = ?",
                    (seq, _dumps(snapshot), status, _dumps(result), deadline_at, now, match_id,
                     expected_version),
                )  # fmt: skip
                if cur.rowcount != 1:
                    raise StaleVersion(expected_version, await self._version(match_id))
                await conn.execute(
                    "INSERT INTO actions (match_id, seq, seat, action, request_id, user_id, at) "
                    "VALUES (?,?,?,?,?,?,?)",
                    (match_id, seq, seat, _dumps(action), request_id, user_id, now),
                )
        except sqlite3.IntegrityError:
            # UNIQUE (match_id, request_id): this request was applied before (rolled back now).
            applied = await self.request_seq(match_id, request_id) if request_id else None
            if applied is None:
                raise
            raise DuplicateRequest(applied) from None
        return seq

    async def _version(self, match_id: str) -> int:
        async with self._conn.execute(
            "SELECT version FROM matches WHERE id = ?", (match_id,)
        ) as cur:
            row = await cur.fetchone()
        return -1 if row is None else int(row[0])

    async def request_seq(self, match_id: str, request_id: str) -> int | None:
        """The seq of the action applied under `request_id`, if any."""
        async with self._session() as conn, conn.execute(
            "SELECT seq FROM actions WHERE match_id = ? AND request_id = ?", (match_id, request_id)
        ) as cur:
            row = await cur.fetchone()
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
        return await self._select_matches(where + " ORDER BY created_at", params)

    async def deadlines(self) -> list[Deadline]:
        """Active matches with a running turn deadline (uses the partial deadline index)."""
        async with self._session() as conn, conn.execute(
            "SELECT id, deadline_at, reminded, settings FROM matches "
            "WHERE deadline_at IS NOT NULL AND status = 'active'"
        ) as cursor:
            rows = await cursor.fetchall()
        return [Deadline(r[0], float(r[1]), bool(r[2]), json.loads(r[3]).get("turn_deadline_s"))
                for r in rows]  # fmt: skip

    async def _select_matches(self, where: str, params: Iterable[Any]) -> list[MatchRow]:
        async with self._session() as conn:
            sql = f"SELECT {_MATCH_COLUMNS} FROM matches {where}"
            async with conn.execute(sql, params) as cursor:
                matches = [_match_row(r) for r in await cursor.fetchall()]
            if matches:  # every seat of every match in one query, not one query per match
                ids = [m.id for m in matches]
                async with conn.execute(
                    "SELECT match_id, seat, name, user_id, ai FROM seats "
                    f"WHERE match_id IN ({','.join('?' * len(ids))}) ORDER BY match_id, seat",
                    ids,
                ) as cursor:
                    by_id = {m.id: m for m in matches}
                    for r in await cursor.fetchall():
                        by_id[r[0]].seat_rows.append(SeatRow(r[1], r[2], r[3], r[4]))
            return matches

    async def actions(self, match_id: str) -> list[ActionRow]:
        """The whole log of a match, in order."""
        async with self._session() as conn, conn.execute(
            "SELECT seq, seat, action, request_id, user_id, at FROM actions "
            "WHERE match_id = ? ORDER BY seq",
            (match_id,),
        ) as cur:
            rows = await cur.fetchall()
        return [ActionRow(r[0], r[1], json.loads(r[2]), r[3], r[4], r[5]) for r in rows]

    # --- the bot's own facts ---------------------------------------------------------------

    async def get_fact(self, key: str) -> str | None:
        """A stored fact about the bot itself (e.g. the hash of the last synced commands)."""
        async with self._session() as conn, conn.execute(
            "SELECT value FROM bot_state WHERE key = ?", (key,)
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else str(row[0])

    async def set_fact(self, key: str, value: str) -> None:
        async with self._session() as conn:
            await conn.execute(
                "INSERT INTO bot_state (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # --- preferences ----------------------------------------------------------------------

    async def get_prefs(self, user_id: int) -> UserPrefs:
        async with self._session() as conn, conn.execute(
            "SELECT dms, dms_closed, locale, language FROM user_prefs WHERE user_id = ?",
            (user_id,),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return UserPrefs(user_id)
        return UserPrefs(user_id, bool(row[0]), bool(row[1]), row[2], row[3])

    async def set_prefs(self, prefs: UserPrefs) -> None:
        async with self._session() as conn:
            await conn.execute(
                "INSERT INTO user_prefs (user_id, dms, dms_closed, locale, language) "
                "VALUES (?,?,?,?,?) ON CONFLICT (user_id) DO UPDATE SET dms = excluded.dms, "
                "dms_closed = excluded.dms_closed, locale = excluded.locale, "
                "language = excluded.language",
                (prefs.user_id, int(prefs.dms), int(prefs.dms_closed), prefs.locale,
                 prefs.language),  # fmt: skip
            )

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._session() as conn, conn.execute(
            "SELECT admin_role_id, language FROM guild_settings WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        return GuildSettings(guild_id) if row is None else GuildSettings(guild_id, row[0], row[1])

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        async with self._session() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, admin_role_id, language) VALUES (?,?,?) "
                "ON CONFLICT (guild_id) DO UPDATE SET admin_role_id = excluded.admin_role_id, "
                "language = excluded.language",
                (settings.guild_id, settings.admin_role_id, settings.language),
            )


def _prepare(path: Path) -> None:
    """Refuse a folder as the database and create the database's folder if needed."""
    if path.is_dir():
        raise StorageError(f"{path} is a folder, not a database file: set LUTECE_DB to a file "
                           "path such as data/lutece.db")  # fmt: skip
    blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        raise StorageError(f"cannot use {path} as the database: {blocking} is a file, "
                           "not a folder")  # fmt: skip
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create the folder for the database {path} "
                           f"({exc.strerror or exc})") from None  # fmt: skip


async def _check_integrity(conn: aiosqlite.Connection, path: str) -> None:
    """`PRAGMA quick_check` at start-up: a file whose header is valid but whose pages are
    damaged would otherwise be accepted and then fail on every command."""
    async with conn.execute("PRAGMA quick_check(1)") as cur:
        row = await cur.fetchone()
    problem = " ".join(str(row[0]).split()) if row else "no answer"
    if problem != "ok":
        raise StorageError(f"{path} is damaged ({problem}); stop the bot and restore the "
                           "latest backup (README: Backups), or move the file aside to start "
                           "with an empty database")  # fmt: skip


def _match_row(r: Any) -> MatchRow:
    """A row of `_MATCH_COLUMNS` (its seats are filled in by the caller)."""
    return MatchRow(
        id=r[0], game=r[1], status=r[2], seats=r[3], options=json.loads(r[4]),
        settings=json.loads(r[5]), seed=r[6],
        arrangement=json.loads(r[7]) if r[7] else None, version=r[8],
        snapshot=json.loads(r[9]) if r[9] else None,
        result=json.loads(r[10]) if r[10] else None, guild_id=r[11], channel_id=r[12],
        thread_id=r[13], table_message_id=r[14], host_user_id=r[15], deadline_at=r[16],
        reminded=bool(r[17]), end_reason=r[18], created_at=r[19], updated_at=r[20],
        table_version=r[21],
    )  # fmt: skip

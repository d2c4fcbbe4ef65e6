"""The SQLite backend (aiosqlite): the embedded default, one bot process per database file.

All statements go through one connection, so SQLite's single writer is never contended
inside a process; WAL lets readers (exports, admin listings, `backup`) run alongside, and
`BEGIN IMMEDIATE` with a busy timeout makes a second process on the same file wait its turn
rather than interleave (which is what makes the version check and deadline claims safe).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from storage.codec import Conn
from storage.errors import ConstraintViolation, StorageError
from storage.rows import MatchResult, Rater
from storage.schema import SchemaTooNew, pending
from storage.store import APPEND_LOG, APPEND_MOVE, Store


class _SqliteConn:
    """The `Conn` protocol over an aiosqlite connection (SQL is already in `?` style)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            cursor = await self._conn.execute(sql, args)
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from None
        count = cursor.rowcount
        await cursor.close()
        return count

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            try:
                await self._conn.executemany(sql, rows)
            except sqlite3.IntegrityError as exc:
                raise ConstraintViolation(str(exc)) from None

    async def fetch(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]:
        try:
            return list(await self._conn.execute_fetchall(sql, args))
        except sqlite3.IntegrityError as exc:  # UPDATE … RETURNING
            raise ConstraintViolation(str(exc)) from None


class SqliteStore(Store):
    """The store on one SQLite file (or `:memory:`)."""

    backend = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        super().__init__(path)
        self._raw = conn
        self._conn = _SqliteConn(conn)
        self._lock = asyncio.Lock()  # one statement or transaction at a time on the connection
        self.path = path

    @classmethod
    async def connect(
        cls, path: str, *, synchronous: str = "NORMAL", pool_size: int = 1
    ) -> SqliteStore:
        """Open (creating if needed), check and migrate. `synchronous=NORMAL` in WAL mode
        survives a killed process; FULL also survives power loss at some cost per commit.

        `pool_size` is ignored: one connection is all SQLite's single writer needs.
        Every way a path can be unusable (a folder, a path under a regular file, not a
        database, damaged pages, a newer schema) is a StorageError with one sentence."""
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
            store.schema_version = await _migrate(conn)
        except (SchemaTooNew, StorageError) as exc:
            await conn.close()
            raise StorageError(str(exc)) from None
        except sqlite3.DatabaseError as exc:
            await conn.close()
            raise StorageError(f"{path} is not a usable Lutèce database ({exc})") from None
        return store

    async def close(self) -> None:
        async with self._lock:
            await self._raw.close()

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Conn]:
        """BEGIN IMMEDIATE … COMMIT (ROLLBACK on any error), alone on the connection.

        Several matches write concurrently; without the lock a second coroutine's statement
        would run inside the first one's open transaction (or fail to BEGIN). IMMEDIATE takes
        the write lock at once, so another process's transaction waits (busy_timeout)."""
        async with self._lock:
            await self._raw.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                await self._raw.execute("COMMIT")
            except BaseException:
                await self._raw.execute("ROLLBACK")
                raise

    @contextlib.asynccontextmanager
    async def _session(self) -> AsyncIterator[Conn]:
        async with self._lock:
            yield self._conn

    async def _append(
        self,
        moved: Sequence[Any],
        logged: Sequence[Any],
        finished: MatchResult | None = None,
        rater: Rater | None = None,
    ) -> bool:
        """A move that ends nothing (nearly all of them) in one trip to the connection's
        thread rather than six (BEGIN, the UPDATE, the INSERT, COMMIT and two cursors
        closed, each a hand-over to the thread and a wake-up of the event loop): measured
        with 200 tables moving at capacity, 0.72 ms of CPU a move became 0.47-0.55 ms.
        aiosqlite runs a function in its thread only through `Connection._execute` (not
        public, the same since aiosqlite 0.11); a move that ends the match, with its result
        and ratings, takes the shared path."""
        if finished is not None:
            return await super()._append(moved, logged, finished, rater)
        async with self._lock:
            try:
                return bool(await self._raw._execute(_append_move, self._raw, moved, logged))
            except sqlite3.IntegrityError as exc:
                raise ConstraintViolation(str(exc)) from None


def _append_move(conn: aiosqlite.Connection, moved: Sequence[Any], logged: Sequence[Any]) -> bool:
    """In the connection's thread: `Store._move` in one transaction, as `_transaction` runs
    it; whether the match was at the expected version."""
    raw = conn._conn
    raw.execute("BEGIN IMMEDIATE")
    try:
        if raw.execute(APPEND_MOVE, moved).rowcount != 1:
            raw.execute("ROLLBACK")
            return False
        raw.execute(APPEND_LOG + "VALUES (?,?,?,?,?,?,?)", logged)
        raw.execute("COMMIT")
        return True
    except BaseException:
        raw.execute("ROLLBACK")
        raise


async def _migrate(conn: aiosqlite.Connection) -> int:
    """Bring the schema up to date; returns the schema version. Each migration is atomic."""
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    current = int(row[0]) if row else 0
    for number, sql in pending(current, "sqlite"):
        script = f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
        await conn.executescript(script)
        current = number
    return current


def _prepare(path: Path) -> None:
    """Refuse a folder as the database and create the database's folder if needed."""
    if path.is_dir():
        raise StorageError(
            f"{path} is a folder, not a database file: set LUTECE_DB to a file "
            "path such as data/lutece.db"
        )
    blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        raise StorageError(f"cannot use {path} as the database: {blocking} is a file, not a folder")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(
            f"cannot create the folder for the database {path} ({exc.strerror or exc})"
        ) from None


async def _check_integrity(conn: aiosqlite.Connection, path: str) -> None:
    """`PRAGMA quick_check` at start-up: a file whose header is valid but whose pages are
    damaged would otherwise be accepted and then fail on every command."""
    async with conn.execute("PRAGMA quick_check(1)") as cur:
        row = await cur.fetchone()
    problem = " ".join(str(row[0]).split()) if row else "no answer"
    if problem != "ok":
        raise StorageError(
            f"{path} is damaged ({problem}); stop the bot and restore the "
            "latest backup (README: Backups), or move the file aside to start "
            "with an empty database"
        )

"""The PostgreSQL backend (asyncpg): several bot processes sharing one database.

A pool of connections lets matches write at the same time (each `append_action` is its own
transaction on its own connection); what two processes do to one match is ordered by the
row lock its UPDATE takes, so the version check in the UPDATE lets exactly one of them win.
Statements are the shared ones from `storage/store.py`, numbered `$1, $2…` here and
prepared once per connection by asyncpg's statement cache.

Migrations run at open in one transaction under `pg_advisory_xact_lock`, so processes that
start together migrate once: the others wait for the lock, then find nothing to do.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import asyncpg

from storage.codec import Conn, redact
from storage.errors import ConstraintViolation, StorageError
from storage.schema import SchemaTooNew, pending
from storage.store import APPEND_LOG, APPEND_MOVE, Store

# The advisory lock that serialises migrations: "lutece" as a number, the same in every
# process and release (any other application's key is vanishingly unlikely to match).
MIGRATION_LOCK = int.from_bytes(b"lutece", "big")
CONNECT_TIMEOUT_S = 10.0
_STATUS_COUNT = re.compile(r"(\d+)$")


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2…` (the shared SQL never has `?` in text)."""
    counter = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


class _PgConn:
    """The `Conn` protocol over an asyncpg connection; constraint errors are translated."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            status = await self._conn.execute(numbered(sql), *args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolation(str(exc)) from None
        found = _STATUS_COUNT.search(status or "")
        return int(found.group(1)) if found else 0

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            try:
                await self._conn.executemany(numbered(sql), rows)
            except asyncpg.IntegrityConstraintViolationError as exc:
                raise ConstraintViolation(str(exc)) from None

    async def fetch(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]:
        try:
            return await self._conn.fetch(numbered(sql), *args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolation(str(exc)) from None


class PostgresStore(Store):
    """The store on a PostgreSQL database, through a pool of asyncpg connections."""

    backend = "postgres"
    # Transactions naming one key wait for each other (released at commit).
    key_lock = "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))"
    one_statement_move = True

    def __init__(self, pool: asyncpg.Pool, dsn: str) -> None:
        super().__init__(dsn)
        self._pool = pool

    @classmethod
    async def connect(
        cls, dsn: str, *, synchronous: str = "NORMAL", pool_size: int = 10
    ) -> PostgresStore:
        """Connect, then migrate under the advisory lock (`synchronous` is SQLite's and
        ignored here). An unreachable server, refused credentials, a missing database or one
        newer than this code is a StorageError with one sentence that names the server and
        database but never the password."""
        label = redact(dsn)
        try:
            pool = await asyncpg.create_pool(
                dsn,
                min_size=1,
                max_size=pool_size,
                timeout=CONNECT_TIMEOUT_S,
                server_settings={"application_name": "lutece"},
                reset=_keep_session,
            )
        except (
            OSError,
            TimeoutError,
            ValueError,
            asyncpg.PostgresError,
            asyncpg.InterfaceError,
        ) as exc:
            raise StorageError(_scrub(_connect_problem(label, exc), dsn)) from None
        store = cls(pool, dsn)
        try:
            store.schema_version = await _migrate(pool)
        except SchemaTooNew as exc:
            await store.close()
            raise StorageError(f"{label}: {exc}") from None
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            await store.close()
            raise StorageError(
                _scrub(f"{label} is not a usable Lutèce database ({exc})", dsn)
            ) from None
        return store

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), timeout=10)
        except TimeoutError:
            self._pool.terminate()

    async def _move(self, conn: Conn, moved: Sequence[Any], logged: Sequence[Any]) -> bool:
        """The shared UPDATE and INSERT as one statement (a data-modifying CTE, atomic on
        its own): the row is inserted only if the UPDATE moved the match. Under concurrency
        the UPDATE waits for the row lock and re-checks the version on the latest row."""
        statement = (
            f"WITH moved AS ({APPEND_MOVE} RETURNING id) {APPEND_LOG}"
            "SELECT id, ?, ?, ?, ?, ?, ? FROM moved"
        )
        # The match id comes from the moved row.
        return await conn.execute(statement, *moved, *logged[1:]) == 1

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Conn]:
        """READ COMMITTED is enough: every cross-process decision is a row lock taken by an
        UPDATE whose WHERE is re-checked on the latest row (version, claim lease)."""
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PgConn(conn)

    @contextlib.asynccontextmanager
    async def _session(self) -> AsyncIterator[Conn]:
        async with self._pool.acquire() as conn:
            yield _PgConn(conn)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Released connections skip asyncpg's default reset query (a round trip each time):
    asyncpg still ends any open transaction itself, and the store leaves no other session
    state behind (no SET, LISTEN, cursor or session-level advisory lock)."""


async def _migrate(pool: asyncpg.Pool) -> int:
    """Apply the pending migrations in one transaction under the advisory lock; returns the
    schema version. The table is looked up before it is created, so a role that may only
    read and write rows can run a database that its owner migrated."""
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
            await conn.execute(
                "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, "
                "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
        current = int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))
        for number, sql in pending(current, "postgres"):
            await conn.execute(sql)
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
            current = number
    return current


def _connect_problem(label: str, exc: BaseException) -> str:
    """One sentence for a failed connection, by cause."""
    if isinstance(exc, asyncpg.InvalidAuthorizationSpecificationError):  # incl. a bad password
        return (
            f"PostgreSQL refused the credentials for {label} ({exc}); check the user and "
            "password in LUTECE_DB"
        )
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return f"{exc} on the server of {label}: create it (createdb) or correct LUTECE_DB"
    if isinstance(exc, TimeoutError):
        return (
            f"the PostgreSQL server of {label} did not answer within "
            f"{CONNECT_TIMEOUT_S:.0f} s; check the host and port in LUTECE_DB"
        )
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc) or type(exc).__name__
        return (
            f"cannot reach the PostgreSQL server of {label} ({reason}); check that it "
            "runs and that LUTECE_DB names the right host and port"
        )
    if isinstance(exc, ValueError):
        return f"LUTECE_DB {label} is not a valid postgresql:// URL ({exc})"
    return f"cannot connect to PostgreSQL at {label} ({exc})"


def _scrub(message: str, dsn: str) -> str:
    """`message` with the DSN's password blanked, whatever the driver put in it."""
    secrets = [urlsplit(dsn).password or ""]
    secrets += [v for k, v in parse_qsl(urlsplit(dsn).query) if k.lower() == "password"]
    for secret in filter(None, secrets):
        # A short password is blanked only where it stands alone: a one-letter password must
        # not turn "postgresql://" into "***ostgresql://".
        pattern = re.escape(secret)
        if len(secret) < 4 and secret.isalnum():
            pattern = rf"(?<![0-9A-Za-z]){pattern}(?![0-9A-Za-z])"
        message = re.sub(pattern, "***", message)
    return " ".join(message.split())

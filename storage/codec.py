"""What both backends share below the `Store` API: the connection protocol the shared SQL is
written against, JSON in and out, match rows to and from values, seat writes, and database
URLs (parsed, and redacted so that no message ever shows a password)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from storage.errors import StorageError
from storage.rows import GuildSettings, MatchRow, SeatRow

JSON_COLUMNS = frozenset({"options", "settings", "arrangement", "snapshot", "result"})
MATCH_COLUMNS = (
    "id, game, status, seats, options, settings, seed, arrangement, version, snapshot, result, "
    "guild_id, channel_id, thread_id, table_message_id, host_user_id, deadline_at, reminders, "
    "end_reason, created_at, updated_at, table_version"
)
INSERT_MATCH = f"INSERT INTO matches ({MATCH_COLUMNS}) VALUES ({','.join('?' * 22)})"


class Conn(Protocol):
    """What the shared code needs of a backend's connection. SQL is written once with `?`
    placeholders; the PostgreSQL connection numbers them ($1, $2…) before sending."""

    async def execute(self, sql: str, *args: Any) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]: ...


async def lock_key(conn: Conn, key_lock: str, key: str) -> None:
    """Inside a transaction, wait for any other transaction holding `key` until it ends:
    `key_lock` is the backend's statement for it (see `StoreBase.key_lock`), empty on SQLite."""
    if key_lock:
        await conn.fetch(key_lock, key)


def dumps(value: Any) -> str | None:
    """JSON text as stored (compact, sorted keys); both backends are handed text."""
    return None if value is None else json.dumps(value, separators=(",", ":"), sort_keys=True)


def loads(text: str | None) -> Any:
    """Both backends hand JSON back as text (asyncpg's default for JSONB)."""
    return None if text is None else json.loads(text)


def match_values(row: MatchRow) -> tuple[Any, ...]:
    """A match's values in `MATCH_COLUMNS` order, as stored."""
    return (
        row.id,
        row.game,
        row.status,
        row.seats,
        dumps(row.options),
        dumps(row.settings),
        row.seed,
        dumps(row.arrangement),
        row.version,
        dumps(row.snapshot),
        dumps(row.result),
        row.guild_id,
        row.channel_id,
        row.thread_id,
        row.table_message_id,
        row.host_user_id,
        row.deadline_at,
        row.reminders,
        row.end_reason,
        row.created_at,
        row.updated_at,
        row.table_version,
    )


def match_row(r: Sequence[Any]) -> MatchRow:
    """A row of `MATCH_COLUMNS` (its seats are filled in by the caller)."""
    return MatchRow(
        id=r[0],
        game=r[1],
        status=r[2],
        seats=r[3],
        options=loads(r[4]),
        settings=loads(r[5]),
        seed=r[6],
        arrangement=loads(r[7]),
        version=r[8],
        snapshot=loads(r[9]),
        result=loads(r[10]),
        guild_id=r[11],
        channel_id=r[12],
        thread_id=r[13],
        table_message_id=r[14],
        host_user_id=r[15],
        deadline_at=r[16],
        reminders=int(r[17]),
        end_reason=r[18],
        created_at=r[19],
        updated_at=r[20],
        table_version=r[21],
    )


GUILD_COLUMNS = (
    "guild_id, admin_role_id, language, lobby_expiry_s, rate_ai_matches, clock, on_timeout"
)


def guild_values(settings: GuildSettings) -> tuple[Any, ...]:
    """A server's settings in `GUILD_COLUMNS` order, as stored."""
    return (
        settings.guild_id,
        settings.admin_role_id,
        settings.language,
        settings.lobby_expiry_s,
        bool(settings.rate_ai_matches),
        settings.clock,
        settings.on_timeout,
    )


def guild_settings(r: Sequence[Any]) -> GuildSettings:
    """A row of `GUILD_COLUMNS`."""
    return GuildSettings(r[0], r[1], r[2], int(r[3]), bool(r[4]), r[5], r[6])


# The seat history keeps every user who ever held a seat of a match, with the last one held.
RECORD_HOLDER = (
    "INSERT INTO seat_history (match_id, user_id, seat) VALUES (?,?,?) "
    "ON CONFLICT (match_id, user_id) DO UPDATE SET seat = excluded.seat"
)


async def write_seats(conn: Conn, match_id: str, seats: Iterable[SeatRow]) -> None:
    """The seat list, and every user in it added to the match's seat history for good (with
    the seat they hold now)."""
    seats = list(seats)
    await conn.execute("DELETE FROM seats WHERE match_id = ?", match_id)
    await conn.executemany(
        "INSERT INTO seats (match_id, seat, user_id, ai, name) VALUES (?,?,?,?,?)",
        [(match_id, s.seat, s.user_id, s.ai, s.name) for s in seats],
    )
    await conn.executemany(
        RECORD_HOLDER, [(match_id, s.user_id, s.seat) for s in seats if s.user_id is not None]
    )


def parse_url(url: str | Path) -> tuple[str, str]:
    """("sqlite", path) or ("postgres", dsn). `sqlite:///data/x.db` is the relative path
    data/x.db and `sqlite:////srv/x.db` the absolute /srv/x.db (SQLAlchemy's convention)."""
    text = str(url)
    scheme, sep, rest = text.partition("://")
    if not sep:
        return "sqlite", text
    if scheme.lower() in ("postgresql", "postgres"):
        return "postgres", text
    if scheme.lower() == "sqlite":
        path = rest[1:] if rest.startswith("/") else rest
        return "sqlite", path or ":memory:"
    raise StorageError(
        f"the database {redact(text)!r} is neither a file path nor a "
        "sqlite:/// or postgresql:// URL"
    )


def redact(url: str) -> str:
    """The URL without its password (in the user part or the query), fit for any message."""
    if "://" not in url:
        return url
    parts = urlsplit(url)
    userinfo, at, host = parts.netloc.rpartition("@")
    query = parse_qsl(parts.query, keep_blank_values=True)
    if ":" not in userinfo and not any(k.lower() == "password" for k, _ in query):
        return url
    netloc = f"{userinfo.partition(':')[0]}{at}{host}"
    kept = urlencode([(k, v) for k, v in query if k.lower() != "password"], safe="/")
    return urlunsplit((parts.scheme, netloc, parts.path, kept, parts.fragment))

"""Persistence behind the small `Store` repository: SQLite (aiosqlite, the embedded default)
or PostgreSQL (asyncpg, several bot processes sharing one database), chosen by the URL given
to `Store.open`."""

from storage import postgres, sqlite  # noqa: F401  (each registers itself with Store)
from storage.errors import DuplicateRequest, StaleVersion, StorageError
from storage.rows import ActionRow, Deadline, GuildSettings, MatchRow, SeatRow, UserPrefs
from storage.store import Store

__all__ = [
    "ActionRow",
    "Deadline",
    "DuplicateRequest",
    "GuildSettings",
    "MatchRow",
    "SeatRow",
    "StaleVersion",
    "StorageError",
    "Store",
    "UserPrefs",
]

"""Persistence: SQLite through aiosqlite, behind the small `Store` repository."""

from storage.rows import ActionRow, GuildSettings, MatchRow, SeatRow, UserPrefs
from storage.store import DuplicateRequest, StaleVersion, StorageError, Store

__all__ = [
    "ActionRow",
    "DuplicateRequest",
    "GuildSettings",
    "MatchRow",
    "SeatRow",
    "StaleVersion",
    "StorageError",
    "Store",
    "UserPrefs",
]

"""Numbered SQL migrations, applied in order at start-up.

PRAGMA user_version holds the schema version.
"""

from __future__ import annotations

import re
from importlib import resources

import aiosqlite

_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


class SchemaTooNew(Exception):
    """The database was written by a newer Lutèce; refusing to touch it."""


def available() -> list[tuple[int, str]]:
    """(number, SQL) of every bundled migration, in order."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


def latest() -> int:
    return available()[-1][0]


async def migrate(conn: aiosqlite.Connection) -> int:
    """Bring the schema up to date; returns the schema version. Each migration is atomic."""
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    current = int(row[0]) if row else 0
    if current > latest():
        raise SchemaTooNew(
            f"the database has schema version {current}, newer than this Lutèce knows "
            f"({latest()}); upgrade Lutèce or use another database file"
        )
    for number, sql in available():
        if number <= current:
            continue
        script = f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
        await conn.executescript(script)
        current = number
    return current

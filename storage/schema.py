"""Numbered SQL migrations, one folder per backend, applied in order when a store opens.

SQLite's are `storage/migrations/NNN_*.sql` (the version lives in `PRAGMA user_version`);
PostgreSQL's are `storage/migrations/postgres/NNN_*.sql` with the same numbers and meaning in
that backend's types (the version lives in the `schema_version` table). Each backend's module
applies them; this one finds them and refuses a database newer than the code.
"""

from __future__ import annotations

import re
from importlib import resources

_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
PACKAGES = {"sqlite": "storage.migrations", "postgres": "storage.migrations.postgres"}


class SchemaTooNew(Exception):
    """The database was written by a newer Lutèce; refusing to touch it."""


def available(backend: str = "sqlite") -> list[tuple[int, str]]:
    """(number, SQL) of every bundled migration of `backend`, in order."""
    found = []
    for entry in resources.files(PACKAGES[backend]).iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


def latest(backend: str = "sqlite") -> int:
    return available(backend)[-1][0]


def pending(current: int, backend: str) -> list[tuple[int, str]]:
    """The migrations still to apply to a database at version `current`; SchemaTooNew when
    the database is ahead of this code (it is then left untouched)."""
    if current > latest(backend):
        raise SchemaTooNew(
            f"the database has schema version {current}, newer than this Lutèce knows "
            f"({latest(backend)}); upgrade Lutèce or use another database"
        )
    return [(number, sql) for number, sql in available(backend) if number > current]

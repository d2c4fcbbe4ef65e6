"""`backup`: a consistent copy of the match database, safe while the bot runs (SQLite's
online backup API reads a snapshot; WAL lets the bot keep writing meanwhile).

The copy is written to a hidden file beside the destination and takes the destination's
name only once it is checked, so a failed backup leaves nothing that looks like one."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from pathlib import Path

from bot.cli.errors import EXIT_USAGE, CliError
from bot.config import Config
from storage.codec import parse_url


def backup(destination: str, db: str | None) -> int:
    setting = "--db" if db is not None else "LUTECE_DB"
    kind, path = parse_url(db if db is not None else Config.load().db_path)
    if kind == "postgres":
        raise CliError(
            f"{setting} names a PostgreSQL database and backup copies a SQLite "
            "file: back up PostgreSQL with pg_dump, or copy it into a SQLite file "
            "with migrate-db",
            EXIT_USAGE,
        )
    source = Path(path)
    target = Path(destination)
    if not source.is_file():
        raise CliError(f"no database at {source} ({setting})", EXIT_USAGE)
    if target.exists():
        raise CliError(f"{target} exists already: choose a new file name", EXIT_USAGE)
    try:
        handle, name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".part", dir=target.parent
        )
    except OSError as exc:
        raise CliError(f"cannot write {target} ({exc.strerror})", EXIT_USAGE) from None
    os.close(handle)  # sqlite3 opens the (empty) file by its name
    partial = Path(name)
    try:
        with contextlib.closing(sqlite3.connect(partial)) as dst:
            _copy(source, setting, dst)
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)  # gone after the replace; the failed copy otherwise
    print(f"backed up {source} to {target} ({target.stat().st_size} bytes)")
    return 0


def _copy(source: Path, setting: str, dst: sqlite3.Connection) -> None:
    """Copy `source` into `dst` and check the copy; a CliError says what went wrong."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src:
            src.backup(dst)
        problem = dst.execute("PRAGMA quick_check(1)").fetchone()[0]
    except sqlite3.Error as exc:
        raise CliError(f"cannot back up {source} ({setting}): {exc}") from None
    if problem != "ok":
        raise CliError(
            f"the copy of {source} is damaged ({problem}): the database needs "
            "restoring from an older backup"
        )

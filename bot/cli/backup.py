"""`backup`: a consistent copy of the match database, safe while the bot runs (SQLite's
online backup API reads a snapshot; WAL lets the bot keep writing meanwhile)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.cli.errors import EXIT_USAGE, CliError
from bot.config import Config
from storage.codec import parse_url


def backup(destination: str, db: str | None) -> int:
    kind, path = parse_url(db or Config.load().db_path)
    if kind == "postgres":
        raise CliError("backup copies a SQLite file; back up PostgreSQL with pg_dump, or copy "
                       "it into a SQLite file with migrate-db", EXIT_USAGE)  # fmt: skip
    source = Path(path)
    target = Path(destination)
    if not source.is_file():
        raise CliError(f"no database at {source} (LUTECE_DB)", EXIT_USAGE)
    if target.exists():
        raise CliError(f"{target} exists already: choose a new file name", EXIT_USAGE)
    try:
        with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as src, \
                sqlite3.connect(target) as dst:  # fmt: skip
            src.backup(dst)
            problem = dst.execute("PRAGMA quick_check(1)").fetchone()[0]
    except sqlite3.Error as exc:
        raise CliError(f"cannot back up {source} ({exc})") from None
    if problem != "ok":
        raise CliError(f"the copy of {source} is damaged ({problem}): the database needs "
                       "restoring from an older backup")  # fmt: skip
    print(f"backed up {source} to {target} ({target.stat().st_size} bytes)")
    return 0

"""Opening a database named on the command line: the store's sentences name LUTECE_DB, the
bot's setting, but a command given `--db` (or FROM and TO) must name what was typed."""

from __future__ import annotations

from pathlib import Path

from bot.cli.errors import EXIT_USAGE, CliError
from storage import StorageError, Store


async def open_store(url: str | Path, setting: str) -> Store:
    """`Store.open(url)`; a database it cannot use is a CliError naming `setting`, the
    option or argument the URL came from."""
    try:
        return await Store.open(url)
    except StorageError as exc:
        raise CliError(str(exc).replace("LUTECE_DB", setting), EXIT_USAGE) from None

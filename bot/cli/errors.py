"""CLI failures reported as one sentence, and the small helpers every command shares.

A module of its own so that the commands (records, simulate, run…) and `main` (which
dispatches to them) import it without importing each other."""

from __future__ import annotations

import json

EXIT_USAGE = 2


class CliError(Exception):
    """A failure to report as one sentence; `code` is the exit status."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def load_json_file(path: str) -> object:
    """A JSON file's content, or a CliError that says what is wrong with it."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise CliError(f"no such file: {path}", EXIT_USAGE) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CliError(f"{path} is not valid JSON ({exc})", EXIT_USAGE) from None
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}", EXIT_USAGE) from None

"""Errors raised by engines, keyed so the bot can turn them into friendly, localised text."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError


class IllegalAction(Exception):
    """An action that the rules forbid in this state.

    `key` names a message in the bot's catalogue (e.g. ``"<game>.station_not_offered"``);
    `params` fill its placeholders. The default English text in `str(exc)` is for logs and the
    CLI only; it must never carry hidden information, since it may be shown to anyone.
    """

    def __init__(self, key: str, message: str | None = None, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(message or key)


class ReplayError(Exception):
    """A match record that cannot be replayed: `index` is the first bad action (or -1 for setup)."""

    def __init__(self, index: int, reason: str, key: str = "replay.invalid") -> None:
        self.index = index
        self.reason = reason
        self.key = key
        where = "setup" if index < 0 else f"action {index}"
        super().__init__(f"{where}: {reason}")


def first_error(exc: ValidationError, what: str) -> str:
    """One sentence for a pydantic error: where (or `what`) and why, for the first problem."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or what
    return f"{where}: {first['msg']}"

"""The store's exceptions, shared by every backend so callers never see a driver's own."""

from __future__ import annotations


class StorageError(Exception):
    """The database cannot be used (unreachable, corrupt, not a database, too new); the
    message is one sentence that says why, and never contains a password."""


class StaleVersion(Exception):
    """The match moved on since the caller read it: the action was not stored."""

    def __init__(self, expected: int, actual: int) -> None:
        self.expected, self.actual = expected, actual
        super().__init__(f"match is at version {actual}, not {expected}")


class DuplicateRequest(Exception):
    """This request id was already applied to the match (a double click): nothing was stored."""

    def __init__(self, seq: int) -> None:
        self.seq = seq
        super().__init__(f"request already applied as action {seq}")


class ConstraintViolation(Exception):
    """A write broke a UNIQUE/PRIMARY KEY/CHECK constraint (the backend's error, translated),
    e.g. a match id created twice; the transaction was rolled back."""

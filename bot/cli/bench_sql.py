"""The SQL the bench databases are filled with, on either backend: each table in one
INSERT … SELECT over a series of numbers (a bench-only shortcut past the store's API)."""

from __future__ import annotations

from storage import Store


def series(store: Store) -> str:
    """A FROM item of the numbers 0 to ? - 1, as column `i` (the `?` is the statement's
    first argument)."""
    if store.backend == "postgres":
        return "generate_series(0, ? - 1) AS n(i)"
    return (
        "(WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)"
        " SELECT i FROM n) AS n"
    )


def hex_id(store: Store) -> str:
    """A match id made of `i`: eight hexadecimal digits."""
    return "lpad(to_hex(i), 8, '0')" if store.backend == "postgres" else "printf('%08x', i)"

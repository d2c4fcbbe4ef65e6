"""What every part of the store is written on: a backend's connections, and the two ways of
reading that all parts share. `Store` and its halves (lobbies, results, transfer) derive
from it, so each half can be read, and type-checked, on its own."""

from __future__ import annotations

import abc
import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from storage.codec import Conn


class StoreBase(abc.ABC):
    # The statement that makes transactions naming one key (a server's ratings of a game, a
    # host's lobbies on a server) wait for each other, so that a count or a read they decide
    # on is not stale: PostgreSQL names an advisory lock; SQLite's write lock already does.
    key_lock: ClassVar[str] = ""

    @abc.abstractmethod
    def _session(self) -> contextlib.AbstractAsyncContextManager[Conn]:
        """A connection for one statement or a read, outside any other's transaction."""

    @abc.abstractmethod
    def _transaction(self) -> contextlib.AbstractAsyncContextManager[Conn]:
        """A connection inside one transaction: committed on success, rolled back on any
        error. Both yield connections that raise ConstraintViolation, not driver errors."""

    async def _one(self, sql: str, *args: Any) -> Sequence[Any] | None:
        """The first row `sql` selects, if any."""
        rows = await self._all(sql, *args)
        return rows[0] if rows else None

    async def _all(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]:
        """Every row `sql` selects (one read on a connection of its own)."""
        async with self._session() as conn:
            return await conn.fetch(sql, *args)

"""Due times that every process sharing the database sees, each handled by one of them: a
running turn's deadline, an open lobby's expiry. Written once here for both.

The contract, across any number of processes:
- a due time is handed to one claimer only: until `now + lease_s` no other call gets it (one
  conditional UPDATE of one row: PostgreSQL re-checks its WHERE on the row a concurrent claim
  just wrote, SQLite runs one writer at a time);
- the claim ends when the due time is handled (its owner writes it anew, clearing the claim
  with `Leased.unclaim`) or given back (`release`);
- a claimer that dies keeps nothing forever: once the lease expires the time is due again
  for everyone. `now` is the callers' shared clock (keep processes' clocks in sync).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.codec import Conn


@dataclass(frozen=True)
class Leased:
    """Where one kind of due time and its claim are stored: `table`'s row `key`, due at
    `due` (NULL: nothing to do), claimed by `claimed_by` until `claim_until`; `only` narrows
    the rows that count (an SQL condition ending in AND, or empty)."""

    table: str
    key: str
    due: str
    claimed_by: str
    claim_until: str
    only: str = ""

    @property
    def unclaim(self) -> str:
        """The SET clause that ends a claim (the time was handled or given back)."""
        return f"{self.claimed_by} = NULL, {self.claim_until} = NULL"

    @property
    def _open(self) -> str:
        """Due at `?` and not claimed, or claimed with a lease run out at `?`."""
        return (
            f"{self.only}{self.due} IS NOT NULL AND {self.due} <= ? "
            f"AND ({self.claim_until} IS NULL OR {self.claim_until} <= ?)"
        )

    async def due_now(self, conn: Conn, now: float, limit: int) -> list[str]:
        """Up to `limit` rows due and unclaimed, soonest first (only a read)."""
        rows = await conn.fetch(
            f"SELECT {self.key} FROM {self.table} WHERE {self._open} "
            f"ORDER BY {self.due}, {self.key} LIMIT ?",
            now,
            now,
            limit,
        )
        return [r[0] for r in rows]

    async def claim(self, conn: Conn, key: str, now: float, owner: str, lease_s: float) -> bool:
        """True for the one claimer that got the row's due time, until `now + lease_s`."""
        changed = await conn.execute(
            f"UPDATE {self.table} SET {self.claimed_by} = ?, {self.claim_until} = ? "
            f"WHERE {self.key} = ? AND {self._open}",
            owner,
            now + lease_s,
            key,
            now,
            now,
        )
        return changed == 1

    async def release(self, conn: Conn, key: str, owner: str) -> bool:
        """Give back `owner`'s claim unhandled; False when `owner` no longer holds it."""
        changed = await conn.execute(
            f"UPDATE {self.table} SET {self.unclaim} WHERE {self.key} = ? "
            f"AND {self.claimed_by} = ?",
            key,
            owner,
        )
        return changed == 1

"""Turn deadlines as stored: which are due, claimed by one process under a lease
(`storage/leases.py`), their reminders and their release.

Part of `Store` (a mixin only to keep the store's file small); written against the same
`Conn` protocol, so both backends run the same SQL.
"""

from __future__ import annotations

from storage.base import StoreBase
from storage.codec import loads
from storage.leases import Leased
from storage.rows import Deadline

# A running turn's deadline, claimed with a lease (see claim_deadline).
DEADLINE = Leased(
    table="matches",
    key="id",
    due="deadline_at",
    claimed_by="deadline_claimed_by",
    claim_until="deadline_claim_until",
    only="status = 'active' AND ",
)


class DeadlineStoreMixin(StoreBase):
    async def deadlines(self) -> list[Deadline]:
        """Active matches with a running turn deadline (uses the partial deadline index)."""
        async with self._session() as conn:
            rows = await conn.fetch(
                "SELECT id, deadline_at, reminders, settings FROM matches "
                "WHERE deadline_at IS NOT NULL AND status = 'active'"
            )
        return [
            Deadline(r[0], float(r[1]), int(r[2]), loads(r[3]).get("turn_deadline_s")) for r in rows
        ]

    async def due_deadlines(self, now: float, limit: int = 100) -> list[str]:
        """Up to `limit` active matches whose deadline is due (`deadline_at <= now`) and that
        nobody claimed (or whose claim's lease ran out), soonest first. Only a read: each is
        then claimed on its own (`claim_deadline`), under its match's lock in the host."""
        async with self._session() as conn:
            return await DEADLINE.due_now(conn, now, limit)

    async def claim_deadline(
        self, match_id: str, now: float, owner: str, *, lease_s: float = 60.0
    ) -> bool:
        """Claim the match's due deadline for `owner`; True for the one claimer that got it,
        until `now + lease_s` (the contract: `storage/leases.py`). Any write of the match's
        deadline (`append_action`, `update_match(deadline_at=…)`) ends the claim, as does
        `release_deadline`. So a deadline fires at least once, and exactly once while
        claimers finish within their lease; a second firing after an expired lease is still
        harmless, since the timeout's move goes through `append_action`'s version check."""
        async with self._session() as conn:
            return await DEADLINE.claim(conn, match_id, now, owner, lease_s)

    async def claim_reminder(self, match_id: str, deadline_at: float, stage: int) -> bool:
        """Mark the reminders of the running turn sent up to `stage` (1: half time, 2: near
        the end); True for the one caller that moved it there (several processes may see it
        due at once: only that one sends it). Refused when the turn is no longer the one
        whose deadline is `deadline_at` (a move started another meanwhile)."""
        async with self._session() as conn:
            return (
                await conn.execute(
                    "UPDATE matches SET reminders = ? WHERE id = ? AND reminders < ? "
                    "AND status = 'active' AND deadline_at = ?",
                    stage,
                    match_id,
                    stage,
                    deadline_at,
                )
                == 1
            )

    async def current_version(self, match_id: str) -> int | None:
        """The match's version as stored now (another process may have moved it on)."""
        row = await self._one("SELECT version FROM matches WHERE id = ?", match_id)
        return None if row is None else int(row[0])

    async def release_deadline(self, match_id: str, owner: str) -> bool:
        """Give back `owner`'s claim without handling the deadline (it is due again at once);
        False when `owner` no longer holds it (its lease expired and another took it)."""
        async with self._session() as conn:
            return await DEADLINE.release(conn, match_id, owner)

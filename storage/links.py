"""The web board's link generations as stored: one number per seat of a match (and one for
its spectators), moved on to revoke every link made before.

Part of `Store` (a mixin only to keep the store's file small); written against the same
`Conn` protocol, so both backends run the same SQL.
"""

from __future__ import annotations

from storage.base import StoreBase

SPECTATORS = -1  # the seat number spectators' links are stored under


class LinkStoreMixin(StoreBase):
    async def link_generation(self, match_id: str, seat: int) -> int:
        """The seat's current link generation (0 until its links were first revoked)."""
        row = await self._one(
            "SELECT generation FROM board_links WHERE match_id = ? AND seat = ?", match_id, seat
        )
        return 0 if row is None else int(row[0])

    async def bump_link_generation(self, match_id: str, seat: int) -> int:
        """Move the seat's generation on (one statement: two revokes at once count twice)
        and return it."""
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO board_links (match_id, seat, generation) VALUES (?, ?, 1) "
                "ON CONFLICT (match_id, seat) DO UPDATE "
                "SET generation = board_links.generation + 1",
                match_id,
                seat,
            )
            rows = await conn.fetch(
                "SELECT generation FROM board_links WHERE match_id = ? AND seat = ?",
                match_id,
                seat,
            )
        return int(rows[0][0])

"""The web board's links of a match, revocable: each link names its seat's generation when
it was made, and a link whose generation is no longer the seat's is refused. Revoked by an
admin, and whenever the seat is given to someone else (their links stop with their seat)."""

from __future__ import annotations

from storage.links import SPECTATORS
from storage.store import Store


class Links:
    """Read and move on the link generation of a seat (None: the match's spectators)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def generation(self, match_id: str, seat: int | None) -> int:
        return await self._store.link_generation(match_id, _stored(seat))

    async def revoke(self, match_id: str, seat: int | None) -> int:
        """Every link made so far for the seat stops working; the new generation."""
        return await self._store.bump_link_generation(match_id, _stored(seat))


def _stored(seat: int | None) -> int:
    return SPECTATORS if seat is None else seat

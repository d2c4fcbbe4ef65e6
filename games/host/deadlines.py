"""Turn deadlines as the bot's timer sees them: which are running, which are due and
claimed by this process, and giving a claim back. The timer fires them through
`MatchHost.timeout`; this service owns the claims' writes.

A claim is a lease on the deadline (`Store.claim_due_deadlines`), taken for a batch of
matches at once so that processes sharing a database never fire one twice; it changes no
match. Giving it back is done under the match's lock, like every other write to a match, so
it cannot interleave with a move that sets the next deadline."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from storage.rows import Deadline
from storage.store import Store


class Deadlines:
    """The running turn deadlines, and the claims of the one process that fires each."""

    def __init__(
        self, store: Store, lock: Callable[[str], asyncio.Lock], clock: Callable[[], float]
    ) -> None:
        self._store, self._lock, self._clock = store, lock, clock

    async def running(self) -> list[Deadline]:
        """Active matches whose turn has a deadline."""
        return await self._store.deadlines()

    async def claim_due(self, owner: str) -> list[str]:
        """The matches whose deadline is due now, claimed for `owner` (soonest first)."""
        return await self._store.claim_due_deadlines(self._clock(), owner)

    async def release(self, match_id: str, owner: str) -> None:
        """Give back a claim whose deadline needed nothing (it is due again at once)."""
        async with self._lock(match_id):
            await self._store.release_deadline(match_id, owner)

"""Turn deadlines as the bot's timer sees them: which are running, which are due and
claimed by this process, which reminder is due, and giving a claim back. The timer fires
them through `MatchHost.timeout`; this service owns the claims' and reminders' writes.

A claim is a lease on the deadline (`Store.claim_deadline`), so that processes sharing a
database never fire one twice. Each match is claimed on its own under that match's lock,
like every other write to a match: a claim is ordered with the move that sets the next
deadline (which voids it), and is checked against the match as this host holds it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from games.host.clocks import reminder_due
from games.host.outcome import LiveMatch
from storage.rows import Deadline
from storage.store import Store

LEASE_S = 60.0  # a claimer that died gives its deadlines back after this
CLAIM_BATCH = 100  # due deadlines looked at per call; the timer calls again for the rest


class Deadlines:
    """The running turn deadlines, their reminders, and the claims of the one process that
    fires each."""

    def __init__(
        self,
        store: Store,
        lock: Callable[[str], asyncio.Lock],
        current: Callable[[str], Awaitable[LiveMatch]],
        clock: Callable[[], float],
    ) -> None:
        """`current`: the match as stored now, under its lock (the host's cache)."""
        self._store, self._lock, self._current, self._clock = store, lock, current, clock

    async def running(self) -> list[Deadline]:
        """Active matches whose turn has a deadline."""
        return await self._store.deadlines()

    async def claim_due(self, owner: str) -> list[str]:
        """The matches whose deadline is due now, claimed for `owner` (soonest first); a
        match another process claimed, or whose turn moved on, is left out."""
        now = self._clock()
        claimed = []
        for match_id in await self._store.due_deadlines(now, CLAIM_BATCH):
            async with self._lock(match_id):
                row = (await self._current(match_id)).row
                if row.status != "active" or row.deadline_at is None or row.deadline_at > now:
                    continue  # a move under this lock set another deadline meanwhile
                if await self._store.claim_deadline(match_id, now, owner, lease_s=LEASE_S):
                    claimed.append(match_id)
        return claimed

    async def release(self, match_id: str, owner: str) -> None:
        """Give back a claim whose deadline needed nothing (it is due again at once)."""
        async with self._lock(match_id):
            await self._store.release_deadline(match_id, owner)

    async def claim_reminder(self, deadline: Deadline) -> int | None:
        """The reminder of `deadline`'s turn due now (clocks.HALF or FINAL), marked sent;
        None when none is due, or another process (or an earlier call) already sent it, or
        the turn moved on. Only the caller it is returned to sends it."""
        stage = reminder_due(deadline, self._clock())
        if stage is None:
            return None
        async with self._lock(deadline.match_id):
            live = await self._current(deadline.match_id)
            if not await self._store.claim_reminder(deadline.match_id, deadline.at, stage):
                return None
            if live.row.deadline_at == deadline.at:
                live.row.reminders = stage
            return stage

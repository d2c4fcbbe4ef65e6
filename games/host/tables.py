"""Tables as a server sees them: the matches it has, the one in a channel, where a table
lives, and what an admin does to one (end it, export its record).

Part of `MatchHost` (a mixin only to keep the host's file small).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from games.core.record import MatchRecord
from games.host.errors import HostError
from games.host.info import MatchInfo, MatchListing
from games.host.records import record_of

if TYPE_CHECKING:
    import asyncio

    from games.host.outcome import LiveMatch
    from games.host.results import Results
    from games.host.watchers import Watchers
    from storage import Store


class TablesMixin:
    """The listing and admin half of `MatchHost`; `lock`, `get`, `_current` and `_loaded`
    come from `MatchHost`."""

    store: Store
    results: Results
    watchers: Watchers
    clock: Callable[[], float]

    if TYPE_CHECKING:

        def lock(self, match_id: str) -> asyncio.Lock: ...
        async def get(self, match_id: str) -> MatchInfo: ...
        async def _current(self, match_id: str) -> LiveMatch: ...
        async def _loaded(self, match_id: str) -> LiveMatch: ...

    # --- listing --------------------------------------------------------------------------

    async def matches(
        self,
        statuses: Iterable[str] = ("lobby", "active"),
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
    ) -> list[MatchListing]:
        """Matches with one of `statuses`, optionally in one server or with one user seated
        (as stored: a listing, not the live matches)."""
        rows = await self.store.list_matches(statuses, guild_id=guild_id, user_id=user_id)
        return [
            MatchListing(
                r.id, r.game, r.status, r.guild_id, r.channel_id, r.thread_id, r.updated_at
            )
            for r in rows
        ]

    async def match_at(self, guild_id: int, channel_id: int) -> MatchInfo | None:
        """The running match whose table is in this channel or thread (an Activity opened
        there asks which board to show); in a channel holding several, the latest one."""
        here = [
            m
            for m in await self.matches(("active",), guild_id=guild_id)
            if channel_id in (m.thread_id, m.channel_id)
        ]
        # The table living here first (a thread holds one; its parent channel may hold
        # more, some with their tables in threads of their own), then the latest.
        here.sort(key=lambda m: ((m.thread_id or m.channel_id) == channel_id, m.updated_at))
        return await self.get(here[-1].id) if here else None

    async def has_held_seat(self, match_id: str, user_id: int) -> bool:
        """Whether `user_id` ever held a seat of the match (and so saw its secrets)."""
        return await self.store.has_held_seat(match_id, user_id)

    # --- admin ----------------------------------------------------------------------------

    async def end(self, match_id: str, reason: str) -> MatchInfo:
        """Stop a lobby or match for good (admin); the log stays for export. A started match
        is remembered in history as ended, unrated, in the same transaction."""
        async with self.lock(match_id):
            live = await self._current(match_id)
            if live.row.status not in ("lobby", "active"):
                raise HostError("match.not_active", "this match is already over")
            ended = self.results.ending(live.row, self.clock()) if live.started else None
            await self.store.end_match(match_id, reason, ended)
            live.row.status, live.row.end_reason, live.row.deadline_at = "ended", reason, None
            self.watchers.changed(match_id, live.row.version)
            return live.info()

    async def record(self, match_id: str) -> MatchRecord:
        """The match record (setup + log) of a stored match, for export and replay."""
        live = await self._loaded(match_id)
        row = live.row
        if row.status == "lobby":
            raise HostError("match.not_started", "this table has not started yet")
        return record_of(row, await self.store.actions(match_id))

    async def set_table(self, match_id: str, **where: int | None) -> MatchInfo:
        """Record where the table lives (`thread_id`, `table_message_id`) and which version
        it shows (`table_version`), under the match lock like every other write."""
        unknown = set(where) - {"thread_id", "table_message_id", "table_version"}
        if unknown:
            raise ValueError(f"not table fields: {sorted(unknown)}")
        async with self.lock(match_id):
            live = await self._current(match_id)
            changed = {k: v for k, v in where.items() if getattr(live.row, k) != v}
            if changed:
                for key, value in changed.items():
                    setattr(live.row, key, value)
                await self.store.update_match(match_id, **changed)
            return live.info()

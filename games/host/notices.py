"""Private events kept for a player who gets no DMs, until the answer to their own click
shows them: stored with the match, so a restart forgets none."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.contract import Event
from storage.rows import Notice
from storage.store import Store


class Notices:
    """Keep, list and drop one seat's waiting private events."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def keep(self, match_id: str, seat: int, version: int, events: Sequence[Event]) -> None:
        """Keyed by the version of the move that told them: a move's notices are kept once."""
        await self._store.add_notices(match_id, seat, version, [_stored(e) for e in events])

    async def waiting(self, match_id: str, seat: int) -> tuple[list[Event], list[Notice]]:
        """The seat's waiting events, and the handles to `drop` once they were shown."""
        waiting = await self._store.notices(match_id, seat)
        return [_event(n.event) for n in waiting], waiting

    async def drop(self, match_id: str, shown: Sequence[Notice]) -> None:
        """Only after the answer that showed them went out: none is lost."""
        if shown:
            await self._store.drop_notices(match_id, shown)


def _stored(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, "params": dict(event.params), "to": list(event.to or ())}


def _event(stored: dict[str, Any]) -> Event:
    return Event(stored["kind"], stored["params"], tuple(stored["to"]))

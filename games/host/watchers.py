"""Who watches a match in this process (the web board's open pages), told at once when a
change to it is stored: a move, a seat given to someone else, the match ended.

In-process only: a change made by another process of a sharded deployment reaches a page
through the page's own check of the stored version, about once a second (`bot.web.live`).
Each watcher holds the latest version alone: a slow one skips versions, never piles them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator


class Watchers:
    """Queues of the latest stored version, one per watcher (the web board: one per match
    with pages open), per match."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[int]]] = {}

    @contextlib.contextmanager
    def watching(self, match_id: str) -> Iterator[asyncio.Queue[int]]:
        """A queue that receives the match's version after each stored change, while the
        block runs."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._queues.setdefault(match_id, set()).add(queue)
        try:
            yield queue
        finally:
            queues = self._queues.get(match_id, set())
            queues.discard(queue)
            if not queues:
                self._queues.pop(match_id, None)

    def changed(self, match_id: str, version: int) -> None:
        """Called by the host after a change to the match is stored."""
        for queue in self._queues.get(match_id, ()):
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(version)

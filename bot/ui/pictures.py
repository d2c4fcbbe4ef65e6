"""The table picture of each match, drawn once per match version.

Drawing takes tens of milliseconds; the table, every panel opened on that version and the
final result all show the same picture, so it is drawn once, in a worker thread (off the
event loop that answers everybody), and kept for the latest version of recent matches.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import TYPE_CHECKING

from bot.games import adapter_for
from bot.ui.safe_text import plain_all

if TYPE_CHECKING:
    from games.host import MatchHost
    from games.host.outcome import LiveMatch

KEEP = 256  # matches whose latest picture stays in memory


class Pictures:
    def __init__(self, host: MatchHost) -> None:
        self.host = host
        self._latest: OrderedDict[str, tuple[int, bytes]] = OrderedDict()

    async def table(self, live: LiveMatch) -> bytes:
        """The public picture of the match at its current version."""
        version = live.row.version
        kept = self._latest.get(live.id)
        if kept is not None and kept[0] == version:
            self._latest.move_to_end(live.id)
            return kept[1]
        view = self.host.public_view(live)
        names = plain_all([s.name for s in live.row.seat_rows])
        png = await asyncio.to_thread(adapter_for(live.row.game).render, view, names)
        self._latest[live.id] = (version, png)
        self._latest.move_to_end(live.id)
        while len(self._latest) > KEEP:
            self._latest.popitem(last=False)
        return png

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
from bot.i18n import speaking
from bot.ui.safe_text import plain_all

if TYPE_CHECKING:
    from games.host import MatchHost
    from games.host.outcome import LiveMatch

KEEP = 256  # matches whose latest picture stays in memory


class Pictures:
    def __init__(self, host: MatchHost) -> None:
        self.host = host
        self._latest: OrderedDict[str, tuple[int, str, bytes]] = OrderedDict()

    async def table(self, live: LiveMatch, language: str) -> bytes:
        """The public picture of the match at its current version, its words in `language`,
        the last move ringed."""
        version = live.row.version
        kept = self._latest.get(live.id)
        if kept is not None and kept[:2] == (version, language):
            self._latest.move_to_end(live.id)
            return kept[2]
        adapter = adapter_for(live.row.game)
        view = self.host.public_view(live)
        names = plain_all([s.name for s in live.row.seat_rows])
        ringed = adapter.last_move(live.last_events)
        with speaking(language):  # the game's picture words, in the message's language
            png = await asyncio.to_thread(adapter.render, view, names, highlight=ringed)
        self._latest[live.id] = (version, language, png)
        self._latest.move_to_end(live.id)
        while len(self._latest) > KEEP:
            self._latest.popitem(last=False)
        return png

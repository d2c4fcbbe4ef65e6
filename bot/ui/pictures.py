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
    from games.host.info import MatchInfo

KEEP = 256  # matches whose latest picture stays in memory


class Pictures:
    def __init__(self, host: MatchHost) -> None:
        self.host = host
        self._latest: OrderedDict[str, tuple[int, str, bytes]] = OrderedDict()

    async def table(self, match: MatchInfo, language: str) -> bytes:
        """The public picture of the match at `match.version`, its words in `language`,
        the last move ringed."""
        version = match.version
        kept = self._latest.get(match.id)
        if kept is not None and kept[:2] == (version, language):
            self._latest.move_to_end(match.id)
            return kept[2]
        adapter = adapter_for(match.game)
        view = self.host.view(match, None)
        names = plain_all(match.names)
        ringed = adapter.last_move(match.last_events)
        with speaking(language):  # the game's picture words, in the message's language
            png = await asyncio.to_thread(adapter.render, view, names, highlight=ringed)
        self._latest[match.id] = (version, language, png)
        self._latest.move_to_end(match.id)
        while len(self._latest) > KEEP:
            self._latest.popitem(last=False)
        return png

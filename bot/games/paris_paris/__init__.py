"""Paris Paris on Discord: the adapter, the table picture, the catalogue and the demo."""

from bot.games.paris_paris.adapter import ParisParisAdapter

ADAPTER = ParisParisAdapter()

__all__ = ["ADAPTER"]

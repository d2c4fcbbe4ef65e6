"""Paris on Discord: the adapter, the table picture and the catalogue."""

from bot.games.paris.adapter import ParisAdapter

ADAPTER = ParisAdapter()

__all__ = ["ADAPTER"]

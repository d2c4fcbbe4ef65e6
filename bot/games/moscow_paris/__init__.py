"""Moscow–Paris on Discord: the adapter, the table picture and the catalogue."""

from bot.games.moscow_paris.adapter import MoscowParisAdapter

ADAPTER = MoscowParisAdapter()

__all__ = ["ADAPTER"]

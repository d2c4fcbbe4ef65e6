"""The engine contract shared by all four games.

Everything a game engine needs from the platform, and everything the platform (host, storage,
bot, CLI) may rely on from a game, lives here once.
"""

from games.core.contract import Event, Game, Result
from games.core.errors import IllegalAction, ReplayError
from games.core.record import MatchRecord, RecordedAction
from games.core.rng import derive_rng

__all__ = [
    "Event",
    "Game",
    "IllegalAction",
    "MatchRecord",
    "RecordedAction",
    "ReplayError",
    "Result",
    "derive_rng",
]

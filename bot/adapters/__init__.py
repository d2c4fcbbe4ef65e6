"""Per-game presentation: how each game's views, choices and events look on Discord.

The lobby, table, router, panels and admin code are shared; a game plugs in by providing a
`GameAdapter` here (no discord.py types inside adapters: they return text, PNG bytes and
choice trees, which the shared UI turns into messages).
"""

from __future__ import annotations

from bot.adapters.base import GameAdapter, LobbyChoice, MoveOption, Step
from bot.adapters.city_of_light import CityOfLightAdapter
from bot.adapters.paris_paris import ParisParisAdapter

ADAPTERS: dict[str, GameAdapter] = {
    a.key: a for a in (ParisParisAdapter(), CityOfLightAdapter())
}


def adapter_for(game_key: str) -> GameAdapter:
    return ADAPTERS[game_key]


__all__ = ["ADAPTERS", "GameAdapter", "LobbyChoice", "MoveOption", "Step", "adapter_for"]

"""Which games exist: the one place that maps a game key to its engine."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from typing import Any

from games.core.contract import Game
from games.core.errors import IllegalAction

# key -> "module:ClassName"; engines are imported on first use.
_ENGINES: dict[str, str] = {
    "paris-paris": "games.paris_paris.engine:ParisParis",
    "city-of-light": "games.city_of_light.engine:CityOfLight",
}


def register(key: str, target: str) -> None:
    """Add an engine ("module:Class") under `key`: for plug-in games and test doubles."""
    _ENGINES[key] = target
    get_game.cache_clear()


def game_keys() -> list[str]:
    """Keys of every game whose engine is installed."""
    return [key for key in _ENGINES if _importable(key)]


def _importable(key: str) -> bool:
    module = _ENGINES[key].split(":")[0]
    return importlib.util.find_spec(module) is not None


@cache
def get_game(key: str) -> Game[Any, Any]:
    """The engine for `key`; raises IllegalAction('game.unknown') with the known keys."""
    if key not in _ENGINES or not _importable(key):
        known = ", ".join(game_keys()) or "none"
        raise IllegalAction("game.unknown", f"unknown game {key!r} (known: {known})", game=key)
    module_name, class_name = _ENGINES[key].split(":")
    return getattr(importlib.import_module(module_name), class_name)()

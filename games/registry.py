"""Which games exist, found by convention: every package under `games/` whose `__init__`
names its engine class `GAME`. Nothing here names a game; adding one is adding its package.

A package elsewhere (a test double, a third-party game) joins through `register_package`,
which loads it exactly as the built-in ones are loaded.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import games
from games.core.contract import Game
from games.core.errors import IllegalAction

_EXTRA: list[str] = []  # packages registered by name, after the discovered ones


def register_package(name: str) -> None:
    """Add the game of package `name` (its `GAME`), as if it lived under `games/`."""
    if name not in _EXTRA:
        _EXTRA.append(name)
        _engines.cache_clear()
        get_game.cache_clear()


@cache
def _engines() -> dict[str, type[Game[Any, Any]]]:
    """key -> engine class, in listing order (`Game.order`, then key)."""
    names = [f"games.{m.name}" for m in pkgutil.iter_modules(games.__path__) if m.ispkg]
    found: dict[str, type[Game[Any, Any]]] = {}
    for name in names + _EXTRA:
        engine = getattr(importlib.import_module(name), "GAME", None)
        if isinstance(engine, type) and issubclass(engine, Game):
            found[engine.key] = engine
    return dict(sorted(found.items(), key=lambda item: (item[1].order, item[0])))


def game_keys() -> list[str]:
    """Keys of every installed game, in listing order."""
    return list(_engines())


@cache
def get_game(key: str) -> Game[Any, Any]:
    """The engine for `key`; raises IllegalAction('game.unknown') with the known keys."""
    engine = _engines().get(key)
    if engine is None:
        known = ", ".join(game_keys()) or "none"
        raise IllegalAction("game.unknown", f"unknown game {key!r} (known: {known})", game=key)
    return engine()

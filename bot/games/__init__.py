"""Each game's Discord presentation, found by convention, like the engines in `games/`.

A package under `bot/games/` whose `__init__` names its adapter `ADAPTER` is that game's
presentation: the adapter (choices, recaps, status, secrets as text), its pictures, its
catalogue files (`i18n/<language>.json`, merged into the shared catalogue) and, optionally,
a `demo.txt` script for the offline demo. Nothing outside the package names the game.
A package elsewhere (a test double) joins through `register_package`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING

from bot import i18n

if TYPE_CHECKING:
    from bot.games.contract import GameAdapter

_EXTRA: list[str] = []


def register_package(name: str) -> None:
    """Add the presentation in package `name` (its `ADAPTER` and catalogue files)."""
    if name not in _EXTRA:
        _EXTRA.append(name)
        _adapters.cache_clear()
        packages.cache_clear()


@cache
def packages() -> tuple[str, ...]:
    """The presentation packages: those under bot/games/, then the registered ones (listed
    once: the catalogue asks on every sentence)."""
    found = [f"{__name__}.{m.name}" for m in pkgutil.iter_modules(__path__) if m.ispkg]
    return (*found, *_EXTRA)


i18n.merge_packages(packages)  # the catalogue merges in each package's i18n/ folder


def package_files(name: str) -> Traversable:
    """The files of a presentation package (catalogues, demo script)."""
    return resources.files(name)


class PresentationError(Exception):
    """A presentation package that matches no game: a broken installation, stopped at start
    rather than leaving a game without its commands unnoticed."""


@cache
def _adapters() -> dict[str, GameAdapter]:
    from games.registry import game_keys

    installed = game_keys()
    found: dict[str, GameAdapter] = {}
    for name in packages():
        adapter = getattr(importlib.import_module(name), "ADAPTER", None)
        if adapter is None:
            continue
        if adapter.key not in installed:
            raise PresentationError(
                f"the presentation package {name} is for the game "
                f"{adapter.key!r}, which no engine package provides "
                f"(installed: {', '.join(installed) or 'none'})"
            )
        if adapter.key in found:
            raise PresentationError(
                f"the presentation package {name} is for the game "
                f"{adapter.key!r}, which another package presents "
                "already"
            )
        found[adapter.key] = adapter
    return {key: found[key] for key in installed if key in found}


def adapters() -> dict[str, GameAdapter]:
    """key -> adapter of every game that has both an engine and a presentation, in the
    engines' listing order."""
    return _adapters()


def adapter_for(game_key: str) -> GameAdapter:
    return _adapters()[game_key]


def demo_script(game_key: str) -> str | None:
    """The game's offline-demo script, if its package has one."""
    adapter = adapter_for(game_key)
    path = package_files(type(adapter).__module__.rsplit(".", 1)[0]).joinpath("demo.txt")
    return path.read_text(encoding="utf-8") if path.is_file() else None

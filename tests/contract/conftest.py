"""The fake Discord world of tests/discord, and every registered game's presentation."""

from collections.abc import Iterator

import pytest

import bot.games
from games.registry import game_keys
from tests.contract.games import presentation_of
from tests.discord.conftest import world

__all__ = ["presentations", "world"]  # tiny_pictures: tests/conftest.py


@pytest.fixture
def presentations(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every registered game's presentation installed, a test double's too (its catalogue
    included), and forgotten afterwards."""
    monkeypatch.setattr(bot.games, "_EXTRA", [*bot.games._EXTRA])
    for key in game_keys():
        if presentation_of(key) not in bot.games.packages():
            bot.games.register_package(presentation_of(key))
    yield
    bot.games._adapters.cache_clear()
    bot.games.packages.cache_clear()

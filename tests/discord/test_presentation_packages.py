"""Issue 18: a presentation package whose adapter's key matches no engine stops the start
with one sentence naming the package and the key, instead of being dropped silently (the
game's commands would then be missing with nothing said)."""

from __future__ import annotations

import sys
import types

import pytest

import bot.games
from bot.games import PresentationError, adapters

ORPHAN = "tests.orphan_presentation"


@pytest.fixture
def orphan(monkeypatch):
    """A package like tests/toy_game_bot, for a game no engine package provides."""
    package = types.ModuleType(ORPHAN)
    package.ADAPTER = types.SimpleNamespace(key="no-such-game")
    monkeypatch.setitem(sys.modules, ORPHAN, package)
    monkeypatch.setattr(bot.games, "_EXTRA", [*bot.games._EXTRA])
    bot.games.register_package(ORPHAN)
    yield
    bot.games._adapters.cache_clear()  # monkeypatch restores _EXTRA; forget the orphan
    bot.games.packages.cache_clear()


def test_an_adapter_for_no_engine_is_an_error_naming_package_and_key(orphan):
    with pytest.raises(PresentationError) as raised:
        adapters()
    sentence = str(raised.value)
    assert ORPHAN in sentence and "'no-such-game'" in sentence and "paris-paris" in sentence
    assert sentence.count(". ") == 0 and "\n" not in sentence  # one sentence


def test_the_installed_presentations_all_match_an_engine():
    from games.registry import game_keys

    assert set(adapters()) <= set(game_keys()) and "paris-paris" in adapters()

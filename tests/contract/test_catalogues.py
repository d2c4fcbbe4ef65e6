"""Every catalogue has every key in every language: the platform's (`bot/i18n/`) and each
registered game's (`<presentation>/i18n/`, the test-only game's included), with the
sentences the shared layer asks every game for and one for every refusal its engine raises.
(Placeholders, plural forms and Discord names: tests/discord/test_translations.py.)"""

from __future__ import annotations

import json
import re
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import pytest

from bot.i18n import languages
from games.registry import game_keys, get_game
from tests.contract.games import ROOT, package_of, presentation_of

PLATFORM = "bot.i18n"
REFUSAL = re.compile(r'IllegalAction\(\s*"([a-z_]+\.[a-z_]+)"')


def folder(package: str) -> Traversable:
    files = resources.files(package)
    return files if package == PLATFORM else files.joinpath("i18n")


def read(package: str, language: str) -> dict[str, Any]:
    path = folder(package).joinpath(f"{language}.json")
    assert path.is_file(), f"{package} has no {language}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def catalogue_cases() -> list[Any]:
    """The platform's catalogue, then each registered game's, in every other language."""
    packages = [PLATFORM, *(presentation_of(key) for key in game_keys())]
    return [
        pytest.param(package, language, id=f"{package}-{language}")
        for package in packages
        for language in languages()
        if language != "en"
    ]


def test_the_four_languages_are_offered() -> None:
    assert {"en", "ru", "de", "fr"} <= set(languages())


@pytest.mark.parametrize(("package", "language"), catalogue_cases())
def test_every_key_in_every_language(package: str, language: str) -> None:
    english, other = read(package, "en"), read(package, language)
    assert sorted(set(english) - set(other)) == [], "missing"
    assert sorted(set(other) - set(english)) == [], "not in English"


@pytest.mark.parametrize("key", game_keys())
def test_a_game_names_itself_and_its_editions_and_explains_every_refusal(key: str) -> None:
    """The lobby shows `game.<key>` and `edition.<key>.<edition>`; a refusal the engine
    raises reaches the player as `error.<refusal>`, from the game's catalogue or the shared
    one."""
    known = {**read(PLATFORM, "en"), **read(presentation_of(key), "en")}
    game = get_game(key)
    wanted = {f"game.{key}", *(f"edition.{key}.{name}" for name in game.editions)}
    source = ROOT.joinpath(*package_of(key).split("."))
    refusals = {
        k
        for path in source.rglob("*.py")
        for k in REFUSAL.findall(path.read_text(encoding="utf-8"))
    }
    assert refusals, "the engine raises no refusal"
    wanted |= {f"error.{k}" for k in refusals}
    assert sorted(wanted - set(known)) == []

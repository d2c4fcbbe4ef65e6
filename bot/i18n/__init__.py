"""The message catalogue: every user-facing sentence, keyed, one JSON file per language.

Cogs and engines never hold English text for players; they name a key. The shared sentences
live here (`bot/i18n/<language>.json`); each game's live in its presentation package
(`bot/games/<game>/i18n/<language>.json`) and are merged in, so adding a game or a language
edits no shared catalogue.
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from bot.games import package_files, packages
from games.core.errors import IllegalAction

DEFAULT_LOCALE = "en"


def _read(folder: Traversable, locale: str) -> dict[str, str]:
    path = folder.joinpath(f"{locale}.json")
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def _load(locale: str) -> dict[str, str]:
    """The shared catalogue of `locale` with every game's merged in."""
    return _merged(locale, tuple(packages()))


@cache
def _merged(locale: str, names: tuple[str, ...]) -> dict[str, str]:
    """Cached per set of presentation packages, so a registered package is merged in."""
    merged = _read(resources.files("bot.i18n"), locale)
    for name in names:
        merged.update(_read(package_files(name).joinpath("i18n"), locale))
    return merged


def languages() -> list[str]:
    return sorted(p.name[:-5] for p in resources.files("bot.i18n").iterdir()
                  if p.name.endswith(".json"))  # fmt: skip


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The sentence for `key` in `locale` (falling back to English), with `params` filled."""
    base = (locale or DEFAULT_LOCALE).split("-")[0]
    template = _load(base).get(key) or _load(DEFAULT_LOCALE).get(key)
    if template is None:
        raise KeyError(f"no message {key!r} in the catalogue")
    return string.Formatter().vformat(template, (), _Lenient(params))


def has(key: str) -> bool:
    return key in _load(DEFAULT_LOCALE)


def error_text(exc: IllegalAction, locale: str | None = None) -> str:
    """A friendly sentence for a refused action; engines' English text as the fallback."""
    key = f"error.{exc.key}"
    if has(key):
        return t(key, locale, **exc.params)
    return str(exc)[:1].upper() + str(exc)[1:] + "."

"""The message catalogue: every user-facing sentence, keyed, one JSON file per language.

Cogs and engines never hold English text for players; they name a key. The shared sentences
live here (`bot/i18n/<language>.json`); each game's live in its presentation package
(`bot/games/<game>/i18n/<language>.json`) and are merged in, so adding a game or a language
edits no shared catalogue. The catalogue knows no game: the games' registry (`bot.games`)
hands it the presentation packages when it is imported (`merge_packages`), so the translation
layer stays below the games that use it.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import string
from collections.abc import Callable, Iterator
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from babel import Locale

from games.core.errors import IllegalAction

DEFAULT_LOCALE = "en"


Entry = str | dict[str, str]  # a sentence, or its plural forms


def _read(folder: Traversable, locale: str) -> dict[str, Entry]:
    path = folder.joinpath(f"{locale}.json")
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


_packages: Callable[[], tuple[str, ...]] = tuple  # no game's catalogue until one is handed


def merge_packages(packages: Callable[[], tuple[str, ...]]) -> None:
    """Merge the catalogues (`i18n/<language>.json`) of the packages `packages()` names, asked
    on every sentence: a package registered later is merged in too."""
    global _packages
    _packages = packages


def _load(locale: str) -> dict[str, Entry]:
    """The shared catalogue of `locale` with every game's merged in."""
    return _merged(locale, _packages())


@cache
def _merged(locale: str, names: tuple[str, ...]) -> dict[str, Entry]:
    """Cached per set of presentation packages, so a registered package is merged in."""
    merged = _read(resources.files("bot.i18n"), locale)
    for name in names:
        merged.update(_read(resources.files(name).joinpath("i18n"), locale))
    return merged


@cache
def languages() -> tuple[str, ...]:
    """The catalogues shipped with the bot (read once: `language_of` asks on every message)."""
    return tuple(
        sorted(
            p.name[:-5] for p in resources.files("bot.i18n").iterdir() if p.name.endswith(".json")
        )
    )


def language_of(locale: str | None) -> str:
    """The catalogue language for a Discord locale ("ru", "en-GB", "pt-BR"…): the locale's
    language when a catalogue exists for it, else English."""
    base = (locale or DEFAULT_LOCALE).split("-")[0].lower()
    return base if base in languages() else DEFAULT_LOCALE


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@cache
def _plurals(language: str) -> Locale:
    return Locale.parse(language)


def plural_form(language: str, n: float) -> str:
    """CLDR's plural category of `n` in `language` (Babel): "one", "few", "many", "other"…
    Russian has three forms for integers (1 ход, 2 хода, 5 ходов); English and German two."""
    return _plurals(language).plural_form(abs(n))


_speaking: contextvars.ContextVar[str | None] = contextvars.ContextVar("speaking", default=None)


@contextlib.contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Within the block, `t` without a locale speaks `language`: pictures are drawn by
    game code that names no language, in the language of the message they go in (the
    context reaches worker threads started with `asyncio.to_thread`)."""
    token = _speaking.set(language)
    try:
        yield
    finally:
        _speaking.reset(token)


def spoken() -> str | None:
    """The language `speaking` set for this context (None outside it)."""
    return _speaking.get()


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The sentence for `key` in `locale` (falling back to English), with `params` filled.

    A catalogue entry may be a dict of plural forms ({"one": …, "few": …, "other": …}); the
    form is chosen by the number in the `n` parameter, by the language's own rules."""
    language = language_of(locale or _speaking.get())
    entry = _load(language).get(key)
    if entry is None:
        language, entry = DEFAULT_LOCALE, _load(DEFAULT_LOCALE).get(key)
    if entry is None:
        raise KeyError(f"no message {key!r} in the catalogue")
    if isinstance(entry, dict):
        n = params.get("n")
        form = plural_form(language, n) if isinstance(n, int | float) else "other"
        entry = entry.get(form) or entry["other"]
    return string.Formatter().vformat(entry, (), _Lenient(params))


def has(key: str) -> bool:
    return key in _load(DEFAULT_LOCALE)


def error_text(exc: IllegalAction, locale: str | None = None) -> str:
    """A friendly sentence for a refused action; engines' English text as the fallback."""
    key = f"error.{exc.key}"
    if has(key):
        return t(key, locale, **exc.params)
    return str(exc)[:1].upper() + str(exc)[1:] + "."

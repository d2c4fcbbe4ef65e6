"""Slash-command names and descriptions from the message catalogue.

Commands are declared with `cmd(KEY)`, which carries the English text and its catalogue key;
discord.py asks this translator for every other locale when the tree is synced, so adding a
language file translates the commands too, without touching the cogs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LOCALE, _load, t

T = TypeVar("T")


def cmd(key: str) -> app_commands.locale_str:
    """A command description (or option description) from the catalogue."""
    return app_commands.locale_str(t(key), key=key)


def name(english: str) -> app_commands.locale_str:
    """A command or option name; its translations are the catalogue's `name.<english>`
    (lower case, no spaces, at most 32 characters: Discord's rule for names)."""
    return app_commands.locale_str(english, key=f"name.{english}")


# An option that is switched: its two choices, "on" and "off".
ON_OFF = [
    app_commands.Choice(name=cmd("cmd.choice.on"), value="on"),
    app_commands.Choice(name=cmd("cmd.choice.off"), value="off"),
]


def options(**descriptions: app_commands.locale_str) -> Callable[[T], T]:
    """A command's options, each with its description (`cmd(KEY)`) and its name translated
    as `name.<option>`: one declaration per option, where `describe` and `rename` would
    each have to list them all again."""

    def decorate(command: T) -> T:
        renamed = app_commands.rename(**{option: name(option) for option in descriptions})
        return app_commands.describe(**descriptions)(renamed(command))

    return decorate


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        key = string.extras.get("key")
        language = locale.value.split("-")[0]
        if key is None or language == DEFAULT_LOCALE:
            return None
        entry = _load(language).get(key)
        # Command texts have no plural forms; Discord takes only a string.
        return entry if isinstance(entry, str) else None

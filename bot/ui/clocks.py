"""Clocks as players read them: the presets offered by `/<game> new clock:` and
`/admin settings clock:`, the lobby's clock line, and its select for the table's host.

The presets themselves (their lengths and reminders) are the host's: games/host/clocks.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.i18n import t
from bot.i18n.translator import cmd, options
from bot.ui import custom_ids
from games.host.clocks import CLOCKS, clock_of
from games.host.info import MatchSettings

T = TypeVar("T")
VERB = "clock"
CLOCK_CHOICES = [
    app_commands.Choice(name=cmd(f"cmd.choice.clock.{c.key}"), value=c.key) for c in CLOCKS
]
ON_TIMEOUT = [
    app_commands.Choice(name=cmd("cmd.choice.timeout.ai"), value="ai"),
    app_commands.Choice(name=cmd("cmd.choice.timeout.wait"), value="wait"),
]


def clock_options(clock: app_commands.locale_str) -> Callable[[T], T]:
    """A command's `clock` option (described by `clock`) and `on_timeout` option, offering
    the presets and what a timeout does: declared once for `/<game> new` and `/admin
    settings`."""

    def decorate(command: T) -> T:
        offered = app_commands.choices(clock=CLOCK_CHOICES, on_timeout=ON_TIMEOUT)(command)
        return options(clock=clock, on_timeout=cmd("cmd.opt.on_timeout"))(offered)

    return decorate


def clock_text(key: str, locale: str | None) -> str:
    """A preset's name and its one-line description: "**Rapid** — 10 minutes a move"."""
    return t(
        "clock.line", locale, name=t(f"clock.{key}", locale), about=t(f"clock.{key}.about", locale)
    )


def clock_line(settings: MatchSettings, locale: str | None) -> str:
    """The lobby's line about its clock, and what a timeout does."""
    seconds = settings.turn_deadline_s
    after = t(f"lobby.on_timeout.{settings.on_timeout}", locale)
    preset = clock_of(seconds)
    if preset is None:  # a length chosen before presets existed
        return t("lobby.deadline", locale, hours=round((seconds or 0) / 3600, 1), after=after)
    if preset.turn_s is None:
        return t("lobby.clock", locale, clock=clock_text(preset.key, locale))
    return t("lobby.clock_then", locale, clock=clock_text(preset.key, locale), after=after)


def clock_select(
    match_id: str, settings: MatchSettings, locale: str | None
) -> discord.ui.Select[Any]:
    """The host's pick of the clock, with the current one marked (others are refused)."""
    current = clock_of(settings.turn_deadline_s)
    return discord.ui.Select(
        custom_id=custom_ids.build(match_id, VERB),
        placeholder=t("lobby.clock_placeholder", locale)[:150],
        options=[
            discord.SelectOption(
                label=t(f"clock.{c.key}", locale)[:100],
                description=t(f"clock.{c.key}.about", locale)[:100],
                value=c.key,
                default=c == current,
            )
            for c in CLOCKS
        ],
    )

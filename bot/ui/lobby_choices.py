"""The lobby's host-only settings: one string select per `LobbyChoice` an adapter declares.

Everyone sees the selects (and the lobby lists what was picked), but only the table's host
may use them: `MatchHost.set_options` refuses anyone else with a polite ephemeral.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games import adapter_for
from bot.games.contract import LobbyChoice
from bot.i18n import t
from bot.ui import custom_ids
from games.host import HostError
from games.host.info import MatchInfo

VERB = "option"


def choice_lines(match: MatchInfo, locale: str | None) -> list[str]:
    """A line per choice the host already made, naming the picks."""
    lines = []
    for choice in adapter_for(match.game).lobby_choices:
        picked = choice.current(match.options)
        if picked:
            values = ", ".join(choice.label(v, locale) for v in picked)
            lines.append(t(choice.summary, locale, values=values))
    return lines


def choice_selects(match: MatchInfo, locale: str | None) -> list[discord.ui.Select[Any]]:
    """The selects of the lobby message, with the current picks marked."""
    out: list[discord.ui.Select[Any]] = []
    for choice in adapter_for(match.game).lobby_choices:
        picked = set(choice.current(match.options))
        out.append(
            discord.ui.Select(
                custom_id=custom_ids.build(match.id, VERB, choice.name),
                placeholder=t(choice.placeholder, locale)[:150],
                min_values=choice.min_values,
                max_values=choice.max_values,
                options=[
                    discord.SelectOption(
                        label=choice.label(value, locale)[:100],
                        value=value,
                        default=value in picked,
                    )
                    for value, _ in choice.options
                ],
            )
        )
    return out


def picked_options(game_key: str, name: str, values: list[str]) -> dict[str, Any]:
    """The match options a pick in the select `name` asks for; refuses forged picks."""
    choice: LobbyChoice | None = next(
        (c for c in adapter_for(game_key).lobby_choices if c.name == name), None
    )
    allowed = {value for value, _ in choice.options} if choice else set()
    if (
        choice is None
        or not set(values) <= allowed
        or not (choice.min_values <= len(values) <= choice.max_values)
    ):
        raise HostError("lobby.bad_choice", "pick from the list on the table")
    return choice.to_options(values)

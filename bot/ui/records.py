"""What `/lutece history`, `stats` and `leaderboard` share: they are about one server (its
matches and its ratings), and may name one game, picked from the registered ones."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games import adapters
from bot.i18n import t
from games.host import HostError


def server_of(interaction: discord.Interaction) -> int:
    """The server asked about: results and ratings are kept per server, so none in DMs."""
    if interaction.guild_id is None:
        raise HostError("records.server_only", "results and ratings are kept per server")
    return interaction.guild_id


def known_game(key: str | None) -> str | None:
    """`key` if it names a game (as the autocomplete offers them), None for none."""
    if key is None:
        return None
    key = key.strip().lower()
    if key not in adapters():
        raise HostError("game.unknown", "no such game")
    return key


def game_choices(current: str, locale: str) -> list[app_commands.Choice[str]]:
    """Every game, by its name in the asker's language, that matches what they typed."""
    return [
        app_commands.Choice(name=label[:100], value=key)
        for key in adapters()
        if current.lower() in (label := t(f"game.{key}", locale)).lower()
    ][:25]

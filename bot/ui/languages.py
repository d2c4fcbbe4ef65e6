"""Which language each audience reads.

- A player's own answers (ephemerals) follow the language they chose with
  `/lutece language`, else their Discord client's (`interaction.locale`).
- Their DMs follow the same choice, else the client locale last seen.
- Public messages (lobbies, tables, recaps, pings) follow the server's choice, else the
  server's preferred locale (`guild.preferred_locale`).

Choices are read once from the database and kept in memory (a click must not wait on a
query); `/lutece language` updates both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.i18n import DEFAULT_LOCALE, language_of, languages
from bot.i18n.translator import cmd

if TYPE_CHECKING:
    import discord

    from bot.services import Services

AUTO = "auto"
# The choices of a language option: automatic, then every catalogue's language.
LANGUAGE_CHOICES = [
    app_commands.Choice(name=cmd(f"language.{code}"), value=code) for code in (AUTO, *languages())
]


class Languages:
    def __init__(self, bot: Services) -> None:
        self.bot = bot
        self._users: dict[int, str | None] = {}
        self._guilds: dict[int, str | None] = {}

    async def chosen_by_user(self, user_id: int) -> str | None:
        if user_id not in self._users:
            self._users[user_id] = (await self.bot.host.prefs.get(user_id)).language
        return self._users[user_id]

    async def chosen_by_guild(self, guild_id: int) -> str | None:
        if guild_id not in self._guilds:
            settings = await self.bot.host.guilds.get(guild_id)
            self._guilds[guild_id] = settings.language
        return self._guilds[guild_id]

    async def of(self, interaction: discord.Interaction) -> str:
        """The language of the answers only this user sees."""
        chosen = await self.chosen_by_user(interaction.user.id)
        return chosen or language_of(str(interaction.locale))

    async def of_guild(self, guild_id: int | None) -> str:
        """The language of a server's public messages."""
        if guild_id is None:
            return DEFAULT_LOCALE
        chosen = await self.chosen_by_guild(guild_id)
        if chosen:
            return chosen
        guild = self.bot.get_guild(guild_id)
        return language_of(str(guild.preferred_locale)) if guild else DEFAULT_LOCALE

    async def set_user(self, user_id: int, language: str | None) -> None:
        await self.bot.host.prefs.set_language(user_id, language)
        self._users[user_id] = language

    async def set_guild(self, guild_id: int, language: str | None) -> None:
        await self.bot.host.guilds.set_language(guild_id, language)
        self._guilds[guild_id] = language

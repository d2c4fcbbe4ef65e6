"""What the cogs and the UI use of the bot, as protocols that `LuteceBot` satisfies.

The cogs, the component handlers and the deadline timer are handed the bot; naming its class
would make them import `bot.app`, which imports them to load them: a knot. They depend on
these protocols instead, and only `bot.app` knows the class that puts everything together.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.config import Config
from bot.ui.pictures import Pictures
from games.host import MatchHost


class Deadlines(Protocol):
    def poke(self) -> None:
        """Something changed: the timer looks again for its next reminder or deadline."""


class LanguageChoice(Protocol):
    """The language each user and each server chose (see bot.ui.languages)."""

    async def of(self, interaction: discord.Interaction) -> str: ...

    async def of_guild(self, guild_id: int | None) -> str: ...

    async def set_user(self, user_id: int, language: str | None) -> None: ...

    async def set_guild(self, guild_id: int, language: str | None) -> None: ...


class Services(Protocol):
    """The bot as its cogs and handlers see it: the match host, the bot's own services and
    the few Discord client calls they make."""

    config: Config
    host: MatchHost
    pictures: Pictures
    table_locks: weakref.WeakValueDictionary[str, asyncio.Lock]

    # Read-only, so the bot may hold richer objects than these protocols (its own timer).
    @property
    def languages(self) -> LanguageChoice: ...

    @property
    def deadlines(self) -> Deadlines: ...

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...

    async def is_owner(self, user: discord.User, /) -> bool: ...

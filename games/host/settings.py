"""A server's settings (admin role, language of its public messages, how long its open tables
wait, whether matches with AI seats are rated): the bot asks and tells this service, which
alone writes them."""

from __future__ import annotations

import dataclasses

from games.host.errors import HostError
from storage.rows import GuildSettings
from storage.store import Store

# How long an open table may wait for its start: from five minutes to a month.
LOBBY_EXPIRY_S = range(5 * 60, 30 * 24 * 3600 + 1)


class GuildSettingsService:
    """Read and change one server's settings; every change is one stored write."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def get(self, guild_id: int) -> GuildSettings:
        """A copy: changing it changes nothing stored."""
        return await self._store.get_guild_settings(guild_id)

    async def set_admin_role(self, guild_id: int, role_id: int | None) -> None:
        current = await self._store.get_guild_settings(guild_id)
        await self._store.set_guild_settings(dataclasses.replace(current, admin_role_id=role_id))

    async def set_language(self, guild_id: int, language: str | None) -> None:
        current = await self._store.get_guild_settings(guild_id)
        await self._store.set_guild_settings(dataclasses.replace(current, language=language))

    async def set_lobby_expiry(self, guild_id: int, seconds: int) -> None:
        """How long the server's new tables wait for their start before they close."""
        if seconds not in LOBBY_EXPIRY_S:
            raise HostError(
                "settings.lobby_expiry",
                "a table waits between five minutes and thirty days",
                low=LOBBY_EXPIRY_S.start // 60,
                high=LOBBY_EXPIRY_S.stop // (24 * 3600),
            )
        current = await self._store.get_guild_settings(guild_id)
        await self._store.set_guild_settings(dataclasses.replace(current, lobby_expiry_s=seconds))

    async def set_rate_ai_matches(self, guild_id: int, on: bool) -> None:
        """Whether a rated match with AI seats changes its people's ratings (the AI seats
        count as new players and keep no rating); off by default."""
        current = await self._store.get_guild_settings(guild_id)
        await self._store.set_guild_settings(dataclasses.replace(current, rate_ai_matches=on))

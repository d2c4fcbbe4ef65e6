"""A server's settings (admin role, language of its public messages, and the defaults of its
new tables: clock, what a timeout does, lobby expiry, whether AI matches are rated): the bot
asks and tells this service, which alone writes them."""

from __future__ import annotations

import dataclasses
from typing import Any

from games.host import clocks
from games.host.errors import HostError
from storage.rows import GuildSettings
from storage.store import Store

ON_TIMEOUT = ("ai", "wait")
LOBBY_EXPIRY_S = range(3600, 7 * 24 * 3600 + 1)  # an hour to a week


class GuildSettingsService:
    """Read and change one server's settings; every change is one stored write."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def get(self, guild_id: int) -> GuildSettings:
        """A frozen copy: nothing stored changes through it."""
        return await self._store.get_guild_settings(guild_id)

    async def set_admin_role(self, guild_id: int, role_id: int | None) -> None:
        current = await self._store.get_guild_settings(guild_id)
        await self._store.set_guild_settings(dataclasses.replace(current, admin_role_id=role_id))

    async def set_language(self, guild_id: int, language: str | None) -> None:
        current = await self._store.get_guild_settings(guild_id)
        await self._store.set_guild_settings(dataclasses.replace(current, language=language))

    async def change(
        self,
        guild_id: int,
        *,
        clock: str | None = None,
        on_timeout: str | None = None,
        lobby_expiry_s: int | None = None,
        rate_ai_matches: bool | None = None,
    ) -> GuildSettings:
        """Change the defaults given (None: unchanged) in one write, and return the server's
        settings. A value out of range changes nothing: one refusal for the first."""
        changes: dict[str, Any] = {}
        if clock is not None:
            changes["clock"] = clocks.clock(clock).key
        if on_timeout is not None:
            if on_timeout not in ON_TIMEOUT:
                raise HostError("settings.on_timeout", "an AI plays, or the match waits")
            changes["on_timeout"] = on_timeout
        if lobby_expiry_s is not None:
            if lobby_expiry_s not in LOBBY_EXPIRY_S:
                raise HostError("settings.lobby_expiry", "between an hour and a week")
            changes["lobby_expiry_s"] = lobby_expiry_s
        if rate_ai_matches is not None:
            changes["rate_ai_matches"] = rate_ai_matches
        current = await self._store.get_guild_settings(guild_id)
        if not changes:
            return current
        settings = dataclasses.replace(current, **changes)
        await self._store.set_guild_settings(settings)
        return settings

    async def table_defaults(self, guild_id: int | None) -> dict[str, Any]:
        """The table settings a new table of the server starts from (its clock and what a
        timeout does), as `MatchSettings` fields; a table's own choices go on top."""
        if guild_id is None:
            return {}
        settings = await self._store.get_guild_settings(guild_id)
        return {
            "turn_deadline_s": clocks.stored_clock(settings.clock).turn_s,
            "on_timeout": settings.on_timeout,
        }

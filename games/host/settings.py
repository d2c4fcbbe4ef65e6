"""A server's settings (admin role, language of its public messages, how long its open tables
wait, whether matches with AI seats are rated, and its new tables' clock and what they do when
a turn's time is up): the bot asks and tells this service, which alone writes them. Each
setting has one setter, and each change is one stored write."""

from __future__ import annotations

import dataclasses
from typing import Any

from games.host import clocks
from games.host.errors import HostError
from storage.rows import GuildSettings
from storage.store import Store

# How long an open table may wait for its start: from five minutes to a month.
LOBBY_EXPIRY_S = range(5 * 60, 30 * 24 * 3600 + 1)
ON_TIMEOUT = ("ai", "wait")  # when a turn's time is up: an AI plays it, or the match waits


class GuildSettingsService:
    """Read and change one server's settings; every change is one stored write."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def get(self, guild_id: int) -> GuildSettings:
        """A frozen copy: nothing stored changes through it."""
        return await self._store.get_guild_settings(guild_id)

    async def set_admin_role(self, guild_id: int, role_id: int | None) -> None:
        await self._change(guild_id, admin_role_id=role_id)

    async def set_language(self, guild_id: int, language: str | None) -> None:
        await self._change(guild_id, language=language)

    async def set_lobby_expiry(self, guild_id: int, seconds: int) -> None:
        """How long the server's new tables wait for their start before they close."""
        if seconds not in LOBBY_EXPIRY_S:
            raise HostError(
                "settings.lobby_expiry",
                "a table waits between five minutes and thirty days",
                low=LOBBY_EXPIRY_S.start // 60,
                high=LOBBY_EXPIRY_S.stop // (24 * 3600),
            )
        await self._change(guild_id, lobby_expiry_s=seconds)

    async def set_rate_ai_matches(self, guild_id: int, on: bool) -> None:
        """Whether a rated match with AI seats changes its people's ratings (the AI seats
        count as new players and keep no rating); off by default."""
        await self._change(guild_id, rate_ai_matches=on)

    async def set_clock(self, guild_id: int, key: str) -> None:
        """The clock preset (games/host/clocks.py) of the server's new tables; a name no
        preset has is refused."""
        await self._change(guild_id, clock=clocks.clock(key).key)

    async def set_on_timeout(self, guild_id: int, on_timeout: str) -> None:
        """What the server's new tables do when a turn's time is up: "ai" or "wait"."""
        if on_timeout not in ON_TIMEOUT:
            raise HostError("settings.on_timeout", "an AI plays, or the match waits")
        await self._change(guild_id, on_timeout=on_timeout)

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

    async def _change(self, guild_id: int, **changes: Any) -> None:
        current = await self._store.get_guild_settings(guild_id)
        await self._store.set_guild_settings(dataclasses.replace(current, **changes))

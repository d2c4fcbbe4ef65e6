"""What the bot keeps besides matches: its own facts, each user's preferences and each
server's settings.

Part of `Store` (a mixin only to keep the store's file small); written against the same
`Conn` protocol, so both backends run the same SQL.
"""

from __future__ import annotations

from storage.base import StoreBase
from storage.codec import GUILD_COLUMNS, guild_settings, guild_values
from storage.rows import GuildSettings, UserPrefs


class SettingsStoreMixin(StoreBase):
    async def get_fact(self, key: str) -> str | None:
        """A stored fact about the bot itself (e.g. the hash of the last synced commands)."""
        row = await self._one("SELECT value FROM bot_state WHERE key = ?", key)
        return None if row is None else str(row[0])

    async def set_fact(self, key: str, value: str) -> None:
        async with self._session() as conn:
            await conn.execute(
                "INSERT INTO bot_state (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                key,
                value,
            )

    # --- preferences ----------------------------------------------------------------------

    async def get_prefs(self, user_id: int) -> UserPrefs:
        row = await self._one(
            "SELECT dms, dms_closed, locale, language FROM user_prefs WHERE user_id = ?", user_id
        )
        if row is None:
            return UserPrefs(user_id)
        return UserPrefs(user_id, bool(row[0]), bool(row[1]), row[2], row[3])

    async def set_prefs(self, prefs: UserPrefs) -> None:
        async with self._session() as conn:
            await conn.execute(
                "INSERT INTO user_prefs (user_id, dms, dms_closed, locale, language) "
                "VALUES (?,?,?,?,?) ON CONFLICT (user_id) DO UPDATE SET dms = excluded.dms, "
                "dms_closed = excluded.dms_closed, locale = excluded.locale, "
                "language = excluded.language",
                prefs.user_id,
                bool(prefs.dms),
                bool(prefs.dms_closed),
                prefs.locale,
                prefs.language,
            )

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one(
            f"SELECT {GUILD_COLUMNS} FROM guild_settings WHERE guild_id = ?", guild_id
        )
        return GuildSettings(guild_id) if row is None else guild_settings(row)

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        values = guild_values(settings)
        async with self._session() as conn:
            await conn.execute(
                f"INSERT INTO guild_settings ({GUILD_COLUMNS}) "
                f"VALUES ({','.join('?' * len(values))}) ON CONFLICT (guild_id) DO UPDATE SET "
                + ", ".join(f"{c} = excluded.{c}" for c in GUILD_COLUMNS.split(", ")[1:]),
                *values,
            )

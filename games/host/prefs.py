"""A player's own preferences (DMs, language): the bot asks and tells this service, which
alone writes them, so no Discord code holds a store."""

from __future__ import annotations

import dataclasses

from storage.rows import UserPrefs
from storage.store import Store


class Prefs:
    """Read and change one user's preferences; every change is one stored write."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def get(self, user_id: int) -> UserPrefs:
        """A copy: changing it changes nothing stored."""
        return await self._store.get_prefs(user_id)

    async def set_dms(self, user_id: int, on: bool, locale: str | None) -> UserPrefs:
        """DMs on or off (a fresh choice forgets that DMs were closed); `locale` is the
        client's, the language of DMs unless the user chose one."""
        prefs = await self._store.get_prefs(user_id)
        prefs = dataclasses.replace(prefs, dms=on, dms_closed=False, locale=locale)
        await self._store.set_prefs(prefs)
        return prefs

    async def set_language(self, user_id: int, language: str | None) -> None:
        prefs = await self._store.get_prefs(user_id)
        await self._store.set_prefs(dataclasses.replace(prefs, language=language))

    async def dms_closed(self, user_id: int) -> None:
        """Discord refused a DM: remember it, so it is said once and not tried again."""
        prefs = await self._store.get_prefs(user_id)
        await self._store.set_prefs(dataclasses.replace(prefs, dms_closed=True))

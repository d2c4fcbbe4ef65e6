"""Facts the bot keeps about itself (the digest of the slash commands last synced, per
scope), so that a restart syncs only what changed."""

from __future__ import annotations

from storage.store import Store


class Facts:
    """Read and write the bot's own facts by key."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def get(self, key: str) -> str | None:
        return await self._store.get_fact(key)

    async def set(self, key: str, value: str) -> None:
        await self._store.set_fact(key, value)

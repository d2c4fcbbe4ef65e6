"""The web board's services without Discord: a host on a temporary SQLite file, its
pictures, and every server in English."""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest

from bot.config import Config
from bot.ui.pictures import Pictures
from games.host import MatchHost
from storage import Store


class English:
    async def of_guild(self, guild_id: int | None) -> str:
        return "en"


@pytest.fixture
async def services(tmp_path) -> AsyncIterator[Any]:
    store = await Store.open(str(tmp_path / "lutece.db"))
    host = MatchHost(store, ai_workers=0)
    pictures = Pictures(host)
    yield SimpleNamespace(host=host, pictures=pictures, languages=English(), config=Config(None))
    await pictures.close()
    await host.close()
    await store.close()

"""The Activity's tests need a store, not each backend: the host's query is tested on both
(tests/platform_core/test_match_at.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Store


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await Store.open(str(tmp_path / "lutece.db"))
    yield store
    await store.close()

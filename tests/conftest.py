"""Shared fixtures: the toy game for platform tests, a store in a temporary directory."""

from __future__ import annotations

import pytest

from games.registry import register
from storage import Store

register("race", "tests.toy_game:Race")


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "lutece.db")
    yield store
    await store.close()

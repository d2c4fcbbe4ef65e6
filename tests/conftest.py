"""Shared fixtures: the toy game for platform tests, a store in a temporary directory."""

from __future__ import annotations

import pytest

from games.registry import register_package
from storage import Store

register_package("tests.toy_game")


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "lutece.db")
    yield store
    await store.close()

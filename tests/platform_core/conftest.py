"""Fixtures of the platform tests; the stores of each backend are tests/conftest.py's."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

import storage.schema
from storage import Store
from storage.pg_testserver import PgTestServer


@pytest.fixture
def store_at(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Callable[[int], Awaitable[Store]]:
    """Opens the test's database as the release whose last migration was `version` left it
    (the later ones wait for the next `Store.open`): the start of a migration's test."""
    every = storage.schema.available

    async def open_at(version: int) -> Store:
        with monkeypatch.context() as patch:
            patch.setattr(
                storage.schema,
                "available",
                lambda backend: [m for m in every(backend) if m[0] <= version],
            )
            store = await Store.open(db_url)
        assert store.schema_version == version
        return store

    return open_at


@pytest.fixture
async def pg_url(pg_server: PgTestServer) -> AsyncIterator[str]:
    """An empty PostgreSQL database, by URL: the middle of a `migrate-db` round trip."""
    name, url = await pg_server.create_database("mig")
    yield url
    await pg_server.drop_database(name)

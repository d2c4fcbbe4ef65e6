"""Shared fixtures: the toy game for platform tests, and a store on each backend.

`store` (and `db_url`) run every test that asks for them twice: on SQLite in a temporary
directory, and on PostgreSQL in a fresh database of a throw-away server that this session
starts itself (`storage/pg_testserver.py`: initdb into a temporary folder, a Unix socket
there, run as `nobody` when the tests run as root). Without PostgreSQL's binaries those
tests fail with a sentence that says how to get them; only `LUTECE_PG=0` skips them.
"""

from __future__ import annotations

import base64
import os
from collections.abc import AsyncIterator, Iterator

import pytest

from games.registry import register_package
from storage import Store
from storage.pg_testserver import PgTestServer, PgUnavailable

register_package("tests.toy_game")

BACKENDS = ["sqlite", "postgres"]
TINY_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `long` tests first (in their order, the rest in theirs): started last, one of
    them keeps a worker busy for a minute after the others are done."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgTestServer]:
    """One throw-away PostgreSQL server for the whole session, started on first use."""
    if os.environ.get("LUTECE_PG") == "0":
        pytest.skip("PostgreSQL tests turned off with LUTECE_PG=0")
    problem = None
    try:
        server = PgTestServer().start()
    except PgUnavailable as exc:
        problem = str(exc)
    if problem is not None:
        pytest.fail(problem, pytrace=False)  # a failure, never a skip: CI must have them
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
async def db_url(request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[str]:
    """An empty database of each backend, by URL (a path for SQLite)."""
    if request.param == "sqlite":
        yield str(tmp_path / "lutece.db")
        return
    server: PgTestServer = request.getfixturevalue("pg_server")
    name, url = await server.create_database()
    yield url
    await server.drop_database(name)


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    store = await Store.open(db_url)
    yield store
    await store.close()


@pytest.fixture
def tiny_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip drawing every game's table pictures (tens of ms each) in tests that do not look
    at them."""
    from bot.games import adapters

    for adapter in adapters().values():
        monkeypatch.setattr(type(adapter), "render", lambda self, view, names, **kw: TINY_PNG)


@pytest.fixture
def laid_out_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pictures laid out and not drawn (`bot.render.drawing.LAYOUT_ONLY`), for tests that
    click the places tagged on them: every tag's box is where the drawing puts it, at some
    3% of the CPU; the PNG is blank."""
    from bot.render import drawing

    monkeypatch.setattr(drawing, "LAYOUT_ONLY", True)

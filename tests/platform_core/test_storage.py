"""Storage: migrations, one transaction per action, idempotency keys, stale versions."""

from __future__ import annotations

import sqlite3

import pytest

from storage import DuplicateRequest, MatchRow, SeatRow, StaleVersion, StorageError, Store
from storage.schema import latest


def _row(match_id: str = "m1") -> MatchRow:
    return MatchRow(
        id=match_id, game="race", status="active", seats=2, seed=7, created_at=1.0,
        updated_at=1.0, seat_rows=[SeatRow(0, "a", user_id=1), SeatRow(1, "b", ai="random")],
    )


async def test_migrations_set_schema_version_and_wal(store: Store, tmp_path):
    assert store.schema_version == latest()
    conn = sqlite3.connect(tmp_path / "lutece.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == latest()


async def test_reopening_does_not_migrate_twice(tmp_path):
    for _ in range(2):
        store = await Store.open(tmp_path / "db.sqlite")
        assert store.schema_version == latest()
        await store.close()


async def test_future_schema_is_refused_untouched(tmp_path):
    path = tmp_path / "future.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    with pytest.raises(StorageError, match="newer than this Lutèce knows"):
        await Store.open(path)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 999


async def test_garbage_file_is_refused(tmp_path):
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not a database at all" * 100)
    before = path.read_bytes()
    with pytest.raises(StorageError, match="not a usable Lutèce database"):
        await Store.open(path)
    assert path.read_bytes() == before


async def test_append_moves_version_snapshot_and_log_together(store: Store):
    await store.create_match(_row())
    seq = await store.append_action(
        "m1", expected_version=0, seat=0, action={"type": "step", "by": 1}, request_id="i1",
        user_id=1, snapshot={"v": 1}, status="active",
    )
    assert seq == 1
    row = await store.get_match("m1")
    assert (row.version, row.snapshot) == (1, {"v": 1})
    assert [a.action for a in await store.actions("m1")] == [{"type": "step", "by": 1}]
    assert [s.name for s in row.seat_rows] == ["a", "b"]


async def test_duplicate_request_id_is_rejected_and_nothing_changes(store: Store):
    await store.create_match(_row())
    kwargs = dict(seat=0, action={"by": 1}, request_id="same", user_id=1, status="active")
    await store.append_action("m1", expected_version=0, snapshot={"v": 1}, **kwargs)
    with pytest.raises(DuplicateRequest) as err:
        await store.append_action("m1", expected_version=1, snapshot={"v": 2}, **kwargs)
    assert err.value.seq == 1
    row = await store.get_match("m1")
    assert (row.version, row.snapshot) == (1, {"v": 1})


async def test_stale_version_is_rejected_and_nothing_changes(store: Store):
    await store.create_match(_row())
    kwargs = dict(seat=0, action={"by": 1}, user_id=1, status="active")
    await store.append_action("m1", expected_version=0, request_id="a", snapshot={"v": 1},
                              **kwargs)
    with pytest.raises(StaleVersion):
        await store.append_action("m1", expected_version=0, request_id="b", snapshot={"v": 9},
                                  **kwargs)
    assert len(await store.actions("m1")) == 1
    assert (await store.get_match("m1")).snapshot == {"v": 1}


async def test_list_matches_by_status_guild_and_user(store: Store):
    await store.create_match(_row("m1"))
    other = _row("m2")
    other.guild_id, other.status = 5, "finished"
    await store.create_match(other)
    assert [m.id for m in await store.list_matches()] == ["m1"]
    assert [m.id for m in await store.list_matches(("finished",), guild_id=5)] == ["m2"]
    assert [m.id for m in await store.list_matches(user_id=1)] == ["m1"]
    assert await store.list_matches(user_id=99) == []

"""Storage: migrations, one transaction per action, idempotency keys, stale versions, and the
same behaviour from both backends (every test taking `store` or `db_url` runs on each)."""

from __future__ import annotations

import asyncio
import sqlite3
from importlib import resources

import aiosqlite
import pytest

from storage import (
    DuplicateRequest,
    GuildSettings,
    MatchRow,
    SeatRow,
    StaleVersion,
    StorageError,
    Store,
    UserPrefs,
)
from storage.codec import parse_url, redact
from storage.errors import ConstraintViolation
from storage.pg_testserver import PASSWORD_ROLE, PgTestServer
from storage.schema import PACKAGES, available, latest

BIG = 2**63 - 1  # the largest Discord snowflake a BIGINT / SQLite INTEGER holds


def _row(match_id: str = "m1") -> MatchRow:
    return MatchRow(
        id=match_id,
        game="race",
        status="active",
        seats=2,
        seed=7,
        created_at=1.0,
        updated_at=1.0,
        seat_rows=[SeatRow(0, "a", user_id=1), SeatRow(1, "b", ai="random")],
    )


# --- both backends ------------------------------------------------------------------------


async def test_migrations_set_the_latest_schema_version(store: Store):
    assert store.schema_version == latest(store.backend) == latest("sqlite")


async def test_reopening_does_not_migrate_twice(db_url: str):
    for _ in range(2):
        store = await Store.open(db_url)
        assert store.schema_version == latest(store.backend)
        await store.close()


async def test_append_moves_version_snapshot_and_log_together(store: Store):
    await store.create_match(_row())
    seq = await store.append_action(
        "m1",
        expected_version=0,
        seat=0,
        action={"type": "step", "by": 1},
        request_id="i1",
        user_id=1,
        snapshot={"v": 1},
        status="active",
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
    # The same request from a writer that had not seen it either: still a duplicate.
    with pytest.raises(DuplicateRequest):
        await store.append_action("m1", expected_version=0, snapshot={"v": 2}, **kwargs)
    row = await store.get_match("m1")
    assert (row.version, row.snapshot) == (1, {"v": 1})


async def test_stale_version_is_rejected_and_nothing_changes(store: Store):
    await store.create_match(_row())
    kwargs = dict(seat=0, action={"by": 1}, user_id=1, status="active")
    await store.append_action("m1", expected_version=0, request_id="a", snapshot={"v": 1}, **kwargs)
    with pytest.raises(StaleVersion) as err:
        await store.append_action(
            "m1", expected_version=0, request_id="b", snapshot={"v": 9}, **kwargs
        )
    assert (err.value.expected, err.value.actual) == (0, 1)
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


async def test_every_column_round_trips_the_same_on_both_backends(store: Store):
    row = _row()
    row.options = {"target": 10**12, "name": "Café ☕ «Lutèce»", "nested": {"a": [1, 2.5, None]}}
    row.settings, row.arrangement = {"turn_deadline_s": 60}, {"deck": [3, 1, 2]}
    row.guild_id = row.channel_id = row.thread_id = row.table_message_id = BIG
    row.host_user_id, row.deadline_at, row.reminders, row.table_version = BIG, 12.5, 2, 3
    row.seat_rows = [SeatRow(0, "Zoë", user_id=BIG), SeatRow(1, "b", ai="greedy")]
    await store.create_match(row)
    assert await store.get_match("m1") == row
    await store.update_match(
        "m1", result={"winners": [0]}, end_reason="x", status="finished", thread_id=None
    )
    assert (await store.get_match("m1")).reminders == 2
    await store.update_match("m1", deadline_at=20.0)  # a new deadline: no reminder sent yet
    again = await store.get_match("m1")
    assert (again.reminders, again.result, again.status, again.thread_id) == (
        0,
        {"winners": [0]},
        "finished",
        None,
    )
    assert await store.has_held_seat("m1", BIG) and not await store.has_held_seat("m1", 2)


async def test_seat_history_keeps_everyone_who_ever_sat(store: Store):
    await store.create_match(_row())
    await store.set_seats("m1", [SeatRow(0, "c", user_id=3), SeatRow(1, "b", ai="random")])
    assert [s.user_id for s in (await store.get_match("m1")).seat_rows] == [3, None]
    assert await store.has_held_seat("m1", 1) and await store.has_held_seat("m1", 3)


async def test_seat_history_keeps_the_seat_each_held_last(store: Store):
    """Issue 17 §4: a running match gives nobody a second seat, so the history says which."""
    await store.create_match(_row())
    await store.set_seats("m1", [SeatRow(0, "a", user_id=1), SeatRow(1, "c", user_id=BIG)])
    await store.set_seats("m1", [SeatRow(0, "c", user_id=BIG), SeatRow(1, "b", ai="random")])
    assert await store.held_seat("m1", 1) == 0  # replaced by an AI, then seat 0 stays theirs
    assert await store.held_seat("m1", BIG) == 0  # moved (a lobby): the last seat counts
    assert await store.held_seat("m1", 2) is None


async def test_the_seat_history_learns_its_seats_from_the_seats_held_now(tmp_path):
    """Migration 005 on a database from before it: members seated now get their seat; those
    who left a seat get -1 (unknown), which no seat equals."""
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    for number, sql in available("sqlite"):
        if number < 5:
            conn.executescript(sql)
    conn.execute("PRAGMA user_version = 4")
    conn.execute(
        "INSERT INTO matches (id, game, status, seats, options, settings, seed, "
        "version, created_at, updated_at) VALUES ('m1', 'race', 'active', 2, '{}', "
        "'{}', 7, 0, 1.0, 1.0)"
    )
    conn.executemany(
        "INSERT INTO seats (match_id, seat, user_id, ai, name) VALUES (?,?,?,?,?)",
        [("m1", 0, None, "greedy", "AI"), ("m1", 1, 2, None, "b")],
    )
    conn.executemany(
        "INSERT INTO seat_history (match_id, user_id) VALUES (?,?)", [("m1", 1), ("m1", 2)]
    )
    conn.commit()
    conn.close()
    store = await Store.open(path)
    try:
        assert (await store.held_seat("m1", 2), await store.held_seat("m1", 1)) == (1, -1)
    finally:
        await store.close()


async def test_prefs_guild_settings_and_facts(store: Store):
    assert await store.get_prefs(BIG) == UserPrefs(BIG)
    await store.set_prefs(UserPrefs(BIG, dms=True, dms_closed=False, locale="fr", language="en"))
    await store.set_prefs(UserPrefs(BIG, dms=True, dms_closed=True, locale="fr", language="en"))
    assert await store.get_prefs(BIG) == UserPrefs(BIG, True, True, "fr", "en")
    assert await store.get_guild_settings(5) == GuildSettings(5)
    await store.set_guild_settings(GuildSettings(5, admin_role_id=BIG, language="fr"))
    assert await store.get_guild_settings(5) == GuildSettings(5, BIG, "fr")
    chosen = GuildSettings(
        BIG, BIG, None, lobby_expiry_s=3600, rate_ai_matches=True, clock="rapid", on_timeout="wait"
    )
    await store.set_guild_settings(chosen)
    assert await store.get_guild_settings(BIG) == chosen
    assert await store.get_fact("k") is None
    await store.set_fact("k", "v1")
    await store.set_fact("k", "v2")
    assert await store.get_fact("k") == "v2"


async def test_deadlines_lists_running_ones_only(store: Store):
    for match_id, status, at in (
        ("m1", "active", 5.0),
        ("m2", "active", None),
        ("m3", "finished", 6.0),
    ):
        row = _row(match_id)
        row.status, row.deadline_at, row.settings = status, at, {"turn_deadline_s": 60}
        await store.create_match(row)
    [deadline] = await store.deadlines()
    assert (deadline.match_id, deadline.at, deadline.reminders, deadline.seconds) == (
        "m1",
        5.0,
        0,
        60,
    )


async def test_a_match_created_twice_is_a_constraint_violation(store: Store):
    await store.create_match(_row())
    with pytest.raises(ConstraintViolation):
        await store.create_match(_row())
    assert len(await store.list_matches()) == 1


async def test_update_match_refuses_the_version_and_unknown_columns(store: Store):
    with pytest.raises(ValueError, match="not updatable"):
        await store.update_match("m1", version=3)


# --- URLs ----------------------------------------------------------------------------------


def test_urls_choose_the_backend():
    assert parse_url("data/lutece.db") == ("sqlite", "data/lutece.db")
    assert parse_url("sqlite:///data/lutece.db") == ("sqlite", "data/lutece.db")
    assert parse_url("sqlite:////srv/lutece.db") == ("sqlite", "/srv/lutece.db")
    assert parse_url("sqlite://") == ("sqlite", ":memory:")
    assert parse_url("postgres://u@h/db")[0] == parse_url("postgresql://u@h/db")[0] == "postgres"
    with pytest.raises(StorageError, match="neither a file path"):
        parse_url("mysql://u:hunter2@h/db")
    try:
        parse_url("mysql://u:hunter2@h/db")
    except StorageError as exc:
        assert "hunter2" not in str(exc)


def test_redact_removes_every_password():
    assert redact("postgresql://u:s3cret@h:5432/db") == "postgresql://u@h:5432/db"
    assert "s3cret" not in redact("postgresql://u@h/db?password=s3cret&sslmode=require")
    assert redact("postgresql://u@h/db?host=/tmp/x") == "postgresql://u@h/db?host=/tmp/x"
    assert redact("data/lutece.db") == "data/lutece.db"


def test_both_backends_have_the_same_numbered_migrations():
    names = {
        backend: sorted(
            e.name for e in resources.files(package).iterdir() if e.name.endswith(".sql")
        )
        for backend, package in PACKAGES.items()
    }
    assert names["sqlite"] == names["postgres"] and names["sqlite"]


# --- SQLite only ---------------------------------------------------------------------------


async def test_sqlite_uses_wal_and_user_version(tmp_path):
    store = await Store.open(f"sqlite:///{tmp_path}/lutece.db")
    await store.close()
    conn = sqlite3.connect(tmp_path / "lutece.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == latest("sqlite")


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


async def test_a_sqlite_move_is_one_trip_to_the_connections_thread(tmp_path, monkeypatch):
    """Issue 21 §3: each trip to aiosqlite's thread is a hand-over and a wake-up of the event
    loop; a move took six (BEGIN, UPDATE, INSERT, COMMIT, two cursors closed). Counted, not
    timed; a refused move changes nothing, as the shared tests above check."""
    store = await Store.open(tmp_path / "trips.db")
    await store.create_match(_row())
    trips: list[object] = []
    run = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: object, *args: object) -> object:
        trips.append(fn)
        return await run(self, fn, *args)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    kwargs = dict(seat=0, action={"by": 1}, user_id=1, status="active")
    try:
        await store.append_action(
            "m1", expected_version=0, request_id="a", snapshot={"v": 1}, **kwargs
        )
        assert len(trips) == 1
        assert (await store.get_match("m1")).snapshot == {"v": 1}
        assert [a.request_id for a in await store.actions("m1")] == ["a"]
    finally:
        await store.close()


# --- PostgreSQL only -----------------------------------------------------------------------


@pytest.fixture
async def pg_db(pg_server: PgTestServer):
    """(name, url) of a fresh PostgreSQL database."""
    name, url = await pg_server.create_database("pg")
    yield name, url
    await pg_server.drop_database(name)


async def test_pg_schema_version_table_and_future_schema_refused_untouched(pg_server, pg_db):
    name, url = pg_db
    await (await Store.open(url)).close()
    rows = await pg_server.sql("SELECT version FROM schema_version ORDER BY version", name)
    assert [r[0] for r in rows] == list(range(1, latest("postgres") + 1))
    await pg_server.sql("INSERT INTO schema_version (version) VALUES (999)", name)
    with pytest.raises(StorageError, match="newer than this Lutèce knows") as err:
        await Store.open(url)
    assert "\n" not in str(err.value)
    rows = await pg_server.sql("SELECT max(version), count(*) FROM schema_version", name)
    assert tuple(rows[0]) == (999, latest("postgres") + 1)


async def test_pg_processes_starting_together_migrate_once(pg_db):
    stores = await asyncio.gather(*(Store.open(pg_db[1]) for _ in range(4)))
    try:
        assert {s.schema_version for s in stores} == {latest("postgres")}
        async with stores[0]._session() as conn:
            applied = [
                r[0]
                for r in await conn.fetch("SELECT version FROM schema_version ORDER BY version")
            ]
        assert applied == list(range(1, latest("postgres") + 1))
    finally:
        for store in stores:
            await store.close()


async def test_pg_unreachable_server_is_one_sentence_without_the_password():
    with pytest.raises(StorageError) as err:
        await Store.open("postgresql://lutece:hunter2@127.0.0.1:1/lutece")
    message = str(err.value)
    assert "cannot reach the PostgreSQL server" in message and "hunter2" not in message
    assert "\n" not in message and err.value.__cause__ is None


async def test_pg_refused_credentials_are_one_sentence_without_the_password(
    pg_server: PgTestServer,
):
    await pg_server.sql(f"CREATE ROLE {PASSWORD_ROLE} LOGIN PASSWORD 'right-one'")
    try:
        url = pg_server.url("postgres", PASSWORD_ROLE, "wrong-one")
        with pytest.raises(StorageError, match="refused the credentials") as err:
            await Store.open(url)
        assert "wrong-one" not in str(err.value) and "\n" not in str(err.value)
        name, _ = await pg_server.create_database("cred")
        await pg_server.sql(f'ALTER DATABASE "{name}" OWNER TO {PASSWORD_ROLE}')
        store = await Store.open(pg_server.url(name, PASSWORD_ROLE, "right-one"))
        assert store.url.startswith(f"postgresql://{PASSWORD_ROLE}@/") and "right" not in store.url
        await store.close()
        await pg_server.drop_database(name)
    finally:
        await pg_server.sql(f"DROP ROLE IF EXISTS {PASSWORD_ROLE}")


async def test_pg_missing_database_is_one_sentence(pg_server: PgTestServer):
    with pytest.raises(StorageError, match="does not exist"):
        await Store.open(pg_server.url("no_such_database"))


async def test_pg_database_of_another_application_is_refused(pg_server, pg_db):
    name, url = pg_db
    await pg_server.sql("CREATE TABLE matches (id INTEGER)", name)
    with pytest.raises(StorageError, match="not a usable Lutèce database"):
        await Store.open(url)

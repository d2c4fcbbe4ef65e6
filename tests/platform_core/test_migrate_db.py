"""`python -m bot migrate-db FROM TO`: SQLite → PostgreSQL → SQLite loses nothing, the copy
plays on, a non-empty target needs --force, and a match whose log does not replay to its
snapshot stops the copy with one sentence."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.errors import CliError
from bot.cli.main import main
from bot.cli.migrate_db import migrate_db
from games.host import MatchHost
from storage import GuildSettings, SeatRow, Store, UserPrefs
from storage.links import SPECTATORS

ROOT = Path(__file__).resolve().parents[2]


async def _fill(url: str) -> list[str]:
    """Every kind of match (finished, active with a log, lobby, cancelled) and the small
    tables, in real games so that a bare `python -m bot` can replay them too."""
    store = await Store.open(url)
    host = MatchHost(store)
    ids = [
        (
            await host.create(
                "paris-paris", [SeatRow(0, "x", ai="greedy"), SeatRow(0, "y", ai="random")], seed=4
            )
        ).info.id
    ]
    humans = [SeatRow(0, "ann", user_id=2**62), SeatRow(0, "bob", user_id=7)]
    live = (
        await host.create("city-of-light", humans, seed=9, settings={"turn_deadline_s": 600})
    )._live
    for n in range(6):
        seat = min(live.to_act())
        action = live.game.legal_actions(live.state, seat)[0]
        await host.act(live.id, humans[seat].user_id, action, key=f"click-{n}")
    drawn = {"kind": "tile_drawn", "params": {"seat": 0, "tile": 3}, "to": [0]}
    await store.add_notices(live.id, 0, 6, [drawn])  # a private notice not yet shown
    for seat in (0, 0, SPECTATORS):  # web links revoked: seat 0's twice, the spectators' once
        await store.bump_link_generation(live.id, seat)
    ids.append(live.id)
    lobby = await host.open_lobby(
        "paris-paris", host_user_id=7, host_name="bob", guild_id=5, seats=4, invite=[(9, "di")]
    )
    await host.lobbies.placed(lobby.id, 11, 12)  # its message, its invitation and its expiry
    await host.join(lobby.id, 8, "cy")
    await host.leave(lobby.id, 8)  # cy stays in the seat history
    ids.append(lobby.id)
    cancelled = await host.open_lobby("moscow-paris", host_user_id=7, host_name="bob")
    await host.cancel(cancelled.id, 7)
    ids.append(cancelled.id)
    await store.set_prefs(UserPrefs(7, dms=True, locale="fr", language="en"))
    await store.set_guild_settings(
        GuildSettings(5, admin_role_id=2**63 - 1, language="fr", lobby_expiry_s=3600)
    )
    # A server's defaults (issue 19): a clock, waiting on timeouts, short lobbies, AI rated.
    await store.set_guild_settings(
        GuildSettings(
            6, clock="daily", on_timeout="wait", lobby_expiry_s=3600, rate_ai_matches=True
        )
    )
    await store.set_fact("commands:global", "abc")
    await store.close()
    return ids


async def _everything(url: str) -> tuple:
    store = await Store.open(url)
    try:
        dumps = [await store.dump_match(i) for i in await store.match_ids()]
        return (
            dumps,
            await store.all_prefs(),
            await store.all_guild_settings(),
            await store.all_facts(),
        )
    finally:
        await store.close()


async def test_sqlite_to_postgres_and_back_loses_nothing(tmp_path, pg_url, capsys):
    source, back = str(tmp_path / "source.db"), f"sqlite:///{tmp_path}/back.db"
    ids = await _fill(source)
    assert await migrate_db(source, pg_url, force=False) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("copied 4 matches (") and "1 user prefs" in line
    assert "\n" not in line and "replayed to its stored snapshot" in line
    assert await migrate_db(pg_url, back, force=False) == 0
    original = await _everything(source)
    assert original == await _everything(pg_url) == await _everything(back)
    assert [d.row.id for d in original[0]] == ids
    assert [len(d.notices) for d in original[0]] == [0, 1, 0, 0]
    assert original[0][1].links == [(SPECTATORS, 1), (0, 2)], "revoked links stay revoked"
    lobby = original[0][2]
    assert (lobby.lobby.channel_id, lobby.lobby.message_id) == (11, 12)
    assert [(i.user_id, i.status) for i in lobby.invitations] == [(9, "pending")]
    assert original[2][0].lobby_expiry_s == 3600
    assert (original[2][1].clock, original[2][1].on_timeout) == ("daily", "wait")
    # The copy is a working database: the active match loads (replayed) and plays on.
    store = await Store.open(pg_url)
    try:
        host = MatchHost(store)
        live = await host._loaded(ids[1])
        seat = min(live.to_act())
        user = live.row.seat_rows[seat].user_id
        await host.act(ids[1], user, live.game.legal_actions(live.state, seat)[0], key="next")
        with pytest.raises(Exception, match="already"):  # the old keys came along
            await store.append_action(
                ids[1],
                expected_version=live.row.version,
                seat=seat,
                action={},
                request_id="click-0",
                user_id=user,
                snapshot={},
                status="active",
            )
        assert await store.has_held_seat(ids[2], 8)
    finally:
        await store.close()


async def test_a_non_empty_target_needs_force(tmp_path, pg_url):
    source = str(tmp_path / "source.db")
    await _fill(source)
    await migrate_db(source, pg_url, force=False)
    with pytest.raises(CliError, match="is not empty .*pass --force") as err:
        await migrate_db(source, pg_url, force=False)
    assert err.value.code == 2
    assert await migrate_db(source, pg_url, force=True) == 0
    assert await _everything(source) == await _everything(pg_url)


async def test_a_log_that_does_not_replay_to_its_snapshot_stops_the_copy(tmp_path, pg_url):
    source = str(tmp_path / "source.db")
    ids = await _fill(source)
    store = await Store.open(source)
    await store.update_match(ids[1], snapshot={"tampered": True})
    await store.close()
    with pytest.raises(CliError, match=f"match {ids[1]} .* does not replay to its stored") as err:
        await migrate_db(source, pg_url, force=False)
    assert err.value.code == 1 and "\n" not in str(err.value)


def test_missing_source_and_same_database_are_refused(tmp_path, capsys):
    assert main(["migrate-db", str(tmp_path / "none.db"), str(tmp_path / "to.db")]) == 2
    assert "FROM must be an existing database" in capsys.readouterr().err
    (tmp_path / "a.db").touch()
    assert main(["migrate-db", str(tmp_path / "a.db"), f"sqlite:///{tmp_path}/a.db"]) == 2
    assert "the same database" in capsys.readouterr().err
    assert not (tmp_path / "to.db").exists()


async def test_the_command_line_copies_into_postgres(tmp_path, pg_url):
    source = str(tmp_path / "source.db")
    await _fill(source)
    proc = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot", "migrate-db", source, pg_url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.strip().splitlines()) == 1 and proc.stderr == ""
    assert await _everything(source) == await _everything(pg_url)

"""Issue 21 §3: on a database several processes share, a move is one round trip. The host
acts on its cached match without first reading the stored version; the write names the
version it read, so a copy another process moved on is never stored over, and a refusal
made on such a copy is re-decided on the match as stored now (a move, a duplicate, or the
same refusal). Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest

from games.host import HostError, MatchHost
from storage import SeatRow, Store

STEP = {"type": "step", "by": 1}


@pytest.fixture
async def two_hosts(db_url: str):
    """Two hosts, each on its own store of one database: two bot processes sharing it."""
    stores = [await Store.open(db_url), await Store.open(db_url)]
    yield [MatchHost(s, shared=True) for s in stores]
    for store in stores:
        await store.close()


async def _match(host: MatchHost) -> str:
    """A running two-player match of the toy game, Ann (user 1) to act, then Bob (user 2)."""
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)]
    return (await host.create("race", seats, seed=3)).info.id


async def test_a_move_on_a_shared_database_reads_no_version_first(two_hosts, monkeypatch):
    here, _ = two_hosts
    match_id = await _match(here)
    await here.get(match_id)  # cached
    asked: list[str] = []
    current_version = here.store.current_version

    async def counted(match: str) -> int | None:
        asked.append(match)
        return await current_version(match)

    monkeypatch.setattr(here.store, "current_version", counted)
    moved = await here.act(match_id, 1, STEP, key="ann-1", expected_version=0)
    assert [a.seat for a in moved.applied] == [0] and asked == []
    assert await current_version(match_id) == 1


async def test_a_move_on_a_copy_another_process_moved_on_is_played_on_the_stored_match(
    two_hosts,
):
    here, there = two_hosts
    match_id = await _match(here)
    assert (await here.get(match_id)).to_act == {0}  # this process's copy: Ann to act
    await there.act(match_id, 1, STEP, key="ann-1", expected_version=0)
    # Bob's button shows version 1; this process's copy is still at 0, Ann to act.
    moved = await here.act(match_id, 2, STEP, key="bob-1", expected_version=1)
    assert [a.seat for a in moved.applied] == [1]
    assert [(a.seat, a.request_id) for a in await here.store.actions(match_id)] == [
        (0, "ann-1"),
        (1, "bob-1"),
    ]
    assert (await there.get(match_id)).version == 2  # the other process sees it too


async def test_a_request_another_process_stored_is_a_duplicate_not_an_error(two_hosts):
    here, there = two_hosts
    match_id = await _match(here)
    await here.get(match_id)
    await there.act(match_id, 1, STEP, key="ann-1", expected_version=0)
    again = await here.act(match_id, 1, STEP, key="ann-1", expected_version=0)  # a double click
    assert again.duplicate and not again.applied
    assert len(await here.store.actions(match_id)) == 1


async def test_a_refusal_on_a_current_copy_stays_a_refusal(two_hosts):
    here, _ = two_hosts
    match_id = await _match(here)
    await here.get(match_id)
    with pytest.raises(HostError) as refused:
        await here.act(match_id, 2, STEP, key="bob-early", expected_version=0)
    assert refused.value.key == "turn.not_yours"
    assert await here.store.actions(match_id) == []

"""The match host: lobby, authorisation, exactly-once, AI seats, deadlines, admin, reload."""

from __future__ import annotations

import asyncio
import random

import pytest

from games.core.errors import IllegalAction
from games.core.replay import replay
from games.host import HostError, MatchHost
from games.registry import get_game
from storage import SeatRow, Store

STEP = {"type": "step", "by": 1}


async def _two_humans(host: MatchHost, **kw) -> str:
    outcome = await host.create(
        "race", [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)], seed=3, **kw
    )
    return outcome.info.id


async def test_lobby_join_add_ai_start_runs_ai_until_a_human_acts(store: Store):
    host = MatchHost(store)
    live = await host.open_lobby("race", host_user_id=1, host_name="ann", seats=3)
    await host.join(live.id, 2, "bob")
    with pytest.raises(HostError) as err:
        await host.join(live.id, 2, "bob")
    assert err.value.key == "lobby.already_joined"
    await host.add_ai(live.id, 2)
    with pytest.raises(HostError) as err:
        await host.join(live.id, 3, "cy")
    assert err.value.key == "lobby.full"
    with pytest.raises(HostError) as err:
        await host.start(live.id, 2)
    assert err.value.key == "lobby.not_host"
    outcome = await host.start(live.id, 1, seed=5)
    assert outcome._live.row.status == "active"
    assert outcome.applied == []  # seat 0 (a human) acts first
    await host.act(live.id, 1, STEP, key="k1")
    outcome = await host.act(live.id, 2, STEP, key="k2")
    assert [(a.seat, a.by) for a in outcome.applied] == [(1, "player"), (2, "ai")]


async def test_leave_and_cancel(store: Store):
    host = MatchHost(store)
    live = await host.open_lobby("race", host_user_id=1, host_name="ann", seats=2)
    await host.join(live.id, 2, "bob")
    await host.leave(live.id, 2)
    assert [s.name for s in (await store.get_match(live.id)).seat_rows] == ["ann"]
    with pytest.raises(IllegalAction) as err:
        await host.start(live.id, 1)  # 1 seat is too few for Race
    assert err.value.key == "seats.out_of_range"
    await host.cancel(live.id, 1)
    assert (await store.get_match(live.id)).status == "ended"


async def test_refusals_change_nothing(store: Store):
    host = MatchHost(store)
    match_id = await _two_humans(host)
    cases = [
        (2, STEP, "turn.not_yours"),
        (99, STEP, "seat.not_player"),
        (1, {"type": "step", "by": 7}, "action.malformed"),
        (1, {"garbage": True}, "action.malformed"),
    ]
    for user, action, key in cases:
        with pytest.raises(IllegalAction) as err:
            await host.act(match_id, user, action, key=f"k-{user}-{key}")
        assert err.value.key == key
    row = await store.get_match(match_id)
    assert row.version == 0 and await store.actions(match_id) == []


async def test_same_request_id_applies_once_even_concurrently(store: Store):
    host = MatchHost(store)
    match_id = await _two_humans(host)
    first, second = await asyncio.gather(
        host.act(match_id, 1, STEP, key="click-1"), host.act(match_id, 1, STEP, key="click-1")
    )
    assert sorted([first.duplicate, second.duplicate]) == [False, True]
    assert len(await store.actions(match_id)) == 1


async def test_two_different_moves_for_one_turn_apply_first_refuse_second(store: Store):
    host = MatchHost(store)
    match_id = await _two_humans(host)
    results = await asyncio.gather(
        host.act(match_id, 1, STEP, key="a"),
        host.act(match_id, 1, {"type": "step", "by": 2}, key="b"),
        return_exceptions=True,
    )
    assert not isinstance(results[0], Exception)
    assert isinstance(results[1], HostError) and results[1].key == "turn.not_yours"
    assert [a.action for a in await store.actions(match_id)] == [STEP]


async def test_expected_version_refuses_a_stale_button(store: Store):
    host = MatchHost(store)
    match_id = await _two_humans(host)
    await host.act(match_id, 1, STEP, key="a")
    with pytest.raises(HostError) as err:
        await host.act(match_id, 2, STEP, key="b", expected_version=0)
    assert err.value.key == "match.stale"


async def test_a_match_loads_from_its_snapshot_and_the_log_stays_the_truth(store: Store):
    host = MatchHost(store)
    match_id = await _two_humans(host)
    for i in range(4):
        await host.act(match_id, 1 + i % 2, STEP, key=f"k{i}")
    good = (await store.get_match(match_id)).snapshot
    # An unreadable snapshot: the match is replayed from its log and the snapshot repaired.
    await store.update_match(match_id, snapshot={"tampered": True})
    live = await MatchHost(store)._loaded(match_id)
    assert live.state.scores == (2, 2)
    assert (await store.get_match(match_id)).snapshot == good
    # A readable but wrong one loads as it is (one row read, no replay)…
    await store.update_match(match_id, snapshot={**good, "scores": [9, 9]})
    fresh = MatchHost(store)
    assert (await fresh._loaded(match_id)).state.scores == (9, 9)
    # …and the on-demand check finds and repairs it from the log.
    assert await fresh.verify(match_id) is False
    assert (await fresh._loaded(match_id)).state.scores == (2, 2)
    assert (await store.get_match(match_id)).snapshot == good
    assert await fresh.verify(match_id) is True


async def test_memory_holds_only_the_most_recently_used_matches(store: Store):
    host = MatchHost(store, keep=3)
    ids = [await _two_humans(host) for _ in range(6)]
    assert len(host._live) == 3 and all(host.peek(m) is None for m in ids[:3])
    await host.act(ids[0], 1, STEP, key="k0")  # an evicted match loads again when touched
    assert host.peek(ids[0]) is not None and len(host._live) == 3
    assert (await host._loaded(ids[0])).row.version == 1
    again = await host.act(ids[0], 1, STEP, key="k0")  # its key, known from the log
    assert again.duplicate


async def test_export_replays_to_the_same_state(store: Store):
    host = MatchHost(store)
    match_id = await _two_humans(host)
    for i in range(6):
        await host.act(match_id, 1 + i % 2, STEP, key=f"k{i}")
    record = await host.record(match_id)
    game = get_game("race")
    live = await host._loaded(match_id)
    assert game.snapshot(replay(game, record)) == game.snapshot(live.state)


async def test_private_events_are_routed_to_their_seat_only(store: Store):
    host = MatchHost(store)
    match_id = await _two_humans(host)
    outcome = await host.act(match_id, 1, STEP, key="k")
    assert [e.kind for e in outcome.public_events()] == ["stepped"]
    assert [e.kind for e in outcome.private_events(0)] == ["secret"]
    assert outcome.private_events(1) == []


async def test_all_ai_match_plays_to_the_end_and_finishes(store: Store):
    host = MatchHost(store)
    seats = [SeatRow(0, "x", ai="greedy"), SeatRow(0, "y", ai="random")]
    outcome = await host.create("race", seats, seed=11)
    row = await store.get_match(outcome.info.id)
    assert row.status == "finished" and row.result["winners"]
    assert row.version == len(outcome.applied)


async def test_deadline_timeout_plays_for_the_absent_player(store: Store):
    now = [1000.0]
    host = MatchHost(store, clock=lambda: now[0])
    match_id = await _two_humans(host, settings={"turn_deadline_s": 60})
    row = await store.get_match(match_id)
    assert row.deadline_at == 1060.0
    assert await host.timeout(match_id) is None  # not yet
    now[0] = 1061.0
    outcome = await host.timeout(match_id)
    assert [(a.seat, a.by) for a in outcome.applied] == [(0, "timeout")]
    assert (await store.get_match(match_id)).deadline_at == 1121.0


async def test_deadline_wait_setting_only_clears_the_deadline(store: Store):
    now = [0.0]
    host = MatchHost(store, clock=lambda: now[0])
    match_id = await _two_humans(host, settings={"turn_deadline_s": 60, "on_timeout": "wait"})
    now[0] = 100.0
    outcome = await host.timeout(match_id)
    assert outcome.applied == []
    assert (await store.get_match(match_id)).deadline_at is None


async def test_admin_replace_with_ai_plays_at_once_and_end_stops(store: Store):
    host = MatchHost(store)
    match_id = await _two_humans(host)
    outcome = await host.replace(match_id, 0, user_id=None, ai="greedy", name="AI")
    assert [a.by for a in outcome.applied] == ["ai"]
    await host.end(match_id, "abandoned")
    with pytest.raises(HostError) as err:
        await host.act(match_id, 2, STEP, key="late")
    assert err.value.key == "match.not_active"


async def test_unknown_match_and_unknown_game(store: Store):
    host = MatchHost(store)
    with pytest.raises(HostError) as err:
        await host._loaded("nope")
    assert err.value.key == "match.unknown"
    with pytest.raises(IllegalAction) as err:
        await host.create("chess", [SeatRow(0, "a", ai="random")])
    assert err.value.key == "game.unknown"


async def test_concurrent_actions_in_different_matches_do_not_share_a_transaction(store: Store):
    # Regression: with one connection, a second match's BEGIN used to land inside the first
    # match's open transaction ("cannot start a transaction within a transaction").
    host = MatchHost(store)
    ids = [await _two_humans(host) for _ in range(8)]
    for step in range(4):
        await asyncio.gather(*(host.act(m, 1 + step % 2, STEP, key=f"{m}:{step}") for m in ids))
    for match_id in ids:
        assert [a.seq for a in await store.actions(match_id)] == [1, 2, 3, 4]


async def test_a_request_repeated_after_a_restart_is_still_recognised(store: Store):
    host = MatchHost(store)
    match_id = await _two_humans(host)
    await host.act(match_id, 1, STEP, key="click-before-restart")
    restarted = MatchHost(store)  # knows the keys from the replayed log
    outcome = await restarted.act(match_id, 1, STEP, key="click-before-restart")
    assert outcome.duplicate and len(await store.actions(match_id)) == 1


async def test_a_running_match_gives_nobody_a_second_seat(store: Store):
    """Issue 17 §4: a seated admin gave her seat to an AI, took Bob's to read his secrets and
    put both back. Whoever held a seat of a running match saw its secrets: no other seat is
    theirs, while their own may be given back to them."""
    host = MatchHost(store)
    match_id = await _two_humans(host)  # Ann (user 1) in seat 0, Bob (user 2) in seat 1
    await host.replace(match_id, 0, user_id=None, ai="greedy", name="AI")
    with pytest.raises(HostError) as err:
        await host.replace(match_id, 1, user_id=1, ai=None, name="ann")
    assert err.value.key == "seat.held_another"
    assert [s.user_id for s in (await store.get_match(match_id)).seat_rows] == [None, 2]
    await host.replace(match_id, 0, user_id=1, ai=None, name="ann")  # her own seat again
    await host.replace(match_id, 1, user_id=3, ai=None, name="cy")  # a newcomer is welcome
    with pytest.raises(HostError) as err:
        await host.replace(match_id, 0, user_id=2, ai=None, name="bob")
    assert err.value.key == "seat.held_another"
    assert [s.user_id for s in (await store.get_match(match_id)).seat_rows] == [1, 3]


async def test_seeded_draws_give_every_run_the_same_match_ids_and_deal(tmp_path):
    """The demo fixes where match ids and seeds come from, so one script always plays the
    same match and its transcript can be compared between versions; by default they are
    unguessable and differ."""

    async def one_table(name: str, draws: random.Random | None) -> tuple[str, int]:
        store = await Store.open(str(tmp_path / f"{name}.db"))
        try:
            host = MatchHost(store, draws=draws)
            live = await host.open_lobby("race", host_user_id=1, host_name="ann", seats=2)
            await host.add_ai(live.id, 1)
            started = (await host.start(live.id, 1))._live.row
            return started.id, started.seed
        finally:
            await store.close()

    first = await one_table("a", random.Random(7))
    assert await one_table("b", random.Random(7)) == first
    assert await one_table("c", random.Random(8)) != first
    assert await one_table("d", None) != await one_table("e", None)

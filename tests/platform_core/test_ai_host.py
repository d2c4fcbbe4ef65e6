"""The host drives AI seats off the event loop, within their time budget, at their level."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import pytest

from games.core import ai
from games.host import HostError, MatchHost
from games.host.thinking import FALLBACK_LEVEL
from storage import SeatRow, Store


async def _opened_by_the_loop(
    coro: Any, waiting: threading.Event, gate: threading.Semaphore
) -> Any:
    """Run `coro` while a task on the event loop opens `gate` for each AI decision that
    says it is `waiting` there: a decision goes on only if the loop kept turning while it
    thought (a search run on the loop itself would wait for its gate in vain)."""
    done = asyncio.Event()

    async def opener() -> None:
        while not done.is_set():
            if waiting.is_set():
                waiting.clear()
                gate.release()
            await asyncio.sleep(0.001)

    task = asyncio.create_task(opener())
    try:
        return await coro
    finally:
        done.set()
        await task


async def test_a_strong_seat_thinks_off_the_loop_within_its_budget(store: Store, monkeypatch):
    # ai_workers=0: the search in a thread of this process, where the gated stand-in lives
    # (searches in worker processes: tests/platform_core/test_search_workers.py).
    host = MatchHost(store, ai_seconds=0.4, ai_workers=0)
    waiting, gate = threading.Event(), threading.Semaphore(0)
    budgets: list[float] = []
    opened: list[bool] = []
    choose = ai.SearchPlayer.choose

    def gated(self, game, state, seat, rng, budget=None):
        budgets.append(budget.seconds)
        waiting.set()
        opened.append(gate.acquire(timeout=30))  # 30 s: a guard against a hang, not a bound
        return choose(self, game, state, seat, rng, budget)

    monkeypatch.setattr(ai.SearchPlayer, "choose", gated)
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "AI", ai="strong")]
    match_id = (await host.create("paris-paris", seats, seed=3)).info.id
    live = await host._loaded(match_id)
    rng = random.Random(1)
    thought = 0
    while live.row.status == "active" and thought < 3:
        seat = min(live.to_act())
        assert seat == 0  # the AI seat has always replied before the call returns
        index = rng.randrange(len(host.choices(live.info(), 0)))
        outcome = await _opened_by_the_loop(
            host.play(
                match_id, 1, version=live.row.version, index=index, key=f"k{live.row.version}"
            ),
            waiting,
            gate,
        )
        thought += any(a.by == "ai" for a in outcome.applied)
    assert thought
    # The event loop kept turning while it thought, and no decision had more than 0.4 s.
    assert opened and all(opened), opened
    assert max(budgets) <= 0.4, budgets


async def test_thinking_is_shared_by_the_ai_replies_of_one_call(store: Store, monkeypatch):
    """Three strong seats answering one click split the call's budget (each searches a
    third of it rather than its own full second), so the click is answered in time."""
    host = MatchHost(store, ai_seconds=1.0, ai_call_seconds=0.6, ai_workers=0)  # counted here
    searched: list[float] = []
    choose = ai.SearchPlayer.choose

    def counted(self, game, state, seat, rng, budget=None):
        searched.append(budget.seconds)
        return choose(self, game, state, seat, rng, budget)

    monkeypatch.setattr(ai.SearchPlayer, "choose", counted)
    seats = [SeatRow(0, "ann", user_id=1), *(SeatRow(0, f"AI {n}", ai="strong") for n in range(3))]
    live = (await host.create("moscow-paris", seats, seed=5))._live
    outcome = await host.play(live.id, 1, version=live.row.version, index=0, key="k1")
    assert [a.by for a in outcome.applied].count("ai") >= 3
    assert len(searched) >= 3 and max(searched) <= 0.2 + 1e-9, searched  # all three searched
    assert FALLBACK_LEVEL == "greedy"


async def test_levels_in_lobby_and_replace(store: Store):
    host = MatchHost(store, ai_iterations=5)
    live = await host.open_lobby("race", host_user_id=1, host_name="ann", seats=3)
    await host.add_ai(live.id, 1, "strong")
    await host.add_ai(live.id, 1, "greedy")
    assert [s.ai for s in (await store.get_match(live.id)).seat_rows] == [None, "strong", "greedy"]
    with pytest.raises(KeyError):
        await host.add_ai(live.id, 1, "grandmaster")
    await host.start(live.id, 1, seed=2)
    await host.act(live.id, 1, {"type": "step", "by": 1}, key="k1")
    outcome = await host.replace(live.id, 0, user_id=None, ai="strong", name="AI")
    # Every seat is an AI now: the match plays out (with iterations, deterministically).
    assert outcome.finished and {a.by for a in outcome.applied} == {"ai"}
    with pytest.raises(HostError):
        await host.replace(live.id, 0, user_id=None, ai="strong", name="AI")


async def test_iteration_budget_makes_ai_matches_reproducible(tmp_path):
    logs = []
    for n in range(2):
        store = await Store.open(tmp_path / f"m{n}.db")
        host = MatchHost(store, ai_iterations=8)
        seats = [SeatRow(0, "a", ai="strong"), SeatRow(0, "b", ai="greedy")]
        outcome = await host.create("paris-paris", seats, seed=9)
        assert outcome.finished
        logs.append([(a.seat, a.action) for a in outcome.applied])
        await store.close()
    assert logs[0] == logs[1]


async def test_after_an_answered_click_each_strong_seat_thinks_its_whole_time(store, monkeypatch):
    """`play(then_ai=False)` stores the person's move alone (the click is answered at once);
    `wake_ai(patient=True)` then gives each strong seat its full time, not a share of 2 s."""
    host = MatchHost(store, ai_seconds=1.5, ai_call_seconds=0.6, ai_workers=0)  # counted here
    budgets: list[float] = []

    def instant(self, game, state, seat, rng, budget=None):
        budgets.append(budget.seconds)
        return game.legal_actions(state, seat)[0]

    monkeypatch.setattr(ai.SearchPlayer, "choose", instant)
    seats = [SeatRow(0, "ann", user_id=1), *(SeatRow(0, f"AI {n}", ai="strong") for n in range(3))]
    live = (await host.create("moscow-paris", seats, seed=5))._live
    outcome = await host.play(
        live.id, 1, version=live.row.version, index=0, key="k1", then_ai=False
    )
    assert [a.by for a in outcome.applied] == ["player"] and not budgets
    assert all(live.ai_of(s) for s in live.to_act())  # the AI seats wait their turn
    woken = await host.wake_ai(live.id, patient=True)
    assert {a.by for a in woken.applied} == {"ai"} and len(budgets) >= 3
    assert budgets[:3] == [1.5, 1.5, 1.5], budgets
    assert live.to_act() == {0} or live.row.status != "active"

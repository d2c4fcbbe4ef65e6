"""Issue 21 §4: a strong seat searches in a worker process, a bounded few at once, so that a
person's click is never queued behind an AI's thinking; a worker chooses exactly what the
search would choose in the bot's own process, and closing the host ends its workers.

Ordering and events only, no timing: the held search (`tests/held_search.py`) searches until
the test lets it, and says in which process it searched.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from collections.abc import Iterator

import pytest

from games.core.ai import get_player
from games.core.rng import derive_rng
from games.core.search import Budget
from games.host import MatchHost
from games.host.workers import NICENESS, Workers
from games.registry import game_keys, get_game
from storage import SeatRow, Store
from tests.held_search import GUARD_S, HeldSearch, strong_held


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSearch]:
    with strong_held(monkeypatch) as search:
        yield search


def mid_game(key: str, seed: int) -> tuple[object, int]:
    """A state some random moves into a seeded match of `key` (all seats), and who acts."""
    game = get_game(key)
    rng = random.Random(seed)
    state = game.setup(game.max_seats, game.parse_options({}), seed)
    for _ in range(12):
        if game.is_over(state):
            break
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state, min(game.to_act(state))


async def test_a_worker_chooses_what_the_search_chooses_in_this_process():
    """Same state, seed and iteration budget: the same action, in every game."""
    workers = Workers(1)
    try:
        for key in game_keys():
            game, player, budget = get_game(key), get_player("strong"), Budget(iterations=24)
            state, seat = mid_game(key, seed=11)
            inline = player.choose(game, state, seat, derive_rng(11, "ai", 12), budget)
            pooled = await workers.run(
                player.choose, game, state, seat, derive_rng(11, "ai", 12), budget
            )
            assert pooled == inline, key
    finally:
        await workers.close()


async def test_an_ai_match_plays_the_same_moves_with_and_without_workers(tmp_path):
    """The host's own path: an AI-only match stored move for move alike."""
    logs = []
    for n, workers in enumerate((0, 1)):
        store = await Store.open(tmp_path / f"m{n}.db")
        host = MatchHost(store, ai_iterations=6, ai_workers=workers)
        seats = [SeatRow(0, "a", ai="strong"), SeatRow(0, "b", ai="strong")]
        live = (await host.create("paris-paris", seats, seed=4))._live
        await host.wake_ai(live.id)
        logs.append([(a.seat, a.action) for a in await store.actions(live.id)])
        await host.close()
        await store.close()
    assert logs[0] == logs[1] and len(logs[0]) > 2


async def test_a_click_is_answered_while_a_strong_seat_searches_in_another_match(
    store: Store, held: HeldSearch
):
    """Ann's move hands match A to a strong seat, held searching in the host's only worker;
    a strong seat of match C waits for that worker, in the pool's queue. Meanwhile Bob's
    click in match B is played and answered: the event loop is nobody's to hold."""
    host = MatchHost(store, ai_workers=1)
    ann_and_ai = [SeatRow(0, "ann", user_id=1), SeatRow(0, "AI", ai="strong")]
    match_a = (await host.create("race", ann_and_ai, seed=3)).info.id
    cy_and_ai = [SeatRow(0, "cy", user_id=3), SeatRow(0, "AI", ai="strong")]
    match_c = (await host.create("race", cy_and_ai, seed=4)).info.id
    people = [SeatRow(0, "bob", user_id=2), SeatRow(0, "dee", user_id=4)]
    match_b = (await host.create("race", people, seed=5)).info.id
    thinking_a = asyncio.create_task(host.play(match_a, 1, version=0, index=0, key="ann-1"))
    assert await asyncio.to_thread(held.started.wait, GUARD_S)
    thinking_c = asyncio.create_task(host.play(match_c, 3, version=0, index=0, key="cy-1"))
    bob = await asyncio.wait_for(
        host.play(match_b, 2, version=0, index=0, key="bob-1"), GUARD_S / 2
    )
    assert [a.by for a in bob.applied] == ["player"]
    # All of it while A's search was held and C's waited for the one worker.
    assert not thinking_a.done() and not thinking_c.done() and held.searches == 1
    held.release.set()
    played = await asyncio.gather(thinking_a, thinking_c)
    assert [[a.by for a in outcome.applied] for outcome in played] == [
        ["player", "ai"],
        ["player", "ai"],
    ]
    # Both searches ran in one worker process, not in the process of the event loop.
    assert len(set(held.searched_in)) == 1 and os.getpid() not in held.searched_in
    await host.close()


async def test_closing_the_host_ends_its_worker_processes(store: Store, held: HeldSearch):
    host = MatchHost(store, ai_workers=2)
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "AI", ai="strong")]
    match_id = (await host.create("race", seats, seed=3)).info.id
    held.release.set()
    played = await host.play(match_id, 1, version=0, index=0, key="ann-1")
    assert [a.by for a in played.applied] == ["player", "ai"]
    workers = [p for p in multiprocessing.active_children() if p.pid in held.searched_in]
    assert workers
    await host.close()
    assert not any(p.is_alive() for p in workers)
    assert not set(held.searched_in) & {p.pid for p in multiprocessing.active_children()}


async def test_a_worker_yields_the_cpu_to_the_bots_process():
    """A search in a worker runs at a lower CPU priority (a higher nice value) than the
    process whose event loop answers clicks, so on busy cores the clicks come first."""
    workers = Workers(1)
    try:
        assert await workers.run(os.nice, 0) == min(19, os.nice(0) + NICENESS)
    finally:
        await workers.close()

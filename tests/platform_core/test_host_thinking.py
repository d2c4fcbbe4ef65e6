"""Issue 17 §4: an AI seat searching does not hold the match; its choice counts only on the
state it was made on.

The strong seat here searches until the test lets it (`tests/held_search.py`): while it is
held, every other call on the match must complete; once let go, its choice is played only if
the match is still where it was chosen (it steps 1).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Iterator
from typing import Any, TypeVar

import pytest

from games.host import HostError, MatchHost
from storage import SeatRow, Store
from tests.held_search import GUARD_S, HeldSearch, strong_held

T = TypeVar("T")
STEP = {"type": "step", "by": 1}


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSearch]:
    with strong_held(monkeypatch) as search:
        yield search


async def unhindered(call: Awaitable[T]) -> T:
    """`call`'s result; a call that waits for the held search never gets one."""
    try:
        return await asyncio.wait_for(call, GUARD_S / 2)
    except TimeoutError:
        pytest.fail("the call waited for the AI seat's search", pytrace=False)


async def ann_hands_the_turn_to_the_ai(
    host: MatchHost,
    held: HeldSearch,
) -> tuple[str, asyncio.Task[Any]]:
    """Race with Ann, a strong AI and Bob: Ann's click is answered, then the AI thinks (as
    the bot does: `play(then_ai=False)`, then `wake_ai(patient=True)`); returns once the AI's
    search has started, with the task that plays it."""
    seats = [
        SeatRow(0, "ann", user_id=1),
        SeatRow(0, "AI", ai="strong"),
        SeatRow(0, "bob", user_id=2),
    ]
    live = (await host.create("race", seats, seed=3))._live
    played = await host.play(live.id, 1, version=0, index=1, key="ann-1", then_ai=False)
    assert [a.by for a in played.applied] == ["player"]
    thinking = asyncio.create_task(host.wake_ai(live.id, patient=True))
    assert await asyncio.to_thread(held.started.wait, GUARD_S)
    assert host.thinking(live.id) and not host.busy(live.id)
    return live.id, thinking


async def test_while_an_ai_searches_every_other_call_on_the_match_completes(store: Store, held):
    host = MatchHost(store)
    match_id, thinking = await ann_hands_the_turn_to_the_ai(host, held)
    # The same Confirm clicked again: recognised as done.
    again = await unhindered(host.play(match_id, 1, version=0, index=1, key="ann-1"))
    assert again.duplicate and not again.applied
    # A move picked before Ann's (a stale panel or `/… play`): refused, nothing changed.
    with pytest.raises(HostError) as err:
        await unhindered(host.act(match_id, 1, STEP, key="ann-old", expected_version=0))
    assert err.value.key in ("match.stale", "turn.not_yours")
    # An admin gives Bob's seat to Cy; anyone reads the table.
    replaced = await unhindered(host.replace(match_id, 2, user_id=3, ai=None, name="cy"))
    assert replaced._live.row.seat_rows[2].user_id == 3
    live = await unhindered(host._loaded(match_id))
    assert host.view(live.info(), None).scores == [2, 0, 0] and live.row.version == 1
    assert not thinking.done()  # all of it while the AI still searched
    held.release.set()
    woken = await thinking
    assert [(a.seat, a.by) for a in woken.applied] == [(1, "ai")]
    assert [(a.seat, a.request_id) for a in await store.actions(match_id)] == [
        (0, "ann-1"),
        (1, "ai:2"),
    ]


async def test_a_choice_for_a_seat_given_to_a_person_meanwhile_is_dropped(store: Store, held):
    host = MatchHost(store)
    match_id, thinking = await ann_hands_the_turn_to_the_ai(host, held)
    await unhindered(host.replace(match_id, 1, user_id=3, ai=None, name="cy"))
    held.release.set()
    woken = await thinking
    assert woken.applied == [] and held.searches == 1
    live = await host._loaded(match_id)
    assert live.row.version == 1 and live.to_act() == {1}  # Cy's turn, untouched
    assert len(await store.actions(match_id)) == 1


async def test_a_seat_given_another_level_meanwhile_thinks_again(store: Store, held):
    """The held strong search would step 1; the seat is easy now, which steps 2 (its best):
    the easy seat's move is the one played, once."""
    host = MatchHost(store)
    match_id, thinking = await ann_hands_the_turn_to_the_ai(host, held)
    await unhindered(host.replace(match_id, 1, user_id=None, ai="greedy", name="AI"))
    held.release.set()
    woken = await thinking
    assert [(a.seat, a.action.by) for a in woken.applied] == [(1, 2)]
    assert [a.seat for a in await store.actions(match_id)] == [0, 1]


async def test_a_choice_on_a_match_another_process_moved_on_is_dropped(store: Store, held):
    """Two processes on one database: while this one's AI searches, the other gives the AI's
    seat to Cy, who plays. This process's choice was made on an old state: not stored."""
    host = MatchHost(store, shared=False)  # trusts its cache: only the store's check is left
    match_id, thinking = await ann_hands_the_turn_to_the_ai(host, held)
    other = MatchHost(store)
    await other.replace(match_id, 1, user_id=3, ai=None, name="cy")
    await other.act(match_id, 3, STEP, key="cy-1")
    held.release.set()
    woken = await thinking
    assert woken.applied == []
    assert [(a.seat, a.request_id) for a in await store.actions(match_id)] == [
        (0, "ann-1"),
        (1, "cy-1"),
    ]
    live = await host._loaded(match_id)
    assert live.row.version == 2 and live.to_act() == {2}


async def test_a_player_who_moves_while_the_timeout_ai_thinks_keeps_their_move(store: Store, held):
    """The deadline passed and the table's strong AI thinks for absent Ann; Ann clicks
    meanwhile. Her move stands and the AI's, chosen before it, is dropped."""
    now = [1000.0]
    host = MatchHost(store, clock=lambda: now[0])
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)]
    settings = {"turn_deadline_s": 60, "ai_level": "strong"}
    match_id = (await host.create("race", seats, seed=3, settings=settings)).info.id
    now[0] = 1061.0
    timing_out = asyncio.create_task(host.timeout(match_id))
    assert await asyncio.to_thread(held.started.wait, GUARD_S)
    mine = await unhindered(host.act(match_id, 1, {"type": "step", "by": 2}, key="ann-late"))
    assert [a.by for a in mine.applied] == ["player"]
    held.release.set()
    timed_out = await timing_out
    assert timed_out is not None and timed_out.applied == []
    assert [a.request_id for a in await store.actions(match_id)] == ["ann-late"]
    assert (await host._loaded(match_id)).to_act() == {1}  # Bob's turn, his deadline running


async def test_a_match_whose_ai_thinks_keeps_its_lock_in_memory(store: Store, held):
    """The host forgets idle matches beyond `keep`; one whose AI searches is not idle, even
    with its lock free: a second lock for it would let two changes interleave."""
    host = MatchHost(store, keep=1)
    match_id, thinking = await ann_hands_the_turn_to_the_ai(host, held)
    lock = host.lock(match_id)
    await host.create("race", [SeatRow(0, "x", user_id=7), SeatRow(0, "y", user_id=8)])
    assert host.peek(match_id) is not None and host.lock(match_id) is lock
    held.release.set()
    assert [a.by for a in (await thinking).applied] == ["ai"]

"""Issue 21 §3: the bot's garbage-collector policy (`bot.collector`) keeps long-lived objects out
of the collector's scans, collects the young generation less often, frees a dead cycle before
it could be frozen, freezes when no handler runs, and still frees a cycle that died after it
was frozen. Checked through the `gc` module's own state, never by timing."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import weakref
from collections.abc import Callable, Iterator

import pytest

from bot.collector import YOUNG, CollectorPolicy


class Node:
    """An object that can sit in a reference cycle and be watched by a weak reference."""

    other: Node | None = None


def tracked(obj: object) -> bool:
    """Whether the collector would scan `obj` (a frozen object is in no generation)."""
    return any(o is obj for o in gc.get_objects())


def cycle() -> tuple[Node, weakref.ref[Node]]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(a)


@pytest.fixture
def restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.set_threshold(*threshold)
    gc.unfreeze()


async def turns(n: int = 5) -> None:
    """Let the policy's task run a few rounds (it sleeps 0 s in these tests)."""
    for _ in range(n):
        await asyncio.sleep(0)


@pytest.mark.usefixtures("restored")
async def test_start_freezes_what_start_up_made_and_stop_gives_everything_back():
    before = gc.get_threshold()
    made_at_start_up = Node()
    policy = CollectorPolicy(freeze_every=3600)
    policy.start()
    assert policy.running and not tracked(made_at_start_up)
    assert gc.get_threshold() == (YOUNG, *before[1:])
    policy.stop()
    assert not policy.running and gc.get_threshold() == before
    assert tracked(made_at_start_up) and gc.get_freeze_count() == 0


@pytest.mark.usefixtures("restored")
async def test_start_collects_only_the_young_and_settle_collects_everything():
    old, alive = cycle()
    gc.collect()
    gc.collect()  # the cycle, alive, now in the oldest generation
    del old
    policy = CollectorPolicy(freeze_every=3600)
    policy.start()  # short: the young generations only
    try:
        assert alive() is not None
    finally:
        policy.stop()
    CollectorPolicy.settle()  # before serving: one full collection
    assert alive() is None


@pytest.mark.usefixtures("restored")
async def test_what_survives_a_period_is_frozen_too():
    policy = CollectorPolicy(freeze_every=0, growth=1e9)
    policy.start()
    try:
        made_later = Node()
        assert tracked(made_later)
        await turns()
        assert not tracked(made_later)
    finally:
        policy.stop()


@pytest.mark.usefixtures("restored")
async def test_a_cycle_that_died_before_a_freeze_is_freed_by_it_not_frozen():
    policy = CollectorPolicy(freeze_every=0, growth=1e9)
    policy.start()
    try:
        node, alive = cycle()  # made after start-up: young
        del node  # dead, but only a collection can tell
        assert alive() is not None
        await turns()  # the round collects the young generations before it freezes
        assert alive() is None
    finally:
        policy.stop()


async def frozen_within(obj: object, seconds: float = 10.0) -> bool:
    """Whether `obj` leaves the collector's generations (is frozen) within `seconds`."""
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    while tracked(obj) and loop.time() < until:
        await asyncio.sleep(0.01)
    return not tracked(obj)


@pytest.mark.usefixtures("restored")
async def test_a_freeze_waits_for_a_moment_when_no_handler_runs():
    answering = [True]
    policy = CollectorPolicy(lambda: answering[0], freeze_every=0, quiet_wait=3600, growth=1e9)
    policy.start()
    try:
        in_flight = Node()  # a click's objects, while it is being answered
        await turns(20)
        assert tracked(in_flight)  # not frozen while a handler runs…
        answering[0] = False
        assert await frozen_within(in_flight)  # …frozen at the first gap
    finally:
        policy.stop()


@pytest.mark.usefixtures("restored")
async def test_a_freeze_that_waited_its_longest_goes_ahead():
    policy = CollectorPolicy(lambda: True, freeze_every=0, quiet_wait=0, growth=1e9)
    policy.start()
    try:
        made_later = Node()
        assert await frozen_within(made_later)  # a handler always runs: freeze anyway
    finally:
        policy.stop()


@pytest.mark.usefixtures("restored")
async def test_a_cycle_that_dies_after_it_was_frozen_is_freed_once_memory_grows():
    policy = CollectorPolicy(freeze_every=0, growth=1e9, sweep_every=0)
    node, alive = cycle()
    policy.start()  # the cycle is frozen with everything else
    try:
        del node
        gc.collect()
        await turns()
        assert alive() is not None  # frozen: no collection frees it…
        policy.growth = 1.0  # …until the memory blocks outgrow what the last sweep left
        pile = [Node() for _ in range(100)]  # made, then frozen by the next round
        await turns()
        assert alive() is None and pile
    finally:
        policy.stop()


@contextlib.contextmanager
def dead_frozen_cycle(policy: CollectorPolicy) -> Iterator[weakref.ref[Node]]:
    """`policy` started with a cycle frozen alive, which then dies, and memory grown since."""
    node, alive = cycle()
    policy.start()
    try:
        del node
        pile = [Node() for _ in range(100)]
        yield alive
        assert pile
    finally:
        policy.stop()


def sweeping(busy: Callable[[], bool], now: list[float]) -> CollectorPolicy:
    """A policy whose sweep is due whenever memory grew and 600 s (`now`) have passed."""
    return CollectorPolicy(
        busy, freeze_every=0, quiet_wait=0, growth=1.0, sweep_every=600, clock=lambda: now[0]
    )


@pytest.mark.usefixtures("restored")
async def test_sweeps_come_at_most_once_every_sweep_every_seconds():
    now = [0.0]  # the start-up collection counts as the last sweep
    with dead_frozen_cycle(sweeping(lambda: False, now)) as alive:
        now[0] = 599.0
        await turns()
        assert alive() is not None  # memory grew, but the last sweep is too recent
        now[0] = 600.0
        await turns()
        assert alive() is None


@pytest.mark.usefixtures("restored")
async def test_a_due_sweep_runs_at_the_first_moment_no_handler_runs():
    answering, now = [True], [0.0]
    with dead_frozen_cycle(sweeping(lambda: answering[0], now)) as alive:
        now[0] = 700.0
        await turns()
        assert alive() is not None  # due, but a click is being answered
        answering[0] = False
        await turns()
        assert alive() is None


@pytest.mark.usefixtures("restored")
async def test_a_sweep_waits_for_no_handler_running_until_twice_overdue():
    now = [0.0]
    with dead_frozen_cycle(sweeping(lambda: True, now)) as alive:
        now[0] = 1199.0
        await turns()
        assert alive() is not None  # due, but a click is always being answered…
        now[0] = 1200.0
        await turns()
        assert alive() is None  # …so, twice overdue, it goes ahead

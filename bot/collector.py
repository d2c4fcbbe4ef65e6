"""The garbage collector's policy in a running bot: many short collections, no long one.

CPython's cyclic collector stops everything while it runs, the event loop that answers every
click included, for a time that grows with the objects it scans. Under a busy load (200
matches moving 1,000 times a second, `bench --only concurrent`) its full collections scanned
every live match's state and snapshot: 45-60 ms of CPU for 80,000 objects, 90 ms with 1,000
live matches, the longest stalls of the loop. A bot's modules, classes and functions alone
are 120,000 tracked objects here (60-70 ms a full collection): no full collection fits in
the 50 ms the loop may stall. So:

- At start-up, before the bot connects (`settle`), one full collection, which no click can
  wait for yet; once the bot is ready (`start`), `gc.freeze()`: modules, engine caches, the
  cogs and the guilds live for the whole run and are never scanned again.
- Every `FREEZE_EVERY_S` the objects that survived are frozen too, so no collection scans more
  than what the last seconds made; a frozen object is still freed by its reference count.
- Before each freeze, the two young generations are collected (`gc.collect(1)`): a reference
  cycle that died since (an answered click's interaction, its message and view: about 70
  objects) is freed there rather than frozen, where only a full collection could find it.
  And the freeze waits, up to `QUIET_WAIT_S`, for a moment when no handler runs (`busy`), so
  the cycles of clicks being answered are not frozen alive either.
- The youngest generation is collected after `YOUNG` allocations rather than 700: a move
  replaces a state of hundreds of objects, and a collection every few moves would scan each
  new state several times before it is frozen or freed.
- What still ends up frozen and dead (a cycle alive at a freeze, garbage later) stays until a
  sweep: `gc.unfreeze()` and one full collection of everything, a stall of the loop as long as
  that collection. It runs only when the process holds `GROWTH` times the memory blocks the
  last sweep left (`sys.getallocatedblocks`, about 25 times cheaper than counting the frozen
  objects) and at most once every `SWEEP_EVERY_S`, at a moment when no handler runs (or
  regardless, once twice that time has passed: a bot that is never idle still gets it).

Measured (`python -m bot.cli.bench_load --rate 1000 --game G`: one game's whole demo match
through the fake Discord while 200 tables move 1,000 times a second and 4 strong AIs think;
each collection's CPU time by `gc.callbacks`):
- freezing without collecting first, as this policy did before (the largest game's match, 574
  clicks): 40,685 dead objects frozen by the end, the clicks' interactions, messages and
  views; the heap doubled within the run, and the sweeps that followed stalled the loop for
  205-762 ms;
- collecting the young generations first: 201-688 dead objects frozen in a whole run (a few
  kilobytes a minute at that load), the longest collection while serving 20-25 ms, no sweep.
  The loop's worst stall, seven runs on a quiet machine: 12-38 ms, once 55 ms (two cores
  shared with four searching processes; with a third CPU-heavy process, up to 55 ms and
  once 204 ms); 200 tables at 1,000 moves/s for 20 s without the fake: 10-25 ms, where a
  sweep had stalled it 136 ms.
- earlier, with the young threshold left at 700: 38 µs of collection a move instead of 5-10;
  freezing every 10 s instead of 1 s: collections of up to 34 ms.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

FREEZE_EVERY_S = 1.0
QUIET_WAIT_S = 1.0  # how long a freeze waits for a moment when no handler runs
QUIET_POLL_S = 0.005
GROWTH = 2.0
SWEEP_EVERY_S = 3600.0
YOUNG = 10_000


def _never_busy() -> bool:
    return False


class CollectorPolicy:
    """Installed once a process is ready to serve (`start`), undone by `stop`. `busy`: whether
    a handler runs now (a click being answered), so that freezes and sweeps wait for a gap."""

    def __init__(
        self,
        busy: Callable[[], bool] = _never_busy,
        *,
        freeze_every: float = FREEZE_EVERY_S,
        quiet_wait: float = QUIET_WAIT_S,
        growth: float = GROWTH,
        sweep_every: float = SWEEP_EVERY_S,
        young: int = YOUNG,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.busy = busy
        self.clock = clock
        self.freeze_every = freeze_every
        self.quiet_wait = quiet_wait
        self.growth = growth
        self.sweep_every = sweep_every
        self.young = young
        self._swept = 0  # the memory blocks right after the last full collection
        self._swept_at = 0.0  # and when it ran (`clock`)
        self._before: tuple[int, int, int] | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    @staticmethod
    def settle() -> None:
        """One full collection, before the process serves anyone: start-up's garbage freed
        (a full collection of a bot's objects takes longer than a click may wait)."""
        gc.collect()

    def start(self) -> None:
        """Collect the young generations and freeze what start-up made (`settle` having
        collected the rest), raise the young threshold, and freeze again every
        `freeze_every` seconds from now on (in the running loop)."""
        if self.running:
            return
        gc.collect(1)
        gc.freeze()
        self._swept, self._swept_at = sys.getallocatedblocks(), self.clock()
        self._before = gc.get_threshold()
        _, middle, old = self._before
        gc.set_threshold(self.young, middle, old)
        self._task = asyncio.get_running_loop().create_task(self._keep_frozen())

    def stop(self) -> None:
        """Stop freezing, and give the collector its thresholds and the frozen objects back
        (a process that runs bots one after another, as the tests do, ends as it began)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self._before is not None:
            gc.set_threshold(*self._before)
            self._before = None
            gc.unfreeze()

    async def _keep_frozen(self) -> None:
        while True:
            await asyncio.sleep(self.freeze_every)
            await self._quiet()
            gc.collect(1)
            gc.freeze()
            if self._sweep_due():
                gc.unfreeze()
                log.debug("full collection: %d unreachable objects freed", gc.collect())
                gc.freeze()
                self._swept, self._swept_at = sys.getallocatedblocks(), self.clock()

    async def _quiet(self) -> None:
        """Return at a moment when no handler runs, or after `quiet_wait` seconds."""
        loop = asyncio.get_running_loop()
        until = loop.time() + self.quiet_wait
        while self.busy() and loop.time() < until:
            await asyncio.sleep(QUIET_POLL_S)

    def _sweep_due(self) -> bool:
        since = self.clock() - self._swept_at
        if since < self.sweep_every or sys.getallocatedblocks() <= self.growth * self._swept:
            return False
        return not self.busy() or since >= 2 * self.sweep_every

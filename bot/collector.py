"""The garbage collector's policy in a running bot: many short collections, no long one.

CPython's cyclic collector stops everything while it runs, the event loop that answers every
click included, for a time that grows with the objects it scans. Under a busy load (200
matches moving 1,000 times a second, `bench --only concurrent`) its full collections scanned
every live match's state and snapshot: 45-60 ms of CPU for 80,000 objects, 90 ms with 1,000
live matches, the longest stalls of the loop. Yet the host's path makes no garbage only the
collector can find (measured: no reference cycle left over in 2,000 moves of 200 matches;
reference counting frees each replaced state at once). So:

- At start-up, once the bot is ready, one full collection, then `gc.freeze()`: modules, engine
  caches and the cogs live for the whole run and are never scanned again.
- Every `FREEZE_EVERY_S` the objects that survived are frozen too, so no collection scans more
  than what the last seconds made; a frozen object is still freed by its reference count.
- The youngest generation is collected after `YOUNG` allocations rather than 700: a move
  replaces a state of hundreds of objects, and a collection every few moves would scan each
  new state several times before it is frozen or freed.
- Measured under that load (CPU time of each collection, `gc.callbacks`): the collector's
  share fell from 57-94 µs a move to 5-10 µs, its longest collection from 40-50 ms to 7-10 ms
  (freezing every 10 s instead: collections of up to 34 ms; the young threshold left at 700:
  38 µs a move).
- A cycle that dies after it was frozen (a click's interaction, still being answered when a
  freeze came) is not freed by its reference counts: once the process holds `GROWTH` times
  the memory blocks a full collection last left (`sys.getallocatedblocks`), one full
  collection of everything (`gc.unfreeze()` first) frees them. Not `gc.get_freeze_count()`:
  it walks every frozen object (7.5 ms per million here), on the event loop, every second;
  counting blocks is about 25 times cheaper. Memory stays within that factor of what is
  alive; a sweep stalls the loop for a full collection's length (above), as rarely as the
  live objects grow, so about never once the bot's matches are loaded.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys

log = logging.getLogger(__name__)

FREEZE_EVERY_S = 1.0
GROWTH = 2.0
YOUNG = 10_000


class CollectorPolicy:
    """Installed once a process is ready to serve (`start`), undone by `stop`."""

    def __init__(
        self,
        freeze_every: float = FREEZE_EVERY_S,
        growth: float = GROWTH,
        young: int = YOUNG,
    ) -> None:
        self.freeze_every = freeze_every
        self.growth = growth
        self.young = young
        self._swept = 0  # the memory blocks right after the last full collection
        self._before: tuple[int, int, int] | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Collect and freeze what start-up made, raise the young threshold, and freeze
        again every `freeze_every` seconds from now on (in the running loop)."""
        if self.running:
            return
        gc.collect()
        gc.freeze()
        self._swept = sys.getallocatedblocks()
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
            gc.freeze()
            if sys.getallocatedblocks() > self.growth * self._swept:
                gc.unfreeze()
                log.debug("full collection: %d unreachable objects freed", gc.collect())
                gc.freeze()
                self._swept = sys.getallocatedblocks()

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
- Every `SWEEP_EVERY_S`, one full collection of everything (`gc.unfreeze()` first) frees any
  cycle that died after it was frozen (a task or an exception caught with its frames), so
  memory stays bounded: one stall of the full collection's length (above) an hour.
"""

from __future__ import annotations

import asyncio
import gc
import logging

log = logging.getLogger(__name__)

FREEZE_EVERY_S = 1.0
SWEEP_EVERY_S = 3600.0
YOUNG = 10_000


class CollectorPolicy:
    """Installed once a process is ready to serve (`start`), undone by `stop`."""

    def __init__(
        self,
        freeze_every: float = FREEZE_EVERY_S,
        sweep_every: float = SWEEP_EVERY_S,
        young: int = YOUNG,
    ) -> None:
        self.freeze_every = freeze_every
        self.sweep_every = sweep_every
        self.young = young
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
        since_sweep = 0.0
        while True:
            await asyncio.sleep(self.freeze_every)
            since_sweep += self.freeze_every
            if since_sweep >= self.sweep_every:
                since_sweep = 0.0
                gc.unfreeze()
                log.debug("full collection: %d unreachable objects freed", gc.collect())
            gc.freeze()

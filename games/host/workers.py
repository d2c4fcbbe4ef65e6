"""Worker processes for the work that would hold the event loop: AI searches.

Threads of one Python process share its interpreter lock, so a search in a worker thread
(seconds of pure Python per move) takes its share of the lock from the event loop that
answers every click of every match: with a few AI seats thinking, each person's answer waits
in line behind them. A search therefore runs in a worker process, at most `processes` at
once (more wait their turn in the pool's queue, never on the loop), so the loop keeps a core
of its own. What crosses to a worker is pickled: the player, the engine, the state (pydantic
models), the seeded generator and the budget; the choice comes back the same as in-process.

The pool starts on first use (a bot whose seats are all people never starts one) and
`close` ends its processes. Workers come from a fork server: started once from a fresh
interpreter that imports the engines, it forks each worker, so none inherits the bot's
threads (aiosqlite's, the default executor's) or their locks half-held, as a plain fork
would, and none pays a whole interpreter start and import, as a spawn would.
Workers run at a lower CPU priority than the bot (`NICENESS`): on a machine whose cores are
all busy, the scheduler gives the loop's process the CPU first, so an AI's thinking slows
down rather than anybody's click (the search's budget is wall time: it searches less).
`processes=0` keeps the work in a thread of this process instead (a host that must not start
processes; tests whose stand-in players live in the test's own process).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")
NICENESS = 10  # added to a worker's nice value: half-way to the lowest priority


def lower_priority() -> None:
    """In a new worker: yield the CPU to the bot's own process whenever both want it."""
    os.nice(NICENESS)


def default_processes() -> int:
    """One worker per core the bot may use, less the one the event loop keeps."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


class Workers:
    """A bounded pool of worker processes, started on first use."""

    def __init__(self, processes: int, preload: Iterable[str] = ()) -> None:
        """`preload`: modules the fork server imports once, so that workers start warm."""
        if processes < 0:
            raise ValueError("workers must be 0 (a thread) or more")
        self.processes = processes
        self.preload = list(preload)
        self._pool: ProcessPoolExecutor | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in a worker (`fn` and `args` picklable), the loop free meanwhile."""
        if self.processes == 0:
            return await asyncio.to_thread(fn, *args)
        pool = self._started()
        try:
            # Submitted from a thread: a submit may start a worker, which waits for the fork
            # server's imports (seconds, the first time), and the loop must not wait with it.
            return await asyncio.wrap_future(await asyncio.to_thread(pool.submit, fn, *args))
        except BrokenProcessPool:
            # A worker died (killed, out of memory): this call fails, the next starts anew.
            if self._pool is pool:
                self._pool = None
            raise

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(self.preload)
            self._pool = ProcessPoolExecutor(
                self.processes, mp_context=context, initializer=lower_priority
            )
        return self._pool

    async def close(self) -> None:
        """End the worker processes: queued work is dropped, running work finishes first
        (a search ends within its budget). The pool starts again if used after this."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

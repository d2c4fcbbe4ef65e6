"""A strong AI seat that searches until the test lets it: no timing, events only.

While it is held, a test checks what else the match answers; `release` lets it play its
first legal move (every later search returns at once). The host runs strong searches in
worker processes (`games.host.workers`), so the held search is pickled there: its events and
counts live in a multiprocessing manager's process, which both sides reach.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Iterator
from multiprocessing.managers import SyncManager
from typing import Any

import pytest

from games.core import ai

GUARD_S = 20  # only ends a test that would hang forever: a held search never ends by itself


class HeldSearch:
    """Stands in for the strong level: `started` is set when it searches, `release` ends
    the search; `searches` counts them and `pids` holds the processes they ran in."""

    name = "strong"

    def __init__(self, manager: SyncManager) -> None:
        self.started = manager.Event()
        self.release = manager.Event()
        self.pids = manager.list()

    @property
    def searches(self) -> int:
        return len(self.pids)

    @property
    def searched_in(self) -> list[int]:
        """The process of each search so far."""
        return list(self.pids[:])

    def choose(self, game: Any, state: Any, seat: int, rng: Any, budget: Any = None) -> Any:
        self.pids.append(os.getpid())
        self.started.set()
        self.release.wait(GUARD_S)
        return game.legal_actions(state, seat)[0]


@contextlib.contextmanager
def strong_held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSearch]:
    """The strong level is a held search while this lasts (a test's `held` fixture)."""
    with multiprocessing.get_context("forkserver").Manager() as manager:
        search = HeldSearch(manager)
        monkeypatch.setitem(ai.PLAYERS, "strong", search)
        try:
            yield search
        finally:
            search.release.set()  # never leave a worker waiting

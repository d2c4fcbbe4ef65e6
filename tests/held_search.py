"""A strong AI seat that searches until the test lets it: no timing, thread events only.

While it is held, a test checks what else the match answers; `release` lets it play its
first legal move (every later search returns at once).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from games.core import ai

GUARD_S = 20  # only ends a test that would hang forever: a held search never ends by itself


class HeldSearch:
    """Stands in for the strong level: `started` is set when it searches, `release` ends
    the search; `searches` counts them."""

    name = "strong"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.searches = 0

    def choose(self, game: Any, state: Any, seat: int, rng: Any, budget: Any = None) -> Any:
        self.searches += 1
        self.started.set()
        self.release.wait(GUARD_S)
        return game.legal_actions(state, seat)[0]


@contextlib.contextmanager
def strong_held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSearch]:
    """The strong level is a held search while this lasts (a test's `held` fixture)."""
    search = HeldSearch()
    monkeypatch.setitem(ai.PLAYERS, "strong", search)
    try:
        yield search
    finally:
        search.release.set()  # never leave a worker thread waiting

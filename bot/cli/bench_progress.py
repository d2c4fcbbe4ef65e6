"""What `bench` is doing while it runs: its parts, and progress lines on stderr (a whole run
takes minutes, and a silent terminal looks stuck). Standard output keeps the figures alone
(and `--json` one object). Light on imports: the command line's parser reads `PARTS`."""

from __future__ import annotations

import sys
import time

# The parts of a run, in running order (`bench --only PART` runs one).
PARTS = ("engines", "ai", "host", "concurrent", "startup", "records", "discord", "web", "load")
# Parts a whole run leaves out, run by `--only` alone: `load` plays every game's whole demo
# match through the fake Discord under the concurrent load, minutes that no `--seconds` or
# `--tables` shortens (a match is as long as its script).
ALONE = ("load",)

# How the figures name each storage backend.
BACKENDS = {"sqlite": "SQLite", "postgres": "PostgreSQL"}


class Progress:
    """One line per step: the time since the bench started, the part, and what it measures
    now (a game, a backend)."""

    def __init__(self) -> None:
        self._start = time.perf_counter()

    def step(self, part: str, what: str) -> None:
        elapsed = time.perf_counter() - self._start
        # sys.stderr at each call, not at start: a test's captured stream is swapped in late.
        print(f"bench {elapsed:7.1f} s  {part}: {what}", file=sys.stderr, flush=True)

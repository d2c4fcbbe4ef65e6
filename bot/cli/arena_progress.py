"""What an arena run is doing: a line on stderr as each match finishes (an arena at the bot's
budget takes hours, and a silent terminal looks stuck). Standard output keeps the report."""

from __future__ import annotations

import sys
import time


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Progress:
    """Matches done of the whole run, the measured AI's running win rate in the line the
    match belongs to, the time so far and an estimate of the time left (the mean time per
    match so far, times the matches left)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self._start = time.perf_counter()

    def match_done(self, line: str, wins: float, played: int) -> None:
        """Count one finished match; `wins` of `played` is its line's record so far."""
        self.done += 1
        elapsed = time.perf_counter() - self._start
        left = elapsed / self.done * (self.total - self.done)
        # sys.stderr at each call, not at start: a test's captured stream is swapped in late.
        print(
            f"arena {self.done}/{self.total} matches  {line}: A won {wins:g} of {played} "
            f"({wins / played:.0%})  elapsed {_clock(elapsed)}  ETA {_clock(left)}",
            file=sys.stderr,
            flush=True,
        )

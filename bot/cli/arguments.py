"""Argument types shared by every subcommand: counts and durations are checked while the
command line is parsed, so `--matches 0` is one sentence at once instead of a traceback (or
a nonsense report) after minutes of work."""

from __future__ import annotations

import argparse
import math


def positive_int(text: str) -> int:
    """A count (matches, actions, iterations, processes, an id): a whole number ≥ 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return value


def positive_float(text: str) -> float:
    """A duration in seconds: a finite number above 0 (float() also reads nan and inf)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number above 0 (such as 0.5), not {text!r}")
    return value


def seconds_or_bot(text: str) -> float | str:
    """A time budget in seconds, or `bot`: the bot's own budget as calibrated iterations."""
    if text == "bot":
        return text
    try:
        return positive_float(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"must be a number above 0 (such as 0.5) or bot, not {text!r}"
        ) from None

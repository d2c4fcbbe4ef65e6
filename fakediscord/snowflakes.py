"""Ids and timestamps as Discord makes them: time-ordered snowflakes, ISO 8601 times."""

from __future__ import annotations

import itertools
import time
from datetime import UTC, datetime

DISCORD_EPOCH_MS = 1420070400000

_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh, time-ordered, process-unique snowflake."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()

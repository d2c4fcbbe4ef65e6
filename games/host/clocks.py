"""Named clocks players understand (live, rapid, daily, relaxed, none): how long each turn
lasts, and when its player is reminded before the time is up.

A match keeps its clock as a table setting, `turn_deadline_s`; its preset is found back from
that length, so a match stored with any other length (before presets) keeps its deadline and
is reminded at half time and when a tenth of the turn is left."""

from __future__ import annotations

import dataclasses

from games.host.errors import HostError
from storage.rows import Deadline

HALF, FINAL = 1, 2  # the reminders of one turn, in order: how many were sent is stored
FINAL_SHARE = 0.1  # a length no preset has: the last reminder when a tenth is left


@dataclasses.dataclass(frozen=True, slots=True)
class Clock:
    """A preset: `turn_s` seconds per turn (None: no deadline), and the last reminder
    `final_s` seconds before the deadline (long enough to come back and play)."""

    key: str
    turn_s: int | None
    final_s: int | None


CLOCKS = (
    Clock("live", 2 * 60, 30),
    Clock("rapid", 10 * 60, 2 * 60),
    Clock("daily", 24 * 3600, 2 * 3600),
    Clock("relaxed", 3 * 24 * 3600, 6 * 3600),
    Clock("none", None, None),  # the last: a server's default until an admin picks another
)


def clock(key: str) -> Clock:
    """The preset named `key`; a name no preset has (a forged pick) is refused."""
    for preset in CLOCKS:
        if preset.key == key:
            return preset
    raise HostError("clock.unknown", "pick a clock from the list", clock=key)


def stored_clock(key: str) -> Clock:
    """A server's stored default: a preset this version no longer has means no clock."""
    return next((c for c in CLOCKS if c.key == key), CLOCKS[-1])


def clock_of(turn_s: int | None) -> Clock | None:
    """The preset of a turn length; None for a length no preset has."""
    return next((c for c in CLOCKS if c.turn_s == turn_s), None)


def reminder_times(deadline: Deadline) -> tuple[float, float] | None:
    """When the half-time and the near-end reminders of the running turn are due."""
    if not deadline.seconds:
        return None
    preset = clock_of(deadline.seconds)
    final = preset.final_s if preset and preset.final_s else deadline.seconds * FINAL_SHARE
    return deadline.at - deadline.seconds / 2, deadline.at - final


def reminder_due(deadline: Deadline, now: float) -> int | None:
    """The reminder to send now (HALF or FINAL), if one is due and not sent yet. After a
    pause past both (a restart), only the near-end one is sent: one ping, the one that
    matters."""
    times = reminder_times(deadline)
    if times is None or now >= deadline.at:
        return None
    due = max(
        (stage for stage, at in zip((HALF, FINAL), times, strict=True) if at <= now), default=0
    )
    return due if due > deadline.reminders else None


def next_reminder(deadline: Deadline, now: float) -> float | None:
    """When the next reminder not sent yet falls due after `now`; None if none is left."""
    times = reminder_times(deadline)
    if times is None:
        return None
    later = [at for stage, at in enumerate(times, 1) if stage > deadline.reminders and at > now]
    return min(later, default=None)

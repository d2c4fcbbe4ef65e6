"""Seeded randomness: every random draw of a match derives from its seed and a purpose.

Deriving a fresh generator per purpose (``derive_rng(seed, "piles")``,
``derive_rng(seed, "reshuffle", 3)``) keeps replays exact even when engines change the order
in which they consume randomness elsewhere.
"""

from __future__ import annotations

import random
from typing import Any


def derive_rng(seed: int, purpose: str, n: int = 0) -> random.Random:
    """A generator that depends only on (seed, purpose, n)."""
    return random.Random(f"{seed}:{purpose}:{n}")


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`, draw for draw (the same calls to `getrandbits`, the same order):
    CPython's algorithm with its `_randbelow` written inline, at under half the cost. Every
    random game deals through this, so the benchmarks and AI determinisations feel it; and a
    record's shuffles no longer depend on the standard library keeping its algorithm."""
    getrandbits = rng.getrandbits
    for i, k in _steps(len(items)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """A shuffle's swaps for `size` items: (i, the bits of i + 1), i from the top down to 1,
    worked out once per size (AI determinisations shuffle thousands of times a second)."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return steps


_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}

"""Seeded randomness: every random draw of a match derives from its seed and a purpose.

Deriving a fresh generator per purpose (``derive_rng(seed, "piles")``,
``derive_rng(seed, "reshuffle", 3)``) keeps replays exact even when engines change the order
in which they consume randomness elsewhere.
"""

from __future__ import annotations

import random


def derive_rng(seed: int, purpose: str, n: int = 0) -> random.Random:
    """A generator that depends only on (seed, purpose, n)."""
    return random.Random(f"{seed}:{purpose}:{n}")

"""Phase 2's legal move lists as segments of precomputed action tables, listed or drawn from.

Every legal move of phase 2 is an action built once at import, found in a table by cell: a
building at each anchor, a piece on each cell. So a list of legal moves is a few *segments*,
each a bit mask of cells and the table the actions are read from: `expand` lists them
(`legal_actions`), `draw` picks the k-th one without building the others (the search's random
playouts, `CityOfLight.playout_step`). Both read the same segments, so the k-th move drawn is
always the k-th move listed. (Phase 1's few moves are listed directly: tiles.py.)

A segment is `(mask, table, row)`: for each cell c set in `mask`, ascending, the action
`table[c]` (`row` None), or the actions `table[c][i]` for each i in `row` (Levitation's
activations by the building given).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain
from operator import itemgetter
from typing import Any

from games.city_of_light.board import at_bits

Segment = tuple[int, Sequence[Any], tuple[int, ...] | None]


def single(action: Any) -> Segment:
    """A segment of one action."""
    return 1, (action,), None


def listed(actions: Sequence[Any]) -> Segment:
    """A segment of actions already listed (a few, where no table by cell fits)."""
    return (1 << len(actions)) - 1, actions, None


def expand(segments: list[Segment]) -> list[Any]:
    """Every action of `segments`, in order (rows unpacked by C loops: a Levitation list
    has hundreds of actions)."""
    out: list[Any] = []
    for mask, table, row in segments:
        if row is None:
            out += at_bits(mask, table)
        elif len(row) == 1:
            out += map(itemgetter(row[0]), at_bits(mask, table))
        else:
            out += chain.from_iterable(map(itemgetter(*row), at_bits(mask, table)))
    return out


def draw(segments: list[Segment], rng: random.Random) -> Any | None:
    """`expand(segments)[rng.randrange(n)]` for the n actions listed, drawn from `rng` just
    so, without listing them (None, after drawing from one, when there are none)."""
    sizes = [
        mask.bit_count() if row is None else mask.bit_count() * len(row)
        for mask, _, row in segments
    ]
    n = sum(sizes)
    k = rng.randrange(n or 1)  # the move of a seat with none, passing, is drawn like a list
    if not n:
        return None
    for (mask, table, row), size in zip(segments, sizes, strict=True):
        if k >= size:
            k -= size
            continue
        if row is None:
            j = k
        else:
            j, i = divmod(k, len(row))
        for _ in range(j):
            mask &= mask - 1
        c = (mask & -mask).bit_length() - 1
        return table[c] if row is None else table[c][row[i]]
    raise AssertionError(k)

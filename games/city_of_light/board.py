"""Board geometry, precomputed once: cells as indices and bitmasks, tile and shape rotations.

A cell (x, y) is the index ``y * 8 + x`` and the bit ``1 << index``. Every placement of every
shape is computed at import time, so legality checks in the hot path are one ``&`` on ints.
Rotation ``r`` means r clockwise quarter turns from the printed orientation (y points down).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import Any, TypeVar

from games.city_of_light.data import BUILDING_KEYS, BUILDINGS, DOMINO, FACINGS, SIZE, TILES

T = TypeVar("T")
CELLS = SIZE * SIZE
ALL_MASK = (1 << CELLS) - 1


def idx(x: int, y: int) -> int:
    return y * SIZE + x


def xy(i: int) -> tuple[int, int]:
    return i % SIZE, i // SIZE


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def bits(mask: int) -> list[int]:
    """The cell indices set in `mask`, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def at_bits(mask: int, table: Sequence[T]) -> Sequence[T]:
    """`table`'s entries at the cells set in `mask`, ascending (actions built once per cell),
    read by one `itemgetter` kept for the mask: a legal move list reads hundreds, and the
    same masks come back move after move."""
    getter = _getters.get(mask)
    if getter is None:
        if len(_getters) >= _GETTERS_KEPT:
            _getters.clear()
        getter = _getters[mask] = _getter(bits(mask))
    return getter(table)


def _getter(cells: list[int]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A function of a table: its entries at `cells`, as a tuple (itemgetter gives one alone
    for one cell)."""
    if len(cells) > 1:
        return itemgetter(*cells)
    if cells:
        (cell,) = cells
        return lambda table: (table[cell],)
    return lambda table: ()


_GETTERS_KEPT = 50_000  # masks whose getter `at_bits` keeps (a pure cache, emptied when full)
_getters: dict[int, Callable[[Sequence[Any]], tuple[Any, ...]]] = {}


def mask_of(cells: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def _neighbours(i: int, deltas: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    x, y = xy(i)
    return tuple(idx(x + dx, y + dy) for dx, dy in deltas if on_board(x + dx, y + dy))


ORTH_DELTAS = tuple(FACINGS.values())
DIAG_DELTAS = ((1, -1), (1, 1), (-1, 1), (-1, -1))
ORTH: tuple[tuple[int, ...], ...] = tuple(_neighbours(i, ORTH_DELTAS) for i in range(CELLS))
DIAG: tuple[tuple[int, ...], ...] = tuple(_neighbours(i, DIAG_DELTAS) for i in range(CELLS))
ORTH_MASK: tuple[int, ...] = tuple(mask_of(n) for n in ORTH)


_LEFT_EDGE = sum(1 << idx(0, y) for y in range(SIZE))
_RIGHT_EDGE = sum(1 << idx(SIZE - 1, y) for y in range(SIZE))


def grow(mask: int) -> int:
    """`mask` plus every cell orthogonally next to it (shift-based, no loop over cells)."""
    east = (mask & ~_RIGHT_EDGE) << 1
    west = (mask & ~_LEFT_EDGE) >> 1
    return (mask | east | west | (mask << SIZE) | (mask >> SIZE)) & ALL_MASK


# --- tiles

Grid = tuple[tuple[str, str], tuple[str, str]]  # a tile's 2×2 cells, row by row


def rotate_grid(grid: Grid, turns: int) -> Grid:
    """Rotate a 2×2 grid clockwise: [[a, b], [c, d]] -> [[c, a], [d, b]]."""
    for _ in range(turns % 4):
        (a, b), (c, d) = grid
        grid = ((c, a), (d, b))
    return grid


# TILE_CELLS[(tile, rotation)] = ((dx, dy, letter), ...) for the four cells of the tile.
TILE_CELLS: dict[tuple[int, int], tuple[tuple[int, int, str], ...]] = {}
for _tile, _grid in TILES.items():
    for _rot in range(4):
        _g = rotate_grid(_grid, _rot)
        TILE_CELLS[(_tile, _rot)] = tuple((dx, dy, _g[dy][dx]) for dy in (0, 1) for dx in (0, 1))


# --- building shapes


def normalise(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def rotate_shape(cells: Iterable[tuple[int, int]], turns: int) -> tuple[tuple[int, int], ...]:
    """Clockwise quarter turns with y down: (x, y) -> (-y, x), then back to the origin."""
    out = tuple(cells)
    for _ in range(turns % 4):
        out = tuple((-y, x) for x, y in out)
    return normalise(out)


class Shape:
    """One shape's rotations and every on-board placement of each.

    `fits` covers only rotations that differ (a SQUARE has one), for legal_actions;
    `by_anchor` accepts every rotation 0..3 so a redundant rotation still names a placement.
    """

    __slots__ = ("key", "size", "rotations", "distinct", "by_anchor", "fits")

    def __init__(self, key: str, cells: tuple[tuple[int, int], ...]) -> None:
        self.key = key
        self.size = len(cells)
        self.rotations = tuple(rotate_shape(cells, r) for r in range(4))
        self.distinct = tuple(r for r in range(4) if self.rotations[r] not in self.rotations[:r])
        # by_anchor[(rotation, x, y)] = (mask, cells)
        self.by_anchor: dict[tuple[int, int, int], tuple[int, tuple[int, ...]]] = {}
        for r in range(4):
            shape = self.rotations[r]
            w = max(x for x, _ in shape) + 1
            h = max(y for _, y in shape) + 1
            for y in range(SIZE - h + 1):
                for x in range(SIZE - w + 1):
                    cs = tuple(sorted(idx(x + dx, y + dy) for dx, dy in shape))
                    self.by_anchor[(r, x, y)] = (mask_of(cs), cs)
        # Per distinct rotation: (rotation, each cell's index offset from the anchor, the
        # anchors that keep the shape on the board), for `anchors`.
        self.fits: tuple[tuple[int, tuple[int, ...], int], ...] = tuple(
            (r, tuple(idx(dx, dy) for dx, dy in self.rotations[r]), _on_board(self.rotations[r]))
            for r in self.distinct
        )


def _on_board(shape: tuple[tuple[int, int], ...]) -> int:
    """The anchors (top-left cells) at which `shape` lies wholly on the board."""
    w = max(x for x, _ in shape) + 1
    h = max(y for _, y in shape) + 1
    return mask_of([idx(x, y) for y in range(SIZE - h + 1) for x in range(SIZE - w + 1)])


def anchors(offsets: tuple[int, ...], on_board: int, allowed: int, extra: int = 0) -> int:
    """The anchors (a bit mask) at which a shape of cells `offsets` covers only `allowed`
    cells, or all but one of them with that one in `extra`: one shift and `&` per cell for
    the whole board, instead of a test per placement (the phase 2 legal moves' hot spot)."""
    fit = on_board
    if not extra:
        for d in offsets:
            fit &= allowed >> d
        return fit
    miss = extra & ~allowed
    inside = allowed | extra
    once = twice = 0
    for d in offsets:
        fit &= inside >> d
        m = miss >> d
        twice |= once & m
        once |= m
    return fit & ~twice


SHAPES: tuple[Shape, ...] = tuple(Shape(k, BUILDINGS[k]) for k in BUILDING_KEYS)
DOMINO_SHAPE = Shape("DOMINO", DOMINO)

"""City lines: the columns of action cards 2 and 3, closing gaps, claimable cities (which
layout.py works out once per layout) and refilling an emptied row from the city deck.

Functions read a `State` or a `Draft` alike (the same field names).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from games.core.contract import Event, event
from games.moscow_paris.data import CITY_IDS, ROWS
from games.moscow_paris.layout import layout
from games.moscow_paris.state import LEFT, NO_CITY, Draft, State, put

ROW_RANGE = range(ROWS)


@cache  # a pure function of at most 5⁴ × 4 × 2 arguments; a column played is checked here
def side_columns(
    lengths: tuple[int, ...], count: int, any_rows: bool
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(index, rows) of every set of `count` wagons «в разных городских линиях друг над
    другом» on one side of the lines, whose lengths by row are `lengths`: the same place
    (distance `index` from the city) in `count` different rows. With `any_rows` False (the
    default reading) the rows are neighbours, with no row between them; a row without a
    wagon there (or without a city) breaks the column. The columns of a side depend on its
    lengths alone."""
    out: list[tuple[int, tuple[int, ...]]] = []
    row_sets = _ROW_SETS[any_rows][count]
    for index in range(4):
        reach = 0  # the rows whose line reaches this place
        for r in ROW_RANGE:
            if lengths[r] > index:
                reach |= 1 << r
        found = row_sets[reach]
        if not found:
            break  # fewer rows still reach further out
        out.extend((index, rows) for rows in found)
    return tuple(out)


def _row_sets(count: int, any_rows: bool, reach: int) -> tuple[tuple[int, ...], ...]:
    """The sets of `count` rows among the rows of the mask `reach` that may form a column,
    top first: any such rows, or only neighbouring ones."""
    rows = [r for r in ROW_RANGE if reach >> r & 1]
    if any_rows:
        return tuple(combinations(rows, count))
    runs = (tuple(range(start, start + count)) for start in range(ROWS - count + 1))
    return tuple(run for run in runs if all(r in rows for r in run))


# By `any_rows`, count and mask of rows, the row sets of `_row_sets` (built once).
_ROW_SETS = tuple(
    tuple(
        tuple(_row_sets(count, any_rows, reach) for reach in range(1 << ROWS))
        for count in range(ROWS + 1)
    )
    for any_rows in (False, True)
)


def remove_at(d: Draft, row: int, side: int, index: int) -> int:
    """Take the wagon at (row, side, index) out of its line; the wagons further out slide one
    place toward the city («оставшиеся карты вагонов этой городской линии сдвигаются к
    городу»). Returns its type."""
    sides = d.lefts if side == LEFT else d.rights
    wagons = sides[row]
    wagon = wagons[index]
    sides = put(sides, row, wagons[:index] + wagons[index + 1 :])
    if side == LEFT:
        d.lefts = sides
    else:
        d.rights = sides
    return wagon


def clear_row(d: Draft, row: int) -> tuple[int, ...]:
    """Remove every wagon of a row's line; returns them (left side, then right)."""
    wagons = d.lefts[row] + d.rights[row]
    d.lefts = put(d.lefts, row, ())
    d.rights = put(d.rights, row, ())
    return wagons


def claimable(board: State, seat: int) -> tuple[int, ...]:
    """Rows whose city `seat` may claim (`Layout.claimable`, kept per layout of the lines)."""
    return layout(board).claimable(board.tableaux[seat])


def refill_row(d: Draft, row: int, events: list[Event]) -> None:
    """A new city from the city deck takes the emptied row; with the deck empty the row stays
    empty («На место взятой карты города выложите новую карту из стопки городов»)."""
    if d.city_deck:
        city = d.city_deck[0]
        d.city_deck = d.city_deck[1:]
        d.cities = put(d.cities, row, city)
        events.append(event("city_revealed", {"row": row, "city": CITY_IDS[city]}))
    else:
        d.cities = put(d.cities, row, NO_CITY)

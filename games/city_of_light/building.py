"""Phase 2 building placement, with the two delayed postcard effects that bend its rules.

A building normally covers only free cells of its owner's colour or mixed. A pending
Metropolitain lets it cover one free streetlight; a held Chartier token lets it cover one
rival-coloured cell (which becomes mixed). [R] One exception per building, not both.
"""

from __future__ import annotations

from typing import Any

from games.city_of_light import actions as A
from games.city_of_light.board import CELLS, SHAPES, anchors, xy
from games.city_of_light.data import BUILDING_KEYS
from games.city_of_light.segments import Segment
from games.city_of_light.state import (
    LIGHT,
    MIXED,
    State,
    allowed_mask,
    chimneys_left,
    occupy,
)
from games.core.contract import Event, event
from games.core.errors import IllegalAction

NORMAL, METRO, CHARTIER = 0, 1, 2
USE_NAMES = {NORMAL: None, METRO: "metropolitain", CHARTIER: "chartier"}


def exception_cells(state: State, seat: int) -> tuple[int, int, int]:
    """(allowed, metro_extra, chartier_extra) masks for `seat` now."""
    allowed = allowed_mask(state, seat)
    metro = state.free & state.kinds[LIGHT] if state.metro == seat else 0
    chartier = state.free & state.kinds[1 - seat] if state.chartier == seat else 0
    return allowed, metro, chartier


def placement_use(mask: int, allowed: int, metro: int, chartier: int) -> int:
    """NORMAL, METRO or CHARTIER for a legal placement of `mask`, else -1."""
    rest = mask & ~allowed
    if not rest:
        return NORMAL
    if rest & (rest - 1):
        return -1
    if rest & metro:
        return METRO
    if rest & chartier:
        return CHARTIER
    return -1


def can_place(state: State, seat: int) -> bool:
    """Whether `seat` can place any reserve building now (pending effects included)."""
    reserve = state.reserves[seat]
    if not reserve or not chimneys_left(state, seat):
        return False
    allowed, metro, chartier = exception_cells(state, seat)
    fits = fit_masks(allowed, metro | chartier)
    return any(any(fits[b]) for b in reserve)


def fit_masks(allowed: int, extra: int) -> tuple[tuple[int, ...], ...]:
    """By building, then distinct rotation (`Shape.fits`), the anchors where it covers only
    `allowed` cells but for at most one of `extra` (`anchors`). Kept by the two masks: a
    seat's cells change with its own moves, so the search meets the same masks again and
    again (building, Levitation and the end of the game all ask)."""
    key = (allowed, extra)
    found = _fits.get(key)
    if found is None:
        if len(_fits) >= _FITS_KEPT:
            _fits.clear()
        found = _fits[key] = tuple(
            tuple(anchors(offsets, on_board, allowed, extra) for _, offsets, on_board in s.fits)
            for s in SHAPES
        )
    return found


_FITS_KEPT = 20_000  # masks pairs kept by `fit_masks` (a pure cache, emptied when full)
_fits: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


# For each shape, per distinct rotation: (offsets, on-board anchors, the Build action at each
# anchor index), the actions built once at import.
_BUILD_FITS: tuple[tuple[tuple[tuple[int, ...], int, tuple[A.Build | None, ...]], ...], ...] = (
    tuple(
        tuple(
            (
                offsets,
                on_board,
                tuple(
                    A.build(shape.key, r, *xy(c)) if on_board >> c & 1 else None
                    for c in range(CELLS)
                ),
            )
            for r, offsets, on_board in shape.fits
        )
        for shape in SHAPES
    )
)


def segments(state: State, seat: int, out: list[Segment]) -> None:
    """Adds to `out` the legal placements of each reserve building (by rotation, anchor)."""
    if not chimneys_left(state, seat):
        return
    allowed, metro, chartier = exception_cells(state, seat)
    fits = fit_masks(allowed, metro | chartier)
    for b in state.reserves[seat]:
        for fit, (_, _, actions) in zip(fits[b], _BUILD_FITS[b], strict=True):
            if fit:
                out.append((fit, actions, None))


def require_chimney(state: State, seat: int) -> None:
    """Every building placed takes one of the owner's 7 chimneys."""
    if not chimneys_left(state, seat):
        raise IllegalAction(
            "city_of_light.no_chimney",
            "all 7 of your chimneys are on buildings: you cannot place another building",
        )


def check_placement(
    state: State, seat: int, b: int, rotation: int, x: int, y: int
) -> tuple[tuple[int, ...], int]:
    """(cells, use) of a legal placement; raises IllegalAction otherwise."""
    entry = SHAPES[b].by_anchor.get((rotation, x, y))
    key = BUILDING_KEYS[b]
    if entry is None:
        raise IllegalAction(
            "city_of_light.off_board",
            f"{key} turned {rotation} at ({x}, {y}) does not fit on the board",
            building=key,
            x=x,
            y=y,
            rotation=rotation,
        )
    mask, cells = entry
    use = placement_use(mask, *exception_cells(state, seat))
    if use < 0:
        raise IllegalAction(
            "city_of_light.cannot_build_there",
            "a building covers only free cells of your colour or mixed, never a streetlight",
            building=key,
            x=x,
            y=y,
            rotation=rotation,
        )
    return cells, use


def place(
    state: State, seat: int, slot: int, cells: tuple[int, ...], use: int, code: int
) -> dict[str, Any]:
    """Changes (a dict for State.replace) that put piece `code` on `cells` for `seat`,
    spending a pending effect if `use` says so."""
    occ, free = occupy(state, cells, code)
    changes: dict[str, Any] = {"occ": occ, "free": free}
    if slot >= 0:
        built = list(state.built)
        built[slot] = (seat, cells)
        changes["built"] = tuple(built)
    if use == METRO:
        changes["metro"] = -1
    elif use == CHARTIER:
        rival = 1 - seat
        (cell,) = [c for c in cells if state.cells[c] == rival]
        kinds = list(state.kinds)
        kinds[rival] &= ~(1 << cell)
        kinds[MIXED] |= 1 << cell
        grid = list(state.cells)
        grid[cell] = MIXED
        changes.update(chartier=-1, chartier_cell=cell, kinds=tuple(kinds), cells=tuple(grid))
    return changes


def from_reserve(state: State, seat: int, key: str) -> int:
    """The index of building `key` if `seat` holds it, else IllegalAction."""
    b = BUILDING_KEYS.index(key)
    if b not in state.reserves[seat]:
        raise IllegalAction(
            "city_of_light.building_not_in_reserve", f"{key} is not in your reserve", building=key
        )
    return b


def from_supply(state: State, key: str) -> int:
    """The index of building `key` if it is in the shared supply, else IllegalAction."""
    b = BUILDING_KEYS.index(key)
    if b not in state.supply:
        raise IllegalAction(
            "city_of_light.building_not_in_supply", f"{key} is not in the supply", building=key
        )
    return b


def reserves_without(state: State, seat: int, b: int) -> tuple[tuple[int, ...], ...]:
    reserves = list(state.reserves)
    reserves[seat] = tuple(x for x in reserves[seat] if x != b)
    return tuple(reserves)


def apply_build(state: State, seat: int, action: A.Build) -> tuple[dict[str, Any], list[Event]]:
    """The changes of a building placed (the end of the turn is the engine's)."""
    b = from_reserve(state, seat, action.building)
    require_chimney(state, seat)
    cells, use = check_placement(state, seat, b, action.rotation, action.x, action.y)
    changes = place(state, seat, b, cells, use, b)
    changes["reserves"] = reserves_without(state, seat, b)
    placed = event(
        "building_placed",
        {
            "seat": seat,
            "building": action.building,
            "rotation": action.rotation,
            "x": action.x,
            "y": action.y,
            "cells": [[c % 8, c // 8] for c in cells],
            "effect": USE_NAMES[use],
        },
    )
    return changes, [placed]

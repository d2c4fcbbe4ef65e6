"""Final scoring: lit buildings, the largest district, unbuilt buildings, stamped postcards.

The same function gives the running estimate (`CityOfLight.scores`) on an unfinished board.
Every term is reported in `details`, per building and per player, for recaps and tests.
"""

from __future__ import annotations

from typing import Any

from games.city_of_light.board import ALL_MASK, DIAG, ORTH, bits, grow, mask_of, on_board, xy
from games.city_of_light.data import (
    COLOURS,
    DANCER_POINTS_PER_SPACE,
    FACINGS,
    FOUNTAIN_POINTS_PER_BUILDING,
    GRANDE_LUMIERE_PATTERNS,
    PAINTER_POINTS_PER_LIGHT,
    SIZE,
    STATUE_POINTS_DIAGONAL,
    STATUE_POINTS_ORTHOGONAL,
    UNBUILT_PENALTY,
)
from games.city_of_light.postcards import SLOT_NAMES
from games.city_of_light.state import (
    BUILDING_SLOTS,
    DANCER,
    FOUNTAIN,
    FREE,
    GRAND,
    LAMP,
    LIGHT,
    PAINTER,
    STATUE,
    State,
    activated_by,
    building_cells,
    own_free_mask,
    piece_cell,
)
from games.core.contract import Result, rank_by


def slot_map(state: State) -> list[int]:
    """For each cell, the building slot covering it (the annex counts as its building), or -1."""
    at = [-1] * (SIZE * SIZE)
    for slot in range(BUILDING_SLOTS):
        for c in building_cells(state, slot):
            at[c] = slot
    return at


def lights_per_building(state: State, at: list[int]) -> list[int]:
    """Distinct light sources lighting each slot. A streetlight counts once per building."""
    lit = [0] * BUILDING_SLOTS
    sources = [c for c in bits(state.kinds[LIGHT]) if at[c] < 0]  # a covered light is gone [R]
    lamp = piece_cell(state, LAMP)
    if lamp >= 0:
        sources.append(lamp)
    for c in sources:
        if state.occ[c] == GRAND:
            slots = _rays(state, c, at)
        else:
            slots = {at[n] for n in ORTH[c]}
            slots.discard(-1)
        for s in slots:
            lit[s] += 1
    return lit


def _rays(state: State, c: int, at: list[int]) -> set[int]:
    """[R] La Grande Lumière: rays from the lamp, each stopped by the first building it meets."""
    x0, y0 = xy(c)
    slots: set[int] = set()
    for dx, dy, reach in GRANDE_LUMIERE_PATTERNS[state.grande_pattern]:
        x, y = x0, y0
        for _ in range(reach):
            x, y = x + dx, y + dy
            if not on_board(x, y):
                break
            s = at[y * SIZE + x]
            if s >= 0:
                slots.add(s)
                break
    return slots


def covered_mask(state: State) -> int:
    """The cells under a building, the garden or the annex (where `slot_map` names a slot)."""
    covered = 0
    for entry in state.built:
        if entry is not None:
            covered |= mask_of(entry[1])
    if state.annex is not None:
        covered |= 1 << state.annex[1]
    return covered


def _area(start: int, passable: int) -> int:
    """`start` and the cells of `passable` orthogonally connected to it, as a mask (grown a
    ring at a time by bit shifts, not cell by cell)."""
    area = 1 << start
    while True:
        more = area | grow(area) & passable
        if more == area:
            return area
        area = more


def painter_area(state: State) -> list[int]:
    """Cells reachable from the painter without crossing a building (or the board edge)."""
    return bits(_painter_mask(state, covered_mask(state)))


def _painter_mask(state: State, covered: int) -> int:
    return _area(piece_cell(state, PAINTER), ALL_MASK & ~covered)


def painter_lights(state: State, covered: int) -> int:
    lamp = piece_cell(state, LAMP)
    lights = state.kinds[LIGHT] | (1 << lamp if lamp >= 0 else 0)
    return (_painter_mask(state, covered) & lights).bit_count()


def dancer_area(state: State) -> list[int]:
    """Free non-streetlight cells reachable from the dancer: every piece and light bounds it."""
    return bits(_dancer_mask(state))


def _dancer_mask(state: State) -> int:
    k = state.kinds
    tiles = k[0] | k[1] | k[2] | k[3]
    unoccupied = ALL_MASK & ~tiles | state.free  # a piece stands only on a tile
    return _area(piece_cell(state, DANCER), unoccupied & ~k[LIGHT])


def statue_points(state: State) -> tuple[int, bool]:
    c = piece_cell(state, STATUE)
    x, y = xy(c)
    assert state.statue_facing is not None  # the statue is placed facing a way
    dx, dy = FACINGS[state.statue_facing]
    front = (y + dy) * SIZE + x + dx
    if state.occ[front] != FREE:
        return 0, False
    orth = sum(1 for n in ORTH[c] if state.occ[n] == FREE)
    diag = sum(1 for n in DIAG[c] if state.occ[n] == FREE)
    return orth * STATUE_POINTS_ORTHOGONAL + diag * STATUE_POINTS_DIAGONAL, True


def fountain_buildings(state: State, seat: int, at: list[int]) -> list[int]:
    slots = set()
    occ = state.occ
    first = piece_cell(state, FOUNTAIN)
    cells = [
        c for c in (first, first + 1, first + SIZE) if 0 <= c < len(occ) and occ[c] == FOUNTAIN
    ]
    for c in cells:  # one or two cells: the second is right of or below the first
        for n in ORTH[c]:
            s = at[n]
            if s >= 0 and (b := state.built[s]) and b[0] == seat:
                slots.add(s)
    return sorted(slots)


def districts(state: State, seat: int, at: list[int]) -> list[list[int]]:
    """The seat's groups of orthogonally touching buildings, as lists of slots."""
    mine = [s for s in range(BUILDING_SLOTS) if (b := state.built[s]) and b[0] == seat]
    seen: set[int] = set()
    groups = []
    for start in mine:
        if start in seen:
            continue
        seen.add(start)
        group, todo = [], [start]
        while todo:
            s = todo.pop()
            group.append(s)
            for c in building_cells(state, s):
                for n in ORTH[c]:
                    t = at[n]
                    if t >= 0 and t not in seen and (b := state.built[t]) and b[0] == seat:
                        seen.add(t)
                        todo.append(t)
        groups.append(sorted(group))
    return groups


def totals(state: State) -> tuple[int, int]:
    """Each seat's total of `score`, without the details (the search values thousands of
    positions a second): the largest district as the largest connected group of the seat's
    built cells, found by bit masks."""
    at = slot_map(state)
    covered = covered_mask(state)
    lit = lights_per_building(state, at)
    out = []
    for seat in (0, 1):
        lit_total = mine = 0
        for slot, entry in enumerate(state.built):
            if entry is not None and entry[0] == seat:
                cells = building_cells(state, slot)
                lit_total += len(cells) * lit[slot]
                mine |= mask_of(cells)
        largest = 0
        while mine:
            district = _area((mine & -mine).bit_length() - 1, mine)
            largest = max(largest, district.bit_count())
            mine &= ~district
        cards = sum(c["points"] for c in _postcard_points(state, seat, at, covered))
        out.append(lit_total + largest + _unbuilt_points(state, seat)[2] + cards)
    return out[0], out[1]


def _unbuilt_points(state: State, seat: int) -> tuple[int, bool, int]:
    """(buildings left in the reserve, whether Sacré-Cœur waives them, their points)."""
    unbuilt = len(state.reserves[seat])
    sacre = activated_by(state, "sacre_coeur") == seat
    return unbuilt, sacre, 0 if sacre else -UNBUILT_PENALTY * unbuilt


def score(state: State) -> tuple[list[int], list[dict[str, Any]]]:
    """(totals, per-player details) for the board as it stands."""
    at = slot_map(state)
    covered = covered_mask(state)
    lit = lights_per_building(state, at)
    totals, players = [], []
    for seat in (0, 1):
        buildings: list[dict[str, Any]] = []
        for s in range(BUILDING_SLOTS):
            if (b := state.built[s]) and b[0] == seat:
                size = len(building_cells(state, s))
                buildings.append(
                    {
                        "building": SLOT_NAMES[s],
                        "size": size,
                        "lights": lit[s],
                        "points": size * lit[s],
                    }
                )
        lit_total = sum(b["points"] for b in buildings)
        best: list[int] = []
        best_size = 0
        for group in districts(state, seat, at):
            size = sum(len(building_cells(state, s)) for s in group)
            if size > best_size:
                best, best_size = group, size
        unbuilt, sacre, penalty = _unbuilt_points(state, seat)
        cards = _postcard_points(state, seat, at, covered)
        card_total = sum(c["points"] for c in cards)
        total = lit_total + best_size + penalty + card_total
        totals.append(total)
        players.append(
            {
                "seat": seat,
                "colour": COLOURS[seat],
                "buildings": buildings,
                "lit_buildings": lit_total,
                "district": {"buildings": [SLOT_NAMES[s] for s in best], "points": best_size},
                "unbuilt": {"count": unbuilt, "sacre_coeur": sacre, "points": penalty},
                "postcards": cards,
                "postcard_points": card_total,
                "total": total,
                "free_own_spaces": own_free_mask(state, seat).bit_count(),
                "unbuilt_own_spaces": unbuilt_own_cells(state, seat, covered),
            }
        )
    return totals, players


def _postcard_points(state: State, seat: int, at: list[int], covered: int) -> list[dict[str, Any]]:
    out = []
    for card, token in zip(state.cards, state.tokens, strict=True):
        if token != seat:
            continue
        entry: dict[str, Any] = {"card": card, "points": 0}
        if card == "le_peintre" and piece_cell(state, PAINTER) >= 0:
            n = painter_lights(state, covered)
            entry.update(lights=n, points=n * PAINTER_POINTS_PER_LIGHT)
        elif card == "moulin_rouge" and piece_cell(state, DANCER) >= 0:
            n = _dancer_mask(state).bit_count()
            entry.update(spaces=n, points=n * DANCER_POINTS_PER_SPACE)
        elif card == "fontaine_des_mers" and piece_cell(state, FOUNTAIN) >= 0:
            slots = fountain_buildings(state, seat, at)
            entry.update(
                buildings=[SLOT_NAMES[s] for s in slots],
                points=len(slots) * FOUNTAIN_POINTS_PER_BUILDING,
            )
        elif card == "le_penseur" and piece_cell(state, STATUE) >= 0:
            points, admired = statue_points(state)
            entry.update(front_free=admired, points=points)
        out.append(entry)
    return out


def unbuilt_own_cells(state: State, seat: int, covered: int) -> int:
    """Cells of `seat`'s colour with no building (nor garden or annex) on them; the German
    edition's tie-break counts these, so a painter, dancer or statue does not matter."""
    return (state.kinds[seat] & ~covered).bit_count()


def final_result(state: State) -> Result:
    """Most points wins; a tie goes to more free (or, German edition, unbuilt) cells of one's
    own colour, else it is shared."""
    totals, players = score(state)
    term = "free_own_spaces" if state.tiebreak == "free_cells" else "unbuilt_own_spaces"
    free = [p[term] for p in players]
    ranking = rank_by([(totals[s], free[s]) for s in (0, 1)])
    tiebreak = term if totals[0] == totals[1] else None
    return Result(
        scores=totals,
        ranking=ranking,
        winners=sorted(ranking[0]),
        tiebreak=tiebreak,
        details={"players": players},
    )

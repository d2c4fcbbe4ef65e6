"""The final picture of City of Light: lit buildings glow, each largest district is outlined.

Drawn from the public view's result only (the per-building terms the scoring embed lists), so
the picture and the embed always agree.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.city_of_light.layout import cell_box
from bot.render.drawing import Canvas, Colour
from games.city_of_light.views import CityOfLightView

Cell = tuple[int, int]
SIDES = (((0, -1), 0, 1, 2, 1), ((0, 1), 0, 3, 2, 3), ((-1, 0), 0, 1, 0, 3), ((1, 0), 2, 1, 2, 3))


def outline(c: Canvas, cells: Iterable[Cell], colour: Colour, width: float, inset: float) -> None:
    """Trace the border of a group of cells (the sides with no neighbour in the group)."""
    group = set(cells)
    for x, y in group:
        box = cell_box(x, y, inset)
        for (dx, dy), i0, j0, i1, j1 in SIDES:
            if (x + dx, y + dy) not in group:
                c.line([(box[i0], box[j0]), (box[i1], box[j1])], colour, width)


def building_cells(view: CityOfLightView) -> dict[tuple[int, str], set[Cell]]:
    """(owner, building key) -> its cells, the annex included."""
    out: dict[tuple[int, str], set[Cell]] = {}
    for b in view.buildings:
        cells = {(x, y) for x, y in b.cells}
        if b.annex:
            cells.add((b.annex[0], b.annex[1]))
        out[(b.owner, b.building)] = cells
    return out


def draw_scoring(c: Canvas, view: CityOfLightView, lamp: Colour,
                 seat_colours: tuple[Colour, Colour], ink: Colour) -> None:  # fmt: skip
    """Glow and "×lights" on every lit building; the largest districts' borders."""
    if view.result is None:
        return
    cells_of = building_cells(view)
    for player in view.result.details.get("players", []):
        seat = player["seat"]
        district: set[Cell] = set()
        for key in player["district"]["buildings"]:
            district |= cells_of.get((seat, key), set())
        outline(c, district, seat_colours[seat], 6, 1)
        for term in player["buildings"]:
            cells = cells_of.get((seat, term["building"]))
            if not cells or not term["lights"]:
                continue
            outline(c, cells, lamp, 4, 7)
            x, y = max(cells, key=lambda p: (p[1], p[0]))
            x0, y0, x1, y1 = cell_box(x, y, 8)
            c.text((x1 - 2, y1 - 2), f"x{term['lights']}", 17, lamp, anchor="rd", bold=True,
                   outline=ink, outline_width=2)  # fmt: skip

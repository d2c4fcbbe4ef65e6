"""The final picture of City of Light: lit buildings glow, each largest district is outlined.

Drawn from the public view's result only (the per-building terms the scoring embed lists), so
the picture and the embed always agree.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.city_of_light.layout import cell_box
from bot.i18n import t
from bot.render.drawing import Canvas, Colour
from games.city_of_light.views import CityOfLightView

Cell = tuple[int, int]


def outline(c: Canvas, cells: Iterable[Cell], colour: Colour, width: float, inset: float) -> None:
    """Trace the border of a group of cells `inset` px inside it, as one closed line: each
    side with no neighbour in the group, its ends met by the next side's at every corner."""
    group = set(cells)
    for x, y in group:
        x0, y0, x1, y1 = cell_box(x, y)
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            if (x + dx, y + dy) in group:
                continue
            ends = []
            for ex, ey in ((dy, dx), (-dy, -dx)):  # along the side, both ways
                if (x + ex, y + ey) not in group:
                    reach = -inset  # a convex corner: turn inside the cell
                elif (x + ex + dx, y + ey + dy) in group:
                    reach = inset  # a concave corner: meet the side that turns outwards
                else:
                    reach = 0.0  # the side goes on in the next cell
                ends.append((ex, ey, reach))
            points = []
            for ex, ey, reach in ends:
                if dx == 0:  # a top or bottom side
                    py = y0 + inset if dy < 0 else y1 - inset
                    px = (x1 + reach) if ex > 0 else (x0 - reach)
                else:  # a left or right side
                    px = x0 + inset if dx < 0 else x1 - inset
                    py = (y1 + reach) if ey > 0 else (y0 - reach)
                points.append((px, py))
            c.line(points, colour, width)


def building_cells(view: CityOfLightView) -> dict[tuple[int, str], set[Cell]]:
    """(owner, building key) -> its cells, the annex included."""
    out: dict[tuple[int, str], set[Cell]] = {}
    for b in view.buildings:
        cells = {(x, y) for x, y in b.cells}
        if b.annex:
            cells.add((b.annex[0], b.annex[1]))
        out[(b.owner, b.building)] = cells
    return out


def draw_scoring(
    c: Canvas, view: CityOfLightView, lamp: Colour, seat_colours: tuple[Colour, Colour], ink: Colour
) -> None:
    """A lamp-coloured border and "×lights" on every lit building; each largest district
    traced in its owner's colour (on an ink border, so it shows on any cell)."""
    if view.result is None:
        return
    cells_of = building_cells(view)
    annexes = {(b.owner, b.building): (b.annex[0], b.annex[1]) for b in view.buildings if b.annex}
    for player in view.result.details.get("players", []):
        seat = player["seat"]
        district: set[Cell] = set()
        for key in player["district"]["buildings"]:
            district |= cells_of.get((seat, key), set())
        # Inside its own cells, so two players' districts side by side both show.
        outline(c, district, ink, 6, 3)
        outline(c, district, seat_colours[seat], 3, 3)
        for term in player["buildings"]:
            cells = cells_of.get((seat, term["building"]))
            if not cells or not term["lights"]:
                continue
            outline(c, cells, lamp, 4, 9)
            annex = annexes.get((seat, term["building"]))
            x, y = max(cells - {annex} or cells, key=lambda p: (p[1], p[0]))
            x0, y0, x1, y1 = cell_box(x, y, 7)
            c.text(
                (x1 - 1, y1 - 1),
                t("col.img.lights", n=term["lights"]),
                22,
                lamp,
                anchor="rd",
                bold=True,
                outline=ink,
                outline_width=2.5,
            )

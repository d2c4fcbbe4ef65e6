"""The board of the City of Light picture: the title and phase, the 8×8 cells with their
coordinates, the tiles laid, the buildings (roof, chimney, size, annex) and the pieces, the
cells a move covers ringed, and the turn panel's tags on the cells it offers."""

from __future__ import annotations

from bot.games.city_of_light.colours import (
    BOARD_FRAME,
    CELL_COLOURS,
    CREAM,
    EMPTY_SQUARE,
    EMPTY_STONE,
    GARDEN_ROOF,
    GRID,
    HATCH,
    HIGHLIGHT,
    INK,
    LAMP,
    ROOF,
    SOFT_INK,
)
from bot.games.city_of_light.layout import (
    BIG,
    BOARD_SIZE,
    BOARD_X,
    BOARD_Y,
    CELL,
    FRAME,
    PANEL_X,
    TEXT,
    cell_box,
    cell_centre,
    square_box,
)
from bot.games.city_of_light.pieces import draw_lamp, draw_piece, seat_mark
from bot.i18n import t
from bot.render.drawing import Canvas, Colour
from bot.render.palette import WHITE
from games.city_of_light.views import BuildingView, CityOfLightView

Cell = tuple[int, int]


def draw_header(c: Canvas, v: CityOfLightView) -> None:
    title = t("game.city-of-light")
    c.text((BOARD_X - 8, 8), title, BIG, INK, bold=True)
    left = BOARD_X - 8 + c.text_width(title, BIG, True) + 18
    c.text(
        (left, 22),
        c.clip(t(f"col.img.phase.{v.phase}"), TEXT, PANEL_X - left - 10),
        TEXT,
        SOFT_INK,
        anchor="lm",
    )
    for i in range(8):
        cx, cy = cell_centre(i, i)
        c.text((cx, BOARD_Y - FRAME - 3), "ABCDEFGH"[i], TEXT, INK, anchor="md", bold=True)
        c.text((BOARD_X - FRAME - 6, cy), str(i + 1), TEXT, INK, anchor="rm", bold=True)


def draw_board(c: Canvas, v: CityOfLightView) -> None:
    c.rect(
        (
            BOARD_X - FRAME,
            BOARD_Y - FRAME,
            BOARD_X + BOARD_SIZE + FRAME,
            BOARD_Y + BOARD_SIZE + FRAME,
        ),
        fill=BOARD_FRAME,
        radius=6,
    )
    for y, row in enumerate(v.cells):
        for x, kind in enumerate(row):
            _draw_cell(c, x, y, kind)
    laid = set()
    for tile in v.tiles:  # the tile squares, with a corner mark in the owner's colour
        laid.add((tile.tx, tile.ty))
        x0, y0, x1, y1 = square_box(tile.tx, tile.ty)
        c.rect((x0, y0, x1, y1), fill=None, outline=GRID, width=3)
        seat_mark(c, (x0 + 10, y0 + 10), tile.owner, 8, 1.5)
    if v.phase == "tiles":  # the free squares, named as the turn panel names them
        for ty in range(4):
            for tx in range(4):
                if (tx, ty) not in laid:
                    x0, y0, x1, y1 = square_box(tx, ty)
                    name = f"{'ABCDEFGH'[2 * tx]}{2 * ty + 1}–{'ABCDEFGH'[2 * tx + 1]}{2 * ty + 2}"
                    c.text(
                        ((x0 + x1) / 2, (y0 + y1) / 2),
                        name,
                        TEXT,
                        WHITE,
                        anchor="mm",
                        outline=EMPTY_SQUARE,
                        outline_width=3,
                        bold=True,
                    )
    annexes = {b.annex for b in v.buildings if b.annex}
    for piece in v.pieces:
        if piece.piece == "mixed_token":
            draw_piece(c, piece)  # under the building that covers it
    for b in v.buildings:
        _draw_building(c, b, annexes)
    for piece in v.pieces:
        if piece.piece != "mixed_token":
            draw_piece(c, piece)
    if v.phase == "build":
        _draw_free_cell_names(c, v)


def _draw_free_cell_names(c: Canvas, v: CityOfLightView) -> None:
    """Phase 2: the name of every free cell a building could use, as the panel names it."""
    taken = {tuple(cell) for b in v.buildings for cell in b.cells}
    taken |= {tuple(b.annex) for b in v.buildings if b.annex}
    taken |= {tuple(cell) for p in v.pieces if p.piece != "mixed_token" for cell in p.cells}
    for y, row in enumerate(v.cells):
        for x, kind in enumerate(row):
            if kind in (None, "light") or (x, y) in taken:
                continue
            x0, _, _, y1 = cell_box(x, y)
            c.text(
                (x0 + 4, y1 - 3),
                f"{'ABCDEFGH'[x]}{y + 1}",
                TEXT,
                WHITE,
                anchor="ld",
                outline=INK,
                outline_width=1.5,
            )


def _draw_cell(c: Canvas, x: int, y: int, kind: str | None) -> None:
    box = cell_box(x, y)
    if kind is None:
        c.rect(box, fill=EMPTY_SQUARE, outline=GRID, width=1)
        x0, y0, _, _ = box
        s = CELL / 2
        for dx, dy in ((0, 0), (1, 1)):  # two cobblestones, so an empty square reads as stone
            c.rect(
                (x0 + dx * s + 5, y0 + dy * s + 5, x0 + (dx + 1) * s - 5, y0 + (dy + 1) * s - 5),
                fill=EMPTY_STONE,
                radius=4,
            )
        return
    c.rect(box, fill=CELL_COLOURS[kind], outline=GRID, width=1)
    if kind == "mixed":
        x0, y0, x1, y1 = box
        for k in range(12, 2 * CELL, 16):  # diagonal hatching, inside the cell
            a = (x0 + max(0, k - CELL), min(y1, y0 + k))
            b = (min(x1, x0 + k), y0 + max(0, k - CELL))
            c.line([(a[0] + 1, a[1] - 1), (b[0] - 1, b[1] + 1)], HATCH, 3)
    if kind == "light":
        draw_lamp(c, cell_centre(x, y), LAMP, 10)


def _union(c: Canvas, cells: set[Cell], inset: float, fill: Colour) -> None:
    """Fill the cells as one shape: inset rectangles bridged where cells touch."""
    for x, y in cells:
        x0, y0, x1, y1 = cell_box(x, y, inset)
        c.rect((x0, y0, x1, y1), fill=fill)
        if (x + 1, y) in cells:
            c.rect((x1 - 1, y0, x1 + 2 * inset + 1, y1), fill=fill)
        if (x, y + 1) in cells:
            c.rect((x0, y1 - 1, x1, y1 + 2 * inset + 1), fill=fill)
        if {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= cells:
            c.rect((x1 - 1, y1 - 1, x1 + 2 * inset + 1, y1 + 2 * inset + 1), fill=fill)


def _draw_building(c: Canvas, b: BuildingView, annexes: set[Cell]) -> None:
    cells = set(b.cells)
    if b.annex:
        cells.add(b.annex)
    roof = GARDEN_ROOF if b.building == "GARDEN" else ROOF[b.owner]
    _union(c, cells, 4, CREAM)
    _union(c, cells, 7, roof)
    if b.annex:  # the annex: hatched, "+1"
        x0, y0, x1, y1 = cell_box(*b.annex, 10)
        for k in range(0, 44, 8):
            c.line([(x0 + k, y1), (min(x1, x0 + k + 40), max(y0, y1 - 40))], CREAM, 1.5)
        c.text(
            cell_centre(*b.annex),
            "+1",
            TEXT,
            WHITE,
            anchor="mm",
            outline=roof,
            outline_width=2,
            bold=True,
        )
    # The chimney (the owner's mark) on the top-left cell, the size on the middle cell.
    tx, ty = min((cell for cell in cells if cell not in annexes), key=lambda p: (p[1], p[0]))
    x0, y0, x1, _ = cell_box(tx, ty)
    seat_mark(c, (x1 - 17, y0 + 17), b.owner, 8, 2)
    mx = sum(x for x, _ in cells) / len(cells)
    my = sum(y for _, y in cells) / len(cells)
    # The size goes on the cell nearest the middle, but neither on the chimney's cell nor on
    # the last cell, where the final picture writes "×lights".
    last = max(cells - annexes or cells, key=lambda p: (p[1], p[0]))
    spare = [p for p in cells if p not in ((tx, ty), last) and p not in annexes] or [last]
    mid = min(spare, key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p[1], p[0]))
    if b.building == "GARDEN":  # a tree, no number: the garden is always 2 cells
        gx, gy = cell_centre(*mid)
        c.rect((gx - 3, gy + 2, gx + 3, gy + 18), fill=(90, 60, 30))
        c.circle((gx, gy - 4), 13, fill=(120, 190, 100), outline=CREAM, width=2)
        return
    c.text(cell_centre(*mid), str(b.size), BIG, WHITE, anchor="mm", bold=True)


def draw_highlight(c: Canvas, cells: list[Cell]) -> None:
    for x, y in cells:
        c.rect(cell_box(x, y, 2), fill=None, outline=INK, width=6)
        c.rect(cell_box(x, y, 3), fill=None, outline=HIGHLIGHT, width=3.5)


def draw_tags(c: Canvas, tags: dict[Cell, str]) -> None:
    """The turn panel's tags: each offered cell's tag in its top-right corner, clear of
    what the cell shows (a tile's seat mark top left, its name bottom left, a lamp)."""
    for (x, y), tag in sorted(tags.items()):
        _, y0, x1, _ = cell_box(x, y, 3)
        c.tag((x1, y0), tag, TEXT, WHITE, INK, anchor="ra")


def draw_row_tags(c: Canvas, tags: dict[int, str]) -> None:
    """The "top row" step's tags: each offered row's tag left of the board, over its row
    number (the row's cells still carry their names), and the row framed on the board."""
    for y, tag in sorted(tags.items()):
        x0, y0, _, _ = cell_box(0, y, 1)
        _, _, x1, y1 = cell_box(7, y, 1)
        c.rect((x0, y0, x1, y1), fill=None, outline=INK, width=3, radius=4)
        c.tag((BOARD_X - 2, (y0 + y1) / 2), tag, TEXT, WHITE, INK, anchor="rm")

"""The City of Light table picture: the 8×8 board with tiles, buildings and pieces, plus a
side panel with both players, the supply and the postcards.

Why it takes the view and cuts it back to public fields first: the picture is posted for
everybody (and a seat's preview must look the same as the public table), so a hand in a seat's
view must never reach the drawing code.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from bot.games.city_of_light.layout import (
    BOARD_SIZE,
    BOARD_X,
    BOARD_Y,
    CELL,
    FRAME,
    HEIGHT,
    MINI,
    PANEL_W,
    PANEL_X,
    PLAYER_H,
    PLAYER_Y,
    SUPPLY_Y,
    TURN_Y,
    WIDTH,
    cell_box,
    cell_centre,
    postcard_box,
    square_box,
)
from bot.games.city_of_light.scoring_picture import draw_scoring
from bot.i18n import t
from bot.render.drawing import Canvas, Colour, safe_name
from games.city_of_light.data import BUILDINGS, FACINGS
from games.city_of_light.views import CityOfLightView

Cell = tuple[int, int]

BACKGROUND: Colour = (244, 238, 226)
INK: Colour = (40, 38, 44)
SOFT_INK: Colour = (112, 106, 100)
BOARD_FRAME: Colour = (38, 36, 44)
EMPTY_SQUARE: Colour = (92, 90, 98)
EMPTY_STONE: Colour = (104, 102, 110)
GRID: Colour = (34, 32, 40)
WHITE: Colour = (255, 255, 255)
CREAM: Colour = (252, 244, 222)
HIGHLIGHT: Colour = (255, 236, 0)
WATER: Colour = (150, 210, 240)  # the fountain, one cell or two (`fountain_cells`)

# Printed cell kinds.
CELL_COLOURS: dict[str, Colour] = {
    "orange": (242, 152, 52),
    "blue": (74, 134, 222),
    "mixed": (152, 98, 196),
    "light": (54, 58, 74),
}
LAMP: Colour = (255, 214, 80)
GLOW: Colour = (120, 110, 70)
# Seat colours: the chimney (bright) and the roof of that seat's buildings (dark).
CHIMNEY: tuple[Colour, Colour] = ((255, 128, 0), (0, 110, 255))
ROOF: tuple[Colour, Colour] = ((150, 62, 12), (22, 48, 128))
GARDEN_ROOF: Colour = (58, 132, 62)
SUPPLY_ROOF: Colour = (170, 160, 146)
CARD_FACE: Colour = (255, 250, 236)
CARD_USED: Colour = (200, 196, 190)
PENDING: Colour = (230, 160, 20)

def render_table(view: CityOfLightView, names: list[str], *,
                 highlight: Collection[str] = ()) -> bytes:  # fmt: skip
    """The public table as a PNG; `highlight` holds "x,y" cells to ring (a move's preview)."""
    public = view.model_copy(update={"seat": None, "hand": None})
    canvas = Canvas(WIDTH, HEIGHT, BACKGROUND)
    _draw_header(canvas, public, names)
    _draw_board(canvas, public)
    draw_scoring(canvas, public, LAMP, CHIMNEY, INK)
    _draw_highlight(canvas, _cells_of(highlight))
    _draw_players(canvas, public, names)
    _draw_supply(canvas, public)
    _draw_postcards(canvas, public)
    return canvas.png()


def _cells_of(ids: Iterable[str]) -> list[Cell]:
    out = []
    for item in ids:
        x, _, y = item.partition(",")
        if x.isdigit() and y.isdigit() and int(x) < 8 and int(y) < 8:
            out.append((int(x), int(y)))
    return sorted(out)


# --- header and board


def _draw_header(c: Canvas, v: CityOfLightView, names: list[str]) -> None:
    c.text((BOARD_X - 6, 14), t("game.city-of-light"), 26, INK, bold=True)
    c.text((BOARD_X + 200, 20), t(f"col.img.phase.{v.phase}"), 18, SOFT_INK)
    if v.to_act:
        seat = v.to_act[0]
        c.circle((PANEL_X + 10, TURN_Y + 11), 9, fill=CHIMNEY[seat], outline=INK, width=1.5)
        label = t("col.img.to_play", name=safe_name(names[seat]))
        c.text((PANEL_X + 26, TURN_Y), label, 20, INK, bold=True)
    for i in range(8):
        cx, cy = cell_centre(i, i)
        c.text((cx, BOARD_Y - FRAME - 4), "ABCDEFGH"[i], 14, SOFT_INK, anchor="md")
        c.text((BOARD_X - FRAME - 5, cy), str(i + 1), 14, SOFT_INK, anchor="rm")


def _draw_board(c: Canvas, v: CityOfLightView) -> None:
    c.rect((BOARD_X - FRAME, BOARD_Y - FRAME, BOARD_X + BOARD_SIZE + FRAME,
            BOARD_Y + BOARD_SIZE + FRAME), fill=BOARD_FRAME, radius=6)  # fmt: skip
    for y, row in enumerate(v.cells):
        for x, kind in enumerate(row):
            _draw_cell(c, x, y, kind)
    for tile in v.tiles:  # the tile squares, with a corner flag in the owner's colour
        x0, y0, x1, y1 = square_box(tile.tx, tile.ty)
        c.rect((x0, y0, x1, y1), fill=None, outline=GRID, width=4)
        c.polygon([(x0 + 2, y0 + 2), (x0 + 16, y0 + 2), (x0 + 2, y0 + 16)],
                  fill=CHIMNEY[tile.owner])  # fmt: skip
    annexes = {tuple(b.annex) for b in v.buildings if b.annex}
    for piece in v.pieces:
        if piece.piece == "mixed_token":
            _draw_piece(c, piece)  # under the building that covers it
    for b in v.buildings:
        _draw_building(c, b, annexes)
    for piece in v.pieces:
        if piece.piece != "mixed_token":
            _draw_piece(c, piece)


def _draw_cell(c: Canvas, x: int, y: int, kind: str | None) -> None:
    box = cell_box(x, y)
    if kind is None:
        c.rect(box, fill=EMPTY_SQUARE, outline=GRID, width=1)
        x0, y0, _, _ = box
        for dx, dy in ((0, 0), (1, 1)):  # two cobblestones, so an empty square reads as stone
            s = CELL / 2
            c.rect((x0 + dx * s + 6, y0 + dy * s + 6, x0 + (dx + 1) * s - 6,
                    y0 + (dy + 1) * s - 6), fill=EMPTY_STONE, radius=5)  # fmt: skip
        return
    c.rect(box, fill=CELL_COLOURS[kind], outline=GRID, width=1)
    if kind == "light":
        _draw_lamp(c, cell_centre(x, y), LAMP, 13)


def _draw_lamp(c: Canvas, centre: tuple[float, float], colour: Colour, r: float) -> None:
    cx, cy = centre
    c.circle((cx, cy - 6), r + 7, fill=GLOW)
    c.rect((cx - 2.5, cy, cx + 2.5, cy + 26), fill=(30, 30, 34))
    c.circle((cx, cy - 6), r, fill=colour, outline=(80, 60, 10), width=1.5)


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


def _draw_building(c: Canvas, b: Any, annexes: set[Cell]) -> None:
    cells = {tuple(cell) for cell in b.cells}
    if b.annex:
        cells.add(tuple(b.annex))
    roof = GARDEN_ROOF if b.building == "GARDEN" else ROOF[b.owner]
    _union(c, cells, 5, CREAM)
    _union(c, cells, 9, roof)
    if b.annex:  # the annex: hatched, "+1"
        x0, y0, x1, y1 = cell_box(*b.annex, 14)
        for k in range(0, 60, 10):
            c.line([(x0 + k, y1), (min(x1, x0 + k + 52), max(y0, y1 - 52))], CREAM, 1.5)
        c.text(cell_centre(*b.annex), "+1", 18, WHITE, anchor="mm", outline=roof,
               outline_width=2, bold=True)  # fmt: skip
    # The chimney (owner's colour) on the top-left cell, the size on the middle cell.
    tx, ty = min((cell for cell in cells if cell not in annexes), key=lambda p: (p[1], p[0]))
    x0, y0, x1, _ = cell_box(tx, ty)
    c.rect((x1 - 30, y0 + 12, x1 - 14, y0 + 34), fill=CHIMNEY[b.owner], outline=INK, width=2)
    mx = sum(x for x, _ in cells) / len(cells)
    my = sum(y for _, y in cells) / len(cells)
    mid = min(cells, key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p[1], p[0]))
    if mid == (tx, ty) and len(cells) > 1:
        mid = sorted(cells - {(tx, ty)}, key=lambda p: (p[1], p[0]))[0]
    label = t("col.img.garden") if b.building == "GARDEN" else str(b.size)
    c.text(cell_centre(*mid), label, 15 if b.building == "GARDEN" else 26, WHITE,
           anchor="mm", bold=True)  # fmt: skip


def _draw_piece(c: Canvas, piece: Any) -> None:
    owner = CHIMNEY[piece.owner] if piece.owner is not None else WHITE
    kind = piece.piece
    x, y = piece.cells[0]
    cx, cy = cell_centre(x, y)
    if kind == "mixed_token":
        x0, y0, _, _ = cell_box(x, y, 2)
        c.polygon([(x0, y0), (x0 + 22, y0), (x0, y0 + 22)], fill=CELL_COLOURS["mixed"],
                  outline=WHITE, width=1.5)  # fmt: skip
        return
    if kind == "fountain":
        boxes = [cell_box(px, py, 8) for px, py in piece.cells]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        c.rect((x0, y0, x1, y1), fill=WATER, outline=owner, width=4, radius=16)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        for dy in (-8, 4):
            c.arc((mx - 10, my + dy), 10, 200, 340, (30, 90, 160), 2.5)
            c.arc((mx + 10, my + dy), 10, 200, 340, (30, 90, 160), 2.5)
        c.text((mx, y1 - 6), t("col.img.piece.fountain"), 12, INK, anchor="md")
        return
    if kind in ("streetlight", "large_streetlight"):
        big = kind == "large_streetlight"
        if big:
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                c.line([(cx - 30 * dx, cy - 6 - 30 * dy), (cx + 30 * dx, cy - 6 + 30 * dy)],
                       LAMP, 3)  # fmt: skip
        c.circle((cx, cy - 6), 24 if big else 20, fill=None, outline=owner, width=4)
        _draw_lamp(c, (cx, cy), LAMP, 15 if big else 11)
    elif kind == "statue":
        dx, dy = FACINGS[piece.facing or "S"]
        sx, sy = cx, cy - 8
        # The light pedestal side (the front): a white wedge pointing at the front cell.
        tip = (sx + dx * 34, sy + dy * 34)
        side = (-dy * 13, dx * 13)
        base = (sx + dx * 12, sy + dy * 12)
        c.polygon([(base[0] + side[0], base[1] + side[1]), tip,
                   (base[0] - side[0], base[1] - side[1])], fill=WHITE, outline=INK,
                  width=1.5)  # fmt: skip
        c.rect((sx - 16, sy - 16, sx + 16, sy + 16), fill=(170, 170, 176), outline=owner,
               width=4, radius=4)  # fmt: skip
        c.text((sx, sy), "S", 18, INK, anchor="mm", bold=True)
    else:  # painter, dancer
        fill = (255, 255, 255) if kind == "painter" else (255, 150, 200)
        c.circle((cx, cy - 6), 19, fill=fill, outline=owner, width=5)
        c.text((cx, cy - 6), "P" if kind == "painter" else "D", 20, INK, anchor="mm", bold=True)
    top = kind == "statue" and piece.facing == "S"  # keep the caption off the wedge
    c.text((cx, cy - 37 if top else cy + 36), t(f"col.img.piece.{kind}"), 12, WHITE,
           anchor="ma" if top else "md", outline=INK, outline_width=2)  # fmt: skip


def _draw_highlight(c: Canvas, cells: list[Cell]) -> None:
    for x, y in cells:
        c.rect(cell_box(x, y, 2), fill=None, outline=INK, width=7)
        c.rect(cell_box(x, y, 3), fill=None, outline=HIGHLIGHT, width=4)


# --- the side panel


def _shapes_row(c: Canvas, keys: list[str], x: float, y: float, fill: Colour,
                width: float, rows: int, mini: float = MINI) -> None:  # fmt: skip
    """Small building shapes left to right in at most `rows` rows (shrunk to fit)."""
    widths = [(max(dx for dx, _ in BUILDINGS[k]) + 1) for k in keys]
    while mini > 4 and _rows_needed(widths, mini, width) > rows:
        mini -= 1
    cx, cy = x, y
    for key, w in zip(keys, widths, strict=True):
        if cx + w * mini > x + width:
            cx, cy = x, cy + 4 * mini + 6
        for dx, dy in BUILDINGS[key]:
            c.rect((cx + dx * mini, cy + dy * mini, cx + (dx + 1) * mini, cy + (dy + 1) * mini),
                   fill=fill, outline=CREAM, width=1)  # fmt: skip
        cx += w * mini + 8


def _rows_needed(widths: list[int], mini: float, width: float) -> int:
    rows, used = 1, 0.0
    for w in widths:
        if used and used + w * mini > width:
            rows, used = rows + 1, 0.0
        used += w * mini + 8
    return rows


def _draw_players(c: Canvas, v: CityOfLightView, names: list[str]) -> None:
    for p in v.players:
        top = PLAYER_Y[p.seat]
        box = (PANEL_X, top, PANEL_X + PANEL_W, top + PLAYER_H)
        acting = p.seat in v.to_act
        c.rect(box, fill=(255, 252, 244), outline=CHIMNEY[p.seat] if acting else (210, 200, 186),
               width=4 if acting else 1.5, radius=8)  # fmt: skip
        x = PANEL_X + 12
        c.rect((x, top + 12, x + 18, top + 30), fill=CHIMNEY[p.seat], outline=INK, radius=3)
        c.text((x + 26, top + 12), safe_name(names[p.seat]), 18, INK, bold=True)
        if v.scores is not None:
            c.text((PANEL_X + PANEL_W - 12, top + 8), str(v.scores[p.seat]), 30, INK,
                   anchor="ra", bold=True)  # fmt: skip
        colour = t(f"col.img.colour.{p.colour}")
        if v.phase == "tiles":
            info = t("col.img.info.phase1", colour=colour, stack=p.stack_size, hand=p.hand_size)
        else:
            info = t("col.img.info.phase2", colour=colour, tokens=p.tokens_left)
        c.text((x, top + 40), info, 13, SOFT_INK)
        c.text((x, top + 58), t("col.img.reserve", n=len(p.reserve)), 13, INK)
        _shapes_row(c, p.reserve, x, top + 76, ROOF[p.seat], PANEL_W - 24, rows=1)


def _draw_supply(c: Canvas, v: CityOfLightView) -> None:
    c.text((PANEL_X + 2, SUPPLY_Y), t("col.img.supply", n=len(v.supply)), 15, INK, bold=True)
    _shapes_row(c, v.supply, PANEL_X + 2, SUPPLY_Y + 22, SUPPLY_ROOF, PANEL_W - 4, rows=2)


def _draw_postcards(c: Canvas, v: CityOfLightView) -> None:
    c.text((PANEL_X + 2, postcard_box(0)[1] - 20), t("col.img.postcards"), 15, INK, bold=True)
    for n, card in enumerate(v.postcards):
        x0, y0, x1, y1 = postcard_box(n)
        outline = PENDING if card.pending else (150, 140, 128)
        c.rect((x0, y0, x1, y1), fill=CARD_USED if card.used else CARD_FACE, outline=outline,
               width=3 if card.pending else 1.5, radius=6)  # fmt: skip
        ink = SOFT_INK if card.used else INK
        for i, line in enumerate(_wrap(c, _drawable(card.name), 13, x1 - x0 - 34)):
            c.text((x0 + 8, y0 + 6 + 15 * i), line, 13, ink, bold=not card.used)
        if card.token is not None:
            c.circle((x1 - 16, y0 + 16), 10, fill=CHIMNEY[card.token], outline=INK, width=1.5)
        status = t("col.img.pending" if card.pending else
                   "col.img.used" if card.used else "col.img.face_up")  # fmt: skip
        c.text((x0 + 8, y1 - 6), status, 11, PENDING if card.pending else SOFT_INK,
               anchor="ld")  # fmt: skip


def _drawable(text: str) -> str:
    """The built-in font has no "œ" (Sacré-Cœur): spell the ligature out."""
    return text.replace("œ", "oe").replace("Œ", "OE")


def _wrap(c: Canvas, text: str, size: float, width: float) -> list[str]:
    """At most two lines of `text` that fit `width`."""
    lines: list[str] = []
    for word in text.split():
        if lines and c.text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines[:2]

"""The City of Light table picture: the 8×8 board with tiles, buildings and pieces, a side
panel with both players and the supply, and the eight postcards along the bottom.

It draws the view it is handed and reads only its public fields (never `hand`), so a seat's
view draws the public picture (tests/contract/test_pictures.py).

Why everything is big: Discord shows the picture about 520 px wide, half its 1040 px, so every
word is drawn at `TEXT` (22) logical pixels or more (11 px on screen), the building shapes of
the reserves and the supply have 16 px cells, and each postcard carries a short effect text.

Seats keep the game's colours, orange and blue (Okabe–Ito's, which stay apart with the common
colour-vision deficiencies), and each has a shape as a second cue: orange a disc, blue a
square, on chimneys, tile corners, postcard tokens and the players' blocks. Mixed cells are
hatched, so they never depend on telling purple from blue.

`highlight` ids: "x,y" cells (a preview's or the last move's), `card:<card>` (a postcard
used last) and `take:<building>` (a building taken into a reserve last);
`CityOfLightAdapter.last_move` builds them from a move's public events.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
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
    WIDTH,
    cell_box,
    cell_centre,
    postcard_box,
    square_box,
)
from bot.games.city_of_light.recap import signed
from bot.games.city_of_light.scoring_picture import draw_scoring
from bot.i18n import t
from bot.render.drawing import Canvas, Colour, Point, safe_name
from bot.ui.custom_ids import numbers
from games.city_of_light.data import BUILDINGS, FACINGS, POSTCARDS
from games.city_of_light.views import BuildingView, CityOfLightView

Cell = tuple[int, int]

BACKGROUND: Colour = (244, 238, 226)
INK: Colour = (40, 38, 44)
SOFT_INK: Colour = (96, 90, 84)
BOARD_FRAME: Colour = (38, 36, 44)
EMPTY_SQUARE: Colour = (92, 90, 98)
EMPTY_STONE: Colour = (104, 102, 110)
GRID: Colour = (34, 32, 40)
WHITE: Colour = (255, 255, 255)
CREAM: Colour = (252, 244, 222)
HIGHLIGHT: Colour = (255, 236, 0)
WATER: Colour = (150, 210, 240)  # the fountain, one cell or two (`fountain_cells`)
GOLD: Colour = (240, 180, 0)
WON: Colour = (252, 236, 170)

# Printed cell kinds. Mixed is a magenta-purple and hatched (`HATCH`), so it stays apart from
# blue with protanopia and deuteranopia.
CELL_COLOURS: dict[str, Colour] = {
    "orange": (242, 152, 52),
    "blue": (74, 134, 222),
    "mixed": (165, 80, 165),
    "light": (54, 58, 74),
}
HATCH: Colour = (205, 150, 205)
LAMP: Colour = (255, 214, 80)
GLOW: Colour = (120, 110, 70)
# Seat colours (Okabe–Ito orange and blue): the chimney and marks (bright) and the roof of
# that seat's buildings (dark); the shapes are the second cue.
CHIMNEY: tuple[Colour, Colour] = ((230, 159, 0), (0, 114, 178))
ROOF: tuple[Colour, Colour] = ((150, 62, 12), (22, 48, 128))
SEAT_SHAPE = ("disc", "square")
GARDEN_ROOF: Colour = (58, 132, 62)
SUPPLY_ROOF: Colour = (150, 140, 126)
CARD_FACE: Colour = (255, 250, 236)
CARD_USED: Colour = (214, 210, 204)
PENDING: Colour = (230, 140, 0)

TEXT = 22  # the smallest text: 11 px in a 520 px wide embed
BIG = 28


@dataclass(frozen=True)
class Marks:
    """What `highlight` asks to emphasise, sorted by kind."""

    cells: list[Cell] = field(default_factory=list)
    cards: set[str] = field(default_factory=set)
    taken: set[str] = field(default_factory=set)


def parse_marks(ids: Collection[str]) -> Marks:
    marks = Marks()
    for item in ids:
        kind, _, value = item.partition(":")
        if kind == "card" and value in POSTCARDS:
            marks.cards.add(value)
        elif kind == "take" and value in BUILDINGS:
            marks.taken.add(value)
        else:
            cell = numbers(item, 2, ",")
            if cell is not None and cell[0] < 8 and cell[1] < 8:
                marks.cells.append((cell[0], cell[1]))
    marks.cells.sort()
    return marks


def render_table(
    view: CityOfLightView, names: list[str], *, highlight: Collection[str] = ()
) -> bytes:
    """The public table as a PNG; `highlight` marks a move (see the module docstring)."""
    marks = parse_marks(highlight)
    canvas = Canvas(WIDTH, HEIGHT, BACKGROUND)
    _draw_header(canvas, view)
    _draw_board(canvas, view)
    draw_scoring(canvas, view, LAMP, CHIMNEY, INK)
    _draw_highlight(canvas, marks.cells)
    _draw_players(canvas, view, names, marks)
    _draw_supply(canvas, view)
    _draw_postcards(canvas, view, marks)
    return canvas.png()


def fit(canvas: Canvas, text: str, size: float, width: float, bold: bool = False) -> str:
    """`text`, cut with an ellipsis until it fits `width`."""
    if canvas.text_width(text, size, bold) <= width:
        return text
    while len(text) > 1 and canvas.text_width(text + "\u2026", size, bold) > width:
        text = text[:-1].rstrip()
    return text + "\u2026"


def wrap(
    canvas: Canvas, text: str, size: float, width: float, lines: int, bold: bool = False
) -> list[str]:
    """At most `lines` lines of `text` that fit `width` (the last one cut if need be)."""
    out: list[str] = []
    for word in text.split():
        if out and canvas.text_width(out[-1] + " " + word, size, bold) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[: lines - 1] + [" ".join(out[lines - 1 :])]
    return [fit(canvas, line, size, width, bold) for line in out]


def seat_mark(c: Canvas, centre: Point, seat: int, r: float, width: float = 2) -> None:
    """A seat's mark: an orange disc or a blue square, outlined in ink."""
    x, y = centre
    if SEAT_SHAPE[seat] == "disc":
        c.circle(centre, r, fill=CHIMNEY[seat], outline=INK, width=width)
    else:
        k = r * 0.9
        c.rect((x - k, y - k, x + k, y + k), fill=CHIMNEY[seat], outline=INK, width=width, radius=2)


# --- header and board


def _draw_header(c: Canvas, v: CityOfLightView) -> None:
    title = t("game.city-of-light")
    c.text((BOARD_X - 8, 8), title, BIG, INK, bold=True)
    left = BOARD_X - 8 + c.text_width(title, BIG, True) + 18
    c.text(
        (left, 22),
        fit(c, t(f"col.img.phase.{v.phase}"), TEXT, PANEL_X - left - 10),
        TEXT,
        SOFT_INK,
        anchor="lm",
    )
    for i in range(8):
        cx, cy = cell_centre(i, i)
        c.text((cx, BOARD_Y - FRAME - 3), "ABCDEFGH"[i], TEXT, INK, anchor="md", bold=True)
        c.text((BOARD_X - FRAME - 6, cy), str(i + 1), TEXT, INK, anchor="rm", bold=True)


def _draw_board(c: Canvas, v: CityOfLightView) -> None:
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
            _draw_piece(c, piece)  # under the building that covers it
    for b in v.buildings:
        _draw_building(c, b, annexes)
    for piece in v.pieces:
        if piece.piece != "mixed_token":
            _draw_piece(c, piece)
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
        _draw_lamp(c, cell_centre(x, y), LAMP, 10)


def _draw_lamp(c: Canvas, centre: tuple[float, float], colour: Colour, r: float) -> None:
    cx, cy = centre
    c.circle((cx, cy - 5), r + 6, fill=GLOW)
    c.rect((cx - 2.5, cy, cx + 2.5, cy + 20), fill=(30, 30, 34))
    c.circle((cx, cy - 5), r, fill=colour, outline=(80, 60, 10), width=1.5)


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


def _draw_piece(c: Canvas, piece: Any) -> None:
    owner = CHIMNEY[piece.owner] if piece.owner is not None else WHITE
    kind = piece.piece
    x, y = piece.cells[0]
    cx, cy = cell_centre(x, y)
    if kind == "mixed_token":
        x0, y0, _, _ = cell_box(x, y, 2)
        c.polygon(
            [(x0, y0), (x0 + 18, y0), (x0, y0 + 18)],
            fill=CELL_COLOURS["mixed"],
            outline=WHITE,
            width=1.5,
        )
        return
    if kind == "fountain":
        boxes = [cell_box(px, py, 6) for px, py in piece.cells]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        c.rect((x0, y0, x1, y1), fill=WATER, outline=owner, width=4, radius=12)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        for dy in (-6, 4):
            c.arc((mx - 8, my + dy), 8, 200, 340, (30, 90, 160), 2.5)
            c.arc((mx + 8, my + dy), 8, 200, 340, (30, 90, 160), 2.5)
        if piece.owner is not None:
            seat_mark(c, (x0 + 9, y0 + 9), piece.owner, 6, 1.5)
        return
    if kind in ("streetlight", "large_streetlight"):
        big = kind == "large_streetlight"
        if big:
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                c.line(
                    [(cx - 24 * dx, cy - 5 - 24 * dy), (cx + 24 * dx, cy - 5 + 24 * dy)], LAMP, 3
                )
        c.circle((cx, cy - 5), 19 if big else 16, fill=None, outline=owner, width=4)
        _draw_lamp(c, (cx, cy), LAMP, 12 if big else 9)
    elif kind == "statue":
        dx, dy = FACINGS[piece.facing or "S"]
        sx, sy = cx, cy
        # The light pedestal side (the front): a white wedge pointing at the front cell.
        tip = (sx + dx * 28, sy + dy * 28)
        side = (-dy * 11, dx * 11)
        base = (sx + dx * 10, sy + dy * 10)
        c.polygon(
            [(base[0] + side[0], base[1] + side[1]), tip, (base[0] - side[0], base[1] - side[1])],
            fill=WHITE,
            outline=INK,
            width=1.5,
        )
        c.rect(
            (sx - 14, sy - 14, sx + 14, sy + 14),
            fill=(170, 170, 176),
            outline=owner,
            width=4,
            radius=4,
        )
        c.text((sx, sy), t("col.img.letter.statue"), TEXT, INK, anchor="mm", bold=True)
    else:  # painter, dancer
        fill = (255, 255, 255) if kind == "painter" else (255, 150, 200)
        c.circle((cx, cy), 17, fill=fill, outline=owner, width=4)
        c.text((cx, cy), t(f"col.img.letter.{kind}"), TEXT, INK, anchor="mm", bold=True)
    if piece.owner is not None:
        x0, y0, _, _ = cell_box(x, y)
        seat_mark(c, (x0 + 9, y0 + 9), piece.owner, 6, 1.5)


def _draw_highlight(c: Canvas, cells: list[Cell]) -> None:
    for x, y in cells:
        c.rect(cell_box(x, y, 2), fill=None, outline=INK, width=6)
        c.rect(cell_box(x, y, 3), fill=None, outline=HIGHLIGHT, width=3.5)


# --- the side panel


def shape_width(key: str) -> int:
    return max(dx for dx, _ in BUILDINGS[key]) + 1


def _shapes(
    c: Canvas,
    keys: list[str],
    x: float,
    y: float,
    fill: Colour,
    width: float,
    rows: int,
    marked: Collection[str] = (),
) -> float:
    """Building shapes left to right in at most `rows` rows of `width` (cells shrunk to 12
    at the least when they do not fit); the bottom of what was drawn."""
    widths = [shape_width(k) for k in keys]
    mini = MINI
    while mini > 12 and _rows_needed(widths, mini, width) > rows:
        mini -= 1
    gap = 12
    cx, cy, bottom = x, y, y
    for key, w in zip(keys, widths, strict=True):
        if cx > x and cx + w * mini > x + width:
            cx, cy = x, bottom + gap
        h = max(dy for _, dy in BUILDINGS[key]) + 1
        if key in marked:
            c.rect(
                (cx - 5, cy - 5, cx + w * mini + 5, cy + h * mini + 5),
                fill=None,
                outline=INK,
                width=5,
                radius=4,
            )
            c.rect(
                (cx - 5, cy - 5, cx + w * mini + 5, cy + h * mini + 5),
                fill=None,
                outline=HIGHLIGHT,
                width=3,
                radius=4,
            )
        for dx, dy in BUILDINGS[key]:
            c.rect(
                (cx + dx * mini, cy + dy * mini, cx + (dx + 1) * mini, cy + (dy + 1) * mini),
                fill=fill,
                outline=CREAM,
                width=1.5,
            )
        bottom = max(bottom, cy + h * mini)
        cx += w * mini + gap
    return bottom


def _rows_needed(widths: list[int], mini: float, width: float) -> int:
    rows, used = 1, 0.0
    for w in widths:
        if used and used + w * mini > width:
            rows, used = rows + 1, 0.0
        used += w * mini + 12
    return rows


def _draw_players(c: Canvas, v: CityOfLightView, names: list[str], marks: Marks) -> None:
    winners = v.result.winners if v.result is not None else []
    for p in v.seats:
        top = PLAYER_Y[p.seat]
        box = (PANEL_X, top, PANEL_X + PANEL_W, top + PLAYER_H)
        acting = p.seat in v.to_act
        won = p.seat in winners
        if won:
            c.rect(box, fill=WON, outline=GOLD, width=4, radius=8)
        else:
            c.rect(
                box,
                fill=(255, 252, 244),
                outline=INK if acting else (210, 200, 186),
                width=4 if acting else 1.5,
                radius=8,
            )
        x = PANEL_X + 14
        row1 = top + 24
        seat_mark(c, (x + 11, row1), p.seat, 11)
        right: float = PANEL_X + PANEL_W - 14
        if v.scores is not None:
            score = str(v.scores[p.seat])
            c.text((right, row1), score, BIG, INK, anchor="rm", bold=True)
            right -= c.text_width(score, BIG, True) + 10
        tag = t("col.img.winner") if won else t("col.img.to_play") if acting else ""
        if tag:
            tag_w = c.text_width(tag, TEXT, True) + 18
            fill = GOLD if won else INK
            c.rect((right - tag_w, row1 - 15, right, row1 + 15), fill=fill, radius=8)
            c.text(
                (right - tag_w / 2, row1), tag, TEXT, INK if won else WHITE, anchor="mm", bold=True
            )
            right -= tag_w + 10
        c.text(
            (x + 30, row1),
            fit(
                c,
                safe_name(names[p.seat]) if p.seat < len(names) else "?",
                TEXT + 2,
                right - x - 30,
                True,
            ),
            TEXT + 2,
            INK,
            anchor="lm",
            bold=True,
        )
        info, label = _info(v, p), t("col.img.reserve")
        label_w = c.text_width(label, TEXT) + 12
        room = PANEL_W - 26
        widths = [shape_width(k) for k in p.reserve]
        # The shapes keep 16 px cells: beside the "reserve" label when they fit there, else
        # across the block with the label moved up to the end of the line above.
        beside = _rows_needed(widths, MINI, room - label_w) <= 1
        if not beside and c.text_width(f"{info} · {label}", TEXT) <= room:
            info = f"{info} · {label}"
        c.text((x, top + 56), fit(c, info, TEXT, room), TEXT, SOFT_INK, anchor="lm")
        left: float = x
        if beside:
            c.text((x, top + 92), label, TEXT, INK, anchor="lm")
            left += label_w
            if not p.reserve:
                c.text((left, top + 92), "\u2014", TEXT, SOFT_INK, anchor="lm")
        _shapes(
            c,
            p.reserve,
            left,
            top + 78,
            ROOF[p.seat],
            PANEL_X + PANEL_W - 12 - left,
            rows=1,
            marked=marks.taken,
        )


def _info(v: CityOfLightView, p: Any) -> str:
    """The line under a player's name: tiles (phase 1), tokens (phase 2), score terms (end)."""
    if v.result is not None:
        d = v.result.details["players"][p.seat]
        return t(
            "col.img.terms",
            lit=d["lit_buildings"],
            district=d["district"]["points"],
            unbuilt=signed(d["unbuilt"]["points"]),
            cards=d["postcard_points"],
        )
    if v.phase == "tiles":
        return t(
            "col.img.info.phase1",
            stack=t("col.img.stack", n=p.stack_size),
            hand=t("col.img.hand", n=p.hand_size),
        )
    return t("col.img.tokens", n=p.tokens_left)


def _draw_supply(c: Canvas, v: CityOfLightView) -> None:
    x = PANEL_X + 2
    c.text((x, SUPPLY_Y), t("col.img.supply", n=len(v.supply)), TEXT, INK, bold=True)
    bottom = _shapes(c, v.supply, x, SUPPLY_Y + 34, SUPPLY_ROOF, PANEL_W - 4, rows=2)
    if v.result is not None:  # what the final picture's borders mean
        y = max(bottom + 14, SUPPLY_Y + 160)
        c.rect((x, y, x + 26, y + 22), fill=CREAM, outline=LAMP, width=5, radius=2)
        c.text(
            (x + 36, y + 11),
            fit(c, t("col.img.legend.lit"), TEXT, PANEL_W - 40),
            TEXT,
            INK,
            anchor="lm",
        )
        y += 32
        for seat in (0, 1):
            left = x + seat * 16
            c.rect((left, y, left + 26, y + 22), fill=None, outline=INK, width=6)
            c.rect((left + 2, y + 2, left + 24, y + 20), fill=None, outline=CHIMNEY[seat], width=3)
        c.text(
            (x + 52, y + 11),
            fit(c, t("col.img.legend.district"), TEXT, PANEL_W - 56),
            TEXT,
            INK,
            anchor="lm",
        )


def _draw_postcards(c: Canvas, v: CityOfLightView, marks: Marks) -> None:
    for n, card in enumerate(v.postcards):
        x0, y0, x1, y1 = postcard_box(n)
        if card.card in marks.cards:
            c.rect((x0 - 5, y0 - 5, x1 + 5, y1 + 5), fill=INK, radius=10)
            c.rect((x0 - 3, y0 - 3, x1 + 3, y1 + 3), fill=HIGHLIGHT, radius=9)
        outline = PENDING if card.pending else (150, 140, 128)
        c.rect(
            (x0, y0, x1, y1),
            fill=CARD_USED if card.used else CARD_FACE,
            outline=outline,
            width=5 if card.pending else 1.5,
            radius=6,
        )
        ink = SOFT_INK if card.used else INK
        room = x1 - x0 - 16
        c.text(
            (x0 + 8, y0 + 18),
            fit(c, t(f"col.img.card.{card.card}"), TEXT, room, True),
            TEXT,
            ink,
            anchor="lm",
            bold=True,
        )
        marked = card.token is not None or card.pending
        if card.token is not None:  # the action token, bottom right
            seat_mark(c, (x1 - 18, y1 - 18), card.token, 11)
        if card.pending:  # an hourglass: the delayed effect is still to be used
            hx, hy = x1 - (46 if card.token is not None else 18), y1 - 18
            c.polygon(
                [(hx - 8, hy - 11), (hx + 8, hy - 11), (hx - 8, hy + 11), (hx + 8, hy + 11)],
                fill=PENDING,
                outline=INK,
                width=1.5,
            )
        lines = wrap(c, t(f"col.img.effect.{card.card}"), TEXT, room, 2)
        if marked and len(lines) == 2:  # the second line stops short of the marks
            lines[1] = fit(
                c, lines[1], TEXT, room - (62 if card.pending and card.token is not None else 34)
            )
        for i, line in enumerate(lines):
            c.text((x0 + 8, y0 + 48 + 25 * i), line, TEXT, ink, anchor="lm")

"""The pieces of the City of Light picture: a seat's mark (an orange disc or a blue square),
streetlights, and the postcards' pieces on the board (fountain, statue, painter, dancer)."""

from __future__ import annotations

from bot.games.city_of_light.colours import (
    CELL_COLOURS,
    CHIMNEY,
    GLOW,
    INK,
    LAMP,
    SEAT_SHAPE,
    WATER,
)
from bot.games.city_of_light.layout import TEXT, cell_box, cell_centre
from bot.i18n import t
from bot.render.drawing import Canvas, Colour, Point
from bot.render.palette import WHITE
from games.city_of_light.data import FACINGS
from games.city_of_light.views import PieceView


def seat_mark(c: Canvas, centre: Point, seat: int, r: float, width: float = 2) -> None:
    """A seat's mark: an orange disc or a blue square, outlined in ink."""
    x, y = centre
    if SEAT_SHAPE[seat] == "disc":
        c.circle(centre, r, fill=CHIMNEY[seat], outline=INK, width=width)
    else:
        k = r * 0.9
        c.rect((x - k, y - k, x + k, y + k), fill=CHIMNEY[seat], outline=INK, width=width, radius=2)


def draw_lamp(c: Canvas, centre: tuple[float, float], colour: Colour, r: float) -> None:
    cx, cy = centre
    c.circle((cx, cy - 5), r + 6, fill=GLOW)
    c.rect((cx - 2.5, cy, cx + 2.5, cy + 20), fill=(30, 30, 34))
    c.circle((cx, cy - 5), r, fill=colour, outline=(80, 60, 10), width=1.5)


def draw_piece(c: Canvas, piece: PieceView) -> None:
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
        draw_lamp(c, (cx, cy), LAMP, 12 if big else 9)
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

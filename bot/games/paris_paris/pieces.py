"""The pieces of the Paris Paris picture, drawn on the map and in the panel alike: shops,
final-excursion markers, the bag, the first player's bus, the winner's star."""

from __future__ import annotations

import math

from bot.games.paris_paris.colours import INK, LINE_COLOURS, SEAT_COLOURS, SEAT_INK
from bot.games.paris_paris.layout import SHOP, TEXT
from bot.games.paris_paris.line_style import mark_box
from bot.render.drawing import Canvas, Colour, Point
from bot.render.palette import GOLD


def dashed_ring(canvas: Canvas, centre: Point, r: float, colour: Colour, width: float) -> None:
    for k in range(12):
        start = k * 30
        canvas.arc(centre, r, start, start + 18, colour, width)


def draw_shop(canvas: Canvas, centre: Point, seat: int, size: float = SHOP) -> None:
    """A house in the seat's colour with the seat's number on it, body centred on `centre`."""
    x, y = centre
    h = size / 2
    roof = size * 0.42
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    canvas.polygon(
        [
            (x - h, y + h - 2),
            (x - h, y - h + 3),
            (x, y - h - roof + 3),
            (x + h, y - h + 3),
            (x + h, y + h - 2),
        ],
        colour,
        INK,
        1.8,
    )
    canvas.text((x, y + 3), str(seat + 1), TEXT * size / SHOP, SEAT_INK[seat % 4], "mm", bold=True)


def draw_bag(canvas: Canvas, centre: Point) -> None:
    x, y = centre
    canvas.rect((x - 12, y - 7, x + 12, y + 13), (165, 120, 80), INK, 1.5, 7)
    canvas.polygon(
        [(x - 6, y - 7), (x - 10, y - 14), (x + 10, y - 14), (x + 6, y - 7)],
        (165, 120, 80),
        INK,
        1.5,
    )


def draw_marker(canvas: Canvas, centre: Point, colour: str) -> None:
    """A final-excursion marker: a large oval in its line's colour and pattern."""
    x, y = centre
    fill = LINE_COLOURS[colour]
    canvas.rect((x - 20, y - 11, x + 20, y + 11), fill, INK, 1.8, 11)
    mark_box(canvas, (x - 18, y - 11, x + 18, y + 11), colour)


def draw_bus(canvas: Canvas, centre: Point) -> None:
    """The bus that marks the first player: a small side view."""
    x, y = centre
    canvas.rect((x - 19, y - 11, x + 19, y + 8), (210, 60, 50), INK, 1.5, 4)
    for wx in (x - 14, x - 5, x + 4):
        canvas.rect((wx, y - 7, wx + 7, y - 1), (220, 235, 245))
    canvas.circle((x - 10, y + 8), 4, fill=INK)
    canvas.circle((x + 10, y + 8), 4, fill=INK)


def draw_star(canvas: Canvas, centre: Point, r: float) -> None:
    x, y = centre
    points = []
    for i in range(10):
        k = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + k * math.cos(a), y + k * math.sin(a)))
    canvas.polygon(points, GOLD, INK, 1.5)

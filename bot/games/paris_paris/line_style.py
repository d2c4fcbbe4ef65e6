"""How a Paris Paris bus line is drawn: its colour on a white casing, with a pattern of
white marks of its own, so a line is told by its pattern as well as by its colour (issue 20:
nothing is told by colour alone; a reader with a colour-vision deficiency, or a greyscale
print, still follows the red line by its long dashes and the blue one by its dots).

Why a casing: a bus that ran glows in yellow round its line (`draw_glow`); the white casing
keeps the glow off the line's colour, so a halo never hides the line it marks. The legend's
swatches are drawn by the same function, so the map and the legend always agree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.games.paris_paris.colours import GLOW, INK, LINE_COLOURS
from bot.games.paris_paris.layout import LINE_WIDTH
from bot.render.drawing import Canvas, Point
from bot.render.palette import WHITE

CASING = 4  # the white border round every line, its width on each side added
MARK_WIDTH = LINE_WIDTH - 4  # a white mark leaves the line's colour along both edges
GLOW_WIDTH = 5  # the yellow of a bus that ran, on each side, outside the casing

# Along the line: (colour, white mark) lengths, repeated; empty = solid.
PATTERNS: dict[str, tuple[float, ...]] = {
    "green": (),
    "red": (24.0, 8.0),  # long dashes
    "blue": (6.0, 6.0),  # dots
    "orange": (16.0, 5.0, 5.0, 5.0),  # dash, dot
    "pink": (11.0, 11.0),  # even dashes
}


def draw_glow(canvas: Canvas, points: Sequence[Point]) -> None:
    """The halo of a line whose bus ran: yellow with an ink edge, wider than the casing."""
    width = LINE_WIDTH + 2 * (CASING + GLOW_WIDTH)
    canvas.line(points, INK, width + 4)
    canvas.line(points, GLOW, width)


def draw_casing(canvas: Canvas, points: Sequence[Point]) -> None:
    canvas.line(points, WHITE, LINE_WIDTH + 2 * CASING)


def draw_line(
    canvas: Canvas, points: Sequence[Point], colour: str, clear: Sequence[float] | None = None
) -> None:
    """The line in its colour with its marks. `clear` is, per point, how far from it the
    marks keep (a station's disc covers the line there); none by default."""
    canvas.line(points, LINE_COLOURS[colour], LINE_WIDTH)
    ends = clear or [0.0] * len(points)
    for i in range(len(points) - 1):
        _marks(canvas, points[i], points[i + 1], PATTERNS[colour], ends[i], ends[i + 1])


def mark_box(canvas: Canvas, box: tuple[float, float, float, float], colour: str) -> None:
    """A line's marks across the middle of a box already filled in its colour: a P space, a
    token, a marker read by pattern as well."""
    x0, y0, x1, y1 = box
    middle = (y0 + y1) / 2
    _marks(canvas, (x0, middle), (x1, middle), PATTERNS[colour], 2, 2)


def _marks(
    canvas: Canvas, a: Point, b: Point, pattern: tuple[float, ...], off_a: float, off_b: float
) -> None:
    if not pattern:
        return
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    half = MARK_WIDTH / 2
    at, k = off_a, 0
    while True:
        start = at + pattern[k % len(pattern)]
        end = start + pattern[(k + 1) % len(pattern)]
        if end > length - off_b:
            return
        p, q = (a[0] + ux * start, a[1] + uy * start), (a[0] + ux * end, a[1] + uy * end)
        canvas.polygon(
            [
                (p[0] - uy * half, p[1] + ux * half),
                (q[0] - uy * half, q[1] + ux * half),
                (q[0] + uy * half, q[1] - ux * half),
                (p[0] + uy * half, p[1] - ux * half),
            ],
            WHITE,
        )
        at, k = end, k + 2

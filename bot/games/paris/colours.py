"""The Paris picture's colours, and a seat's key as every part of the picture draws it.

Seat colours are Okabe–Ito vermilion, blue, yellow and black (a dark grey), which stay apart
with protanopia, deuteranopia and tritanopia (tests/render checks it); the text's seat discs
are the nearest emoji (🟠 🔵 🟡 ⚫), and every key and meeple also carries its seat number.
"""

from __future__ import annotations

from bot.games.paris.layout import DIGIT_MIN, KEY_R
from bot.render.drawing import Canvas, Point
from bot.render.palette import BLUE, DARK_GREY, VERMILION, WHITE, YELLOW, Colour

BACKGROUND: Colour = (240, 234, 220)
INK: Colour = (36, 34, 40)
SOFT_INK: Colour = (100, 94, 86)
PANEL: Colour = (251, 248, 240)
PANEL_EDGE: Colour = (196, 186, 166)
BUILT: Colour = (255, 253, 246)
EMPTY: Colour = (226, 219, 203)
EMPTY_EDGE: Colour = (184, 174, 154)
BANK: Colour = (232, 240, 228)
TILE_BACK: Colour = (60, 84, 140)  # building tiles and the end-game stack, face down
VP_TILE: Colour = (236, 196, 84)
LANDMARK: Colour = (236, 228, 250)
HIGHLIGHT: Colour = (255, 214, 0)
ZONES: dict[str, Colour] = {"A": (246, 236, 214), "B": (236, 224, 200), "C": (224, 210, 184)}
SEAT_COLOURS: tuple[Colour, ...] = (VERMILION, BLUE, YELLOW, DARK_GREY)
SEAT_INK: tuple[Colour, ...] = (WHITE, WHITE, INK, WHITE)


def key_disc(c: Canvas, centre: Point, seat: int, r: float = KEY_R) -> None:
    """A key (or meeple): its seat's colour and number."""
    c.circle(centre, r, fill=SEAT_COLOURS[seat % 4], outline=INK, width=1.5)
    c.text(centre, str(seat + 1), DIGIT_MIN, SEAT_INK[seat % 4], anchor="mm", bold=True)

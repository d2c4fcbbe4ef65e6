"""The Paris Paris picture's colours: the paper, the five bus lines and the seats.

Seat colours are four Okabe–Ito colours (yellow, sky blue, black as a dark grey, vermilion),
which stay apart with protanopia, deuteranopia and tritanopia (tests/render checks it). They
echo the rulebook's yellow, natural, grey and violet pieces as far as legibility allows; the
seat's number on every shop is the second cue.
"""

from __future__ import annotations

from bot.render.palette import DARK_GREY, SKY_BLUE, VERMILION, WHITE, YELLOW, Colour

BACKGROUND: Colour = (247, 242, 230)
PANEL: Colour = (236, 229, 212)
PANEL_EDGE: Colour = (210, 200, 180)
INK: Colour = (40, 38, 36)
SOFT_INK: Colour = (92, 86, 78)
WATER: Colour = (200, 222, 238)
HIGHLIGHT: Colour = (20, 20, 20)
EMPTY: Colour = (176, 166, 146)
GLOW: Colour = (255, 222, 90)
ACTING: Colour = (255, 250, 236)

# The five bus lines (only green is a verified colour; see games/paris_paris/data.py).
LINE_COLOURS: dict[str, Colour] = {
    "green": (30, 150, 80),
    "red": (210, 40, 40),
    "blue": (40, 100, 210),
    "orange": (245, 140, 20),
    "pink": (230, 100, 180),
}

SEAT_COLOURS: tuple[Colour, ...] = (YELLOW, SKY_BLUE, DARK_GREY, VERMILION)
SEAT_INK: tuple[Colour, ...] = (INK, INK, WHITE, WHITE)  # the number on the shop

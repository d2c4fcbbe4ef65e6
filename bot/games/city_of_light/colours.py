"""The City of Light picture's colours: the paper, the board's printed cells, the seats.

Seats keep the game's colours, orange and blue (Okabe–Ito's, which stay apart with the common
colour-vision deficiencies), and each has a shape as a second cue (see `pieces.seat_mark`).
Mixed cells are hatched, so they never depend on telling purple from blue.
"""

from __future__ import annotations

from bot.render.palette import BLUE, ORANGE, Colour

BACKGROUND: Colour = (244, 238, 226)
INK: Colour = (40, 38, 44)
SOFT_INK: Colour = (96, 90, 84)
BOARD_FRAME: Colour = (38, 36, 44)
EMPTY_SQUARE: Colour = (92, 90, 98)
EMPTY_STONE: Colour = (104, 102, 110)
GRID: Colour = (34, 32, 40)
CREAM: Colour = (252, 244, 222)
HIGHLIGHT: Colour = (255, 236, 0)
WATER: Colour = (150, 210, 240)  # the fountain, one cell or two (`fountain_cells`)

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
CHIMNEY: tuple[Colour, Colour] = (ORANGE, BLUE)
ROOF: tuple[Colour, Colour] = ((150, 62, 12), (22, 48, 128))
SEAT_SHAPE = ("disc", "square")
GARDEN_ROOF: Colour = (58, 132, 62)
SUPPLY_ROOF: Colour = (150, 140, 126)
CARD_FACE: Colour = (255, 250, 236)
CARD_USED: Colour = (214, 210, 204)
PENDING: Colour = (230, 140, 0)

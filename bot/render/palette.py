"""Colours every table picture shares.

The seats wear Okabe & Ito's colours (2008), chosen to stay apart with protanopia,
deuteranopia and tritanopia (tests/render checks each game's seats against the three); each
game picks the ones that echo its pieces. A winner is marked alike in every game.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

WHITE: Colour = (255, 255, 255)

ORANGE: Colour = (230, 159, 0)
SKY_BLUE: Colour = (86, 180, 233)
BLUE: Colour = (0, 114, 178)
YELLOW: Colour = (240, 228, 66)
VERMILION: Colour = (213, 94, 0)
DARK_GREY: Colour = (50, 50, 50)  # Okabe–Ito's black, lightened so the seat's number shows

# The winner: a gold edge (or star) on a pale gold panel.
GOLD: Colour = (240, 180, 0)
WON: Colour = (252, 236, 170)

"""The Moscow–Paris picture's colours: the paper, the cards, the seats and the wagons (each
wagon type painted as its `ui_color` in `games/moscow_paris/data.py`, the colour its emoji
square echoes in the text)."""

from __future__ import annotations

from bot.render.palette import Colour
from games.moscow_paris.data import WAGON_TYPES

BACKGROUND: Colour = (240, 234, 220)
INK: Colour = (36, 34, 40)
SOFT_INK: Colour = (92, 86, 78)
CARD: Colour = (255, 250, 238)
CARD_EDGE: Colour = (120, 104, 84)
EMPTY_SLOT: Colour = (200, 190, 172)
RAIL: Colour = (128, 116, 104)
SLEEPER: Colour = (186, 170, 150)
PANEL: Colour = (250, 246, 236)
PANEL_EDGE: Colour = (200, 190, 172)
CARD_BACK: Colour = (150, 40, 40)
DISCARD_BACK: Colour = (120, 120, 120)
HIGHLIGHT: Colour = (255, 214, 0)
CAPITAL: Colour = (190, 140, 20)
CAPITAL_INK: Colour = (140, 96, 0)  # the capital's star, dark enough to read on a card
# Seat colours (the same order as the emoji of the text: red, blue, green, orange).
SEAT_COLOURS: tuple[Colour, ...] = ((200, 48, 48), (36, 102, 200), (40, 140, 70), (230, 130, 20))


def _hex(code: str) -> Colour:
    return (int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16))


WAGON_COLOURS: dict[str, Colour] = {w.id: _hex(w.ui_color) for w in WAGON_TYPES}


def light(colour: Colour) -> bool:
    """Whether dark ink reads on `colour` (else white does)."""
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b > 150

"""Where things sit on the Moscow–Paris picture: the four city lines, the piles, the players.

Kept apart from the drawing code so tests can find a wagon's or a city's pixels without
repeating the arithmetic, and so the layout changes in one place.

The picture is 800 px wide: Discord shows embed images about 520 px wide, so every text that
matters is drawn at 15 px or more (about 10 px once shrunk), and the wagons are told apart by
colour first, by name second.
"""

from __future__ import annotations

import math

from bot.render.header import Header

Box = tuple[float, float, float, float]

WIDTH = 800
MARGIN = 12
HEADER_H = 54
# The top line: the game's name, the state of play in the room left of it.
HEADER = Header(
    title=(MARGIN + 2, 12, 26),
    status=(WIDTH - MARGIN, 20, 19),
    fit=(WIDTH - 230 - MARGIN, 10),
    rule=(MARGIN, WIDTH - MARGIN, HEADER_H - 2),
)

# The city lines: one row per city, the city card in the middle, wagons on both sides.
LINES_Y = 60
ROW_H = 74
ROW_GAP = 8
CX = WIDTH / 2  # the centre of the city cards
CITY_W, CITY_H = 180, 70
WAGON_W, WAGON_H = 68, 54
WAGON_GAP = 5
SLOTS = 4  # a side holds at most 4 wagons (the largest limit)
CITY_GAP = 9  # between the city card and the first wagon of each side

# The piles, under the lines.
PILES_Y = LINES_Y + 4 * (ROW_H + ROW_GAP) + 2
PILES_H = 40

# The players, two panels per row.
PLAYERS_Y = PILES_Y + PILES_H + 8
PANEL_W = (WIDTH - 2 * MARGIN - 10) / 2
PANEL_H = 142
PANEL_GAP = 10
MINI_W, MINI_H = 56, 42  # a wagon in a tableau
TABLEAU_X = 128  # from the panel's left edge


def height(players: int) -> int:
    rows = math.ceil(players / 2)
    return int(PLAYERS_Y + rows * (PANEL_H + PANEL_GAP) + 2)


def row_top(row: int) -> float:
    return LINES_Y + row * (ROW_H + ROW_GAP)


def city_box(row: int) -> Box:
    top = row_top(row) + (ROW_H - CITY_H) / 2
    return (CX - CITY_W / 2, top, CX + CITY_W / 2, top + CITY_H)


def wagon_box(row: int, side: str, slot: int) -> Box:
    """The wagon at `slot` (1 = next to the city) on `side` of `row`'s line."""
    top = row_top(row) + (ROW_H - WAGON_H) / 2 - 4
    step = (slot - 1) * (WAGON_W + WAGON_GAP)
    if side == "left":
        x1 = CX - CITY_W / 2 - CITY_GAP - step
        return (x1 - WAGON_W, top, x1, top + WAGON_H)
    x0 = CX + CITY_W / 2 + CITY_GAP + step
    return (x0, top, x0 + WAGON_W, top + WAGON_H)


def panel_box(seat: int) -> Box:
    col, row = seat % 2, seat // 2
    x0 = MARGIN + col * (PANEL_W + PANEL_GAP)
    y0 = PLAYERS_Y + row * (PANEL_H + PANEL_GAP)
    return (x0, y0, x0 + PANEL_W, y0 + PANEL_H)


def tableau_box(seat: int, index: int) -> Box:
    """The `index`-th wagon (0..3) of a seat's tableau."""
    x0, y0, _, _ = panel_box(seat)
    x = x0 + TABLEAU_X + index * (MINI_W + 6)
    return (x, y0 + 40, x + MINI_W, y0 + 40 + MINI_H)


def hand_box(seat: int) -> Box:
    x0, y0, _, _ = panel_box(seat)
    return (x0 + 10, y0 + 38, x0 + TABLEAU_X - 12, y0 + 86)

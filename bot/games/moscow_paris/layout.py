"""Where things sit on the Moscow–Paris picture: the four city lines, the piles, the players.

Kept apart from the drawing code so tests can find a wagon's or a city's pixels without
repeating the arithmetic, and so the layout changes in one place.

The picture is 800 px wide: Discord shows embed images about 520 px wide, so a wagon's name is
drawn at `LABEL` = 17 px (11 px once shrunk), whole — the name the menus and recaps use — on
up to `LABEL_LINES` lines: the cards are as tall as the longest name needs (Russian
"Рефрижераторный вагон"), and the wagons are told apart by colour first, by name second.
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
LABEL = 17  # a wagon's name: 11 px at Discord's 520 px
LABEL_STEP = 18  # from one line of a name to the next
LABEL_LINES = 4  # the longest name of any catalogue, broken to fit a card
LABEL_ROOM = 4  # a card's width its name may not use (its outline, a hair of air)
ROW_H = 96
ROW_GAP = 6
CX = WIDTH / 2  # the centre of the city cards
CITY_W, CITY_H = 174, 70
WAGON_W, WAGON_H = 72, 92
WHEEL = 8  # a wagon's wheels: under its name, never over it
WAGON_GAP = 3
SLOTS = 4  # a side holds at most 4 wagons (the largest limit)
CITY_GAP = 4  # between the city card and the first wagon of each side

# The piles, under the lines.
PILES_Y = LINES_Y + 4 * (ROW_H + ROW_GAP) + 2
PILES_H = 40

# The players, two panels per row: the name, the hand (and the final score's terms beside
# it), the tableau across the panel, then the cities claimed in as many lines as they need.
PLAYERS_Y = PILES_Y + PILES_H + 8
PANEL_W = (WIDTH - 2 * MARGIN - 10) / 2
PANEL_GAP = 10
TABLEAU_Y = 90  # from the panel's top edge
MINI_GAP = 6
MINI_W, MINI_H = (PANEL_W - 20 - 3 * MINI_GAP) / 4, WAGON_H  # a wagon in a tableau
CITIES_Y = TABLEAU_Y + MINI_H + 8  # the first line of cities claimed
CITY_LINE_H = 28
CITY_LINES = 2  # the least room kept for them


def panel_h(city_lines: int = CITY_LINES) -> float:
    return CITIES_Y + max(city_lines, CITY_LINES) * CITY_LINE_H + 4


def height(players: int, city_lines: int = CITY_LINES) -> int:
    """The picture's height: the panels grow to hold every city a player claimed."""
    rows = math.ceil(players / 2)
    return int(PLAYERS_Y + rows * (panel_h(city_lines) + PANEL_GAP) + 2)


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


def panel_box(seat: int, city_lines: int = CITY_LINES) -> Box:
    col, row = seat % 2, seat // 2
    h = panel_h(city_lines)
    x0 = MARGIN + col * (PANEL_W + PANEL_GAP)
    y0 = PLAYERS_Y + row * (h + PANEL_GAP)
    return (x0, y0, x0 + PANEL_W, y0 + h)


def tableau_box(seat: int, index: int, city_lines: int = CITY_LINES) -> Box:
    """The `index`-th wagon (0..3) of a seat's tableau."""
    x0, y0, _, _ = panel_box(seat, city_lines)
    x = x0 + 10 + index * (MINI_W + MINI_GAP)
    return (x, y0 + TABLEAU_Y, x + MINI_W, y0 + TABLEAU_Y + MINI_H)


def hand_box(seat: int, city_lines: int = CITY_LINES) -> Box:
    x0, y0, _, _ = panel_box(seat, city_lines)
    return (x0 + 10, y0 + 36, x0 + 118, y0 + 84)

"""Where things sit on the Moscow–Paris picture: the four city lines, the piles, the players.

Kept apart from the drawing code so tests can find a wagon's or a city's pixels without
repeating the arithmetic, and so the layout changes in one place.

The picture is 800 px wide and Discord shows it about 520 px wide, so every word is drawn at
`TEXT` = 17 px or more (11 px once shrunk, issue 20). A wagon's name is drawn whole — the
name the menus and recaps use — on up to `LABEL_LINES` lines: the cards are as tall as the
longest name needs (Russian "Рефрижераторный вагон"). The city cards are as wide as the
longest city name of any catalogue ("Saint-Pétersbourg") at that size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.render.header import Header

Box = tuple[float, float, float, float]

WIDTH = 800
MARGIN = 6
TEXT = 17  # the smallest text: 11 px at Discord's 520 px
TAG = 20  # the turn panel's tags: a little larger, to be found at a glance
HEADER_H = 54
# The top line: the game's name, the state of play in the room left of it.
HEADER = Header(
    title=(MARGIN + 2, 12, 26),
    status=(WIDTH - MARGIN, 18, 20),
    fit=(WIDTH - 2 * MARGIN - 250, TEXT),  # right of the longest title (Russian)
    rule=(MARGIN, WIDTH - MARGIN, HEADER_H - 2),
)

# The city lines: one row per city, the city card in the middle, wagons on both sides.
LINES_Y = 60
LABEL = TEXT  # a wagon's name
LABEL_STEP = 18  # from one line of a name to the next
LABEL_LINES = 4  # the longest name of any catalogue, broken to fit a card
LABEL_ROOM = 4  # a card's width its name may not use (its outline, a hair of air)
ROW_H = 96
ROW_GAP = 6
CX = WIDTH / 2  # the centre of the city cards
WAGON_W, WAGON_H = 72, 92
WHEEL = 8  # a wagon's wheels: under its name, never over it
WAGON_GAP = 2
SLOTS = 4  # a side holds at most 4 wagons (the largest limit)
CITY_GAP = 3  # between the city card and the first wagon of each side
CITY_W = WIDTH - 2 * MARGIN - 2 * (SLOTS * WAGON_W + (SLOTS - 1) * WAGON_GAP + CITY_GAP)
CITY_H = 86
CITY_PAD = 8  # inside a city card, round its words
CITY_LINE = 26  # from one line of a city card to the next

# The piles, under the lines; the cities out of the game on a line of their own.
PILES_Y = LINES_Y + 4 * (ROW_H + ROW_GAP) + 2
PILES_H = 34
REMOVED_H = 26

# The players, two panels per row: the name and the score, the hand (and who decides or
# won), the tableau across the panel, the cities claimed in as many lines as they need, and
# at the end the terms of the final score.
PANEL_GAP = 10
PANEL_W = (WIDTH - 2 * MARGIN - PANEL_GAP) / 2
HAND_Y = 40  # from the panel's top edge
BACK_W, BACK_H, BACK_STEP = 14, 20, 17  # a card back of the hand
BACKS_X = 104  # the hand's card backs, after its size in words ("на руке 5")
TABLEAU_Y = 70
MINI_GAP = 6
MINI_W, MINI_H = (PANEL_W - 20 - 3 * MINI_GAP) / 4, WAGON_H  # a wagon in a tableau
CITIES_Y = TABLEAU_Y + MINI_H + 8  # the first line of cities claimed
CITY_LINE_H = 30
CITY_LINES = 2  # the least room kept for them
TERMS_H = 2 * 24  # the final score's two lines


@dataclass(frozen=True, slots=True)
class Frame:
    """What of the layout depends on the view: the players, the lines of cities their panels
    keep room for, whether the game is over (the score's terms) and whether a line names
    the cities out of the game."""

    players: int
    city_lines: int = CITY_LINES
    over: bool = False
    removed: bool = False

    @property
    def panel_h(self) -> float:
        lines = max(self.city_lines, CITY_LINES)
        return CITIES_Y + lines * CITY_LINE_H + (TERMS_H if self.over else 0) + 4

    @property
    def players_y(self) -> float:
        return PILES_Y + PILES_H + (REMOVED_H if self.removed else 0) + 8

    @property
    def height(self) -> int:
        rows = math.ceil(self.players / 2)
        return int(self.players_y + rows * (self.panel_h + PANEL_GAP) + 2)

    def panel(self, seat: int) -> Box:
        col, row = seat % 2, seat // 2
        x0 = MARGIN + col * (PANEL_W + PANEL_GAP)
        y0 = self.players_y + row * (self.panel_h + PANEL_GAP)
        return (x0, y0, x0 + PANEL_W, y0 + self.panel_h)


def row_top(row: int) -> float:
    return LINES_Y + row * (ROW_H + ROW_GAP)


def city_box(row: int) -> Box:
    top = row_top(row) + (ROW_H - CITY_H) / 2 - 4
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


def tableau_box(panel: Box, index: int) -> Box:
    """The `index`-th wagon (0..3) of the tableau in a player's `panel`."""
    x0, y0, _, _ = panel
    x = x0 + 10 + index * (MINI_W + MINI_GAP)
    return (x, y0 + TABLEAU_Y, x + MINI_W, y0 + TABLEAU_Y + MINI_H)


def hand_box(panel: Box) -> Box:
    """The line of the hand in a `panel`: its size in words, then as card backs."""
    x0, y0, x1, _ = panel
    return (x0 + 10, y0 + HAND_Y, x1 - 10, y0 + HAND_Y + BACK_H + 2)


def back_box(panel: Box, k: int) -> Box:
    """The `k`-th card back (from 0) of the hand in a player's `panel`."""
    x0, y0, _, _ = hand_box(panel)
    left = x0 + BACKS_X + k * BACK_STEP
    return (left, y0, left + BACK_W, y0 + BACK_H)

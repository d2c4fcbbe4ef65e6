"""Where things sit on the City of Light picture: the board, the side panel, the postcards.

Kept apart from the drawing code so tests can find a cell's pixels (`cell_box`) without
repeating the arithmetic, and so the layout can be changed in one place.

Discord shows the picture about 520 px wide, half its 1040 px: every size here is twice what
a player sees. The board's 60 px cells show as 30 px, the reserve and supply shapes' 16 px
cells as 8 px, and the postcards run along the bottom, wide enough for their effect text.
"""

from __future__ import annotations

WIDTH, HEIGHT = 1040, 780
TEXT = 22  # the smallest text: 11 px in a 520 px wide embed
BIG = 28

# The 8×8 board, with room above and left for the column letters and row numbers.
CELL = 60
BOARD_X, BOARD_Y = 44, 80
BOARD_SIZE = 8 * CELL
FRAME = 6  # the dark frame around the board

# The side panel to the right of the board.
PANEL_X = BOARD_X + BOARD_SIZE + FRAME + 24
PANEL_W = WIDTH - PANEL_X - 12
PLAYER_Y = (12, 170)  # top of each player's block
PLAYER_H = 150
SUPPLY_Y = 330
MINI = 16  # side of a cell of a building shape in the panel

# The postcards: a band of 4 × 2 cards under the board and the panel.
POSTCARD_Y = BOARD_Y + BOARD_SIZE + FRAME + 10
POSTCARD_GAP = 8
POSTCARD_W = (WIDTH - 24 - 3 * POSTCARD_GAP) / 4
POSTCARD_H = (HEIGHT - 6 - POSTCARD_Y - POSTCARD_GAP) / 2

Box = tuple[float, float, float, float]


def cell_box(x: int, y: int, inset: float = 0) -> Box:
    """The pixel box of cell (x, y), shrunk by `inset` on every side."""
    x0 = BOARD_X + x * CELL
    y0 = BOARD_Y + y * CELL
    return (x0 + inset, y0 + inset, x0 + CELL - inset, y0 + CELL - inset)


def cell_centre(x: int, y: int) -> tuple[float, float]:
    return (BOARD_X + (x + 0.5) * CELL, BOARD_Y + (y + 0.5) * CELL)


def square_box(tx: int, ty: int) -> Box:
    x0, y0, _, _ = cell_box(2 * tx, 2 * ty)
    return (x0, y0, x0 + 2 * CELL, y0 + 2 * CELL)


def postcard_box(n: int) -> Box:
    """The n-th postcard (0..7): four columns, two rows."""
    col, row = n % 4, n // 4
    x0 = 12 + col * (POSTCARD_W + POSTCARD_GAP)
    y0 = POSTCARD_Y + row * (POSTCARD_H + POSTCARD_GAP)
    return (x0, y0, x0 + POSTCARD_W, y0 + POSTCARD_H)

"""Where things sit on the City of Light picture: the board's cells and the side panel.

Kept apart from the drawing code so tests can find a cell's pixels (`cell_box`) without
repeating the arithmetic, and so the layout can be changed in one place.
"""

from __future__ import annotations

WIDTH, HEIGHT = 1000, 750

# The 8×8 board, with room above and left for the column letters and row numbers.
CELL = 80
BOARD_X, BOARD_Y = 34, 82
BOARD_SIZE = 8 * CELL
FRAME = 6  # the dark frame around the board

# The side panel to the right of the board.
PANEL_X = BOARD_X + BOARD_SIZE + FRAME + 20
PANEL_W = WIDTH - PANEL_X - 10
TURN_Y = 22  # "to play" above the players
PLAYER_Y = (82, 220)  # top of each player's block
PLAYER_H = 130
SUPPLY_Y = 360
POSTCARD_Y = 492
POSTCARD_W = (PANEL_W - 8) // 2
POSTCARD_H = 58
POSTCARD_GAP = 6
MINI = 9  # side of a cell of a small building shape in the panel

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
    """The n-th postcard (0..7): two columns, four rows."""
    col, row = n % 2, n // 2
    x0 = PANEL_X + col * (POSTCARD_W + 8)
    y0 = POSTCARD_Y + row * (POSTCARD_H + POSTCARD_GAP)
    return (x0, y0, x0 + POSTCARD_W, y0 + POSTCARD_H)

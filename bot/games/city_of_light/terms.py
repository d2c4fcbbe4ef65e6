"""City of Light's board as text: cell and square names, tiles and shapes as emoji rows.

Shared by the turn steps, the recaps and the status lines of the Discord adapter. Cells are
named like a chess board seen from above: columns A–H left to right, rows 1–8 top to bottom
(the table picture prints the same letters and numbers).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from games.city_of_light.board import DOMINO_SHAPE, SHAPES, rotate_grid, rotate_shape
from games.city_of_light.data import BUILDINGS, COLOURS, TILES

COLOUR_EMOJI = {"orange": "🟧", "blue": "🟦", "mixed": "🟪", "light": "💡", None: "⬛"}
SEAT_EMOJI = ("🟧", "🟦")
BUILDING_INDEX = {key: i for i, key in enumerate(BUILDINGS)}


def cell_name(x: int, y: int) -> str:
    """'C5' for column 2, row 4 (as printed on the board's edges)."""
    return f"{'ABCDEFGH'[x]}{y + 1}"


def cells_text(cells: Sequence[Sequence[int]]) -> str:
    return " ".join(cell_name(x, y) for x, y in sorted(cells, key=lambda c: (c[1], c[0])))


def square_name(tx: int, ty: int) -> str:
    return f"{cell_name(2 * tx, 2 * ty)}–{cell_name(2 * tx + 1, 2 * ty + 1)}"


def tile_rows(owner: int, tile: int, rotation: int) -> list[str]:
    """The tile's two rows as coloured squares (O/R/M/L relative to its owner)."""
    colour = {"O": COLOURS[owner], "R": COLOURS[1 - owner], "M": "mixed", "L": "light"}
    grid = rotate_grid(TILES[tile], rotation)
    return ["".join(COLOUR_EMOJI[colour[letter]] for letter in row) for row in grid]


def shape_rows(key: str, rotation: int) -> list[str]:
    """A building (or the 1×2 domino) turned `rotation` quarter turns, as ⬛/⬜ rows."""
    cells = set(
        rotate_shape(BUILDINGS[key], rotation)
        if key in BUILDINGS
        else DOMINO_SHAPE.rotations[rotation]
    )
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    return ["".join("⬛" if (x, y) in cells else "⬜" for x in range(w)) for y in range(h)]


def building_cells(key: str, rotation: int, x: int, y: int) -> list[tuple[int, int]]:
    shape = SHAPES[BUILDING_INDEX[key]] if key in BUILDING_INDEX else DOMINO_SHAPE
    return [(c % 8, c // 8) for c in shape.by_anchor[(rotation, x, y)][1]]


def piece_cells(card: str, rotation: int | None, x: int, y: int) -> list[tuple[int, int]]:
    """The cells a postcard piece covers: a 1×2 garden or fountain, else (x, y) alone."""
    if rotation is not None and card in ("jardin_des_plantes", "fontaine_des_mers"):
        return building_cells("DOMINO", rotation, x, y)
    return [(x, y)]


def building_label(key: str, locale: str | None) -> str:
    if key == "GARDEN":
        return t("col.garden", locale)
    return t("col.building", locale, name=t(f"col.b.{key}", locale), size=len(BUILDINGS[key]))


def seat_name(seat: int, names: list[str]) -> str:
    return f"{SEAT_EMOJI[seat]} {names[seat]}"

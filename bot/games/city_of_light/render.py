"""The City of Light table picture: the 8×8 board with tiles, buildings and pieces, a side
panel with both players and the supply, and the eight postcards along the bottom.

It draws the view it is handed and reads only its public fields (never `hand`), so a seat's
view draws the public picture (tests/contract/test_pictures.py).

Why everything is big: Discord shows the picture about 520 px wide, half its 1040 px, so every
word is drawn at `TEXT` (22) logical pixels or more (11 px on screen), the building shapes of
the reserves and the supply have 16 px cells, and each postcard carries a short effect text.

Seats keep the game's colours, orange and blue (Okabe–Ito's, which stay apart with the common
colour-vision deficiencies), and each has a shape as a second cue: orange a disc, blue a
square, on chimneys, tile corners, postcard tokens and the players' blocks. Mixed cells are
hatched, so they never depend on telling purple from blue.

The parts are drawn by `board.py`, `panel.py` and `postcards.py`, in `colours.py`'s colours.

`highlight` ids: "x,y" cells (a preview's or the last move's), `card:<card>` (a postcard
used last) and `take:<building>` (a building taken into a reserve last);
`CityOfLightAdapter.last_move` builds them from a move's public events. A turn panel's
picture adds label ids (`bot.render.marks.label_id`) of "x,y" cells: each gets its tag; and,
when a step first asks for the top row of a placement ("row:<y>", `steps.py`), of rows: each
row's tag goes beside it, left of the board.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bot.games.city_of_light.board import (
    draw_board,
    draw_header,
    draw_highlight,
    draw_row_tags,
    draw_tags,
)
from bot.games.city_of_light.colours import BACKGROUND, CHIMNEY, INK, LAMP
from bot.games.city_of_light.layout import HEIGHT, WIDTH
from bot.games.city_of_light.panel import draw_players, draw_supply
from bot.games.city_of_light.postcards import draw_postcards
from bot.games.city_of_light.scoring_picture import draw_scoring
from bot.render.drawing import Canvas
from bot.render.marks import by_kind, labels
from bot.ui.custom_ids import numbers
from games.city_of_light.data import BUILDINGS, POSTCARDS
from games.city_of_light.views import CityOfLightView

Cell = tuple[int, int]
ROWS = {str(y) for y in range(8)}


@dataclass(frozen=True)
class Marks:
    """The cells, postcards and reserve buildings to emphasise."""

    cells: list[Cell]
    cards: set[str]
    taken: set[str]
    tags: dict[Cell, str]  # the turn panel's: cell -> the tag of the choice that lays there
    row_tags: dict[int, str]  # the turn panel's "top row" step: row -> its choice's tag


def parse_marks(ids: Collection[str]) -> Marks:
    kinds = by_kind(ids)
    cells = [cell for item in kinds[""] if (cell := numbers(item, 2, ",")) is not None]
    tags = {
        (cell[0], cell[1]): tag
        for place, tag in labels(ids).items()
        if (cell := numbers(place, 2, ",")) is not None and cell[0] < 8 and cell[1] < 8
    }
    rows = {
        int(place.removeprefix("row:")): tag
        for place, tag in labels(ids).items()
        if place.startswith("row:") and place.removeprefix("row:") in ROWS
    }
    return Marks(
        cells=sorted((x, y) for x, y in cells if x < 8 and y < 8),
        tags=tags,
        row_tags=rows,
        cards=kinds["card"] & set(POSTCARDS),
        taken=kinds["take"] & BUILDINGS.keys(),
    )


def render_table(
    view: CityOfLightView, names: list[str], *, highlight: Collection[str] = ()
) -> bytes:
    """The public table as a PNG; `highlight` marks a move (see the module docstring)."""
    marks = parse_marks(highlight)
    canvas = Canvas(WIDTH, HEIGHT, BACKGROUND)
    draw_header(canvas, view)
    draw_board(canvas, view)
    draw_scoring(canvas, view, LAMP, CHIMNEY, INK)
    draw_highlight(canvas, marks.cells)
    draw_tags(canvas, marks.tags)
    draw_row_tags(canvas, marks.row_tags)
    draw_players(canvas, view, names, marks.taken)
    draw_supply(canvas, view)
    draw_postcards(canvas, view, marks.cards)
    return canvas.png()

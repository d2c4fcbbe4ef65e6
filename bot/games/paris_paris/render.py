"""The Paris Paris table picture: the bus map with shops (`bus_map.py`), plus a side panel
(`panel.py`).

Why it takes a `ParisParisView`: the table image is posted publicly, so it reads only what
everybody may see. A seat's view is a `ParisParisView` too, and its marker and supply are never
read: it draws the public picture (tests/contract/test_pictures.py).

Why everything is big: Discord shows the picture about 520 px wide, half its 1040 px, so every
word is drawn at `TEXT` (22) logical pixels or more (11 px on screen), shops are 26 px houses
with their seat's number on them, and the tokens a player chooses from are listed large in the
panel (station and line) and ringed in their line's colour on the map.

Player colours are four Okabe–Ito colours (see `colours.py`), and every shop also carries its
seat number.

`highlight` ids: a station id (a preview's or the last move's shop), `visit:<station>` (the
last visit), `scored:<station>` (a station whose shops scored in the last visit or
excursion) and `line:<colour>` (a line whose bus ran); `ParisParisAdapter.last_move` builds
them from a move's public events. A turn panel's picture adds label ids
(`bot.render.marks.label_id`) of stations: each gets its tag beside it (`tags.py`).
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.paris_paris.bus_map import draw_map
from bot.games.paris_paris.colours import BACKGROUND
from bot.games.paris_paris.layout import HEIGHT, WIDTH
from bot.games.paris_paris.marks import parse_marks
from bot.games.paris_paris.panel import draw_panel
from bot.render.drawing import Canvas
from games.paris_paris.views import ParisParisView


def render_table(
    view: ParisParisView,
    names: list[str],
    *,
    highlight: Collection[str] = (),
    title: str | None = None,
) -> bytes:
    """The public table as a PNG: map, shops, revealed tokens, P spaces, players, scores.

    `highlight` marks the last move or a preview (see the module docstring); `names` are
    the seats' display names (any Unicode, shortened to fit).
    """
    canvas = Canvas(WIDTH, HEIGHT, BACKGROUND)
    marks = parse_marks(highlight)
    draw_map(canvas, view, marks)
    draw_panel(canvas, view, names, title, marks)
    return canvas.png()

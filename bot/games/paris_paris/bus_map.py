"""The bus map of the Paris Paris picture: the Seine, the five lines with their start
arrows, the stations with their shops, the displayed tokens ringed in their line's colour,
the last move's marks, the station names, the legend of the lines and a turn panel's tags."""

from __future__ import annotations

import math

from bot.games.paris_paris.colours import (
    BACKGROUND,
    EMPTY,
    HIGHLIGHT,
    INK,
    LINE_COLOURS,
    PANEL_EDGE,
    SOFT_INK,
    WATER,
)
from bot.games.paris_paris.layout import (
    LEGEND_XY,
    SEINE,
    SHOP,
    STATION_XY,
    TEXT,
    radius,
    slot_centres,
)
from bot.games.paris_paris.line_style import draw_casing, draw_glow, draw_line
from bot.games.paris_paris.marks import Marks
from bot.games.paris_paris.names import name_lines
from bot.games.paris_paris.pieces import dashed_ring, draw_shop
from bot.games.paris_paris.tags import draw_tags
from bot.i18n import t
from bot.render.drawing import Box, Canvas, Point
from bot.render.palette import GOLD, WHITE
from games.paris_paris.data import COLOURS, LINES, STATIONS
from games.paris_paris.views import ParisParisView

SWATCH = 36  # a legend swatch's length: long enough to show a mark of every patterned line


def _crossing(station: str) -> bool:
    return len(STATIONS[station][1]) > 1


def draw_map(canvas: Canvas, view: ParisParisView, marks: Marks) -> None:
    canvas.line(SEINE, WATER, 26)
    for colour in COLOURS:
        if colour in marks.lines:
            draw_glow(canvas, _points(colour))
    for colour in COLOURS:
        draw_casing(canvas, _points(colour))
    for colour in COLOURS:
        clear = [radius(_crossing(s)) for s in LINES[colour]]
        draw_line(canvas, _points(colour), colour, clear)
    for colour in COLOURS:
        _draw_start_arrow(canvas, colour)
    _draw_token_rings(canvas, view)
    for station in STATION_XY:
        _draw_marks(canvas, station, marks)
    for station in STATION_XY:
        _draw_station(canvas, station, view.board.get(station, []))
    for station in STATION_XY:
        _draw_label(canvas, station)
    _draw_legend(canvas)
    draw_tags(canvas, view, marks.tags)


def _points(colour: str) -> list[Point]:
    return [STATION_XY[s] for s in LINES[colour]]


def legend_box(canvas: Canvas) -> Box:
    """Where the legend goes, as wide as its longest word in the language spoken: bottom
    left, between the map's edge and the pink line (tests keep it clear of every line)."""
    x, y = LEGEND_XY
    width = SWATCH + 30 + max(canvas.text_width(w, TEXT) for w in _legend_words())
    return (x, y, x + width, y + 182)


def _legend_words() -> list[str]:
    return [t(f"pp.colour_word.{c}") for c in COLOURS] + [t("pp.img.start")]


def _draw_legend(canvas: Canvas) -> None:
    """Line names by colour and pattern (markers, tokens and P spaces name lines by colour),
    each swatch drawn as the map draws its line."""
    box = legend_box(canvas)
    x, y = box[0], box[1]
    words = _legend_words()
    canvas.rect(box, (252, 249, 241), PANEL_EDGE, 1.5, 8)
    for i, colour in enumerate(COLOURS):
        row = y + 19 + i * 29
        swatch = [(x + 12, row), (x + 12 + SWATCH, row)]
        draw_casing(canvas, swatch)
        draw_line(canvas, swatch, colour)
        canvas.text((x + SWATCH + 22, row), words[i], TEXT, INK, "lm")
    row = y + 19 + 5 * 29
    canvas.polygon([(x + 20, row - 9), (x + 20, row + 9), (x + 36, row)], SOFT_INK, INK, 1)
    canvas.text((x + SWATCH + 22, row), words[-1], TEXT, SOFT_INK, "lm")


def _draw_start_arrow(canvas: Canvas, colour: str) -> None:
    """A triangle in the line's colour just before its start station, pointing along it."""
    first, second = LINES[colour][0], LINES[colour][1]
    (x0, y0), (x1, y1) = STATION_XY[first], STATION_XY[second]
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    r = radius(_crossing(first))
    tip = (x0 - ux * (r + 4), y0 - uy * (r + 4))
    back = (x0 - ux * (r + 26), y0 - uy * (r + 26))
    half = 11
    canvas.polygon(
        [
            tip,
            (back[0] - uy * half, back[1] + ux * half),
            (back[0] + uy * half, back[1] - ux * half),
        ],
        LINE_COLOURS[colour],
        INK,
        2,
    )


def _draw_token_rings(canvas: Canvas, view: ParisParisView) -> None:
    """Each displayed token rings its station in its line's colour (a second token of the
    same station rings it once more, further out)."""
    seen: dict[str, int] = {}
    for token in view.display:
        n = seen.get(token.station, 0)
        seen[token.station] = n + 1
        r = radius(_crossing(token.station)) + 10 + n * 9
        centre = STATION_XY[token.station]
        canvas.circle(centre, r + 4, outline=INK, width=2)
        canvas.circle(centre, r, outline=LINE_COLOURS[token.colour], width=7)


def _draw_marks(canvas: Canvas, station: str, marks: Marks) -> None:
    centre = STATION_XY[station]
    r = radius(_crossing(station))
    if station in marks.scored:
        canvas.circle(centre, r + 12, fill=WHITE, outline=INK, width=2)
        canvas.circle(centre, r + 8, outline=GOLD, width=8)
    if station in marks.visits:
        canvas.circle(centre, r + 10, fill=WHITE if station not in marks.scored else None)
        dashed_ring(canvas, centre, r + 17, HIGHLIGHT, 5)
    if station in marks.shops:
        canvas.circle(centre, r + 11, fill=WHITE)
        canvas.circle(centre, r + 8, outline=HIGHLIGHT, width=5)


def _lines_through(station: str) -> list[str]:
    return [c for c in COLOURS if station in LINES[c]]


def _draw_station(canvas: Canvas, station: str, owners: list[int]) -> None:
    """A white disc (crossings ringed in both line colours) with its shop slots."""
    centre = STATION_XY[station]
    crossing = _crossing(station)
    r = radius(crossing)
    canvas.circle(centre, r, fill=WHITE, outline=INK, width=2.5)
    if crossing:
        first, second = _lines_through(station)
        canvas.arc(centre, r - 3.5, 180, 360, LINE_COLOURS[first], 5)
        canvas.arc(centre, r - 3.5, 0, 180, LINE_COLOURS[second], 5)
    capacity = 2 if crossing else 1
    for i, (x, y) in enumerate(slot_centres(station, capacity)):
        if i < len(owners):
            draw_shop(canvas, (x, y + 2), owners[i])
        else:
            h = SHOP / 2 - 4
            canvas.rect((x - h, y - h, x + h, y + h), None, EMPTY, 1.5, radius=3)


def _draw_label(canvas: Canvas, station: str) -> None:
    for xy, line, anchor in name_lines(station):
        canvas.text(
            xy, line, TEXT, INK, anchor=anchor, outline=BACKGROUND, outline_width=3, bold=True
        )

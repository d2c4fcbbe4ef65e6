"""The turn panel's tags on the Paris Paris map: each station a step offers gets the tag of
its choice ("3", "1/2" for two tokens of one station), in a box beside the station, outside
its token rings and off every station and name, so what it marks stays seen."""

from __future__ import annotations

import math

from bot.games.paris_paris.colours import INK
from bot.games.paris_paris.layout import (
    HEIGHT,
    LABELS,
    MAP_WIDTH,
    STATION_XY,
    TEXT,
    direction,
    radius,
)
from bot.games.paris_paris.names import name_boxes
from bot.render.drawing import Box, Canvas
from bot.render.palette import WHITE
from games.paris_paris.data import STATIONS
from games.paris_paris.views import ParisParisView

SIDES = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
MARGIN = 4  # between a tag and the map's edge, or another station


def draw_tags(canvas: Canvas, view: ParisParisView, tags: dict[str, str]) -> None:
    # Kept clear: every station's disc and name, and the tags already placed.
    taken = [_disc(station) for station in STATION_XY]
    taken += [box for station in STATION_XY for box in name_boxes(canvas, station)]
    for station, tag in sorted(tags.items()):
        box = _place(canvas, view, station, tag, taken)
        canvas.tag((box[0], box[1]), tag, TEXT, WHITE, INK)
        taken.append(box)


def _place(canvas: Canvas, view: ParisParisView, station: str, tag: str, taken: list[Box]) -> Box:
    """The tag's box: on the first side, from the one facing away from the station's name
    round to the name's, where it stays on the map, overlaps nothing `taken` and is nearer
    its station than any other (else where it misses least), just outside the token rings."""
    width, height = canvas.tag_size(tag, TEXT)
    x, y = STATION_XY[station]
    rings = sum(token.station == station for token in view.display)
    clear = radius(len(STATIONS[station][1]) > 1) + 14 + 9 * max(rings - 1, 0)
    name = SIDES.index(LABELS[station][0])
    order = sorted(SIDES, key=lambda side: -abs((SIDES.index(side) - name + 4) % 8 - 4))
    own = _disc(station)
    best: tuple[int, Box] | None = None
    for side in order:
        dx, dy = direction(side)
        # Far enough along the side that the box's nearest corner clears the rings.
        reach = clear + abs(dx) * width / 2 + abs(dy) * height / 2
        cx, cy = x + dx * reach, y + dy * reach
        box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
        hits = sum(_overlap(box, other) for other in taken if other != own)
        # A tag nearer another station would read as that station's.
        nearest = min(STATION_XY, key=lambda s: math.dist((cx, cy), STATION_XY[s]))
        cost = hits + (nearest != station) + (0 if _on_map(box) else 100)
        if best is None or cost < best[0]:
            best = (cost, box)
        if cost == 0:
            break
    assert best is not None
    return best[1]


def _on_map(box: Box) -> bool:
    return box[0] >= MARGIN and box[1] >= MARGIN and box[2] <= MAP_WIDTH and box[3] <= HEIGHT


def _disc(station: str) -> Box:
    """The box round a station's disc, with a margin."""
    x, y = STATION_XY[station]
    r = radius(len(STATIONS[station][1]) > 1) + MARGIN
    return (x - r, y - r, x + r, y + r)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]

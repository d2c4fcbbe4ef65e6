"""Where a station's name sits on the Paris Paris map: on its `LABELS` side, one or two
lines. Apart from the drawing so a turn panel's tags (`tags.py`) can keep off the names."""

from __future__ import annotations

from bot.games.paris_paris.layout import (
    LABEL_SHIFTS,
    LABELS,
    STATION_XY,
    TEXT,
    direction,
    label_lines,
    radius,
)
from bot.games.paris_paris.terms import station as station_name
from bot.render.drawing import Box, Canvas, Point
from games.paris_paris.data import STATIONS

STEP = TEXT + 2  # from one line of a name to the next


def name_lines(station: str) -> list[tuple[Point, str, str]]:
    """Each line of the station's name: its anchor point, its text, its anchor."""
    side = LABELS[station][0]
    dx, dy = direction(side)
    x, y = STATION_XY[station]
    gap = radius(len(STATIONS[station][1]) > 1) + 6
    lines = label_lines(station_name(station), station)
    shift_x, shift_y = LABEL_SHIFTS.get(station, (0.0, 0.0))
    cx, cy = x + dx * gap + shift_x, y + dy * gap + shift_y
    # The block of lines sits on the named side: above for n, below for s, centred for e/w.
    h = STEP * len(lines)
    top = {
        "n": cy - h,
        "s": cy,
        "e": cy - h / 2,
        "w": cy - h / 2,
        "ne": cy - h,
        "nw": cy - h,
        "se": cy,
        "sw": cy,
    }[side]
    horizontal = {
        "n": "m",
        "s": "m",
        "e": "l",
        "w": "r",
        "ne": "l",
        "nw": "r",
        "se": "l",
        "sw": "r",
    }[side]
    return [
        ((cx, top + i * STEP + STEP / 2), line, horizontal + "m") for i, line in enumerate(lines)
    ]


def name_boxes(canvas: Canvas, station: str) -> list[Box]:
    """The boxes the station's name covers."""
    out = []
    for (x, y), line, anchor in name_lines(station):
        width = canvas.text_width(line, TEXT, True)
        left = x - {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
        out.append((left, y - STEP / 2, left + width, y + STEP / 2))
    return out

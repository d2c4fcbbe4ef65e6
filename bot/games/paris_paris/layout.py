"""Where the Paris Paris stations sit on the picture: presentation data, not rules.

Why a separate module: the engine's map (games/paris_paris/data.py) is RECONSTRUCTED and
swappable; it says which stations each line visits but not where they are. This file places
the 25 stations on a stylised Paris so the five lines read clearly: Montmartre and the Gares
north, the Arc de Triomphe, Trocadéro and Tour Eiffel west, République east, the Seine islands
(Notre-Dame, Île St-Louis, Pont Neuf) centre, Montparnasse and Luxembourg south. It is drawn
so that no two line segments cross except at a crossing station.

Coordinates are logical pixels of the 1040x780 table picture, which Discord shows about
520 px wide: everything here is twice the size it appears in an embed. The map uses
x < `MAP_WIDTH`; the side panel is to its right. `LABELS` says on which compass side of its
station each name is written and where a long name breaks onto two lines, chosen so that names,
shops and line segments do not overlap at that size (`LABEL_SHIFTS` nudges the few that
would touch a line otherwise; tests/render/test_paris_paris_lines.py checks it).
"""

from __future__ import annotations

import math
import re

Point = tuple[float, float]

WIDTH, HEIGHT = 1040, 780
MAP_WIDTH = 690
PLAIN_RADIUS = 20.0
CROSSING_RADIUS = 33.0
SHOP = 26.0  # width of a shop house; it carries its seat's number
TEXT = 22  # the smallest text: 11 px in a 520 px wide embed
BIG = 28
LINE_WIDTH = 10  # a bus line (its white casing and marks: line_style.py)
SLOT_OFFSET = 14.5  # a crossing's two shop slots sit this far left and right of its centre

STATION_XY: dict[str, Point] = {
    # north
    "gare_du_nord": (542, 50),
    "montmartre": (394, 80),
    "pigalle": (265, 128),
    "st_nicolas": (402, 204),
    "gare_de_l_est": (666, 140),
    "republique": (653, 248),
    # west
    "arc_de_triomphe": (62, 152),
    "champs_elysees": (148, 274),
    "opera": (293, 208),
    "trocadero": (110, 60),
    "tour_eiffel": (154, 475),
    "invalides": (214, 574),
    # centre
    "louvre": (257, 374),
    "les_halles": (328, 358),
    "pompidou": (432, 322),
    "marais": (622, 374),
    "hotel_de_ville": (452, 452),
    "pont_neuf": (366, 508),
    "notre_dame": (504, 520),
    "ile_st_louis": (660, 490),
    # south
    "quartier_latin": (472, 614),
    "pantheon": (566, 630),
    "odeon": (376, 634),
    "luxembourg": (612, 714),
    "montparnasse": (260, 704),
}

# (compass side of the station, line break) per station name; a break index splits the name
# into two lines after that many words ("Arc de / Triomphe", "Notre- / Dame"), 0 keeps it on
# one line.
LABELS: dict[str, tuple[str, int]] = {
    "gare_du_nord": ("s", 0),
    "montmartre": ("n", 0),
    "pigalle": ("n", 0),
    "st_nicolas": ("e", 1),
    "gare_de_l_est": ("w", 1),
    "republique": ("w", 0),
    "arc_de_triomphe": ("e", 2),
    "champs_elysees": ("s", 1),
    "opera": ("se", 0),
    "trocadero": ("e", 0),
    "tour_eiffel": ("w", 0),
    "invalides": ("w", 0),
    "louvre": ("s", 0),
    "les_halles": ("n", 1),
    "pompidou": ("e", 0),
    "marais": ("s", 0),
    "hotel_de_ville": ("w", 0),
    "pont_neuf": ("w", 0),
    "notre_dame": ("e", 1),
    "ile_st_louis": ("nw", 0),
    "quartier_latin": ("n", 0),
    "pantheon": ("n", 0),
    "odeon": ("s", 0),
    "luxembourg": ("s", 0),
    "montparnasse": ("se", 0),
}

# Where a name is moved from its side's place, to keep it off the lines nearby (dx, dy).
LABEL_SHIFTS: dict[str, Point] = {
    "marais": (12, 2),
    "champs_elysees": (24, -3),
    "ile_st_louis": (18, -18),
}

# The Seine, drawn as a pale band under everything, east to west through the islands.
SEINE: tuple[Point, ...] = (
    (690, 470),
    (660, 490),
    (570, 510),
    (504, 520),
    (440, 514),
    (366, 500),
    (300, 472),
    (220, 448),
    (140, 440),
    (70, 452),
    (0, 472),
)

# The line legend (colour swatch + name), bottom left of the map.
LEGEND_XY: Point = (10, 592)

_DIRECTIONS: dict[str, Point] = {
    "n": (0, -1),
    "s": (0, 1),
    "e": (1, 0),
    "w": (-1, 0),
    "ne": (math.sqrt(0.5), -math.sqrt(0.5)),
    "nw": (-math.sqrt(0.5), -math.sqrt(0.5)),
    "se": (math.sqrt(0.5), math.sqrt(0.5)),
    "sw": (-math.sqrt(0.5), math.sqrt(0.5)),
}


def direction(side: str) -> Point:
    """The unit vector of a compass side ("n", "se", ...), y pointing down."""
    return _DIRECTIONS[side]


def radius(crossing: bool) -> float:
    """A station's circle radius: crossings are larger because they hold 2 shops."""
    return CROSSING_RADIUS if crossing else PLAIN_RADIUS


def slot_centres(station: str, capacity: int) -> list[Point]:
    """Centres of a station's shop slots, in the order the view lists its shops."""
    x, y = STATION_XY[station]
    if capacity == 1:
        return [(x, y)]
    return [(x - SLOT_OFFSET, y), (x + SLOT_OFFSET, y)]


def words(name: str) -> list[str]:
    """A name's break points: at spaces and after hyphens ("Notre-" "Dame")."""
    return re.findall(r"[^ \-]+-?", name)


def join(parts: list[str]) -> str:
    return "".join(p if p.endswith("-") else p + " " for p in parts).strip()


def label_lines(name: str, station: str) -> list[str]:
    """A station's name as drawn: one line, or two where `LABELS` breaks it."""
    parts = words(name)
    cut = LABELS[station][1]
    if not cut or cut >= len(parts):
        return [name]
    return [join(parts[:cut]), join(parts[cut:])]

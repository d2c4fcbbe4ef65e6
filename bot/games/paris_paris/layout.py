"""Where the Paris Paris stations sit on the picture: presentation data, not rules.

Why a separate module: the engine's map (games/paris_paris/data.py) is RECONSTRUCTED and
swappable; it says which stations each line visits but not where they are. This file places
the 25 stations on a stylised Paris so the five lines read clearly: Montmartre and the Gares
north, the Arc de Triomphe, Trocadéro and Tour Eiffel west, République east, the Seine islands
(Notre-Dame, Île St-Louis, Pont Neuf) centre, Montparnasse and Luxembourg south. It is drawn
so that no two line segments cross except at a crossing station.

Coordinates are logical pixels of the 1000x750 table picture (the map uses x < 720).
`LABEL_SIDE` and `TOKEN_SIDE` are compass directions from the station centre, chosen so
names, revealed tokens and line segments do not overlap.
"""

from __future__ import annotations

import math

Point = tuple[float, float]

MAP_WIDTH = 720
PLAIN_RADIUS = 11.0
CROSSING_RADIUS = 17.0
SLOT_OFFSET = 7.0  # a crossing's two shop slots sit this far left and right of its centre

STATION_XY: dict[str, Point] = {
    # north
    "gare_du_nord": (525, 52),
    "montmartre": (395, 80),
    "pigalle": (285, 118),
    "st_nicolas": (418, 188),
    "gare_de_l_est": (662, 130),
    "republique": (625, 272),
    # west
    "arc_de_triomphe": (105, 150),
    "champs_elysees": (190, 250),
    "opera": (240, 205),
    "trocadero": (34, 310),
    "tour_eiffel": (155, 432),
    "invalides": (215, 500),
    # centre
    "louvre": (290, 300),
    "les_halles": (358, 300),
    "pompidou": (435, 292),
    "marais": (548, 338),
    "hotel_de_ville": (458, 388),
    "pont_neuf": (335, 432),
    "notre_dame": (455, 478),
    "ile_st_louis": (600, 452),
    # south
    "quartier_latin": (458, 566),
    "pantheon": (540, 586),
    "odeon": (372, 606),
    "luxembourg": (600, 666),
    "montparnasse": (300, 694),
}

LABEL_SIDE: dict[str, str] = {
    "gare_du_nord": "n",
    "montmartre": "n",
    "pigalle": "n",
    "st_nicolas": "e",
    "gare_de_l_est": "w",
    "republique": "e",
    "arc_de_triomphe": "ne",
    "champs_elysees": "s",
    "opera": "e",
    "trocadero": "e",
    "tour_eiffel": "w",
    "invalides": "e",
    "louvre": "s",
    "les_halles": "s",
    "pompidou": "e",
    "marais": "e",
    "hotel_de_ville": "sw",
    "pont_neuf": "w",
    "notre_dame": "w",
    "ile_st_louis": "e",
    "quartier_latin": "ne",
    "pantheon": "s",
    "odeon": "w",
    "luxembourg": "s",
    "montparnasse": "w",
}

TOKEN_SIDE: dict[str, str] = {
    "gare_du_nord": "s",
    "montmartre": "sw",
    "pigalle": "sw",
    "st_nicolas": "w",
    "gare_de_l_est": "e",
    "republique": "s",
    "arc_de_triomphe": "e",
    "champs_elysees": "e",
    "opera": "w",
    "trocadero": "e",
    "tour_eiffel": "e",
    "invalides": "w",
    "louvre": "w",
    "les_halles": "n",
    "pompidou": "w",
    "marais": "s",
    "hotel_de_ville": "w",
    "pont_neuf": "e",
    "notre_dame": "e",
    "ile_st_louis": "s",
    "quartier_latin": "nw",
    "pantheon": "e",
    "odeon": "se",
    "luxembourg": "w",
    "montparnasse": "e",
}

# The Seine, drawn as a pale band under everything, east to west through the islands.
SEINE: tuple[Point, ...] = (
    (720, 410),
    (660, 440),
    (600, 458),
    (530, 470),
    (455, 476),
    (390, 462),
    (335, 436),
    (270, 408),
    (200, 392),
    (150, 385),
    (95, 372),
    (40, 390),
    (0, 420),
)

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

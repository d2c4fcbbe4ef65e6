"""Index tables derived once from `data.py`, so the hot path works on small ints and tuples.

Stations, colours and tiles are numbered by their order in `data.py`; every table here is a
tuple indexed by those numbers. Nothing here is stored twice: adjacency, rays and crossings all
come from the line lists.
"""

from __future__ import annotations

from games.paris_paris.data import (
    COLOURS,
    CROSSING_CAPACITY,
    LINES,
    PLAIN_CAPACITY,
    STATIONS,
)

STATION_IDS: tuple[str, ...] = tuple(STATIONS)
STATION_INDEX: dict[str, int] = {sid: i for i, sid in enumerate(STATION_IDS)}
STATION_NAMES: tuple[str, ...] = tuple(name for name, _ in STATIONS.values())
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
N_STATIONS = len(STATION_IDS)
N_COLOURS = len(COLOURS)

# Lines as tuples of station indices, indexed by colour index, from the start arrow.
LINE_STATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(STATION_INDEX[s] for s in LINES[c]) for c in COLOURS
)
# Colour indices of the lines through each station.
STATION_LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(N_COLOURS) if s in LINE_STATIONS[c]) for s in range(N_STATIONS)
)
IS_CROSSING: tuple[bool, ...] = tuple(len(lines) > 1 for lines in STATION_LINES)
CAPACITY: tuple[int, ...] = tuple(
    CROSSING_CAPACITY if crossing else PLAIN_CAPACITY for crossing in IS_CROSSING
)

# Undirected edges: consecutive stations of each line (derived, never stored in data.py).
EDGES: frozenset[frozenset[int]] = frozenset(
    frozenset(pair) for line in LINE_STATIONS for pair in zip(line, line[1:], strict=False)
)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(t for edge in EDGES if s in edge for t in edge if t != s))
    for s in range(N_STATIONS)
)


def _rays(station: int) -> tuple[tuple[int, ...], ...]:
    """The stations met walking away from `station` along each of its lines, each direction.

    A visit searches these rays only, so a search from a plain station never switches lines.
    """
    rays: list[tuple[int, ...]] = []
    for colour in STATION_LINES[station]:
        line = LINE_STATIONS[colour]
        i = line.index(station)
        for ray in (tuple(reversed(line[:i])), line[i + 1 :]):
            if ray:
                rays.append(ray)
    return tuple(rays)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_rays(s) for s in range(N_STATIONS))
# Crossings of each line in bus order: the only stops of an excursion.
LINE_CROSSINGS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in line if IS_CROSSING[s]) for line in LINE_STATIONS
)

# Tiles: ids "<station>#<colour>#<n>" (n from 1), in data order.
_tiles: list[tuple[str, int, int]] = []
for _sid, (_name, _counts) in STATIONS.items():
    for _colour, _count in _counts.items():
        for _n in range(1, _count + 1):
            _tiles.append((f"{_sid}#{_colour}#{_n}", STATION_INDEX[_sid], COLOUR_INDEX[_colour]))
TILE_IDS: tuple[str, ...] = tuple(t[0] for t in _tiles)
TILE_INDEX: dict[str, int] = {tid: i for i, tid in enumerate(TILE_IDS)}
TILE_STATION: tuple[int, ...] = tuple(t[1] for t in _tiles)
TILE_COLOUR: tuple[int, ...] = tuple(t[2] for t in _tiles)
N_TILES = len(TILE_IDS)
# The token a tile shows (station * colours + colour): equal tokens are one choice in play.
TILE_TOKEN: tuple[int, ...] = tuple(
    s * N_COLOURS + c for s, c in zip(TILE_STATION, TILE_COLOUR, strict=True)
)
del _tiles

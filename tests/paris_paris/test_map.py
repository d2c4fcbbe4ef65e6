"""The board data: the invariants of the spec (section 2) hold for the reconstructed map."""

from collections import Counter

from games.paris_paris import board as B
from games.paris_paris.data import COLOURS, LINE_START, LINES, STATIONS


def test_twenty_five_stations():
    assert B.N_STATIONS == 25
    assert set(STATIONS) == {s for line in LINES.values() for s in line}


def test_seven_stations_per_line_and_five_lines():
    assert len(LINES) == 5 and set(LINES) == set(COLOURS)
    assert all(len(line) == 7 and len(set(line)) == 7 for line in LINES.values())


def test_four_crossings_per_line_each_joining_two_lines():
    assert all(len(crossings) == 4 for crossings in B.LINE_CROSSINGS)
    assert sum(B.IS_CROSSING) == 10
    assert all(len(lines) in (1, 2) for lines in B.STATION_LINES)


def test_degrees():
    for s in range(B.N_STATIONS):
        degree = len(B.NEIGHBOURS[s])
        if B.IS_CROSSING[s]:
            assert degree in (3, 4), B.STATION_IDS[s]
        else:
            assert degree in (1, 2), B.STATION_IDS[s]


def test_capacities():
    # « Il ne peut y avoir qu'un seul commerce sur chaque station qui ne se trouve pas à un
    #   croisement. » « Il ne peut y avoir que deux commerces sur chaque croisement. »
    for s in range(B.N_STATIONS):
        assert B.CAPACITY[s] == (2 if B.IS_CROSSING[s] else 1)


def test_thirty_edges_derived_from_the_lines():
    assert len(B.EDGES) == 30
    for line in LINES.values():
        for a, b in zip(line, line[1:], strict=False):
            assert frozenset((B.STATION_INDEX[a], B.STATION_INDEX[b])) in B.EDGES


def test_sixty_tiles_twelve_per_colour_and_one_per_neighbour():
    assert B.N_TILES == 60 and len(set(B.TILE_IDS)) == 60
    assert Counter(B.TILE_COLOUR) == {c: 12 for c in range(5)}
    per_station = Counter(B.TILE_STATION)
    for s in range(B.N_STATIONS):
        assert per_station[s] == len(B.NEIGHBOURS[s])
    # a tile's colour is a line through its station
    for t in range(B.N_TILES):
        assert B.TILE_COLOUR[t] in B.STATION_LINES[B.TILE_STATION[t]]


def test_verified_facts_are_kept():
    green = B.LINE_CROSSINGS[COLOURS.index("green")]
    assert [B.STATION_IDS[s] for s in green] == [
        "montmartre",
        "pompidou",
        "hotel_de_ville",
        "quartier_latin",
    ]
    pompidou = B.NEIGHBOURS[B.STATION_INDEX["pompidou"]]
    assert B.STATION_INDEX["st_nicolas"] in pompidou
    assert B.STATION_INDEX["pont_neuf"] in pompidou
    assert all(LINE_START[c] == LINES[c][0] for c in COLOURS)


def test_no_crossing_is_the_end_of_both_lines():
    for s in range(B.N_STATIONS):
        if B.IS_CROSSING[s]:
            ends = sum(
                1
                for c in B.STATION_LINES[s]
                if B.STATION_IDS[s] in (LINES[COLOURS[c]][0], LINES[COLOURS[c]][-1])
            )
            assert ends <= 1

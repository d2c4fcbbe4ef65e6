"""The fountain's footprint, an edition difference: `fountain_cells` 2 (Russian, default) or 1.

RU: «Возьмите жетон фонтана и сразу же поместите на клетки мостовой вашего или общего цвета.»
DE: «Platziere das Spezialplättchen des Springbrunnens sofort auf einem Straßen-Abschnitt in
deiner Farbe oder in Lila.» ("Straßen-Abschnitt" is one cell elsewhere in the German text.)
Both: 3 points per own building orthogonally beside the fountain (RU: «…3 очка за каждое из
своих зданий, граничащее с фонтаном (но не по диагонали)»).
"""

from __future__ import annotations

import pytest

from games.city_of_light.board import bits, idx
from games.city_of_light.state import FOUNTAIN, MIXED, allowed_mask
from tests.city_of_light.helpers import ALL, GAME, flat
from tests.city_of_light.playing import act, build, play, refused
from tests.city_of_light.scores import card_points

CHARTIER_CARDS = ["chartier"] + [c for c in ALL if c != "levitation"]


def fountain_moves(state, seat=0):
    """The seat's fountain placements (forcing its turn, as `play` does)."""
    actions = GAME.legal_actions(state.replace(turn=seat), seat)
    return [
        a
        for a in actions
        if a.type == "activate" and a.card == "fontaine_des_mers" and not a.decline
    ]


def test_the_default_is_the_russian_two_cells():
    assert GAME.parse_options({}).fountain_cells == 2
    refused(
        flat(fountain_cells=2),
        0,
        {"type": "activate", "card": "fontaine_des_mers", "x": 2, "y": 1},
        "effect_fields",
    )


def test_russian_fountain_covers_two_cells():
    # RU: «поместите на клетки мостовой» — cells, plural: a 1×2 fountain.
    s = flat(fountain_cells=2)
    assert all(a.rotation is not None for a in fountain_moves(s))
    s = play(s, 0, act("fontaine_des_mers", rotation=0, x=2, y=1))
    assert s.occ[idx(2, 1)] == s.occ[idx(3, 1)] == FOUNTAIN


def test_german_fountain_covers_one_cell_of_own_colour_or_mixed():
    # DE: «auf einem Straßen-Abschnitt in deiner Farbe oder in Lila» — one section.
    s = flat(fountain_cells=1)
    moves = fountain_moves(s)
    assert all(a.rotation is None for a in moves)
    assert {idx(a.x, a.y) for a in moves} == set(bits(allowed_mask(s, 0)))
    refused(s, 0, act("fontaine_des_mers", rotation=0, x=2, y=1), "effect_fields")
    refused(s, 0, act("fontaine_des_mers", x=3, y=3), "bad_piece_cell")  # a streetlight
    refused(s, 0, act("fontaine_des_mers", x=0, y=4), "bad_piece_cell")  # blue
    s = play(s, 0, act("fontaine_des_mers", x=2, y=1))
    assert s.occ[idx(2, 1)] == FOUNTAIN and s.occ[idx(3, 1)] == -1
    assert sum(o == FOUNTAIN for o in s.occ) == 1


def test_german_fountain_with_chartier_covers_one_rival_cell():
    # RU: «…закрыть им клетку мостовой цвета вашего соперника и сразу же поместить сверху
    # здание или фонтан.»
    s = flat(cards=CHARTIER_CARDS, fountain_cells=1)
    refused(s, 0, act("fontaine_des_mers", x=0, y=4), "bad_piece_cell")
    s = play(s, 0, act("chartier"))
    assert idx(0, 4) in {idx(a.x, a.y) for a in fountain_moves(s)}
    s = play(s, 0, act("fontaine_des_mers", x=0, y=4))
    assert s.occ[idx(0, 4)] == FOUNTAIN and s.cells[idx(0, 4)] == MIXED and s.chartier == -1


@pytest.mark.parametrize(
    ("fountain_cells", "fountain", "scored"),
    [
        (2, {"rotation": 0, "x": 2, "y": 1}, ["LINE", "SQUARE"]),  # (2,1) (3,1)
        (1, {"x": 2, "y": 1}, ["SQUARE"]),  # (2,1) only: LINE on (4,1) no longer touches it
    ],
)
def test_fountain_scores_own_buildings_beside_its_cells(fountain_cells, fountain, scored):
    # «3 очка за каждое из своих зданий, граничащее с фонтаном (но не по диагонали)»
    s = flat(fountain_cells=fountain_cells)
    s = play(s, 0, act("fontaine_des_mers", **fountain))
    s = play(s, 0, build("SQUARE", 0, 0))  # (1,1) touches (2,1)
    s = play(s, 0, build("LINE", 4, 0, rotation=1))  # (4,1) touches (3,1)
    s = play(s, 1, build("CORNER", 1, 2))  # blue (2,2) touches (2,1): never counted
    assert card_points(s, 0, "fontaine_des_mers") == {
        "card": "fontaine_des_mers",
        "buildings": scored,
        "points": 3 * len(scored),
    }


def test_german_fountain_ignores_diagonal_buildings():
    s = play(flat(fountain_cells=1), 0, act("fontaine_des_mers", x=2, y=1))
    s = play(s, 0, build("LINE", 3, 0))  # (3,0): diagonal to (2,1)
    assert card_points(s, 0, "fontaine_des_mers")["points"] == 0

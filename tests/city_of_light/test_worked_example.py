"""The scoring example printed in both rulebooks: Orange 48, Blue 57.

The rulebooks do not give the board, so this position is built to match every printed term:
Orange A 6×1, B (6 + annex)×3, C (Jardin, 2)×3, district A+B+C = 15, 2 unbuilt cancelled by
Sacré-Cœur; Blue D 5×2, E 4×3, F 4×3, G 3×3, H 3×0, district D+E+F = 13, 1 unbuilt −3,
Le Peintre with 2 streetlights in its area +4.
"""

from __future__ import annotations

from games.city_of_light.scoring import final_result
from tests.city_of_light.helpers import board
from tests.city_of_light.playing import play

# Letters: o orange, b blue, m mixed, L streetlight. Buildings (letters of the rulebook):
# A SMILE at (0,0), B BIG_L at (4,0) with the annex at (5,1), C the garden at (2,1)-(2,2);
# D BIG_T at (2,5), E SQUARE at (6,4), F SMALL_L at (4,5), G CORNER at (6,1), H LINE upright at
# (0,5); the painter I at (7,7), in a pocket closed by E and F with 2 streetlights.
EXAMPLE = [
    "oooooooL",  # y0: A A A A B B B L
    "oLooooLb",  # y1: A L C A B + L G
    "oLoooobb",  # y2: . L C . B . G G
    "ooLooLbL",  # y3: . . L . B L . L
    "ooommLbb",  # y4: . . . . . L E E
    "bbLbbbbb",  # y5: H . L D F F E E
    "bbbbLbbL",  # y6: H . . D L F . L
    "bbbbbbLb",  # y7: H . D D D F L I
]
MOVES = [
    (0, {"type": "build", "building": "SMILE", "rotation": 0, "x": 0, "y": 0}),
    (0, {"type": "build", "building": "BIG_L", "rotation": 0, "x": 4, "y": 0}),
    (0, {"type": "activate", "card": "jardin_des_plantes", "rotation": 1, "x": 2, "y": 1}),
    (0, {"type": "activate", "card": "bouquinistes", "x": 5, "y": 1, "building": "BIG_L"}),
    (0, {"type": "activate", "card": "sacre_coeur"}),
    (1, {"type": "build", "building": "BIG_T", "rotation": 0, "x": 2, "y": 5}),
    (1, {"type": "build", "building": "SQUARE", "rotation": 0, "x": 6, "y": 4}),
    (1, {"type": "build", "building": "SMALL_L", "rotation": 0, "x": 4, "y": 5}),
    (1, {"type": "build", "building": "CORNER", "rotation": 0, "x": 6, "y": 1}),
    (1, {"type": "build", "building": "LINE", "rotation": 1, "x": 0, "y": 5}),
    (1, {"type": "activate", "card": "le_peintre", "x": 7, "y": 7}),
]


def example_state():
    s = board(
        EXAMPLE,
        reserves=(
            ("SMILE", "BIG_L", "STAIRS", "CROSS"),
            ("BIG_T", "SQUARE", "SMALL_L", "CORNER", "LINE", "CHONK"),
        ),
    )
    for seat, data in MOVES:
        s = play(s, seat, data)
    return s


def _terms(player):
    return {b["building"]: (b["size"], b["lights"], b["points"]) for b in player["buildings"]}


def test_rulebook_scoring_example():
    # RU: "ОБЩИЙ ИТОГ: 48 ОЧКОВ." (orange) … "ОБЩИЙ ИТОГ: 57 ОЧКОВ." (blue)
    result = final_result(example_state())
    orange, blue = result.details["players"]
    assert result.scores == [48, 57]
    # "+21 очко за здание Б (3 фонаря × 7 клеток – благодаря флигелю)"
    assert _terms(orange) == {"SMILE": (6, 1, 6), "BIG_L": (7, 3, 21), "GARDEN": (2, 3, 6)}
    assert orange["lit_buildings"] == 33
    assert orange["district"]["points"] == 15
    # "2 здания не удалось разместить … Однако игрок использовал открытку Sacré-Coeur."
    assert orange["unbuilt"] == {"count": 2, "sacre_coeur": True, "points": 0}
    assert orange["postcard_points"] == 0
    assert _terms(blue) == {
        "BIG_T": (5, 2, 10),
        "SQUARE": (4, 3, 12),
        "SMALL_L": (4, 3, 12),
        "CORNER": (3, 3, 9),
        "LINE": (3, 0, 0),
    }
    assert blue["lit_buildings"] == 43
    assert sorted(blue["district"]["buildings"]) == ["BIG_T", "SMALL_L", "SQUARE"]
    assert blue["district"]["points"] == 13
    assert blue["unbuilt"]["points"] == -3
    # "4 очка за художника (И), поскольку на него светят 2 фонаря."
    assert blue["postcards"] == [{"card": "le_peintre", "lights": 2, "points": 4}]
    assert result.winners == [1]

"""Scoring rules: lights once per building, one district, the tie-break."""

from __future__ import annotations

from games.city_of_light.scoring import final_result, score
from games.city_of_light.state import PAINTER
from tests.city_of_light.helpers import board
from tests.city_of_light.playing import build, play

ROWS = ["oooooooo", "oLoooooo", "oooooooo", "mmmmmmmm"] + ["bbbbbbbb"] * 4


def test_a_streetlight_counts_once_per_building_but_for_every_building():
    # RU: "Один фонарь может освещать несколько зданий, если граничит с каждым из них. Однако
    # каждый фонарь учитывается лишь по одному разу для каждого здания"
    s = board(ROWS, reserves=(("BIG_L", "LINE", "SQUARE"), ()))
    s = play(s, 0, build("BIG_L", 0, 0))  # (1,0) and (0,1) both touch the light (1,1)
    s = play(s, 0, build("LINE", 1, 2))  # (1,2) touches it too
    terms = {b["building"]: (b["lights"], b["points"]) for b in score(s)[1][0]["buildings"]}
    assert terms == {"BIG_L": (1, 6), "LINE": (1, 3)}


def test_only_the_largest_district_scores():
    # RU: "Игрок получает 1 очко за каждую клетку, занятую самым крупным кварталом"
    s = board(ROWS, reserves=(("BIG_L", "LINE", "SQUARE"), ()))
    s = play(s, 0, build("BIG_L", 0, 0))
    s = play(s, 0, build("SQUARE", 5, 0))
    assert score(s)[1][0]["district"] == {"buildings": ["BIG_L"], "points": 6}
    s = play(s, 0, build("LINE", 2, 1))  # (2,1) (3,1) (4,1): joins BIG_L (2,0) and SQUARE
    assert score(s)[1][0]["district"]["points"] == 13


def test_unbuilt_buildings_cost_three_each():
    # RU: "Каждый игрок теряет 3 очка за каждое здание, взятое на первом этапе, но не
    # размещенное на поле"
    s = board(ROWS, reserves=(("BIG_L", "LINE"), ("SQUARE",)))
    assert score(s)[0] == [-6, -3]


def test_tie_goes_to_more_free_spaces_of_own_colour():
    # RU: "В случае ничьей победителем считается тот игрок, чей цвет чаще встречается на
    # оставшихся свободными клетках тайлов мостовой."
    result = final_result(board(ROWS))
    assert result.scores == [0, 0]
    assert result.winners == [1] and result.ranking == [[1], [0]]  # 32 blue vs 23 orange
    assert result.tiebreak == "free_own_spaces"
    even = ["oooooooo"] * 4 + ["bbbbbbbb"] * 4
    shared = final_result(board(even))
    assert shared.winners == [0, 1] and shared.ranking == [[0, 1]]
    s = play(board(even, reserves=(("LINE",), ())), 0, build("LINE", 0, 0))
    assert final_result(s).scores == [3, 0] and final_result(s).tiebreak is None


def test_german_tiebreak_counts_unbuilt_cells_so_a_piece_does_not_matter():
    # DE: "Bei Gleichstand gewinnt der Spieler mit den meisten ungebauten Straßen-Abschnitten
    # in seiner Farbe." — RU counts cells "left free", so a painter on one's colour costs one.
    even = ["oooooooo"] * 4 + ["bbbbbbbb"] * 4
    for tiebreak, winners in (("free_cells", [1]), ("unbuilt_cells", [0, 1])):
        s = board(even, options={"tiebreak": tiebreak})
        occ = list(s.occ)
        occ[0] = PAINTER  # a painter on an orange cell: occupied, but not built on
        s = s.replace(occ=tuple(occ), free=s.free & ~1)
        result = final_result(s)
        assert result.scores == [0, 0]
        assert result.winners == winners, tiebreak
    assert final_result(board(even)).tiebreak == "free_own_spaces"  # the Russian default

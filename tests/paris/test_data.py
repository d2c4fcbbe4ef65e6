"""The component data keeps every fact the sources state or the examples imply.

RECONSTRUCTED data (bank values per district, building kinds, token layout, landmark faces,
bonus amounts, end-game tiles, VP tiles, prices) may change in data.py; these tests pin the
verified and deduced constraints any replacement must still meet.
"""

from collections import Counter

from games.paris.board import BONUS_NUMBERS, ZONE_OF, bonus_copies
from games.paris.data import (
    BONUS_TILES,
    BUILDING_KINDS,
    DISTRICTS,
    END_GAME_TILES,
    EXTRA_COST,
    KINDS,
    LANDMARKS,
    PRESTIGE_VP,
    RESOURCE_BUY,
    SELL,
    STANDARD_TOKENS,
    VALUES,
    VP_TILES,
)


def test_districts_banks_and_values():
    # RECONSTRUCTED mapping of bank values; [V] one bank per district paying 2 to 7 francs
    assert [d[1] for d in DISTRICTS] == [
        "Montmartre",
        "La Villette",
        "Belleville",
        "Saint-Germain",
        "Chaillot",
        "Batignolles",
    ]
    assert sorted(d[2] for d in DISTRICTS) == [2, 3, 4, 5, 6, 7]
    assert VALUES == (1, 2, 3, 4, 5, 8)


def test_building_kinds_fit_the_examples():
    # RECONSTRUCTED Latin square; [D] constraints from the rulebook's examples
    for row in BUILDING_KINDS.values():
        assert sorted(row) == list(VALUES) and sorted(row.values()) == sorted(KINDS)
    for value in VALUES:
        assert sorted(BUILDING_KINDS[d][value] for d in BUILDING_KINDS) == sorted(KINDS)
    assert BUILDING_KINDS["la_villette"][8] == "theatre"  # «с театра… стоимостью 12» pays 4
    mm = {k: v for v, k in BUILDING_KINDS["montmartre"].items()}
    assert mm["theatre"] - mm["bakery"] == 3  # Rafael pays 3
    assert any(
        r[3] == "residence" and r[4] == "restaurant" and r[5] == "hotel"
        for r in BUILDING_KINDS.values()
    )  # Charlotte


def test_token_layout_prestige_low_resources_high():
    # [V] prestige beside 1/2/3, resources beside 4/5; [R] gold resource beside every 8
    for row in STANDARD_TOKENS.values():
        assert {row[v] for v in (1, 2, 3)} == {"bronze", "silver", "gold_prestige"}
        assert {row[4], row[5]} == {"wood", "marble"} and row[8] == "gold"
    assert Counter(g for row in STANDARD_TOKENS.values() for g in row.values()) == Counter(
        {g: 6 for g in ("wood", "marble", "gold", "bronze", "silver", "gold_prestige")}
    )


def test_landmarks_fit_the_examples():
    # [D] the 12 costs 1 marble + 1 gold; the 15 is the Louvre: 1 marble + 2 gold and two
    # gold symbols worth 5 each; a 10, 11, 13 exist; names Jardin du Luxembourg, Tour Eiffel
    by_cost = {lm[2]: lm for lm in LANDMARKS}
    assert sorted(by_cost) == list(range(10, 18))
    assert by_cost[12][3] == {"marble": 1, "gold": 1}
    assert by_cost[15][1] == "Louvre" and by_cost[15][3] == {"marble": 1, "gold": 2}
    assert by_cost[15][4].count("gold_prestige") >= 2 and PRESTIGE_VP["gold_prestige"] == 5
    assert {"Jardin du Luxembourg", "Tour Eiffel"} <= {lm[1] for lm in LANDMARKS}
    assert all(len(lm[4]) <= 3 for lm in LANDMARKS)
    assert EXTRA_COST == {8: {"wood": 1}}


def test_bonus_tiles_numbers_zones_and_copies():
    # [V] 42 tiles: one per number 1..30, copies with 3-/4-player icons; [D] 18 = 5 VP per 4
    assert BONUS_NUMBERS == tuple(range(1, 31))
    assert [sum(bonus_copies(n, p) for n in BONUS_NUMBERS) for p in (2, 3, 4)] == [30, 36, 42]
    assert BONUS_TILES[18] == {
        "kind": "per_building",
        "value": 4,
        "vp": 5,
        "copies": BONUS_TILES[18]["copies"],
    }
    assert {ZONE_OF[n] for n in range(1, 11)} == {"A"} and ZONE_OF[30] == "C"
    assert BONUS_TILES[20]["vp"] == {2: 1, 3: 2, 4: 3}
    assert BONUS_TILES[23]["vp"] == BONUS_TILES[24]["vp"] == {2: 2, 3: 3, 4: 4}
    assert BONUS_TILES[30]["vp"] == {4: 10, 5: 15, 6: 20, 7: 25}
    assert BONUS_TILES[29]["vp"] == 8 and BONUS_TILES[25]["max_back"] == 5


def test_end_game_vp_tiles_and_prices():
    assert len(END_GAME_TILES) == 12
    points = {t[0]: t[1] for t in VP_TILES}
    assert points["VP20"] == (20, 10, 5) and points["VP16"] == (16, 8, 4)
    assert points["VP18"][0] == 18
    assert set(RESOURCE_BUY) == {"wood", "marble", "gold"}
    assert all(RESOURCE_BUY[r] > SELL[r] for r in RESOURCE_BUY)

"""Every printed component of Paris (Kramer & Kiesling), as plain data.

Copied from the project's spec digest of the game; nothing is read from the reference folder
at run time. The rulebook is text without pictures, so most printed numbers are not known:
each item below is tagged like the spec.

- [V] verified in the Russian rulebook (or a source the spec lists);
- [D] deduced from a worked example of the rulebook;
- [R] reconstructed: the spec's best plausible design, chosen to fit every verified
  constraint. A correction is a change here and nowhere else (`board.py` derives the
  index tables from these literals).
"""

from __future__ import annotations

# --- districts -------------------------------------------------------------------------------
# [V] six districts, each with one bank (one space per player colour) paying 2 to 7 francs
# ([V] KNOB: "between 2 and 7 francs", so one of each value over six banks).
# [R] which district has which bank value, and the circular order (geographic, clockwise from
# the north); names [V] (Chaillot from a French blog, the other five in the rulebook).
DISTRICTS: tuple[tuple[str, str, int], ...] = (
    ("montmartre", "Montmartre", 4),
    ("la_villette", "La Villette", 3),
    ("belleville", "Belleville", 2),
    ("saint_germain", "Saint-Germain", 6),
    ("chaillot", "Chaillot", 7),
    ("batignolles", "Batignolles", 5),
)

# [V] every district has building spaces of values 1, 2, 3, 4, 5 and 8.
VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 8)

# [D] six building kinds (bonus 30 counts up to 7 kinds with all landmarks as one; the
# ignore-districts variant allows one building of each kind per district). English names
# [V] for bakery, café, hotel, theatre, residence, restaurant (the rulebook's examples).
KINDS: tuple[str, ...] = ("bakery", "cafe", "hotel", "theatre", "residence", "restaurant")
LANDMARK_KIND = "landmark"

# [R] the kind of the building printed for each district and value: a 6x6 Latin square that
# fits every example of the rulebook ([D] La Villette's theatre is the 8; Montmartre's theatre
# costs 3 more than its bakery; some district has residence 3, restaurant 4, hotel 5; a player
# can own three bakeries at once).
BUILDING_KINDS: dict[str, dict[int, str]] = {
    "montmartre": {
        1: "cafe",
        2: "bakery",
        3: "hotel",
        4: "residence",
        5: "theatre",
        8: "restaurant",
    },
    "la_villette": {
        1: "bakery",
        2: "cafe",
        3: "residence",
        4: "restaurant",
        5: "hotel",
        8: "theatre",
    },
    "belleville": {
        1: "residence",
        2: "restaurant",
        3: "theatre",
        4: "bakery",
        5: "cafe",
        8: "hotel",
    },
    "saint_germain": {
        1: "restaurant",
        2: "hotel",
        3: "bakery",
        4: "theatre",
        5: "residence",
        8: "cafe",
    },
    "chaillot": {1: "hotel", 2: "theatre", 3: "restaurant", 4: "cafe", 5: "bakery", 8: "residence"},
    "batignolles": {
        1: "theatre",
        2: "residence",
        3: "cafe",
        4: "hotel",
        5: "restaurant",
        8: "bakery",
    },
}

# --- goods: resources and prestige ------------------------------------------------------------
# [V] three resources (wood, marble, gold) and three prestige kinds (bronze, silver, gold),
# 6 tokens of each [V:BDML]. Notation names: the prestige gold is "gold_prestige" so that
# every good has one name.
RESOURCES: tuple[str, ...] = ("wood", "marble", "gold")
PRESTIGE: tuple[str, ...] = ("bronze", "silver", "gold_prestige")
GOODS: tuple[str, ...] = RESOURCES + PRESTIGE
TOKENS_PER_GOOD = 6

# [V] spaces 1/2/3 carry prestige, 4/5 resources [LGA, BGF], so the 8 carries a resource [D];
# the variant puts the six gold resources beside the 8s [V], the standard setup too [R].
# [R] the exact token beside every space of the standard setup.
STANDARD_TOKENS: dict[str, dict[int, str]] = {
    "montmartre": {1: "bronze", 2: "silver", 3: "gold_prestige", 4: "wood", 5: "marble", 8: "gold"},
    "la_villette": {
        1: "silver",
        2: "gold_prestige",
        3: "bronze",
        4: "marble",
        5: "wood",
        8: "gold",
    },
    "belleville": {1: "gold_prestige", 2: "bronze", 3: "silver", 4: "wood", 5: "marble", 8: "gold"},
    "saint_germain": {
        1: "bronze",
        2: "silver",
        3: "gold_prestige",
        4: "marble",
        5: "wood",
        8: "gold",
    },
    "chaillot": {1: "silver", 2: "gold_prestige", 3: "bronze", 4: "wood", 5: "marble", 8: "gold"},
    "batignolles": {
        1: "gold_prestige",
        2: "bronze",
        3: "silver",
        4: "marble",
        5: "wood",
        8: "gold",
    },
}
# [V] the alternative setup: the six gold resources beside the 8s, the other 30 tokens shuffled.
RANDOM_SETUP_FIXED_GOOD = "gold"
RANDOM_SETUP_FIXED_VALUE = 8

# [R] the screen's price table (buy/sell per resource, sell per prestige kind).
RESOURCE_BUY: dict[str, int] = {"wood": 3, "marble": 4, "gold": 5}
SELL: dict[str, int] = {
    "wood": 1,
    "marble": 2,
    "gold": 3,
    "bronze": 1,
    "silver": 2,
    "gold_prestige": 3,
}

# [V] an 8-value building also costs 1 wood [GEEL]; the other values cost francs only.
EXTRA_COST: dict[int, dict[str, int]] = {8: {"wood": 1}}
# [V] buying a 1 or 2 gives a bonus tile free, a 3 one for 2 francs, an 8 scores 2 VP.
FREE_BONUS_VALUES: frozenset[int] = frozenset({1, 2})
PAID_BONUS_VALUE = 3
PAID_BONUS_PRICE = 2
VP_VALUE = 8
VP_FOR_VALUE = 2

# --- landmarks (8) ------------------------------------------------------------------------
# [V] any landmark may go into any district; each new one in a district must cost more than
# every earlier one there; each shows up to 3 prestige symbols.
# [D] 12 costs 1 marble + 1 gold; 15 is the Louvre, costs 1 marble + 2 gold, shows two gold
# symbols worth 5 VP each; costs 10, 11, 13 appear in examples; the Jardin du Luxembourg and
# the Tour Eiffel are named. [R] everything else: the run 10..17, names other than the Louvre,
# every other price and symbol.
LANDMARKS: tuple[tuple[str, str, int, dict[str, int], tuple[str, ...]], ...] = (
    ("L10", "Jardin du Luxembourg", 10, {"marble": 1}, ("bronze", "bronze", "silver")),
    ("L11", "Panthéon", 11, {"gold": 1}, ("bronze", "silver", "silver")),
    ("L12", "Notre-Dame", 12, {"marble": 1, "gold": 1}, ("bronze", "silver", "gold_prestige")),
    ("L13", "Opéra Garnier", 13, {"marble": 2}, ("silver", "silver", "gold_prestige")),
    ("L14", "Sacré-Cœur", 14, {"gold": 2}, ("bronze", "gold_prestige", "gold_prestige")),
    ("L15", "Louvre", 15, {"marble": 1, "gold": 2}, ("silver", "gold_prestige", "gold_prestige")),
    (
        "L16",
        "Grand Palais",
        16,
        {"marble": 2, "gold": 1},
        ("silver", "gold_prestige", "gold_prestige"),
    ),
    (
        "L17",
        "Tour Eiffel",
        17,
        {"marble": 2, "gold": 2},
        ("gold_prestige", "gold_prestige", "gold_prestige"),
    ),
)
# [D] gold = 5 VP (two gold prestige on the Louvre give 10); [R] bronze 3, silver 4.
PRESTIGE_VP: dict[str, int] = {"bronze": 3, "silver": 4, "gold_prestige": 5}

# --- keys, money ------------------------------------------------------------------------------
# [V] 12 keys per colour; keys behind the screen by player count; 2 of each colour to the
# general reserve (bonus 13/14), the rest back in the box; 3 francs each at the start.
KEYS_PER_COLOUR = 12
KEYS_PER_PLAYER: dict[int, int] = {2: 10, 3: 9, 4: 7}
RESERVE_KEYS_PER_PLAYER = 2
START_FRANCS = 3

# --- building tiles ---------------------------------------------------------------------------
# [V] 36 tiles (one per district and value); 3 removed unseen; the rest in 3 equal stacks,
# pictures down (the back shows the district [V:CGR, SPK]). The ignore-districts variant keeps
# all 36.
STACKS = 3
REMOVED_TILES = 3

# --- bonus track and bonus tiles (42) -----------------------------------------------------------
# [V] a track of 30 spaces in zones A/B/C; every tile carries its zone letter; the meeples
# start before space 1. [R] the zone borders 1-10 / 11-20 / 21-30.
TRACK_LENGTH = 30
ZONES: dict[str, tuple[int, int]] = {"A": (1, 10), "B": (11, 20), "C": (21, 30)}

# [V] 42 tiles: one per number 1..30 without a player-count icon, 12 copies with a 3- or
# 4-player icon (3 players remove the 4-player ones, 2 players both). [R] which numbers have
# copies and their icons: "p3" copies play with 3-4 players, "p4" copies with 4 only.
# Effects [V] (the appendix); printed amounts [R] unless marked, see each kind below.
#   gain: francs and/or VP (1, 5, 7, 12, 22: amounts [R])
#   resource: one resource of the printed kind (2, 3, 4: kind [R])
#   resource_any / prestige_any: `count` tokens of the holder's choice (10, 21 / 8, 19) [V]
#   per_building: VP per own key on a building of `value` (6, 11, 15, 18, 26, 28) —
#       [D] 18 = 5 VP per 4 (three 4s give 15 in the rulebook); the others [R]
#   own_occupied (9), rival_occupied (16), take_any (17), step_back (25, up to 5) [V]
#   buy_key: pay `price` for a reserve key (13, 14: prices [R])
#   per_unused_bonus / per_prestige_pair / per_resource_pair: VP by 2/3/4 players [V]
#   vp_per_franc (27, end of game only), per_landmark (29: 8 VP), distinct_kinds (30) [V]
BONUS_TILES: dict[int, dict] = {
    1: {"kind": "gain", "francs": 3, "vp": 0, "copies": ("p4",)},
    2: {"kind": "resource", "good": "wood", "copies": ("p3",)},
    3: {"kind": "resource", "good": "marble", "copies": ()},
    4: {"kind": "resource", "good": "gold", "copies": ("p4",)},
    5: {"kind": "gain", "francs": 5, "vp": 0, "copies": ()},
    6: {"kind": "per_building", "value": 1, "vp": 3, "copies": ()},
    7: {"kind": "gain", "francs": 2, "vp": 3, "copies": ("p3",)},
    8: {"kind": "prestige_any", "count": 1, "copies": ()},
    9: {"kind": "own_occupied", "copies": ()},
    10: {"kind": "resource_any", "count": 1, "copies": ("p4",)},
    11: {"kind": "per_building", "value": 2, "vp": 4, "copies": ()},
    12: {"kind": "gain", "francs": 0, "vp": 6, "copies": ("p3",)},
    13: {"kind": "buy_key", "price": 4, "copies": ()},
    14: {"kind": "buy_key", "price": 2, "copies": ()},
    15: {"kind": "per_building", "value": 3, "vp": 4, "copies": ("p3",)},
    16: {"kind": "rival_occupied", "copies": ()},
    17: {"kind": "take_any", "copies": ()},
    18: {"kind": "per_building", "value": 4, "vp": 5, "copies": ("p4",)},
    19: {"kind": "prestige_any", "count": 2, "copies": ()},
    20: {"kind": "per_unused_bonus", "vp": {2: 1, 3: 2, 4: 3}, "copies": ()},
    21: {"kind": "resource_any", "count": 2, "copies": ("p4",)},
    22: {"kind": "gain", "francs": 5, "vp": 5, "copies": ("p3",)},
    23: {"kind": "per_prestige_pair", "vp": {2: 2, 3: 3, 4: 4}, "copies": ()},
    24: {"kind": "per_resource_pair", "vp": {2: 2, 3: 3, 4: 4}, "copies": ()},
    25: {"kind": "step_back", "max_back": 5, "copies": ()},
    26: {"kind": "per_building", "value": 5, "vp": 6, "copies": ("p3",)},
    27: {"kind": "vp_per_franc", "vp": 1, "copies": ()},
    28: {"kind": "per_building", "value": 8, "vp": 8, "copies": ("p4",)},
    29: {"kind": "per_landmark", "vp": 8, "copies": ()},
    30: {"kind": "distinct_kinds", "vp": {4: 10, 5: 15, 6: 20, 7: 25}, "copies": ()},
}

# --- end-game tiles (12) ----------------------------------------------------------------------
# [V] 12 tiles, face down in one stack; a tile showing resources or prestige *is* them.
# [R] their contents.
END_GAME_TILES: dict[str, dict] = {
    "E1": {"kind": "vp", "vp": 3},
    "E2": {"kind": "vp", "vp": 4},
    "E3": {"kind": "vp", "vp": 5},
    "E4": {"kind": "vp", "vp": 6},
    "E5": {"kind": "francs", "francs": 3},
    "E6": {"kind": "francs", "francs": 5},
    "E7": {"kind": "good", "good": "wood"},
    "E8": {"kind": "good", "good": "marble"},
    "E9": {"kind": "good", "good": "gold"},
    "E10": {"kind": "good", "good": "bronze"},
    "E11": {"kind": "good", "good": "silver"},
    "E12": {"kind": "good", "good": "gold_prestige"},
}

# --- VP tiles (6) ---------------------------------------------------------------------------
# [V] VP for 1st/2nd/3rd place in one district: 20/10/5 and 16/8/4 (examples 1 and 2), a tile
# with 18 for first (example 3). [R] 18's other places and the other three tiles.
VP_TILES: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("VP20", (20, 10, 5)),
    ("VP18", (18, 9, 4)),
    ("VP16", (16, 8, 4)),
    ("VP14", (14, 7, 3)),
    ("VP12", (12, 6, 3)),
    ("VP10", (10, 5, 2)),
)
# [V] a district's VP tile may be placed once 4 keys lie on its buildings and landmarks.
VP_TILE_TRIGGER_KEYS = 4

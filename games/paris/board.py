"""Index tables derived once from `data.py`, so the hot path works on small ints and tuples.

Locations of keys (ints):
- 0..35   building space `d * 6 + i` (district d, value VALUES[i]);
- 36..43  landmark `l` (its district is in the state: landmarks move from the supply once);
- 44..49  the bank of district d;
- 50      the Arc de Triomphe.
Building tiles are numbered like the space printed on them (`d * 6 + i`). Goods are 0..5:
resources wood, marble, gold, then prestige bronze, silver, gold. Bonus tiles are their
numbers 1..30; end-game tiles 0..11 (names E1..E12).
"""

from __future__ import annotations

from games.paris.data import (
    BONUS_TILES,
    BUILDING_KINDS,
    DISTRICTS,
    END_GAME_TILES,
    EXTRA_COST,
    GOODS,
    KINDS,
    LANDMARKS,
    PRESTIGE_VP,
    RESOURCES,
    SELL,
    STANDARD_TOKENS,
    VALUES,
    VP_TILES,
    ZONES,
)

N_DISTRICTS = len(DISTRICTS)
N_VALUES = len(VALUES)
N_SPACES = N_DISTRICTS * N_VALUES
N_LANDMARKS = len(LANDMARKS)
LM0 = N_SPACES  # first landmark location
BANK0 = LM0 + N_LANDMARKS  # first bank location
ARC = BANK0 + N_DISTRICTS
N_LOCS = ARC + 1

DISTRICT_IDS: tuple[str, ...] = tuple(d[0] for d in DISTRICTS)
DISTRICT_INDEX: dict[str, int] = {d: i for i, d in enumerate(DISTRICT_IDS)}
DISTRICT_NAMES: tuple[str, ...] = tuple(d[1] for d in DISTRICTS)
BANK_FRANCS: tuple[int, ...] = tuple(d[2] for d in DISTRICTS)

# Building spaces (and the tiles printed for them).
SPACE_DISTRICT: tuple[int, ...] = tuple(s // N_VALUES for s in range(N_SPACES))
SPACE_VALUE: tuple[int, ...] = tuple(VALUES[s % N_VALUES] for s in range(N_SPACES))
SPACE_NAMES: tuple[str, ...] = tuple(
    f"{DISTRICT_IDS[s // N_VALUES]}/{VALUES[s % N_VALUES]}" for s in range(N_SPACES)
)
SPACE_INDEX: dict[str, int] = {name: s for s, name in enumerate(SPACE_NAMES)}
TILE_KIND: tuple[int, ...] = tuple(
    KINDS.index(BUILDING_KINDS[DISTRICT_IDS[t // N_VALUES]][VALUES[t % N_VALUES]])
    for t in range(N_SPACES)
)

# Goods.
N_GOODS = len(GOODS)
GOOD_INDEX: dict[str, int] = {g: i for i, g in enumerate(GOODS)}
RESOURCE_GOODS = (0, 1, 2)
PRESTIGE_GOODS = (3, 4, 5)
SELL_PRICE: tuple[int, ...] = tuple(SELL[g] for g in GOODS)
SYMBOL_VP: tuple[int, ...] = tuple(PRESTIGE_VP.get(g, 0) for g in GOODS)
STANDARD_TOKEN_GOODS: tuple[int, ...] = tuple(
    GOOD_INDEX[STANDARD_TOKENS[DISTRICT_IDS[s // N_VALUES]][VALUES[s % N_VALUES]]]
    for s in range(N_SPACES)
)


def resource_vector(cost: dict[str, int]) -> tuple[int, int, int]:
    return tuple(cost.get(r, 0) for r in RESOURCES)  # type: ignore[return-value]  # three RESOURCES, so three items


# Landmarks.
LM_IDS: tuple[str, ...] = tuple(lm[0] for lm in LANDMARKS)
LM_INDEX: dict[str, int] = {lid: i for i, lid in enumerate(LM_IDS)}
LM_NAMES: tuple[str, ...] = tuple(lm[1] for lm in LANDMARKS)
LM_COST: tuple[int, ...] = tuple(lm[2] for lm in LANDMARKS)
LM_RES: tuple[tuple[int, int, int], ...] = tuple(resource_vector(lm[3]) for lm in LANDMARKS)
LM_SYMBOLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(GOOD_INDEX[g] for g in lm[4]) for lm in LANDMARKS
)

# Every location: its value (banks and the Arc have none) and its resource price.
LOC_VALUE: tuple[int, ...] = SPACE_VALUE + LM_COST + (0,) * (N_DISTRICTS + 1)
LOC_RES: tuple[tuple[int, int, int], ...] = (
    tuple(resource_vector(EXTRA_COST.get(v, {})) for v in SPACE_VALUE)
    + LM_RES
    + ((0, 0, 0),) * (N_DISTRICTS + 1)
)

# Location names in the notation: "montmartre/3", "montmartre/bank", "arc"; landmarks carry
# their district: "montmartre/L12" (see `loc_name`).
BANK_NAMES: tuple[str, ...] = tuple(f"{d}/bank" for d in DISTRICT_IDS)
ARC_NAME = "arc"
LM_LOC_NAMES: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{d}/{lid}" for d in DISTRICT_IDS) for lid in LM_IDS
)


def loc_name(loc: int, district: int = -1) -> str:
    """The notation of a location; a landmark needs its district."""
    if loc < LM0:
        return SPACE_NAMES[loc]
    if loc < BANK0:
        return LM_LOC_NAMES[loc - LM0][district]
    if loc < ARC:
        return BANK_NAMES[loc - BANK0]
    return ARC_NAME


LOCATIONS: dict[str, tuple[int, int]] = {ARC_NAME: (ARC, -1)}
LOCATIONS.update({name: (s, SPACE_DISTRICT[s]) for s, name in enumerate(SPACE_NAMES)})
LOCATIONS.update({name: (BANK0 + d, d) for d, name in enumerate(BANK_NAMES)})
LOCATIONS.update(
    {names[d]: (LM0 + lm, d) for lm, names in enumerate(LM_LOC_NAMES) for d in range(N_DISTRICTS)}
)


def parse_loc(name: str) -> tuple[int, int] | None:
    """(location, district) of a notation name, or None; the Arc's district is -1."""
    return LOCATIONS.get(name)


# VP tiles.
VP_TILE_IDS: tuple[str, ...] = tuple(t[0] for t in VP_TILES)
VP_TILE_INDEX: dict[str, int] = {tid: i for i, tid in enumerate(VP_TILE_IDS)}
VP_TILE_POINTS: tuple[tuple[int, int, int], ...] = tuple(t[1] for t in VP_TILES)

# Bonus tiles.
BONUS_NUMBERS: tuple[int, ...] = tuple(sorted(BONUS_TILES))
BONUS_KIND: dict[int, str] = {n: t["kind"] for n, t in BONUS_TILES.items()}
ZONE_OF: dict[int, str] = {n: zone for zone, (lo, hi) in ZONES.items() for n in range(lo, hi + 1)}


def bonus_copies(n: int, players: int) -> int:
    """Copies of bonus tile `n` in play: the base tile, "p3" copies with 3-4 players, "p4"
    copies with 4 players."""
    icons = BONUS_TILES[n]["copies"]
    return (
        1
        + sum(1 for c in icons if c == "p3" and players >= 3)
        + sum(1 for c in icons if c == "p4" and players >= 4)
    )


# End-game tiles.
EGT_IDS: tuple[str, ...] = tuple(END_GAME_TILES)
EGT_INDEX: dict[str, int] = {e: i for i, e in enumerate(EGT_IDS)}
N_EGT = len(EGT_IDS)

# Tiles that stand for goods. `fixed`: one good of a printed kind; `wild`: `count` goods of
# the holder's choice among resources (or prestige). Bonus tiles are keyed by number,
# end-game tiles by 100 + index (the "source" codes of goods.py).
FIXED_SOURCES: dict[int, int] = {}
WILD_SOURCES: dict[int, tuple[tuple[int, ...], int]] = {}
for _n, _t in BONUS_TILES.items():
    if _t["kind"] == "resource":
        FIXED_SOURCES[_n] = GOOD_INDEX[_t["good"]]
    elif _t["kind"] == "resource_any":
        WILD_SOURCES[_n] = (RESOURCE_GOODS, _t["count"])
    elif _t["kind"] == "prestige_any":
        WILD_SOURCES[_n] = (PRESTIGE_GOODS, _t["count"])
for _i, _e in enumerate(EGT_IDS):
    if END_GAME_TILES[_e]["kind"] == "good":
        FIXED_SOURCES[100 + _i] = GOOD_INDEX[END_GAME_TILES[_e]["good"]]
# Wild bonus tiles with two charges: bit of each in the per-seat `half` mask (one charge used).
HALF_BIT: dict[int, int] = {
    n: 1 << i for i, n in enumerate(sorted(n for n, (_, c) in WILD_SOURCES.items() if c == 2))
}


def source_name(src: int) -> str:
    return f"B{src}" if src < 100 else EGT_IDS[src - 100]

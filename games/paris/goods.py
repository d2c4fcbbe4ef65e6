"""Goods behind a screen: tokens, and the bonus/end-game tiles that *are* goods.

«Если на бонусном жетоне изображены ресурсы или престиж, вы НЕ берёте фишки ресурсов и
престижа из общего запаса. Вместо этого вы используете сам бонусный жетон как фишки...»

An *item* is one good from one source: a token (source -1), a tile of a printed good
(bonus 2/3/4, end-game E7..E12) or one good of a tile of the holder's choice (bonus 10 and
21: resources; 8 and 19: prestige; 19 and 21 hold two, spent one at a time). Items are
written as in the notation: "wood", "B3", "E9", "B10:gold".

Spending an item: a resource token goes to the general supply, a prestige token leaves the
game, a tile is discarded face up beside the screen (or loses one of its two goods).
"""

from __future__ import annotations

from games.paris.board import (
    FIXED_SOURCES,
    GOODS,
    HALF_BIT,
    RESOURCE_GOODS,
    WILD_SOURCES,
    source_name,
)
from games.paris.state import State, cur, put

Item = tuple[int, int]  # (source, good); source -1 = a token, n = bonus n, 100+i = end-game i

ITEM_NAMES: dict[Item, str] = {(-1, g): name for g, name in enumerate(GOODS)}
for _src, _g in FIXED_SOURCES.items():
    ITEM_NAMES[(_src, _g)] = source_name(_src)
for _src, (_allowed, _count) in WILD_SOURCES.items():
    for _g in _allowed:
        ITEM_NAMES[(_src, _g)] = f"{source_name(_src)}:{GOODS[_g]}"
ITEMS: dict[str, Item] = {name: item for item, name in ITEM_NAMES.items()}


def tile_sources(state: State, seat: int) -> list[tuple[int, tuple[int, ...], int]]:
    """(source, goods it may stand for, goods left on it) of every tile the seat holds that
    is goods."""
    out = []
    half = state.half[seat]
    for n in state.bonus[seat]:
        if n in FIXED_SOURCES:
            out.append((n, (FIXED_SOURCES[n],), 1))
        elif n in WILD_SOURCES:
            allowed, count = WILD_SOURCES[n]
            if half & HALF_BIT.get(n, 0):
                count -= 1
            out.append((n, allowed, count))
    for e in state.egt[seat]:
        src = 100 + e
        if src in FIXED_SOURCES:
            out.append((src, (FIXED_SOURCES[src],), 1))
    return out


def holdings(state: State, seat: int) -> tuple[list[int], int, int]:
    """(goods per kind from tokens and printed tiles, resource wild goods, prestige wild
    goods): what `can_cover` needs, computed once per call of legal_actions."""
    avail = list(state.goods[seat])
    wild_res = wild_pre = 0
    for _src, allowed, count in tile_sources(state, seat):
        if len(allowed) == 1:
            avail[allowed[0]] += count
        elif allowed[0] in RESOURCE_GOODS:
            wild_res += count
        else:
            wild_pre += count
    return avail, wild_res, wild_pre


def can_cover(need: tuple[int, int, int], avail: list[int], wild: int) -> bool:
    """Whether a resource price `need` (wood, marble, gold) can be paid."""
    short = 0
    for g in RESOURCE_GOODS:
        if need[g] > avail[g]:
            short += need[g] - avail[g]
    return short <= wild


def covers(state: State, seat: int, units: list[int]) -> set[tuple[str, ...]]:
    """Every distinct way to pay exactly the goods `units` (one good per unit), as sorted
    item names. Empty if impossible; {()} for nothing to pay."""
    tokens = list(state.goods[seat])
    tiles = tile_sources(state, seat)
    left = [count for _src, _allowed, count in tiles]
    out: set[tuple[str, ...]] = set()
    chosen: list[str] = []

    def walk(i: int) -> None:
        if i == len(units):
            out.add(tuple(sorted(chosen)))
            return
        g = units[i]
        if tokens[g]:
            tokens[g] -= 1
            chosen.append(GOODS[g])
            walk(i + 1)
            chosen.pop()
            tokens[g] += 1
        for j, (src, allowed, _count) in enumerate(tiles):
            if left[j] and g in allowed:
                left[j] -= 1
                chosen.append(ITEM_NAMES[(src, g)])
                walk(i + 1)
                chosen.pop()
                left[j] += 1

    walk(0)
    return out


def units_of(need: tuple[int, ...]) -> list[int]:
    """A resource price as a list of goods."""
    return [g for g in RESOURCE_GOODS for _ in range(need[g])]


def held_items(state: State, seat: int) -> list[str]:
    """Every distinct item the seat could sell now."""
    out = [GOODS[g] for g, n in enumerate(state.goods[seat]) if n]
    for src, allowed, _count in tile_sources(state, seat):
        out.extend(ITEM_NAMES[(src, g)] for g in allowed)
    return out


def pair_options(state: State, seat: int, goods: tuple[int, ...]) -> set[tuple[str, ...]]:
    """Bonus 23/24: every way to return one or more pairs of identical goods of `goods`."""
    avail, wild_res, wild_pre = holdings(state, seat)
    wild = wild_res if goods[0] in RESOURCE_GOODS else wild_pre
    limits = [(avail[g] + wild) // 2 for g in goods]
    out: set[tuple[str, ...]] = set()

    def walk(i: int, units: list[int]) -> None:
        if i == len(goods):
            if units:
                out.update(covers(state, seat, units))
            return
        for pairs in range(limits[i] + 1):
            walk(i + 1, units + [goods[i]] * (2 * pairs))

    walk(0, [])
    return out


def holds(state: State, seat: int, item: Item) -> bool:
    """Whether the seat holds `item` (a token, or a tile that is goods, with a good it may
    stand for)."""
    src, g = item
    if src < 0:
        return state.goods[seat][g] > 0
    if src >= 100:
        return src - 100 in state.egt[seat]
    return src in state.bonus[seat]


def spend(state: State, seat: int, items: list[Item], changes: dict | None = None) -> dict:
    """`changes` (a dict for `evolve`, new if None) with `items` (known to be held) spent from
    the seat's screen: only the fields that change. Reads `state` as already changed by
    `changes`."""
    changes = {} if changes is None else changes
    goods = supply = bonus = egt = None
    half = cur(state, changes, "half")[seat]
    for src, g in items:
        if src < 0:
            if goods is None:
                goods = list(cur(state, changes, "goods")[seat])
            goods[g] -= 1
            if g in RESOURCE_GOODS:
                if supply is None:
                    supply = list(cur(state, changes, "supply"))
                supply[g] += 1
        elif src >= 100:
            if egt is None:
                egt = list(cur(state, changes, "egt")[seat])
            egt.remove(src - 100)
            used = cur(state, changes, "used_egt")
            changes["used_egt"] = put(used, seat, used[seat] + (src - 100,))
        else:
            bit = HALF_BIT.get(src, 0)
            if bit and not half & bit:
                half |= bit
                continue
            half &= ~bit
            if bonus is None:
                bonus = list(cur(state, changes, "bonus")[seat])
            bonus.remove(src)
            used = cur(state, changes, "used_bonus")
            changes["used_bonus"] = put(used, seat, used[seat] + (src,))
    if goods is not None:
        changes["goods"] = put(cur(state, changes, "goods"), seat, tuple(goods))
    if supply is not None:
        changes["supply"] = tuple(supply)
    if bonus is not None:
        changes["bonus"] = put(cur(state, changes, "bonus"), seat, tuple(bonus))
    if egt is not None:
        changes["egt"] = put(cur(state, changes, "egt"), seat, tuple(egt))
    if half != cur(state, changes, "half")[seat]:
        changes["half"] = put(cur(state, changes, "half"), seat, half)
    return changes

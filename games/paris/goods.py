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

from itertools import product

from games.paris.board import (
    FIXED_SOURCES,
    GOODS,
    HALF_BIT,
    PRESTIGE_GOODS,
    RESOURCE_GOODS,
    WILD_SOURCES,
    source_name,
)
from games.paris.state import Draft, Memo, State, memo, put, remember

Item = tuple[int, int]  # (source, good); source -1 = a token, n = bonus n, 100+i = end-game i
Items = tuple[str, ...]  # item names, sorted
# (goods per kind, resource wild goods, prestige wild goods): see `holdings`
Holdings = tuple[tuple[int, ...], int, int]

ITEM_NAMES: dict[Item, str] = {(-1, g): name for g, name in enumerate(GOODS)}
for _src, _g in FIXED_SOURCES.items():
    ITEM_NAMES[(_src, _g)] = source_name(_src)
for _src, (_allowed, _count) in WILD_SOURCES.items():
    for _g in _allowed:
        ITEM_NAMES[(_src, _g)] = f"{source_name(_src)}:{GOODS[_g]}"
ITEMS: dict[str, Item] = {name: item for item, name in ITEM_NAMES.items()}


Source = tuple[int, tuple[int, ...], int]
# Memo tables of pure functions of small immutable values (a seat's goods and tiles). They
# only ever hold what the functions return for those values (`remember` bounds their size).
_SOURCES: Memo[tuple, tuple[Source, ...]] = memo()
_EXTRA: Memo[tuple, tuple] = memo()
_COVERS: Memo[tuple, tuple[Items, ...]] = memo()


def _sources(bonus: tuple[int, ...], egt: tuple[int, ...], half: int) -> tuple[Source, ...]:
    out: list[Source] = []
    for n in bonus:
        if n in FIXED_SOURCES:
            out.append((n, (FIXED_SOURCES[n],), 1))
        elif n in WILD_SOURCES:
            allowed, count = WILD_SOURCES[n]
            if half & HALF_BIT.get(n, 0):
                count -= 1
            out.append((n, allowed, count))
    for e in egt:
        src = 100 + e
        if src in FIXED_SOURCES:
            out.append((src, (FIXED_SOURCES[src],), 1))
    return tuple(out)


def tile_sources(state: State, seat: int) -> tuple[Source, ...]:
    """(source, goods it may stand for, goods left on it) of every tile the seat holds that
    is goods."""
    bonus, egt = state.bonus[seat], state.egt[seat]
    if not bonus and not egt:
        return ()
    key = (bonus, egt, state.half[seat])
    found = _SOURCES.get(key)
    if found is None:
        found = remember(_SOURCES, key, _sources(*key))
    return found


def _extra(sources: tuple[Source, ...]) -> tuple:
    """(goods per kind added by printed tiles, or None; resource wild goods; prestige wild
    goods) of a seat's tiles."""
    add = [0] * len(GOODS)
    wild_res = wild_pre = 0
    for _src, allowed, count in sources:
        if len(allowed) == 1:
            add[allowed[0]] += count
        elif allowed[0] in RESOURCE_GOODS:
            wild_res += count
        else:
            wild_pre += count
    return (tuple(add) if any(add) else None), wild_res, wild_pre


def holdings(state: State, seat: int) -> Holdings:
    """(goods per kind from tokens and printed tiles, resource wild goods, prestige wild
    goods): what `can_cover` needs, computed once per call of legal_actions."""
    goods = state.goods[seat]
    bonus, egt = state.bonus[seat], state.egt[seat]
    if not bonus and not egt:
        return goods, 0, 0
    key = (bonus, egt, state.half[seat])
    extra = _EXTRA.get(key)
    if extra is None:
        extra = remember(_EXTRA, key, _extra(tile_sources(state, seat)))
    add, wild_res, wild_pre = extra
    if add is None:
        return goods, wild_res, wild_pre
    return tuple([a + b for a, b in zip(goods, add, strict=True)]), wild_res, wild_pre


def can_cover(need: tuple[int, ...], avail: tuple[int, ...] | list[int], wild: int) -> bool:
    """Whether a resource price `need` (wood, marble, gold) can be paid."""
    short = 0
    for g in RESOURCE_GOODS:
        if need[g] > avail[g]:
            short += need[g] - avail[g]
    return short <= wild


def covers(state: State, seat: int, units: list[int] | tuple[int, ...]) -> tuple[Items, ...]:
    """Every distinct way to pay exactly the goods `units` (one good per unit), as sorted
    item names, in order. Empty if impossible; ((),) for nothing to pay. (Memo values are
    tuples of strings: the garbage collector soon stops tracking them.)"""
    goods = state.goods[seat]
    key = (tuple(units), goods, state.bonus[seat], state.egt[seat], state.half[seat])
    found = _COVERS.get(key)
    if found is None:
        found = remember(_COVERS, key, _covers(goods, tile_sources(state, seat), key[0]))
    return found


def _covers(
    goods: tuple[int, ...], tiles: tuple[Source, ...], units: tuple[int, ...]
) -> tuple[Items, ...]:
    tokens = list(goods)
    left = [count for _src, _allowed, count in tiles]
    out: set[Items] = set()
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
    return tuple(sorted(out))


def units_of(need: tuple[int, ...]) -> list[int]:
    """A resource price as a list of goods."""
    return [g for g in RESOURCE_GOODS for _ in range(need[g])]


def held_items(state: State, seat: int) -> list[str]:
    """Every distinct item the seat could sell now."""
    out = [GOODS[g] for g, n in enumerate(state.goods[seat]) if n]
    for src, allowed, _count in tile_sources(state, seat):
        out.extend(ITEM_NAMES[(src, g)] for g in allowed)
    return out


assert all(kind == tuple(range(kind[0], kind[-1] + 1)) for kind in (RESOURCE_GOODS, PRESTIGE_GOODS))


def pair_options(state: State, seat: int, goods: tuple[int, ...]) -> tuple[Items, ...]:
    """Bonus 23/24: every way to return one or more pairs of identical goods of `goods`
    (not remembered here: the legal moves ask behind `bonus._pair_uses`' memo, by the
    seat's tokens of those goods and its tiles)."""
    return _pair_options(state, seat, goods)


def _pair_options(state: State, seat: int, goods: tuple[int, ...]) -> tuple[Items, ...]:
    if not tile_sources(state, seat):  # tokens alone: one way for each count of pairs
        counts = state.goods[seat]
        ways = {
            tuple(
                sorted([GOODS[g] for g, p in zip(goods, pairs, strict=True) for _ in range(2 * p)])
            )
            for pairs in product(*(range(counts[g] // 2 + 1) for g in goods))
            if any(pairs)
        }
        return tuple(sorted(ways))
    avail, wild_res, wild_pre = holdings(state, seat)
    wild = wild_res if goods[0] in RESOURCE_GOODS else wild_pre
    limits = [(avail[g] + wild) // 2 for g in goods]
    out: set[Items] = set()

    def walk(i: int, units: list[int]) -> None:
        if i == len(goods):
            if units:
                out.update(covers(state, seat, units))
            return
        for pairs in range(limits[i] + 1):
            walk(i + 1, units + [goods[i]] * (2 * pairs))

    walk(0, [])
    return tuple(sorted(out))


def holds(state: State, seat: int, item: Item) -> bool:
    """Whether the seat holds `item` (a token, or a tile that is goods, with a good it may
    stand for)."""
    src, g = item
    if src < 0:
        return state.goods[seat][g] > 0
    if src >= 100:
        return src - 100 in state.egt[seat]
    return src in state.bonus[seat]


def spend(d: Draft, seat: int, items: list[Item]) -> None:
    """Spend `items` (known to be held) from the seat's screen in the draft `d` (see
    `state.Draft`): only the fields that change are written."""
    goods = supply = bonus = egt = None
    half = d.half[seat]
    for src, g in items:
        if src < 0:
            if goods is None:
                goods = list(d.goods[seat])
            goods[g] -= 1
            if g in RESOURCE_GOODS:
                if supply is None:
                    supply = list(d.supply)
                supply[g] += 1
        elif src >= 100:
            if egt is None:
                egt = list(d.egt[seat])
            egt.remove(src - 100)
            d.used_egt = put(d.used_egt, seat, d.used_egt[seat] + (src - 100,))
        else:
            bit = HALF_BIT.get(src, 0)
            if bit and not half & bit:
                half |= bit
                continue
            half &= ~bit
            if bonus is None:
                bonus = list(d.bonus[seat])
            bonus.remove(src)
            d.used_bonus = put(d.used_bonus, seat, d.used_bonus[seat] + (src,))
    if goods is not None:
        d.goods = put(d.goods, seat, tuple(goods))
    if supply is not None:
        d.supply = tuple(supply)
    if bonus is not None:
        d.bonus = put(d.bonus, seat, tuple(bonus))
    if egt is not None:
        d.egt = put(d.egt, seat, tuple(egt))
    if half != d.half[seat]:
        d.half = put(d.half, seat, half)

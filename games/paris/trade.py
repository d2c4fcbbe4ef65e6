"""Trading at the screen's price table (a free action of one's own turn).

«Ресурсы можно покупать и продавать в любое время, а фишки престижа — продавать в любое
время — по ценам, указанным в таблице в основании вашей ширмы игрока.»
[INTERPRETATION] "any time" is read as any time of one's own action step (spec O8).
"""

from __future__ import annotations

from games.core.contract import Event
from games.core.errors import IllegalAction
from games.paris import actions as A
from games.paris.board import (
    FIXED_SOURCES,
    GOOD_INDEX,
    GOODS,
    RESOURCE_GOODS,
    SELL_PRICE,
    WILD_SOURCES,
)
from games.paris.data import RESOURCE_BUY
from games.paris.goods import ITEM_NAMES, ITEMS, holds, spend
from games.paris.state import State, add, put

BUY_PRICE: tuple[int, ...] = tuple(RESOURCE_BUY[GOODS[g]] for g in RESOURCE_GOODS)
_BUYS = tuple(A.buy(GOODS[g]) for g in RESOURCE_GOODS)
_SELL_TOKEN = tuple(A.sell(g) for g in GOODS)
# The sells of each tile that is goods (a tile of the holder's choice: one per good).
_SELL_TILE: dict[int, tuple] = {src: (A.sell(ITEM_NAMES[(src, g)]),) for src, g in
                                FIXED_SOURCES.items()}  # fmt: skip
_SELL_TILE.update({src: tuple(A.sell(ITEM_NAMES[(src, g)]) for g in allowed)
                   for src, (allowed, _count) in WILD_SOURCES.items()})  # fmt: skip


def options(state: State, seat: int) -> list:
    """Every buy and sell the seat can make now (the sells are `goods.held_items`)."""
    francs = state.francs[seat]
    supply = state.supply
    out = [_BUYS[g] for g in RESOURCE_GOODS if supply[g] and francs >= BUY_PRICE[g]]
    goods = state.goods[seat]
    out += [_SELL_TOKEN[g] for g in range(len(GOODS)) if goods[g]]
    for n in state.bonus[seat]:
        if n in _SELL_TILE:
            out += _SELL_TILE[n]
    for e in state.egt[seat]:
        if 100 + e in _SELL_TILE:
            out += _SELL_TILE[100 + e]
    return out


def apply_buy(state: State, seat: int, action) -> tuple[dict, Event]:
    """«…ресурсы нельзя купить в начале игры, потому что все фишки ресурсов выложены на
    поле. Они станут доступны для покупки позже…»: only from the general supply."""
    g = GOOD_INDEX.get(action.good)
    if g not in RESOURCE_GOODS:
        raise IllegalAction("paris.not_a_resource", "only resources can be bought",
                            good=action.good)  # fmt: skip
    if not state.supply[g]:
        raise IllegalAction("paris.supply_empty", f"no {action.good} in the general supply",
                            good=action.good)  # fmt: skip
    price = BUY_PRICE[g]
    if state.francs[seat] < price:
        raise IllegalAction("paris.cannot_afford", f"{action.good} costs {price} francs",
                            francs=price)  # fmt: skip
    changes = {
        "francs": add(state.francs, seat, -price),
        "supply": add(state.supply, g, -1),
        "goods": put(state.goods, seat, add(state.goods[seat], g, 1)),
    }
    return changes, Event("bought", {"seat": seat, "good": action.good, "francs": price})


def apply_sell(state: State, seat: int, action) -> tuple[dict, Event]:
    item = ITEMS.get(action.item)
    if item is None or not holds(state, seat, item):
        raise IllegalAction("paris.item_not_held", f"you hold no {action.item} to sell",
                            item=action.item)  # fmt: skip
    src, g = item
    price = SELL_PRICE[g]
    if src < 0:  # a token (the common case, without the general `spend`)
        changes = {"goods": put(state.goods, seat, add(state.goods[seat], g, -1))}
        if g < len(RESOURCE_GOODS):
            changes["supply"] = add(state.supply, g, 1)
    else:
        changes = spend(state, seat, [item])
    changes["francs"] = add(state.francs, seat, price)
    event = Event("sold", {"seat": seat, "item": action.item, "good": GOODS[item[1]],
                           "francs": price})  # fmt: skip
    return changes, event

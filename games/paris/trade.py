"""Trading at the screen's price table (a free action of one's own turn).

«Ресурсы можно покупать и продавать в любое время, а фишки престижа — продавать в любое
время — по ценам, указанным в таблице в основании вашей ширмы игрока.»
[INTERPRETATION] "any time" is read as any time of one's own action step (spec O8), the
optional steps of a purchase included: the token just taken may pay for the bonus tile of a 3.
"""

from __future__ import annotations

from itertools import product

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
from games.paris.data import RESOURCE_BUY, TOKENS_PER_GOOD
from games.paris.goods import ITEM_NAMES, ITEMS, holds, spend
from games.paris.state import Draft, Memo, State, add, memo, remember, remembered_event

_N_RESOURCES = len(RESOURCE_GOODS)
BUY_PRICE: tuple[int, ...] = tuple(RESOURCE_BUY[GOODS[g]] for g in RESOURCE_GOODS)
_BUYS = tuple(A.buy(GOODS[g]) for g in RESOURCE_GOODS)
_SELL_TOKEN = tuple(A.sell(g) for g in GOODS)
# The sells of each tile that is goods (a tile of the holder's choice: one per good).
_SELL_TILE: dict[int, tuple] = {
    src: (A.sell(ITEM_NAMES[(src, g)]),) for src, g in FIXED_SOURCES.items()
}
_SELL_TILE.update(
    {
        src: tuple(A.sell(ITEM_NAMES[(src, g)]) for g in allowed)
        for src, (allowed, _count) in WILD_SOURCES.items()
    }
)


MAX_PRICE = _MAX_PRICE = max(BUY_PRICE)
# The trades' events by (seat, good) and (seat, item name): `flow.apply_buy` and
# `flow.apply_sell` read them too.
BOUGHT: Memo[tuple[int, int], Event] = memo()
SOLD: Memo[tuple[int, str], Event] = memo()
SELLS: Memo[tuple[int, ...], tuple] = memo()
_SELLS = SELLS


def _buys(supply: tuple[int, ...]) -> tuple[tuple, ...]:
    """By francs (0.._MAX_PRICE): the buys the general supply `supply` allows."""
    return tuple(
        tuple(_BUYS[g] for g in RESOURCE_GOODS if supply[g] and francs >= BUY_PRICE[g])
        for francs in range(_MAX_PRICE + 1)
    )


# Every supply there can be (at most TOKENS_PER_GOOD of each resource).
BUYS_WITH: dict[tuple[int, ...], tuple[tuple, ...]] = {
    supply: _buys(supply) for supply in product(range(TOKENS_PER_GOOD + 1), repeat=_N_RESOURCES)
}


# The after-action step's first choices by supply and francs: `end_turn`, then the buys
# (`engine._after_step` copies the tuple into the step's list).
AFTER_BUYS: dict[tuple[int, ...], tuple[tuple, ...]] = {
    supply: tuple((A.END_TURN, *buys) for buys in by_francs)
    for supply, by_francs in BUYS_WITH.items()
}


def token_sells(goods: tuple[int, ...]) -> tuple:
    """The sells of the tokens `goods` (remembered by them)."""
    sells = _SELLS.get(goods)
    if sells is None:
        sells = remember(
            _SELLS, goods, tuple(_SELL_TOKEN[g] for g in range(len(GOODS)) if goods[g])
        )
    return sells


def options(state: State, seat: int) -> list:
    """Every buy and sell the seat can make now (the sells are `goods.held_items`)."""
    out: list = []
    add_options(out, state, seat)
    return out


def add_options(out: list, state: State, seat: int, tiles: bool = True) -> None:
    """`options`, appended to `out` (the legal actions of a step, being built); without
    the tile sells if not `tiles` (`flow.add_free` appends them with the tile uses)."""
    francs = state.francs[seat]
    supply = state.supply
    buys = BUYS_WITH.get(supply) or _buys(supply)
    goods = state.goods[seat]
    sells = _SELLS.get(goods)
    if sells is None:
        sells = remember(
            _SELLS, goods, tuple(_SELL_TOKEN[g] for g in range(len(GOODS)) if goods[g])
        )
    out += buys[francs if francs < _MAX_PRICE else _MAX_PRICE]
    out += sells
    bonus, egt = state.bonus[seat], state.egt[seat]
    if tiles and (bonus or egt):
        out += tile_sells(bonus, egt)


def tile_sells(bonus: tuple[int, ...], egt: tuple[int, ...]) -> tuple:
    """The sells of the tiles that are goods among bonus tiles `bonus` and end-game `egt`
    (not remembered here: the legal moves ask behind `bonus.tile_free`'s memo)."""
    return tuple(_tile_sells(bonus, egt))


def _tile_sells(bonus: tuple[int, ...], egt: tuple[int, ...]) -> list:
    out: list = []
    for n in bonus:
        if n in _SELL_TILE:
            out += _SELL_TILE[n]
    for e in egt:
        if 100 + e in _SELL_TILE:
            out += _SELL_TILE[100 + e]
    return out


def refuse_buy(state: State, seat: int, good: str) -> IllegalAction:
    """Why the seat may not buy `good` now (`flow.apply_buy` plays every buy it allows).
    «…ресурсы нельзя купить в начале игры, потому что все фишки ресурсов выложены на поле.
    Они станут доступны для покупки позже…»: only from the general supply."""
    g = GOOD_INDEX.get(good)
    if g not in RESOURCE_GOODS:
        return IllegalAction("paris.not_a_resource", "only resources can be bought", good=good)
    if not state.supply[g]:
        return IllegalAction("paris.supply_empty", f"no {good} in the general supply", good=good)
    price = BUY_PRICE[g]
    return IllegalAction("paris.cannot_afford", f"{good} costs {price} francs", n=price)


def bought(seat: int, g: int) -> Event:
    """The event of the seat's buy of good `g`, made once (`BOUGHT`)."""
    return remembered_event(
        BOUGHT, (seat, g), "bought", {"seat": seat, "good": GOODS[g], "francs": BUY_PRICE[g]}
    )


def _not_held(name: str) -> IllegalAction:
    return IllegalAction("paris.item_not_held", f"you hold no {name} to sell", item=name)


def apply_sell(state: State, seat: int, action: A.Sell, d: Draft) -> Event:
    """The sale of a tile that is goods (`flow.apply_sell` plays a token's), or its refusal:
    writes the draft `d` of the next state."""
    name = action.item
    item = ITEMS.get(name)
    if item is None or item[0] < 0 or not holds(state, seat, item):
        raise _not_held(name)
    spend(d, seat, [item])
    d.francs = add(state.francs, seat, SELL_PRICE[item[1]])
    return SOLD.get((seat, name)) or sold(seat, name)


def sold(seat: int, name: str) -> Event:
    """The event of the seat's sale of item `name`, made once (`SOLD`)."""
    g = ITEMS[name][1]
    return remembered_event(
        SOLD,
        (seat, name),
        "sold",
        {"seat": seat, "item": name, "good": GOODS[g], "francs": SELL_PRICE[g]},
    )

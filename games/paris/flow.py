"""The frame of a turn: free actions, the end of a turn, the end of the game.

«Начиная с первого игрока и далее по часовой стрелке, каждый игрок ДОЛЖЕН выполнить два
следующих шага: 1. Выложить жетон здания на игровое поле (если возможно) 2. Выполнить
действие»; bonus tiles and trades are used «в любой момент любого вашего хода».
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.contract import Event
from games.core.dispatch import Handler
from games.core.errors import IllegalAction
from games.paris import actions as A
from games.paris import bonus, trade
from games.paris.board import GOODS, N_GOODS, RESOURCE_GOODS, SELL_PRICE
from games.paris.data import STACKS
from games.paris.goods import ITEMS
from games.paris.scoring import final_events
from games.paris.state import (
    ACTION,
    AFTER,
    OVER,
    TILE,
    Draft,
    Memo,
    Scratch,
    State,
    draft,
    memo,
    remembered_event,
    seal,
)


def free_actions(state: State, seat: int) -> list:
    """Trades and tile uses: allowed at any point of the seat's action step, a purchase's
    bonus, prestige and VP-tile steps included (not while paying: that step only picks
    which goods pay)."""
    out: list = []
    add_free(out, state, seat)
    return out


def add_free(out: list, state: State, seat: int) -> None:
    """`free_actions`, appended to `out` (the legal actions of a step, being built)."""
    trade.add_options(out, state, seat, tiles=False)
    held, egt = state.bonus[seat], state.egt[seat]
    if held or egt:
        bonus.add_tile_free(out, state, seat, held, egt)


# Tiles with no use of their own (9/16 go with a key move, 27 scores at the end).
_NO_FREE_USE = frozenset({9, 16, 27})
_NO_GOODS = (0,) * N_GOODS
_TURN_ENDED: Memo[tuple[int, int], Event] = memo()
_PASSED: Memo[int, Event] = memo()
_BUYS_WITH = trade.BUYS_WITH
_MAX_PRICE = trade.MAX_PRICE
_NO_STACKS = ((),) * STACKS  # every building stack empty


def has_free(state: State, seat: int) -> bool:
    """Whether the seat may still have a free action in `state` (or a draft of the next
    state): it holds a token or a usable tile, or can buy. (A cheap test: a tile 13/14, 17,
    25, 23 or 24 that happens to have no use now leaves the seat with only `end_turn`.)"""
    if state.goods[seat] != _NO_GOODS or state.egt[seat]:
        return True
    for n in state.bonus[seat]:
        if n not in _NO_FREE_USE:
            return True
    francs = state.francs[seat]
    supply = state.supply
    buys = _BUYS_WITH.get(supply)  # by francs: the buys this supply allows
    if buys is not None:
        return bool(buys[francs if francs < _MAX_PRICE else _MAX_PRICE])
    for g, price in enumerate(trade.BUY_PRICE):
        if supply[g] and francs >= price:
            return True
    return False


def finish_action(
    state: State, seat: int, events: list[Event], d: Draft | None = None
) -> tuple[State, list[Event]]:
    """The action and its follow-ups are done (`d`: the draft of the next state, new if
    None): the seat may still trade or use tiles, else the turn ends at once."""
    if d is None:
        d = draft(state)
    if d.goods[seat] != _NO_GOODS or has_free(d, seat):  # `has_free`'s first test, inline
        d.phase = AFTER
        d.pending = ()
        if d.__class__ is not Scratch:  # `seal`, inline
            d.__class__ = State
        return d, events
    return end_turn(state, seat, events, d)


def end_turn(
    state: State, seat: int, events: list[Event], d: Draft | None = None
) -> tuple[State, list[Event]]:
    """The next seat clockwise; or, once the last round after the trigger is played, the
    end. «Когда один из игроков берёт последний жетон конца игры, наступает конец игры.
    Текущий раунд доигрывается до конца… Затем игроки играют один последний раунд.»"""
    if d is None:
        d = draft(state)
    rnd = state.round
    events.append(_TURN_ENDED.get((seat, rnd)) or _turn_ended(seat, rnd))
    final = d.final_turns
    d.pending = ()
    if final == 0:
        d.phase = OVER
        s = seal(d)
        events.extend(final_events(s))
        return s, events
    nxt = seat + 1
    if nxt == state.setup.players:
        nxt = 0
    if final > 0:
        d.final_turns = final - 1  # (else it stays -1: the end is not triggered yet)
    if nxt == state.setup.first:
        d.round = rnd + 1
    d.turn = nxt
    d.phase = TILE if d.stacks != _NO_STACKS else ACTION
    if d.__class__ is not Scratch:  # `seal`, inline
        d.__class__ = State
    return d, events


def _turn_ended(seat: int, rnd: int) -> Event:
    """The event of the seat's turn of round `rnd` ended, made once (`_TURN_ENDED`)."""
    return remembered_event(_TURN_ENDED, (seat, rnd), "turn_ended", {"seat": seat, "round": rnd})


def apply_end_turn(state: State, seat: int, action: A.EndTurn) -> tuple[State, list[Event]]:
    """`end_turn` after the action."""
    return end_turn(state, seat, [])


def pass_turn(state: State, seat: int, main: list[Any]) -> tuple[State, list[Event]]:
    """`end_turn` instead of an action: only when none of the three actions (`main`, the
    seat's options) is possible (INTERPRETATION, spec decision 6)."""
    if main:
        raise IllegalAction(
            "paris.must_act",
            "you can still place or move a key (or take an end-game tile): do one of those",
        )
    done = _PASSED.get(seat) or remembered_event(_PASSED, seat, "passed", {"seat": seat})
    return end_turn(state, seat, [done])


def free_handler(apply_one: Callable[[State, int, Any, Draft], Event]) -> Handler:
    """A free action's rules-table entry: the phase stays, except that the turn ends once
    nothing is left to do after the action."""

    def handler(state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        d = draft(state)
        done = apply_one(state, seat, action, d)
        if state.phase == AFTER and not has_free(d, seat):
            return end_turn(state, seat, [done], d)
        if d.__class__ is not Scratch:  # `seal`, inline
            d.__class__ = State
        return d, [done]

    return handler


_apply_sell = free_handler(trade.apply_sell)
_SOLD = trade.SOLD
_BOUGHT = trade.BOUGHT
_BUY_PRICE = trade.BUY_PRICE
_N_RESOURCES = len(RESOURCE_GOODS)
_RESOURCE_INDEX = {GOODS[g]: g for g in RESOURCE_GOODS}


def apply_sell(state: State, seat: int, action: A.Sell) -> tuple[State, list[Event]]:
    """A token's sale (a tile's, and every refusal, go through `trade.apply_sell`), its
    tuple updates and `has_free`'s first test inline: a sale is one move in four."""
    name = action.item
    item = ITEMS.get(name)
    if item is None or item[0] >= 0:
        return _apply_sell(state, seat, action)
    g = item[1]
    goods = state.goods
    mine = list(goods[seat])
    if not mine[g]:
        return _apply_sell(state, seat, action)
    mine[g] -= 1
    d = draft(state)  # (a scratch state is its own draft: each field is read before written)
    rows = list(goods)
    rows[seat] = left = tuple(mine)
    d.goods = tuple(rows)
    if g < _N_RESOURCES:
        supply = list(state.supply)
        supply[g] += 1
        d.supply = tuple(supply)
    francs = list(state.francs)
    francs[seat] += SELL_PRICE[g]
    d.francs = tuple(francs)
    done = _SOLD.get((seat, name)) or trade.sold(seat, name)
    if left == _NO_GOODS and state.phase == AFTER and not has_free(d, seat):
        return end_turn(state, seat, [done], d)
    if d.__class__ is not Scratch:  # `seal`, inline
        d.__class__ = State
    return d, [done]


def apply_buy(state: State, seat: int, action: A.Buy) -> tuple[State, list[Event]]:
    """A buy (`trade.refuse_buy` says why one is refused), its tuple updates inline: one move
    in eight buys. The seat then holds a token, so a free action is left (`has_free`) and
    the phase stays."""
    g = _RESOURCE_INDEX.get(action.good)
    supply = state.supply
    if g is None or not supply[g]:
        raise trade.refuse_buy(state, seat, action.good)
    francs = list(state.francs)
    price = _BUY_PRICE[g]
    if francs[seat] < price:
        raise trade.refuse_buy(state, seat, action.good)
    goods = state.goods
    d = draft(state)  # (a scratch state is its own draft: each field is read before written)
    francs[seat] -= price
    d.francs = tuple(francs)
    stock = list(supply)
    stock[g] -= 1
    d.supply = tuple(stock)
    mine = list(goods[seat])
    mine[g] += 1
    rows = list(goods)
    rows[seat] = tuple(mine)
    d.goods = tuple(rows)
    done = _BOUGHT.get((seat, g)) or trade.bought(seat, g)
    if d.__class__ is not Scratch:  # `seal`, inline
        d.__class__ = State
    return d, [done]

"""The bonus track and the effects of bonus and end-game tiles used as free actions.

Tiles that *are* goods (2, 3, 4, 8, 10, 19, 21; E7..E12) are spent through goods.py (paying,
cashing prestige, selling, pairs); 9 and 16 are spent by a key move (purchase.py); 27 scores
at the end (scoring.py). Every other tile has a `use_bonus` / `use_end_game` action here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress

from games.core.actions import given
from games.core.contract import Event, event
from games.core.errors import IllegalAction
from games.paris import actions as A
from games.paris.board import (
    BANK0,
    BONUS_KIND,
    EGT_IDS,
    EGT_INDEX,
    LM0,
    PRESTIGE_GOODS,
    RESOURCE_GOODS,
    SPACE_VALUE,
    TILE_KIND,
)
from games.paris.data import BONUS_TILES, END_GAME_TILES, TRACK_LENGTH
from games.paris.goods import ITEMS, pair_options, spend
from games.paris.state import Draft, Memo, State, add, memo, put, remember
from games.paris.trade import tile_sells

NO_USE = frozenset(
    {"resource", "resource_any", "prestige_any", "own_occupied", "rival_occupied", "vp_per_franc"}
)
STEP_BACK = BONUS_TILES[25]["max_back"] if 25 in BONUS_TILES else 5


# --- the track -------------------------------------------------------------------------------


def forward_spaces(state: State, seat: int, held: tuple[int, ...]) -> list[int]:
    """Where the meeple may stop moving forward, for a seat holding the bonus numbers
    `held`: «…вперёд на столько делений, сколько хотите, но так, чтобы она остановилась на
    одном из доступных бонусных жетонов.»

    A space qualifies when a tile lies on it and the seat holds none of that number: «У вас
    никогда не может быть двух бонусных жетонов одного типа (с одним и тем же номером), даже
    если эффект какого-либо бонусного жетона позволяет это правило нарушить.» (17 and 25 are
    never on the track while held: one copy each.) `any_spaces` and `back_spaces` apply the
    same test."""
    return list(forward(state, seat, held)[0])


TAKE_BONUS = {k: A.take_bonus(k) for k in range(1, TRACK_LENGTH + 1)}
_forward_memo: tuple = (None, None, -1, None, ((), ()))


def forward(
    state: State, seat: int, held: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[A.TakeBonus, ...]]:
    """(`forward_spaces`, the `take_bonus` actions onto them): the last answer remembered by
    identity (a purchase asks in its bonus step's options and the tile taken, with the same
    tuples); no memo by value, which the moving track and meeples seldom repeat."""
    global _forward_memo
    track, numbers, pos = state.track, state.setup.track_numbers, state.meeples[seat]
    last = _forward_memo
    if last[0] is track and last[1] is held and last[2] == pos and last[3] is numbers:
        found: tuple[tuple[int, ...], tuple[A.TakeBonus, ...]] = last[4]
        return found
    # the spaces after `pos` with a tile on them (picked in C), then by number
    after = compress(range(pos + 1, TRACK_LENGTH + 1), track[pos:])
    spaces = tuple([k for k in after if numbers[k - 1] not in held]) if held else (*after,)
    found = (spaces, tuple(map(TAKE_BONUS.__getitem__, spaces)))
    _forward_memo = (track, held, pos, numbers, found)
    return found


_any_memo: tuple = (None, None, None, ())


def any_spaces(state: State, seat: int) -> list[int]:
    """Bonus 17: any space with a tile the seat may hold. [INTERPRETATION] A meeple on 30
    takes no more tiles at all («…вы больше не сможете получать бонусные жетоны»)."""
    global _any_memo
    if state.meeples[seat] >= TRACK_LENGTH:
        return []
    track, numbers, held = state.track, state.setup.track_numbers, state.bonus[seat]
    last = _any_memo  # the states of a turn share these tuples
    if last[0] is track and last[1] is numbers and last[2] is held:
        return list(last[3])
    out = [k for k in range(1, TRACK_LENGTH + 1) if track[k - 1] and numbers[k - 1] not in held]
    _any_memo = (track, numbers, held, tuple(out))
    return out


def back_spaces(state: State, seat: int) -> list[int]:
    """Bonus 25: 1 to 5 spaces back, onto a tile the seat may hold (the meeple stops on the
    tile it takes, as when moving forward); none from space 30 (see `any_spaces`)."""
    pos = state.meeples[seat]
    if pos >= TRACK_LENGTH:
        return []
    track, numbers, held = state.track, state.setup.track_numbers, state.bonus[seat]
    return [
        k
        for k in range(max(1, pos - STEP_BACK), pos)
        if track[k - 1] and numbers[k - 1] not in held
    ]


def take_tile(d: Draft, seat: int, space: int, move: bool) -> None:
    """Give the seat the top tile of `space` in the draft `d` of the next state (see
    `state.Draft`), moving its meeple there if `move`."""
    number = d.setup.track_numbers[space - 1]
    track = list(d.track)  # `add` and `put`, inline (a purchase's bonus step takes one)
    track[space - 1] -= 1
    d.track = tuple(track)
    held = list(d.bonus)
    held[seat] = tuple(sorted(d.bonus[seat] + (number,)))
    d.bonus = tuple(held)
    if move:
        meeples = list(d.meeples)
        meeples[seat] = space
        d.meeples = tuple(meeples)


# --- using tiles -----------------------------------------------------------------------------


_USE = {n: A.use_bonus(n) for n in BONUS_TILES}
_USE_AT = {
    (n, k): A.use_bonus(n, space=k)
    for n, t in BONUS_TILES.items()
    if t["kind"] in ("take_any", "step_back")
    for k in range(1, TRACK_LENGTH + 1)
}
_USE_EGT = {e: A.use_end_game(tile) for e, tile in enumerate(EGT_IDS)}


_PAIR_USES: Memo[tuple, tuple] = memo()
_EGT_USES = tuple(END_GAME_TILES[e]["kind"] != "good" for e in EGT_IDS)


# By tile number: the one `use_bonus` action of a tile usable at any time without a choice
# (None for the others: no use, or a use that depends on the state, `_SPECIAL`).
_SPECIAL = frozenset({"buy_key", "take_any", "step_back", "per_prestige_pair", "per_resource_pair"})
_ALWAYS: tuple[A.UseBonus | None, ...] = tuple(
    _USE[n] if n in BONUS_KIND and BONUS_KIND[n] not in NO_USE | _SPECIAL else None
    for n in range(max(BONUS_TILES) + 1)
)


def use_options(state: State, seat: int) -> list:
    out: list = []
    bonus, egt = state.bonus[seat], state.egt[seat]
    for n in bonus:
        use = _ALWAYS[n]
        if use is not None:
            out.append(use)
        elif BONUS_KIND[n] not in NO_USE:
            out += state_uses(state, seat, n)
    for e in egt:
        if _EGT_USES[e]:
            out.append(_USE_EGT[e])
    return out


def state_uses(state: State, seat: int, n: int) -> Sequence[A.UseBonus]:
    """The uses of bonus tile `n`, one whose use depends on the state (`_SPECIAL`)."""
    return _STATE_USES[n](state, seat, n)


def _buy_key_uses(state: State, seat: int, n: int) -> Sequence[A.UseBonus]:
    if state.francs[seat] >= _KEY_PRICE[n] and state.reserve[seat]:
        return (_USE[n],)
    return ()


def _take_any_uses(state: State, seat: int, n: int) -> Sequence[A.UseBonus]:
    return [_USE_AT[n, k] for k in any_spaces(state, seat)]


def _step_back_uses(state: State, seat: int, n: int) -> Sequence[A.UseBonus]:
    return [_USE_AT[n, k] for k in back_spaces(state, seat)]


def _pair_uses(state: State, seat: int, n: int) -> Sequence[A.UseBonus]:
    """Bonus 23/24's uses (`goods.pair_options` as actions): remembered by what decides
    them, the seat's tokens of those goods alone (trading the other kind, as a turn often
    does, keeps the answer) and its tiles: the common case costs one look-up, no call."""
    goods = _PAIR_GOODS[n]
    key = (
        n,
        state.goods[seat][goods[0] : goods[-1] + 1],  # a kind's goods are contiguous
        state.bonus[seat],
        state.egt[seat],
        state.half[seat],
    )
    uses = _PAIR_USES.get(key)
    if uses is None:
        ways = pair_options(state, seat, goods)
        uses = remember(_PAIR_USES, key, tuple(A.use_bonus(n, items=o) for o in ways))
    return uses


def _plain_uses(state: State, seat: int, n: int) -> Sequence[A.UseBonus]:
    return (_USE[n],)


_USES_BY_KIND: dict[str, Callable[[State, int, int], Sequence[A.UseBonus]]] = {
    "buy_key": _buy_key_uses,
    "take_any": _take_any_uses,
    "step_back": _step_back_uses,
    "per_prestige_pair": _pair_uses,
    "per_resource_pair": _pair_uses,
}
# By tile number: the function of its uses (`state_uses`), its key price, the goods it pairs.
_STATE_USES = {n: _USES_BY_KIND.get(kind, _plain_uses) for n, kind in BONUS_KIND.items()}
_KEY_PRICE = {n: BONUS_TILES[n]["price"] for n, kind in BONUS_KIND.items() if kind == "buy_key"}
_PAIR_GOODS = {
    n: PRESTIGE_GOODS if kind == "per_prestige_pair" else RESOURCE_GOODS
    for n, kind in BONUS_KIND.items()
    if kind in ("per_prestige_pair", "per_resource_pair")
}

# The tile part of the free actions (`tile_free`) by a seat's tiles (bonus, end-game).
_TILE_FREE: Memo[tuple[tuple[int, ...], tuple[int, ...]], tuple] = memo()


def tile_free(bonus: tuple[int, ...], egt: tuple[int, ...]) -> tuple:
    """The plan of a seat's tile sells (`trade.tile_sells`) then tile uses (`use_options`)
    for its tiles `bonus` and `egt`, in that order: (the actions up to the first tile whose
    uses depend on the state, then for each such tile (the function of its uses, its
    number, the actions up to the next one)). Remembered by the tiles (a seat's tiles change
    only when it takes or spends one): with no such tile, the first is the whole answer,
    whatever the rest of the state."""
    key = (bonus, egt)
    found = _TILE_FREE.get(key)
    if found is None:
        found = remember(_TILE_FREE, key, _tile_free(bonus, egt))
    return found


def _tile_free(bonus: tuple[int, ...], egt: tuple[int, ...]) -> tuple:
    parts: list = []  # the fixed runs, between the tiles of `state_uses`
    tiles = []
    fixed = list(tile_sells(bonus, egt))
    for n in bonus:
        use = _ALWAYS[n]
        if use is not None:
            fixed.append(use)
        elif BONUS_KIND[n] not in NO_USE:
            parts.append(tuple(fixed))
            tiles.append(n)
            fixed = []
    fixed += [_USE_EGT[e] for e in egt if _EGT_USES[e]]
    parts.append(tuple(fixed))
    return parts[0], tuple(
        (_STATE_USES[n], n, after) for n, after in zip(tiles, parts[1:], strict=True)
    )


def add_tile_free(
    out: list, state: State, seat: int, bonus: tuple[int, ...], egt: tuple[int, ...]
) -> None:
    """The seat's tile sells and uses (`tile_free`), appended to `out`."""
    first, rest = tile_free(bonus, egt)
    out += first
    if rest:
        add_state_uses(out, state, seat, rest)


def add_state_uses(out: list, state: State, seat: int, rest: tuple) -> None:
    """The tile uses of a plan's tiles that depend on the state, with the actions after
    each (`tile_free`), appended to `out`."""
    for uses, n, after in rest:
        out += uses(state, seat, n)
        out += after


def owned_value_count(state: State, seat: int, value: int) -> int:
    """Own keys on buildings of `value` (a building holding two own keys counts twice)."""
    return sum(1 for k in state.keys[seat] if k < LM0 and SPACE_VALUE[k] == value)


def landmark_keys(state: State, seat: int) -> int:
    return sum(1 for k in state.keys[seat] if LM0 <= k < BANK0)


def distinct_kinds(state: State, seat: int) -> int:
    """Building kinds owned, all landmarks counting as one kind (bonus 30)."""
    kinds = {TILE_KIND[state.spaces[k]] for k in state.keys[seat] if k < LM0}
    return len(kinds) + (1 if landmark_keys(state, seat) else 0)


def _refuse(n: int, why: str) -> IllegalAction:
    return IllegalAction("paris.bonus_not_usable", f"bonus tile {n} cannot be used: {why}", tile=n)


def apply_use_bonus(state: State, seat: int, action: A.UseBonus, d: Draft) -> Event:
    """Apply the tile's effect and discard it in the draft `d` of the next state; the event.
    The caller keeps the phase."""
    n = action.tile
    if n not in state.bonus[seat]:
        raise IllegalAction("paris.tile_not_held", f"you hold no bonus tile {n}", tile=n)
    kind = BONUS_KIND[n]
    data = BONUS_TILES[n]
    if kind in NO_USE:
        raise _refuse(n, "it is spent as goods, with a key move, or scores at the end")
    wants_space = kind in ("take_any", "step_back")
    wants_items = kind in ("per_prestige_pair", "per_resource_pair")
    if (action.space is not None) != wants_space or (action.items is not None) != wants_items:
        raise IllegalAction("paris.bonus_fields", f"wrong fields for bonus tile {n}", tile=n)
    players = state.setup.players
    vp = francs = 0
    params: dict = {"seat": seat, "tile": n}
    # the tile is discarded first, so what it counts or takes never includes itself
    held = tuple(b for b in state.bonus[seat] if b != n)
    d.bonus = put(state.bonus, seat, held)
    d.used_bonus = put(state.used_bonus, seat, state.used_bonus[seat] + (n,))
    if kind == "gain":
        vp, francs = data["vp"], data["francs"]
    elif kind == "per_building":
        count = owned_value_count(state, seat, data["value"])
        vp = count * data["vp"]
        params.update(value=data["value"], count=count)
    elif kind == "per_landmark":
        count = landmark_keys(state, seat)
        vp = count * data["vp"]
        params["count"] = count
    elif kind == "distinct_kinds":
        count = distinct_kinds(state, seat)
        vp = max((p for k, p in data["vp"].items() if count >= k), default=0)
        params["kinds"] = count
    elif kind == "per_unused_bonus":
        count = len(held)
        vp = count * data["vp"][players]
        params["count"] = count  # «продемонстрируйте их количество другим игрокам»
    elif kind == "buy_key":
        price = data["price"]
        if state.francs[seat] < price or not state.reserve[seat]:
            raise _refuse(n, f"it needs {price} francs and a key in the reserve")
        francs = -price
        d.reserve = add(state.reserve, seat, -1)
        d.hand = add(state.hand, seat, 1)
        params["price"] = price
    elif kind in ("take_any", "step_back"):
        spaces = any_spaces(state, seat) if kind == "take_any" else back_spaces(state, seat)
        if action.space not in spaces:
            raise _refuse(n, f"no tile you may take on space {action.space}")
        take_tile(d, seat, action.space, kind == "step_back")
        params.update(space=action.space, taken=state.setup.track_numbers[action.space - 1])
    else:  # pairs of identical prestige (23) or resources (24)
        goods = PRESTIGE_GOODS if kind == "per_prestige_pair" else RESOURCE_GOODS
        items = tuple(sorted(given(action.items)))
        if items not in pair_options(state, seat, goods):
            raise _refuse(n, "those items are not pairs of identical goods you hold")
        pairs = len(items) // 2
        vp = pairs * data["vp"][players]
        spend(d, seat, [ITEMS[i] for i in items])
        params.update(items=list(items), pairs=pairs)
    if vp:
        d.vp = add(state.vp, seat, vp)
    if francs:
        d.francs = add(state.francs, seat, francs)
    params.update(vp=vp, francs=francs)
    return event("bonus_used", params)


def apply_use_end_game(state: State, seat: int, action: A.UseEndGame, d: Draft) -> Event:
    e = EGT_INDEX.get(action.tile)
    if e is None or e not in state.egt[seat]:
        raise IllegalAction(
            "paris.tile_not_held", f"you hold no end-game tile {action.tile}", tile=action.tile
        )
    data = END_GAME_TILES[action.tile]
    if data["kind"] == "good":
        raise IllegalAction(
            "paris.end_game_tile_is_goods",
            f"{action.tile} is spent as goods: pay, cash or sell it",
            tile=action.tile,
        )
    vp, francs = data.get("vp", 0), data.get("francs", 0)
    d.egt = put(state.egt, seat, tuple(x for x in state.egt[seat] if x != e))
    d.used_egt = put(state.used_egt, seat, state.used_egt[seat] + (e,))
    d.vp = add(state.vp, seat, vp)
    d.francs = add(state.francs, seat, francs)
    return event(
        "end_game_tile_used", {"seat": seat, "tile": action.tile, "vp": vp, "francs": francs}
    )

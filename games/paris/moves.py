"""Which key moves are possible (`add_moves`, for legal_actions); checking one (for
apply) is move_check.py.

«Если вы перемещаете ключ с Триумфальной арки, то вы можете переместить его на любое
свободное здание или достопримечательность в любом из 6 районов.» «Если вы перемещаете ключ с
банка, здания или достопримечательности, вы можете положить его только на свободное здание
или достопримечательность с большей стоимостью в том же районе.»
"""

from __future__ import annotations

from collections.abc import Iterable

from games.paris import actions as A
from games.paris.board import (
    ARC,
    BANK0,
    LM0,
    LM_COST,
    LOC_RES,
    LOC_VALUE,
    N_DISTRICTS,
    N_LANDMARKS,
    N_LOCS,
    N_SPACES,
    N_VALUES,
    loc_name,
)
from games.paris.data import KEYS_PER_PLAYER
from games.paris.goods import Holdings, can_cover, holdings
from games.paris.state import Memo, State, memo, remember

OWN_OCCUPIED, RIVAL_OCCUPIED = 9, 16
NEEDS_RES: tuple[bool, ...] = tuple(any(r) for r in LOC_RES)


# --- the moves a key may make (legal_actions) --------------------------------------------------


def _code(loc: int, d: int) -> int:
    """A location with its district when it is a landmark: the key of `_MOVES`."""
    return 64 + (loc - LM0) * N_DISTRICTS + d if LM0 <= loc < BANK0 else loc


def _build_moves() -> dict[int, A.MoveKey]:
    """Every move_key action, built once: sources in a district reach targets in it, the Arc
    reaches every district."""
    moves = {}
    for d in range(N_DISTRICTS):
        sources = [d * N_VALUES + i for i in range(N_VALUES)] + [BANK0 + d]
        sources += [LM0 + lm for lm in range(N_LANDMARKS)]
        targets = [d * N_VALUES + i for i in range(N_VALUES)]
        targets += [LM0 + lm for lm in range(N_LANDMARKS)]
        for src in sources + [ARC]:
            for dst in targets:
                key = _code(src, d) * 256 + _code(dst, d)
                moves[key] = A.move_key(loc_name(src, d), loc_name(dst, d))
    return moves


_MOVES = _build_moves()
MIN_LANDMARK = min(LM_COST)
MARBLE, GOLD = 1, 2
assert all(res[MARBLE] or res[GOLD] for res in LOC_RES[LM0:BANK0])


# Bit masks over key locations: bit `loc` for a building space or a landmark (banks and the
# Arc have no bit: nothing moves onto them). A district's buildings are the 6-bit "row"
# `mask >> (d * N_VALUES) & ROW`, bit i for its space of VALUES[i].
LOC_MASK: tuple[int, ...] = tuple(1 << loc if loc < BANK0 else 0 for loc in range(N_LOCS))
ROW = (1 << N_VALUES) - 1
_TOP_VALUE = max(LOC_VALUE[:N_SPACES])
_BUDGETS = range(_TOP_VALUE + 1)
# Building spaces with a resource price (the 8s and their wood), by price: (price, the value
# indices in a row, the spaces on the board).
_NEEDS: tuple[tuple[tuple[int, ...], int, int], ...] = tuple(
    (
        need,
        sum(1 << i for i in range(N_VALUES) if LOC_RES[i] == need),
        sum(LOC_MASK[t] for t in range(N_SPACES) if LOC_RES[t] == need),
    )
    for need in sorted({LOC_RES[t] for t in range(N_SPACES) if NEEDS_RES[t]})
)
assert all(LOC_RES[t] == LOC_RES[t % N_VALUES] for t in range(N_SPACES))  # by value only
_NEEDY_ROW = sum(row for _need, row, _mask in _NEEDS)
_NEEDY = sum(mask for _need, _row, mask in _NEEDS)


def _cheapest_first(src: int, targets: Iterable[int]) -> tuple[A.MoveKey, ...]:
    """The moves from `src` onto the buildings `targets`, cheapest first (then by space)."""
    d = src // N_VALUES if src < LM0 else src - BANK0
    order = sorted(targets, key=lambda t: (LOC_VALUE[t], t))
    return tuple(_MOVES[_code(src, d) * 256 + t] for t in order)


# A key on a building or a bank moves within its district: by budget (0.._TOP_VALUE), the row
# of the buildings worth more than `src` and at most the budget; and, for each row of
# targets, their moves cheapest first (all 2^6 rows, built once).
_IN_DISTRICT = [*range(N_SPACES), *range(BANK0, ARC)]
_SHIFT: dict[int, int] = {
    src: (src // N_VALUES if src < LM0 else src - BANK0) * N_VALUES for src in _IN_DISTRICT
}
_REACH_ROW: dict[int, tuple[int, ...]] = {
    src: tuple(
        sum(
            1 << i for i in range(N_VALUES) if LOC_VALUE[src] < LOC_VALUE[_SHIFT[src] + i] <= budget
        )
        for budget in _BUDGETS
    )
    for src in _IN_DISTRICT
}
_ROW_MOVES: dict[int, tuple[tuple[A.MoveKey, ...], ...]] = {
    src: tuple(
        _cheapest_first(src, [_SHIFT[src] + i for i in range(N_VALUES) if row >> i & 1])
        for row in range(ROW + 1)
    )
    for src in _IN_DISTRICT
}
# By location: (shift of its district's row, `_ROW_MOVES`, the francs a move onto a landmark
# needs at least, and by francs held up to _TOP_VALUE the row it reaches: `_REACH_ROW` at
# budget francs + value, so the loop indexes by the francs alone) for a building or a bank,
# None for a landmark or the Arc.
_WITHIN: tuple[tuple | None, ...] = tuple(
    (
        _SHIFT[loc],
        _ROW_MOVES[loc],
        MIN_LANDMARK - LOC_VALUE[loc],
        tuple(_REACH_ROW[loc][min(fr + LOC_VALUE[loc], _TOP_VALUE)] for fr in _BUDGETS),
    )
    if loc in _SHIFT
    else None
    for loc in range(N_LOCS)
)
# `_WITHIN` by the francs held up to `_FRANCS_CAP` (more change nothing here), then by
# location: (shift of its district's row, the row or board mask it reaches, the moves by row
# or None for the Arc, the location if a landmark may be in reach from it else None, the row
# or board mask of the buildings with a resource price), or None when nothing is in reach.
# A landmark reaches no building; the Arc reaches the buildings worth at most the francs, in
# any district.
_FRANCS_CAP = max(_TOP_VALUE, MIN_LANDMARK)


def _in_reach(loc: int, francs: int) -> tuple[int, int, tuple | None, int | None, int] | None:
    if LM0 <= loc < BANK0:
        return (0, 0, (), loc, 0)
    if loc == ARC:
        arc = _REACH_ARC[min(francs, _TOP_VALUE)]
        return (0, arc, None, loc if francs >= MIN_LANDMARK else None, _NEEDY)
    within = _WITHIN[loc]
    assert within is not None
    shift, moves, landmark_francs, reach = within
    row = reach[min(francs, _TOP_VALUE)]
    landmark = francs >= landmark_francs
    return (shift, row, moves, loc if landmark else None, _NEEDY_ROW) if row or landmark else None


# From the Arc, one value at a time: the "column" of value index i is `mask >> i & _COLUMN`
# (bit 6d for district d); by value index, cheapest first, and by column (as its 6-bit
# district mask, `_COLUMN_INDEX`), the moves onto those buildings; by budget, the mask of
# every building worth at most the budget.
_COLUMN = sum(1 << (d * N_VALUES) for d in range(N_DISTRICTS))
_COLUMN_INDEX: dict[int, int] = {
    sum(1 << (d * N_VALUES) for d in range(N_DISTRICTS) if m >> d & 1): m
    for m in range(1 << N_DISTRICTS)
}
_FROM_ARC: tuple[tuple[int, tuple[tuple[A.MoveKey, ...], ...]], ...] = tuple(
    (
        i,
        tuple(
            _cheapest_first(ARC, [d * N_VALUES + i for d in range(N_DISTRICTS) if m >> d & 1])
            for m in range(1 << N_DISTRICTS)
        ),
    )
    for i in sorted(range(N_VALUES), key=lambda i: LOC_VALUE[i])
)
_REACH_ARC: tuple[int, ...] = tuple(
    sum(LOC_MASK[t] for t in range(N_SPACES) if LOC_VALUE[t] <= budget) for budget in _BUDGETS
)

_BY_FRANCS = tuple(
    tuple(_in_reach(loc, francs) for loc in range(N_LOCS)) for francs in range(_FRANCS_CAP + 1)
)

# One-entry memos for the keys (per seat: most keys do not move in a turn) and the spaces
# (the states of one turn share their tuples).
# Behind the one-entry memos, the same by value (every seat's keys; the spaces).
_KEY_MASKS: Memo[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], int, bool]] = memo()
_BUILT: Memo[tuple[int, ...], int] = memo()
_built_memo: tuple = ((), 0)
_masks_memo: tuple = ((), ((), 0, False))
_seat_memo: list[tuple] = [((), 0, False)] * max(KEYS_PER_PLAYER)  # by seat
_SPACE_MASKS = LOC_MASK[:N_SPACES]


def key_masks(all_keys: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], int, bool]:
    """Per seat, the mask of the buildings and landmarks holding its keys; all of them; and
    whether a seat may have two keys on one of them (bonus 9), which a mask counts once
    (False: certainly not)."""
    global _masks_memo
    last = _masks_memo
    if last[0] is all_keys:
        return last[1]
    found = _KEY_MASKS.get(all_keys)  # a search's determinisations share the root's keys
    if found is not None:
        _masks_memo = (all_keys, found)
        return found
    masks = []
    total = 0
    doubled = False
    for seat, keys in enumerate(all_keys):
        known = _seat_memo[seat]  # a seat's keys change only when it places or moves one
        if known[0] is keys:
            m = known[1]
            double = known[2]
        else:
            m = 0
            double = False
            for k in keys:
                bit = LOC_MASK[k]
                if m & bit:
                    double = True
                m |= bit
            _seat_memo[seat] = (keys, m, double)
        masks.append(m)
        total |= m
        doubled = doubled or double
    found = remember(_KEY_MASKS, all_keys, (tuple(masks), total, doubled))
    _masks_memo = (all_keys, found)
    return found


def built_mask(spaces: tuple[int, ...]) -> int:
    """The mask of the building spaces that hold a tile."""
    global _built_memo
    last = _built_memo
    if last[0] is spaces:
        return last[1]
    m = _BUILT.get(spaces)  # a search's determinisations share the root's spaces
    if m is None:
        m = remember(
            _BUILT,
            spaces,
            sum([b for b, tile in zip(_SPACE_MASKS, spaces, strict=True) if tile >= 0]),
        )
    _built_memo = (spaces, m)
    return m


def note_keys(
    before: tuple[tuple[int, ...], ...],
    after: tuple[tuple[int, ...], ...],
    seat: int,
    src: int = -1,
    dst: int = -1,
    found: tuple[tuple[int, ...], int, bool] | None = None,
) -> None:
    """Remember `key_masks(after)` for keys `after` = `before` with `seat`'s key moved from
    `src` onto `dst` (or, without them, placed on a bank or the Arc, which no mask holds),
    from `before`'s: the next step asks for the masks again, and only those two bits can
    change (a double left on `src`, bonus 9, keeps its bit; one made on `dst` is noted).
    `found`: `key_masks(before)`, if the caller has it."""
    global _masks_memo
    if found is None:
        found = key_masks(before)
    if dst >= 0:
        masks, total, doubled = found
        mine = masks[seat]
        bit = LOC_MASK[dst]
        m = mine | bit
        if src not in after[seat]:
            m &= ~LOC_MASK[src]
        if m != mine or (mine & bit and not doubled):
            changed = list(masks)
            changed[seat] = m
            total = 0
            for x in changed:
                total |= x
            found = (tuple(changed), total, doubled or bool(mine & bit))
    _masks_memo = (after, found)


def note_built(before: tuple[int, ...], after: tuple[int, ...], space: int) -> None:
    """Remember `built_mask(after)` for spaces `after` = `before` with a tile laid on
    `space`, from `before`'s (the mask a turn's action step asks for, without a walk over
    the 36 spaces)."""
    global _built_memo
    _built_memo = (after, built_mask(before) | LOC_MASK[space])


def _payable(avail: tuple[int, ...], wild: int) -> tuple[bool, ...]:
    """Per landmark, whether its resource price can be paid (asked behind `_PRICES`)."""
    return tuple(can_cover(LOC_RES[LM0 + lm], avail, wild) for lm in range(N_LANDMARKS))


def add_moves(out: list, state: State, seat: int) -> list:
    """Every affordable move of one of the seat's keys onto a free (or, with bonus 9/16,
    occupied) building or landmark worth more in its district; from the Arc, anywhere:
    appended to `out` (the action step's list, being built), and `out`."""
    all_keys = state.keys
    keys = all_keys[seat]
    if not keys:
        return out
    francs = state.francs[seat]
    held = state.bonus[seat]
    # where a key may not go: spaces holding the seat's keys (unless it holds bonus 9) or a
    # rival's (unless 16)
    last = _masks_memo  # `key_masks`' one-entry memo, tested inline (no call when it hits)
    found = last[1] if last[0] is all_keys else key_masks(all_keys)
    blocked = found[1]
    if held and (OWN_OCCUPIED in held or RIVAL_OCCUPIED in held):
        masks = found[0]
        blocked = 0 if OWN_OCCUPIED in held else masks[seat]
        if RIVAL_OCCUPIED not in held:
            for s, m in enumerate(masks):
                if s != seat:
                    blocked |= m
    spaces = state.spaces
    built = _built_memo  # likewise `built_mask`'s
    free = (built[1] if built[0] is spaces else built_mask(spaces)) & ~blocked
    goods = None  # `_screen`: computed only when a target needs resources
    lm_srcs = []
    by_src = _BY_FRANCS[francs if francs < _FRANCS_CAP else _FRANCS_CAP]
    for src in set(keys):
        within = by_src[src]
        if within is None:  # nothing in reach
            continue
        shift, reach, moves, lm, needy = within
        row = free >> shift & reach
        if row:
            if row & needy and goods is None:  # `_screen`, inline
                key = (state.goods[seat], held, state.egt[seat], state.half[seat])
                goods = _SCREEN.get(key) or _screen(state, seat)
                free &= ~goods[1]  # not onto a building whose resources it cannot pay
                row = free >> shift & reach
            if moves is not None:  # a building or a bank: within its district
                out += moves[row]
            else:  # the Arc: anywhere (`row` a board mask)
                for i, by_column in _FROM_ARC:  # cheapest value first
                    column = row >> i & _COLUMN
                    if column:
                        out += by_column[_COLUMN_INDEX[column]]
        if lm is not None:  # a landmark may be in reach
            lm_srcs.append(lm)
    if lm_srcs:
        if goods is None:
            goods = _screen(state, seat)
        avail, wild = goods[0][:2]
        if avail[MARBLE] or avail[GOLD] or wild:  # every landmark costs one of them
            out += _landmark_moves(state, lm_srcs, francs, blocked, goods[2])
    return out


# By a seat's (tokens, bonus tiles, end-game tiles, half-spent tiles): its `holdings`, the
# board mask of the buildings whose resource price they cannot pay, and which landmarks'
# they can (`_payable`): one look-up for what `add_moves` asks of the seat's screen.
_SCREEN: Memo[tuple, tuple[Holdings, int, tuple[bool, ...]]] = memo()


def _screen(state: State, seat: int) -> tuple[Holdings, int, tuple[bool, ...]]:
    """The seat's entry of `_SCREEN`."""
    key = (state.goods[seat], state.bonus[seat], state.egt[seat], state.half[seat])
    found = _SCREEN.get(key)
    if found is None:
        goods = holdings(state, seat)
        price_key = (goods[0][:3], goods[1])  # what decides which prices it can pay
        prices = _PRICES.get(price_key)
        if prices is None:
            prices = remember(_PRICES, price_key, (_short_of(goods), _payable(*goods[:2])))
        found = remember(_SCREEN, key, (goods, *prices))
    return found


_PRICES: Memo[tuple[tuple[int, ...], int], tuple[int, tuple[bool, ...]]] = memo()


def _short_of(goods: Holdings) -> int:
    """The board mask of the buildings whose resource price `goods` cannot pay."""
    short = 0
    for need, _row, mask in _NEEDS:
        if not can_cover(need, goods[0], goods[1]):
            short |= mask
    return short


# Landmark targets by (landmarks, the blocked ones, the payable ones): see `_landmark_targets`.
_TARGETS: Memo[tuple, tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]] = memo()
_LANDMARK_BITS = sum(LOC_MASK[LM0 + lm] for lm in range(N_LANDMARKS))


def _landmark_targets(
    landmarks: tuple[int, ...], blocked: int, payable: tuple[bool, ...]
) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    """((landmark, cost, its district or -1) of the payable, unblocked landmarks; the cost
    of the dearest landmark of each district)."""
    top = [0] * N_DISTRICTS
    targets = []
    for lm, ld in enumerate(landmarks):
        if ld >= 0:
            if LM_COST[lm] > top[ld]:
                top[ld] = LM_COST[lm]
            if blocked & LOC_MASK[LM0 + lm]:
                continue
        if payable[lm]:
            targets.append((lm, LM_COST[lm], ld))
    return tuple(targets), tuple(top)


def _landmark_moves(
    state: State, srcs: list[int], francs: int, blocked: int, payable: tuple[bool, ...]
) -> list[A.MoveKey]:
    """Moves onto a landmark in the district (or, from the Arc, any district), or onto one
    from the supply added to it first."""
    landmarks = state.landmarks
    key = (landmarks, blocked & _LANDMARK_BITS, payable)
    found = _TARGETS.get(key)
    if found is None:
        found = remember(_TARGETS, key, _landmark_targets(landmarks, blocked, payable))
    targets, top = found
    out = []
    for src in srcs:
        code = src * 256  # `_code(src, d) * 256`, inline
        if src < LM0:
            base, d = LOC_VALUE[src], src // N_VALUES
        elif src < BANK0:
            base, d = LOC_VALUE[src], landmarks[src - LM0]
            if d >= 0:
                code = (64 + (src - LM0) * N_DISTRICTS + d) * 256
        else:
            base, d = 0, (src - BANK0 if src < ARC else -1)
        budget = francs + base
        for lm, cost, ld in targets:
            if cost <= base or cost > budget:
                continue
            at = code + 64 + lm * N_DISTRICTS  # + its district: see `_code`
            if ld >= 0:  # on the board
                if d < 0 or ld == d:
                    out.append(_MOVES[at + ld])
            else:  # from the supply: «…стоимость… всегда должна быть выше… каждой выложенной»
                for td in range(N_DISTRICTS) if d < 0 else (d,):
                    if cost > top[td]:
                        out.append(_MOVES[at + td])
    return out

"""Action 2: move a key up and buy, then its income and the follow-up decisions.

A purchase runs: the move (francs paid, a new landmark added, bonus 9/16 spent) → the
resource price (`pay`, asked only when tokens and tiles give a choice) → the token beside
the building and the 2 VP of an 8 → a bonus tile (after a 1/2/3) or the prestige of a
landmark → the VP tile when the district reached 4 keys → the end of the action.
`state.pending` = (target location, its district, 1 if the VP-tile trigger fired).
"""

from __future__ import annotations

from collections import Counter

from games.core.contract import Event, event
from games.paris import actions as A
from games.paris.board import (
    BANK0,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    GOODS,
    KINDS,
    LM0,
    LM_IDS,
    LM_SYMBOLS,
    LOC_RES,
    N_DISTRICTS,
    N_VALUES,
    SPACE_NAMES,
    SPACE_VALUE,
    SYMBOL_VP,
    TILE_KIND,
    VP_TILE_IDS,
    VP_TILE_INDEX,
)
from games.paris.bonus import forward, forward_spaces, take_tile
from games.paris.data import (
    FREE_BONUS_VALUES,
    PAID_BONUS_PRICE,
    PAID_BONUS_VALUE,
    TRACK_LENGTH,
    VP_FOR_VALUE,
    VP_TILE_TRIGGER_KEYS,
    VP_VALUE,
)
from games.paris.flow import finish_action, has_free
from games.paris.goods import ITEMS, covers, holdings, spend, units_of
from games.paris.move_check import check_move, illegal
from games.paris.moves import LOC_MASK, NEEDS_RES, ROW, key_masks, note_keys
from games.paris.state import (
    BONUS,
    PAY,
    PRESTIGE,
    VPTILE,
    Draft,
    Memo,
    Scratch,
    State,
    add,
    district_keys,
    draft,
    memo,
    put,
    remember,
    remembered_event,
    seal,
)

STAGE_BONUS, STAGE_PRESTIGE, STAGE_VP = 0, 1, 2
BONUS_VALUES = FREE_BONUS_VALUES | {PAID_BONUS_VALUE}
_PLACE_VP = tuple(tuple(A.place_vp_tile(tile, d) for d in DISTRICT_IDS) for tile in VP_TILE_IDS)


_TOKEN_TAKEN: Memo[tuple[int, int, int], Event] = memo()
_VALUE_8: Memo[int, Event] = memo()  # by seat: the 2 VP of an 8
_RESOURCE_NAMES = tuple(tuple(GOODS[g] for g in units_of(need)) for need in LOC_RES)
# By location: its resource price as units (`units_of`), for `covers`.
_UNITS = tuple(tuple(units_of(need)) for need in LOC_RES)
# By tile (and -1 for none, the last item): the kind of building it shows, for the recap.
_BUILDING: tuple[str | None, ...] = (*(KINDS[kind] for kind in TILE_KIND), None)
# By location: whether buying there offers a bonus tile (a building of value 1, 2 or 3).
_BONUS_AT = tuple(loc < LM0 and SPACE_VALUE[loc] in BONUS_VALUES for loc in range(BANK0))


def apply_move(state: State, seat: int, action: A.MoveKey) -> tuple[State, list[Event]]:
    """The key moved, the francs paid; then the payment, the income and the optional steps.
    The masks of the keys (`key_masks`) serve the check, the VP-tile trigger and
    `note_keys`; `put` and `add` are inline (one move in nine moves a key)."""
    frm, to = action.from_, action.to
    before = state.keys
    found = key_masks(before)
    src, dst, district, cost, new_landmark, spent = check_move(state, seat, frm, to, found[1])
    keys = list(before[seat])
    keys[keys.index(src)] = dst
    keys.sort()
    trigger = int(
        src >= BANK0 and (_district_keys(state, district, found) == VP_TILE_TRIGGER_KEYS - 1)
    )  # «Как только… окажется 4 ключа»
    francs = list(state.francs)
    francs[seat] -= cost
    d = draft(state)
    rows = list(before)
    rows[seat] = tuple(keys)
    d.keys = after = tuple(rows)
    note_keys(before, after, seat, src, dst, found)
    d.francs = tuple(francs)
    d.pending = (dst, district, trigger)
    if spent:
        d.bonus = put(state.bonus, seat, tuple(b for b in state.bonus[seat] if b not in spent))
        d.used_bonus = put(state.used_bonus, seat, state.used_bonus[seat] + (*spent,))
    if new_landmark:
        d.landmarks = put(state.landmarks, dst - LM0, district)
    # The building bought, for the recap (a tile of another district may lie there).
    building = _BUILDING[state.spaces[dst]] if dst < LM0 else None
    events = [
        event(
            "key_moved",
            {
                "seat": seat,
                "from": frm,
                "to": to,
                "francs": cost,
                "landmark_added": new_landmark,
                "bonus_tiles": [*spent],
                "resources": list(_RESOURCE_NAMES[dst]),
                "building": building,
            },
        )
    ]
    if NEEDS_RES[dst]:
        ways = covers(state, seat, _UNITS[dst])  # 9/16 are never goods
        if len(ways) > 1:
            d.phase = PAY
            return seal(d), events
        return _paid(state, seat, next(iter(ways)), events, d)
    return after_payment(state, seat, events, d)


# The mask of each district's building spaces.
_DISTRICT_ROW = tuple(ROW << (d * N_VALUES) for d in range(N_DISTRICTS))


def _district_keys(state: State, d: int, found: tuple[tuple[int, ...], int, bool]) -> int:
    """`district_keys` from the masks of the keys (`found`: `key_masks(state.keys)`), when
    no seat may have two keys on one space."""
    masks, _total, doubled = found
    if doubled:
        return district_keys(state, d)
    bits = _DISTRICT_ROW[d]
    landmarks = state.landmarks
    if d in landmarks:
        for lm, where in enumerate(landmarks):
            if where == d:
                bits |= LOC_MASK[LM0 + lm]
    n = 0
    for m in masks:
        n += (m & bits).bit_count()
    return n


def _paid(
    state: State, seat: int, items: tuple[str, ...], events: list[Event], d: Draft
) -> tuple[State, list[Event]]:
    spend(d, seat, [ITEMS[i] for i in items])
    events.append(event("resources_paid", {"seat": seat, "items": list(items)}))
    return after_payment(state, seat, events, d)


def pay_options(state: State, seat: int) -> list:
    return [A.pay(w) for w in sorted(covers(state, seat, units_of(LOC_RES[state.pending[0]])))]


def apply_pay(state: State, seat: int, action: A.Pay) -> tuple[State, list[Event]]:
    items = tuple(sorted(action.items))
    if items not in covers(state, seat, units_of(LOC_RES[state.pending[0]])):
        raise illegal("bad_payment", "those items do not pay this price", items=list(items))
    return _paid(state, seat, items, [], draft(state))


# --- income ------------------------------------------------------------------------------


def after_payment(
    state: State, seat: int, events: list[Event], d: Draft
) -> tuple[State, list[Event]]:
    """The token beside a building and the 2 VP of an 8, then the optional steps (`d`: the
    draft of the game after the move and its payment).

    [INTERPRETATION] the token («вы можете взять фишку») is always taken: keeping it is never
    worse than leaving it for a rival."""
    dst = d.pending[0]
    if dst < LM0:
        g = d.tokens[dst]
        if g >= 0:  # `put` and `add_in`, inline
            tokens = list(d.tokens)
            tokens[dst] = -1
            d.tokens = tuple(tokens)
            goods = d.goods
            mine = list(goods[seat])
            mine[g] += 1
            rows = list(goods)
            rows[seat] = tuple(mine)
            d.goods = tuple(rows)
            taken = _TOKEN_TAKEN.get((seat, dst, g))
            if taken is None:
                taken = remembered_event(
                    _TOKEN_TAKEN,
                    (seat, dst, g),
                    "token_taken",
                    {"seat": seat, "space": SPACE_NAMES[dst], "good": GOODS[g]},
                )
            events.append(taken)
        if SPACE_VALUE[dst] == VP_VALUE:
            d.vp = add(d.vp, seat, VP_FOR_VALUE)
            scored = _VALUE_8.get(seat)
            if scored is None:
                scored = remembered_event(
                    _VALUE_8,
                    seat,
                    "vp_scored",
                    {"seat": seat, "vp": VP_FOR_VALUE, "reason": "value_8"},
                )
            events.append(scored)
    return resume(state, seat, STAGE_BONUS, events, d)


def bonus_spaces(state: State, seat: int) -> list[int]:
    """Where the meeple may go after buying a 1/2 (free) or a 3 (for 2 francs, so only while
    the seat holds them), in `state` (or a draft of it)."""
    if not _can_pay(state, seat):
        return []
    return forward_spaces(state, seat, state.bonus[seat])


def _can_pay(state: State, seat: int) -> bool:
    """Whether the bonus tile of this purchase is free (a 1/2) or the seat holds its price."""
    return SPACE_VALUE[state.pending[0]] != PAID_BONUS_VALUE or (
        state.francs[seat] >= PAID_BONUS_PRICE
    )


def _bonus_open(state: State, seat: int) -> bool:
    """Whether the bonus step offers a choice: a tile lies forward that the seat may hold,
    and it can pay for it now or has free actions that might raise the francs first
    (selling the token just taken, say: trades are «в любое время»)."""
    track, numbers, held = state.track, state.setup.track_numbers, state.bonus[seat]
    for k in range(state.meeples[seat], TRACK_LENGTH):
        if track[k] and numbers[k] not in held:
            return _can_pay(state, seat) or has_free(state, seat)
    return False


def prestige_options(state: State, seat: int) -> frozenset[tuple[str, ...]]:
    """Ways to discard up to the landmark's 3 prestige symbols (at least one): remembered
    by the landmark and the seat's goods and tiles (`_PRESTIGE`)."""
    key = (
        state.pending[0],
        state.goods[seat],
        state.bonus[seat],
        state.egt[seat],
        state.half[seat],
    )
    found = _PRESTIGE.get(key)
    if found is None:
        found = remember(_PRESTIGE, key, frozenset(_prestige_options(state, seat)))
    return found


_PRESTIGE: Memo[tuple, frozenset[tuple[str, ...]]] = memo()


def _prestige_options(state: State, seat: int) -> set[tuple[str, ...]]:
    symbols = Counter(LM_SYMBOLS[state.pending[0] - LM0])
    kinds = sorted(symbols)
    out: set[tuple[str, ...]] = set()

    def walk(i: int, units: list[int]) -> None:
        if i == len(kinds):
            if units:
                out.update(covers(state, seat, units))
            return
        for k in range(symbols[kinds[i]] + 1):
            walk(i + 1, units + [kinds[i]] * k)

    walk(0, [])
    return out


def resume(
    state: State, seat: int, stage: int, events: list[Event], d: Draft
) -> tuple[State, list[Event]]:
    """The next optional step of the purchase that has a choice, else the action's end
    (`d`: the draft of the next state, sealed here)."""
    dst, _d, trigger = d.pending
    if stage <= STAGE_BONUS and _BONUS_AT[dst]:
        if _bonus_open(d, seat):
            d.phase = BONUS
            if d.__class__ is not Scratch:  # `seal`, inline
                d.__class__ = State
            return d, events
    if stage <= STAGE_PRESTIGE and LM0 <= dst < BANK0:
        if _has_prestige(d, seat) and prestige_options(d, seat):
            d.phase = PRESTIGE
            return seal(d), events
    if stage <= STAGE_VP and trigger and -1 in d.vp_tiles:
        d.phase = VPTILE
        return seal(d), events
    return finish_action(state, seat, events, d)


def _has_prestige(state: State, seat: int) -> bool:
    _avail, _wild, wild_pre = holdings(state, seat)
    return bool(wild_pre or any(_avail[3:]))


def bonus_options(state: State, seat: int) -> list:
    """`bonus_spaces` as `take_bonus` actions (remembered with them), then `skip`."""
    if not _can_pay(state, seat):
        return [A.SKIP]
    return [*forward(state, seat, state.bonus[seat])[1], A.SKIP]


def apply_take_bonus(state: State, seat: int, action: A.TakeBonus) -> tuple[State, list[Event]]:
    """«Чтобы получить бонусный жетон, передвиньте вашу фигурку по треку… вперёд…»"""
    space = action.space
    if not _can_pay(state, seat):
        raise illegal(
            "bonus_needs_francs",
            f"this bonus tile costs {PAID_BONUS_PRICE} francs",
            n=PAID_BONUS_PRICE,
        )
    if space not in forward(state, seat, state.bonus[seat])[0]:
        raise illegal("bonus_space", f"you cannot take a bonus tile on space {space}", space=space)
    paid = PAID_BONUS_PRICE if SPACE_VALUE[state.pending[0]] == PAID_BONUS_VALUE else 0
    d = draft(state)
    take_tile(d, seat, space, move=True)
    if paid:
        d.francs = add(state.francs, seat, -paid)
    events = [
        event(
            "bonus_taken",
            {
                "seat": seat,
                "space": space,
                "francs": paid,
                "tile": state.setup.track_numbers[space - 1],
            },
        )
    ]
    return resume(state, seat, STAGE_VP, events, d)


def cash_options(state: State, seat: int) -> list:
    return [A.cash_prestige(o) for o in sorted(prestige_options(state, seat))] + [A.SKIP]


def apply_cash(state: State, seat: int, action: A.CashPrestige) -> tuple[State, list[Event]]:
    """«Когда вы приобретаете достопримечательность, вы можете сбросить до 3 фишек престижа,
    указанных на ней, и получить соответствующие ПО за каждую сброшенную фишку престижа.»"""
    items = tuple(sorted(action.items))
    if items not in prestige_options(state, seat):
        raise illegal(
            "bad_prestige", "those items do not match the landmark's symbols", items=list(items)
        )
    vp = sum(SYMBOL_VP[ITEMS[i][1]] for i in items)
    d = draft(state)
    spend(d, seat, [ITEMS[i] for i in items])
    d.vp = add(state.vp, seat, vp)
    lm = LM_IDS[state.pending[0] - LM0]
    events = [
        event("prestige_cashed", {"seat": seat, "landmark": lm, "items": list(items), "vp": vp})
    ]
    return resume(state, seat, STAGE_VP, events, d)


def vp_tile_options(state: State, seat: int) -> list:
    """Every free VP tile on every free district space, then `skip`: remembered by the
    VP tiles placed (they change a few times a game)."""
    placed = state.vp_tiles
    found = _VP_CHOICES.get(placed)
    if found is None:
        free = [t for t in range(len(VP_TILE_IDS)) if t not in placed]
        spaces = [d for d in range(N_DISTRICTS) if placed[d] < 0]
        found = remember(
            _VP_CHOICES, placed, (*[_PLACE_VP[t][d] for t in free for d in spaces], A.SKIP)
        )
    return [*found]


_VP_CHOICES: Memo[tuple[int, ...], tuple] = memo()


def apply_vp_tile(state: State, seat: int, action: A.PlaceVPTile) -> tuple[State, list[Event]]:
    """«…текущий игрок может немедленно выложить один из доступных жетонов ПО на свободное
    место для жетона ПО в любой район.»"""
    t = VP_TILE_INDEX.get(action.tile)
    d = DISTRICT_INDEX.get(action.district)
    if t is None or t in state.vp_tiles:
        raise illegal(
            "vp_tile_unavailable", f"VP tile {action.tile} is not available", tile=action.tile
        )
    if d is None or state.vp_tiles[d] >= 0:
        raise illegal(
            "vp_space_taken",
            f"{action.district} has no free VP-tile space",
            district=action.district,
        )
    events = [
        event(
            "vp_tile_placed",
            {
                "seat": seat,
                "tile": action.tile,
                "district": action.district,
                "trigger": DISTRICT_IDS[state.pending[1]],
            },
        )
    ]
    nxt = draft(state)
    nxt.vp_tiles = put(state.vp_tiles, d, t)
    return finish_action(state, seat, events, nxt)


_STEP_NAMES = {BONUS: "bonus", PRESTIGE: "prestige", VPTILE: "vp_tile"}


def apply_skip(state: State, seat: int, phase: int) -> tuple[State, list[Event]]:
    """Declining the optional step (the bonus tile, the prestige, the VP tile)."""
    events = [event("step_skipped", {"seat": seat, "step": _STEP_NAMES[phase]})]
    if phase == BONUS:
        return resume(state, seat, STAGE_PRESTIGE, events, draft(state))
    if phase == PRESTIGE:
        return resume(state, seat, STAGE_VP, events, draft(state))
    return finish_action(state, seat, events)

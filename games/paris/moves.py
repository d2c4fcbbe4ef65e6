"""Which key moves are possible (`move_options`, for legal_actions) and checking one
(`check_move`, for apply).

«Если вы перемещаете ключ с Триумфальной арки, то вы можете переместить его на любое
свободное здание или достопримечательность в любом из 6 районов.» «Если вы перемещаете ключ с
банка, здания или достопримечательности, вы можете положить его только на свободное здание
или достопримечательность с большей стоимостью в том же районе.»
"""

from __future__ import annotations

from games.core.errors import IllegalAction
from games.paris import actions as A
from games.paris.board import (
    ARC,
    BANK0,
    DISTRICT_IDS,
    LM0,
    LM_COST,
    LM_IDS,
    LOC_RES,
    LOC_VALUE,
    N_DISTRICTS,
    N_LANDMARKS,
    N_SPACES,
    N_VALUES,
    loc_name,
    parse_loc,
)
from games.paris.goods import can_cover, holdings
from games.paris.state import State, loc_district

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


def _building_targets(src: int, d: int) -> tuple[tuple[int, int, bool, A.MoveKey], ...]:
    """(space, value, needs resources, action) of every building a key on `src` may move to,
    cheapest first (so the search stops at the first one out of reach)."""
    spaces = range(N_SPACES) if src == ARC else range(d * N_VALUES, (d + 1) * N_VALUES)
    out = [(t, LOC_VALUE[t], NEEDS_RES[t], _MOVES[src * 256 + t])
           for t in spaces if LOC_VALUE[t] > LOC_VALUE[src]]  # fmt: skip
    return tuple(sorted(out, key=lambda c: (c[1], c[0])))


_TARGETS: dict[int, tuple] = {t: _building_targets(t, t // N_VALUES) for t in range(N_SPACES)}
_TARGETS.update({BANK0 + d: _building_targets(BANK0 + d, d) for d in range(N_DISTRICTS)})
_TARGETS[ARC] = _building_targets(ARC, -1)


def move_options(state: State, seat: int) -> list:
    """Every affordable move of one of the seat's keys onto a free (or, with bonus 9/16,
    occupied) building or landmark worth more in its district; from the Arc, anywhere."""
    keys = state.keys[seat]
    if not keys:
        return []
    francs = state.francs[seat]
    held = state.bonus[seat]
    # where a key may not go: spaces holding the seat's keys (unless it holds bonus 9) or a
    # rival's (unless 16)
    blocked: set[int] = set() if OWN_OCCUPIED in held else set(keys)
    if RIVAL_OCCUPIED not in held:
        for s, ks in enumerate(state.keys):
            if s != seat:
                blocked.update(ks)
    spaces = state.spaces
    goods = None  # (avail, wild): computed only when a target needs resources
    out = []
    lm_srcs = []
    for src in set(keys):
        if LM0 <= src < BANK0:
            lm_srcs.append(src)
            continue
        budget = francs + LOC_VALUE[src]
        for t, value, needs, action in _TARGETS[src]:
            if value > budget:
                break
            if spaces[t] < 0 or t in blocked:
                continue
            if needs:
                if goods is None:
                    goods = holdings(state, seat)
                if not can_cover(LOC_RES[t], goods[0], goods[1]):
                    continue
            out.append(action)
        if budget >= MIN_LANDMARK:
            lm_srcs.append(src)
    if lm_srcs:
        if goods is None:
            goods = holdings(state, seat)
        if goods[0][MARBLE] or goods[0][GOLD] or goods[1]:  # every landmark costs one of them
            out += _landmark_moves(state, lm_srcs, francs, blocked, goods)
    return out


def _landmark_moves(state, srcs, francs, blocked, goods) -> list:
    """Moves onto a landmark in the district (or, from the Arc, any district), or onto one
    from the supply added to it first."""
    landmarks = state.landmarks
    top = [0] * N_DISTRICTS
    for lm, d in enumerate(landmarks):
        if d >= 0 and LM_COST[lm] > top[d]:
            top[d] = LM_COST[lm]
    avail, wild = goods[0], goods[1]
    out = []
    for src in srcs:
        if src < LM0:
            base, d = LOC_VALUE[src], src // N_VALUES
        elif src < BANK0:
            base, d = LOC_VALUE[src], landmarks[src - LM0]
        else:
            base, d = 0, (src - BANK0 if src < ARC else -1)
        budget = francs + base
        code = _code(src, d) * 256
        for lm, ld in enumerate(landmarks):
            cost = LM_COST[lm]
            if cost <= base or cost > budget or (d >= 0 and ld >= 0 and ld != d):
                continue
            t = LM0 + lm
            if not can_cover(LOC_RES[t], avail, wild):
                continue
            if ld >= 0:  # on the board
                if t in blocked:
                    continue
                out.append(_MOVES[(code if d >= 0 else src * 256) + _code(t, ld)])
            else:  # from the supply: «…стоимость… всегда должна быть выше… каждой выложенной»
                for td in range(N_DISTRICTS) if d < 0 else (d,):
                    if cost > top[td]:
                        out.append(_MOVES[(code if d >= 0 else src * 256) + _code(t, td)])
    return out


# --- checking a move ---------------------------------------------------------------------


def illegal(key: str, message: str, **params) -> IllegalAction:
    return IllegalAction(f"paris.{key}", message, **params)


def check_move(state: State, seat: int, frm: str, to: str):
    """(source, target, target district, francs to pay, new landmark, bonus tiles 9/16 it
    spends) of a legal move; IllegalAction otherwise."""
    source = parse_loc(frm)
    target = parse_loc(to)
    if source is None or target is None:
        raise illegal("unknown_location", f"unknown location {frm if source is None else to!r}",
                       location=frm if source is None else to)  # fmt: skip
    src, sd = source
    dst, td = target
    if src not in state.keys[seat] or (LM0 <= src < BANK0 and loc_district(state, src) != sd):
        raise illegal("no_key_there", f"you have no key on {frm}", location=frm)
    if dst >= BANK0:
        raise illegal("not_a_building", "a key moves onto a building or a landmark", location=to)
    new_landmark = False
    if dst < LM0:
        if state.spaces[dst] < 0:
            raise illegal("no_building_yet", f"no building tile lies on {to} yet", location=to)
    else:
        where = state.landmarks[dst - LM0]
        if where < 0:
            # «…можете сначала добавить доступную достопримечательность из общего запаса в
            # район, в котором уже лежит ваш ключ…»
            new_landmark = True
            top = max((LM_COST[lm] for lm in range(N_LANDMARKS) if state.landmarks[lm] == td),
                      default=0)  # fmt: skip
            if LM_COST[dst - LM0] <= top:
                raise illegal("landmark_too_cheap",
                               f"a new landmark in {DISTRICT_IDS[td]} must cost more than {top}",
                               location=to, minimum=top + 1)  # fmt: skip
        elif where != td:
            raise illegal("unknown_location", f"{LM_IDS[dst - LM0]} is not in "
                           f"{DISTRICT_IDS[td]}", location=to)  # fmt: skip
    if src != ARC and sd != td:
        raise illegal("other_district", "from a bank, building or landmark a key moves only "
                       "within its district (from the Arc, anywhere)", location=to)  # fmt: skip
    if LOC_VALUE[dst] <= LOC_VALUE[src]:
        raise illegal("not_higher", f"{to} is not worth more than {frm}", location=to)
    spent = _check_occupied(state, seat, dst, to)
    base = LOC_VALUE[src] if src < BANK0 else 0
    cost = LOC_VALUE[dst] - base
    if cost > state.francs[seat]:
        raise illegal("cannot_afford", f"the move costs {cost} francs", francs=cost)
    if NEEDS_RES[dst] and not can_cover(LOC_RES[dst], *holdings(state, seat)[:2]):
        raise illegal("missing_resources", f"{to} needs resources you do not have",
                       location=to)  # fmt: skip
    return src, dst, td, cost, new_landmark, spent


def _check_occupied(state: State, seat: int, dst: int, to: str) -> list[int]:
    """The bonus tiles a move onto an occupied space needs (9: own key there, 16: a rival's).

    «9: Когда вы перемещаете ключ, можете переместить его на здание или
    достопримечательность, на которой уже лежит ваш ключ.» «16: …где уже есть ключ другого
    игрока.» [INTERPRETATION] a space holding both needs both tiles."""
    own = dst in state.keys[seat]
    rival = any(dst in keys for s, keys in enumerate(state.keys) if s != seat)
    held = state.bonus[seat]
    if own and OWN_OCCUPIED not in held:
        raise illegal("occupied", f"{to} already holds your key (bonus tile 9 allows it)",
                       location=to, tile=OWN_OCCUPIED)  # fmt: skip
    if rival and RIVAL_OCCUPIED not in held:
        raise illegal("occupied", f"{to} holds another player's key (bonus tile 16 allows "
                       "it)", location=to, tile=RIVAL_OCCUPIED)  # fmt: skip
    return [n for n, needed in ((OWN_OCCUPIED, own), (RIVAL_OCCUPIED, rival)) if needed]



"""Checking one key move (`check_move`, for apply); which moves are possible, and the rules
both follow (quoted there), is moves.py."""

from __future__ import annotations

from typing import Any

from games.core.errors import IllegalAction
from games.paris.board import (
    ARC,
    BANK0,
    DISTRICT_IDS,
    LM0,
    LM_COST,
    LM_IDS,
    LOC_RES,
    LOC_VALUE,
    LOCATIONS,
    N_LANDMARKS,
)
from games.paris.goods import can_cover, holdings
from games.paris.moves import LOC_MASK, NEEDS_RES, OWN_OCCUPIED, RIVAL_OCCUPIED, key_masks
from games.paris.state import State, loc_district


def illegal(key: str, message: str, **params: Any) -> IllegalAction:
    return IllegalAction(f"paris.{key}", message, **params)


# `check_move`'s answer: (source, target, target district, francs, new landmark, tiles spent).
Checked = tuple[int, int, int, int, bool, tuple[int, ...] | list[int]]


def _onto_building(src: int, sd: int, dst: int, td: int) -> Checked | None:
    """`check_move`'s answer (no landmark added, no bonus tile spent) for a move onto a
    building that it allows whatever the state, if its keys, tiles and francs allow it: from a
    building, a bank or the Arc, within the district (from the Arc, anywhere), onto a
    dearer building; None for any other move."""
    if src >= LM0 and src < BANK0 or dst >= LM0:
        return None
    if src != ARC and sd != td or LOC_VALUE[dst] <= LOC_VALUE[src]:
        return None
    return src, dst, td, LOC_VALUE[dst] - (LOC_VALUE[src] if src < BANK0 else 0), False, ()


# By (from, to): `_onto_building` of every move it accepts (handed out as it is).
_ONTO_BUILDING: dict[tuple[str, str], Checked] = {
    (frm, to): onto
    for frm, (src, sd) in LOCATIONS.items()
    for to, (dst, td) in LOCATIONS.items()
    if (onto := _onto_building(src, sd, dst, td)) is not None
}


def check_move(state: State, seat: int, frm: str, to: str, total: int) -> Checked:
    """(source, target, target district, francs to pay, new landmark, bonus tiles 9/16 it
    spends) of a legal move; IllegalAction otherwise (`total`: `key_masks(state.keys)[1]`,
    which the caller has). The common move, onto a free building the seat can pay for, is
    checked first by what depends on the state alone (`_onto_building`); any other, or a
    refusal, goes through `_check_move`."""
    onto = _ONTO_BUILDING.get((frm, to))
    if onto is not None:
        src, dst, _td, cost, _new, _spent = onto
        if (
            src in state.keys[seat]
            and state.spaces[dst] >= 0
            and cost <= state.francs[seat]
            and not total & LOC_MASK[dst]
            and (not NEEDS_RES[dst] or can_cover(LOC_RES[dst], *holdings(state, seat)[:2]))
        ):
            return onto
    return _check_move(state, seat, frm, to)


def _check_move(state: State, seat: int, frm: str, to: str) -> Checked:
    """`check_move`, every rule in its order (the refusal of an illegal move names the
    first it breaks)."""
    source = LOCATIONS.get(frm)  # `parse_loc`, inline (every key move is checked)
    target = LOCATIONS.get(to)
    if source is None or target is None:
        raise illegal(
            "unknown_location",
            f"unknown location {frm if source is None else to!r}",
            location=frm if source is None else to,
        )
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
            top = max(
                (LM_COST[lm] for lm in range(N_LANDMARKS) if state.landmarks[lm] == td), default=0
            )
            if LM_COST[dst - LM0] <= top:
                raise illegal(
                    "landmark_too_cheap",
                    f"a new landmark in {DISTRICT_IDS[td]} must cost more than {top}",
                    location=to,
                    minimum=top + 1,
                )
        elif where != td:
            raise illegal(
                "unknown_location", f"{LM_IDS[dst - LM0]} is not in {DISTRICT_IDS[td]}", location=to
            )
    if src != ARC and sd != td:
        raise illegal(
            "other_district",
            "from a bank, building or landmark a key moves only "
            "within its district (from the Arc, anywhere)",
            location=to,
        )
    if LOC_VALUE[dst] <= LOC_VALUE[src]:
        raise illegal("not_higher", f"{to} is not worth more than {frm}", location=to)
    _masks, total, _doubled = key_masks(state.keys)
    spent = _check_occupied(state, seat, dst, to) if total & LOC_MASK[dst] else []
    base = LOC_VALUE[src] if src < BANK0 else 0
    cost = LOC_VALUE[dst] - base
    if cost > state.francs[seat]:
        raise illegal("cannot_afford", f"the move costs {cost} francs", n=cost)
    if NEEDS_RES[dst] and not can_cover(LOC_RES[dst], *holdings(state, seat)[:2]):
        raise illegal("missing_resources", f"{to} needs resources you do not have", location=to)
    return src, dst, td, cost, new_landmark, spent


def _check_occupied(state: State, seat: int, dst: int, to: str) -> list[int]:
    """The bonus tiles a move onto an occupied space needs (9: own key there, 16: a rival's).

    «9: Когда вы перемещаете ключ, можете переместить его на здание или
    достопримечательность, на которой уже лежит ваш ключ.» «16: …где уже есть ключ другого
    игрока.» [INTERPRETATION] a space holding both needs both tiles."""
    bit = LOC_MASK[dst]
    masks, total, _doubled = key_masks(state.keys)
    if not total & bit:
        return []
    own = bool(masks[seat] & bit)
    rival = any(m & bit for s, m in enumerate(masks) if s != seat)
    if not own and not rival:
        return []
    held = state.bonus[seat]
    if own and OWN_OCCUPIED not in held:
        raise illegal(
            "occupied",
            f"{to} already holds your key (bonus tile 9 allows it)",
            location=to,
            tile=OWN_OCCUPIED,
        )
    if rival and RIVAL_OCCUPIED not in held:
        raise illegal(
            "occupied",
            f"{to} holds another player's key (bonus tile 16 allows it)",
            location=to,
            tile=RIVAL_OCCUPIED,
        )
    return [n for n, needed in ((OWN_OCCUPIED, own), (RIVAL_OCCUPIED, rival)) if needed]

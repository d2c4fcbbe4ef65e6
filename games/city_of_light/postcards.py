"""Phase 2 postcard activations: which are legal, and what each one does.

Activating is the whole turn: the player's action token goes on the card and nobody can use it
again. The effect may be declined ("вы можете активировать открытку действия, но не выполнять
само действие"), so `{"decline": true}` is legal for a face-up card while tokens last, except
for the three cards with nothing to carry out on activation (Metropolitain, Sacré-Cœur,
Chartier), which are activated plainly.
Scoring of the stamped cards lives in scoring.py.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from games.city_of_light import actions as A
from games.city_of_light.board import (
    CELLS,
    DOMINO_SHAPE,
    SHAPES,
    anchors,
    bits,
    grow,
    idx,
    mask_of,
    on_board,
)
from games.city_of_light.building import (
    CHARTIER,
    USE_NAMES,
    check_placement,
    exception_cells,
    fit_masks,
    from_reserve,
    from_supply,
    place,
    placement_use,
    require_chimney,
    reserves_without,
)
from games.city_of_light.data import BUILDING_KEYS, FACINGS
from games.city_of_light.segments import Segment, listed, single
from games.city_of_light.state import (
    ANNEX,
    DANCER,
    FOUNTAIN,
    GARDEN,
    GRAND,
    LAMP,
    LIGHT,
    PAINTER,
    STATUE,
    State,
    allowed_mask,
    building_cells,
    chimneys_left,
    own_free_mask,
    tokens_left,
)
from games.core.actions import given
from games.core.contract import Event, event
from games.core.errors import IllegalAction

SLOT_NAMES = BUILDING_KEYS + ("GARDEN",)

# The fields each card's effect needs (all others must be left out).
EFFECT_FIELDS: dict[str, frozenset[str]] = {
    "levitation": frozenset({"give", "building", "rotation", "x", "y"}),
    "metropolitain": frozenset(),
    "jardin_des_plantes": frozenset({"rotation", "x", "y"}),
    "sacre_coeur": frozenset(),
    "le_peintre": frozenset({"x", "y"}),
    "chartier": frozenset(),
    "bouquinistes": frozenset({"x", "y", "building"}),
    "lampadaire": frozenset({"x", "y"}),
    "moulin_rouge": frozenset({"x", "y"}),
    "fontaine_des_mers": frozenset({"rotation", "x", "y"}),
    "le_penseur": frozenset({"x", "y", "facing"}),
    "grande_lumiere": frozenset({"x", "y"}),
}
_OPTIONAL = ("x", "y", "rotation", "facing", "building", "give")
# The German one-cell fountain («auf einem Straßen-Abschnitt») is placed by its cell alone.
_ONE_CELL_FIELDS = frozenset({"x", "y"})
# Pieces placed on one cell of the owner's colour by a card.
_SINGLE = {"le_peintre": PAINTER, "lampadaire": LAMP, "moulin_rouge": DANCER}


def effect_fields(state: State, card: str) -> frozenset[str]:
    """The fields `card` takes in this match (the fountain's depend on `fountain_cells`)."""
    if card == "fontaine_des_mers" and state.fountain_cells == 1:
        return _ONE_CELL_FIELDS
    return EFFECT_FIELDS[card]


def _fountain_chartier(state: State, seat: int) -> int:
    """Rival cells a held Chartier token lets the fountain cover (one at most, like a
    building: «закрыть им клетку мостовой цвета вашего соперника и … поместить … фонтан»)."""
    return state.free & state.kinds[1 - seat] if state.chartier == seat else 0


# --- legal activations


def can_activate(state: State, seat: int) -> bool:
    """A token left and a face-up card to put it on (with 4 tokens each and 8 cards in play,
    the second follows from the first; checked anyway so a pass is never refused wrongly)."""
    return tokens_left(state, seat) > 0 and -1 in state.tokens


def segments(state: State, seat: int, out: list[Segment]) -> None:
    """Adds to `out` the legal activations: each face-up card in turn, declined first."""
    if not tokens_left(state, seat):
        return
    for card, token in zip(state.cards, state.tokens, strict=True):
        if token < 0:
            effects = _EFFECT_SEGMENTS[card]
            if effects is None:  # nothing to carry out: activated plainly
                out.append(_PLAIN[card])
            else:
                out.append(_DECLINE[card])
                effects(state, seat, card, out)


def _single_segments(state: State, seat: int, card: str, out: list[Segment]) -> None:
    out.append((own_free_mask(state, seat), _AT_CELL[card], None))


def _grande_segments(state: State, seat: int, card: str, out: list[Segment]) -> None:
    out.append((state.free & state.kinds[LIGHT], _AT_CELL[card], None))


def _domino_segments(state: State, seat: int, card: str, out: list[Segment]) -> None:
    if card == "jardin_des_plantes" and not chimneys_left(state, seat):
        return  # the garden is a building: no chimney left, so only declining remains
    allowed = allowed_mask(state, seat)
    chartier = _fountain_chartier(state, seat) if card == "fontaine_des_mers" else 0
    for offsets, anchored, actions in _DOMINO_FITS[card]:
        out.append((anchors(offsets, anchored, allowed, chartier), actions, None))


def _fountain_segments(state: State, seat: int, card: str, out: list[Segment]) -> None:
    if state.fountain_cells == 2:
        _domino_segments(state, seat, card, out)
    else:
        cells = allowed_mask(state, seat) | _fountain_chartier(state, seat)
        out.append((cells, _AT_CELL[card], None))


def _penseur_segments(state: State, seat: int, card: str, out: list[Segment]) -> None:
    free = state.free
    statues = []
    for c in bits(own_free_mask(state, seat)):
        for front, action in _PENSEUR[c]:
            if free >> front & 1:
                statues.append(action)
    out.append(listed(statues))


def _annex_segments(state: State, seat: int, card: str, out: list[Segment]) -> None:
    own = own_free_mask(state, seat)
    for slot, entry in enumerate(state.built):
        if entry is not None and entry[0] == seat:
            near = grow(mask_of(building_cells(state, slot))) & own
            out.append((near, _ANNEX[slot], None))


def _levitation_segments(state: State, seat: int, card: str, out: list[Segment]) -> None:
    """From a row by building given, the activations for the buildings the seat can give."""
    gives = state.reserves[seat]
    if not gives or not chimneys_left(state, seat):
        return  # it places a building: no chimney left, so only declining remains
    allowed, metro, chartier = exception_cells(state, seat)
    fits = fit_masks(allowed, metro | chartier)
    for take in state.supply:
        for fit, (_, _, by_anchor) in zip(fits[take], _levitations(take), strict=True):
            if fit:
                out.append((fit, by_anchor, gives))


# By card, what adds its legal activations besides declining (None: activated plainly).
_EFFECT_SEGMENTS: dict[str, Callable[[State, int, str, list[Segment]], None] | None] = {
    "levitation": _levitation_segments,
    "metropolitain": None,
    "jardin_des_plantes": _domino_segments,
    "sacre_coeur": None,
    "le_peintre": _single_segments,
    "chartier": None,
    "bouquinistes": _annex_segments,
    "lampadaire": _single_segments,
    "moulin_rouge": _single_segments,
    "fontaine_des_mers": _fountain_segments,
    "le_penseur": _penseur_segments,
    "grande_lumiere": _grande_segments,
}


# --- applying an activation


def apply_activate(state: State, seat: int, a: A.Activate) -> tuple[dict[str, Any], list[Event]]:
    """The changes of a postcard activated (the end of the turn is the engine's)."""
    card = a.card
    if card not in state.cards or state.tokens[state.cards.index(card)] >= 0:
        raise IllegalAction(
            "city_of_light.postcard_unavailable",
            f"{card} is not a face-up postcard of this match",
            card=card,
        )
    if not tokens_left(state, seat):
        raise IllegalAction("city_of_light.no_tokens", "you have no action tokens left")
    given = {f for f in _OPTIONAL if getattr(a, f) is not None}
    wanted = frozenset() if a.decline else effect_fields(state, card)
    if a.decline and not EFFECT_FIELDS[card]:
        # Metropolitain, Sacré-Cœur, Chartier: nothing to carry out now (the delayed effects
        # are optional later), so activating is the whole choice. A declined Sacré-Cœur used
        # to be accepted, unlisted by legal_actions, and still cancelled the penalty.
        raise IllegalAction(
            "city_of_light.effect_fields",
            f"{card} has no effect to decline: activate it without fields",
            card=card,
            expected=[],
            given=["decline"],
        )
    if given != wanted:
        raise IllegalAction(
            "city_of_light.effect_fields",
            f"{card} {'declined ' if a.decline else ''}takes the fields "
            f"{sorted(wanted) or 'none'}, not {sorted(given) or 'none'}",
            card=card,
            expected=sorted(wanted),
            given=sorted(given),
        )
    tokens = list(state.tokens)
    tokens[state.cards.index(card)] = seat
    params: dict[str, Any] = {"seat": seat, "card": card, "declined": a.decline}
    changes: dict[str, Any] = {} if a.decline else _EFFECTS[card](state, seat, a, params)
    changes["tokens"] = tuple(tokens)
    return changes, [event("postcard_activated", params)]


def _bad_cell(card: str, x: int, y: int, why: str) -> IllegalAction:
    return IllegalAction(
        "city_of_light.bad_piece_cell", f"{card}: ({x}, {y}) is not {why}", card=card, x=x, y=y
    )


def _single(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    x, y = given(a.x), given(a.y)
    c = idx(x, y)
    if not own_free_mask(state, seat) >> c & 1:
        raise _bad_cell(a.card, x, y, "a free cell of your colour")
    params.update(x=x, y=y)
    return place(state, seat, -1, (c,), 0, _SINGLE[a.card])


def _grande(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    x, y = given(a.x), given(a.y)
    c = idx(x, y)
    if not (state.free & state.kinds[LIGHT]) >> c & 1:
        raise _bad_cell(a.card, x, y, "a free streetlight")
    params.update(x=x, y=y)
    return place(state, seat, -1, (c,), 0, GRAND)


def _domino(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    rotation, x, y = given(a.rotation), given(a.x), given(a.y)
    entry = DOMINO_SHAPE.by_anchor.get((rotation, x, y))
    if entry is None:
        raise _bad_cell(a.card, x, y, "the corner of two cells on the board")
    mask, cells = entry
    fountain = a.card == "fontaine_des_mers"
    chartier = _fountain_chartier(state, seat) if fountain else 0
    use = placement_use(mask, allowed_mask(state, seat), 0, chartier)
    if use < 0:
        raise _bad_cell(a.card, x, y, "the corner of two free cells of your colour or mixed")
    params.update(x=x, y=y, rotation=rotation, effect=USE_NAMES[use])
    if fountain:
        return place(state, seat, -1, cells, use if use == CHARTIER else 0, FOUNTAIN)
    require_chimney(state, seat)
    return place(state, seat, GARDEN, cells, 0, GARDEN)


def _fountain(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    """Russian edition: a 1×2 fountain (a domino); German: one cell of one's colour or mixed
    (or a rival cell with the Chartier token)."""
    if state.fountain_cells == 2:
        return _domino(state, seat, a, params)
    x, y = given(a.x), given(a.y)
    c = idx(x, y)
    use = placement_use(1 << c, allowed_mask(state, seat), 0, _fountain_chartier(state, seat))
    if use < 0:
        raise _bad_cell(a.card, x, y, "a free cell of your colour or mixed")
    params.update(x=x, y=y, effect=USE_NAMES[use])
    return place(state, seat, -1, (c,), use, FOUNTAIN)


def _penseur(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    x, y, facing = given(a.x), given(a.y), given(a.facing)
    c = idx(x, y)
    if not own_free_mask(state, seat) >> c & 1:
        raise _bad_cell(a.card, x, y, "a free cell of your colour")
    dx, dy = FACINGS[facing]
    fx, fy = x + dx, y + dy
    if not (on_board(fx, fy) and state.free >> idx(fx, fy) & 1):
        raise IllegalAction(
            "city_of_light.statue_front_blocked",
            "the cell in front of the statue must be a free cell on the board",
            x=x,
            y=y,
            facing=facing,
        )
    params.update(x=x, y=y, facing=facing)
    changes = place(state, seat, -1, (c,), 0, STATUE)
    changes["statue_facing"] = facing
    return changes


def _bouquinistes(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    building, x, y = given(a.building), given(a.x), given(a.y)
    slot = SLOT_NAMES.index(building)
    entry = state.built[slot]
    if entry is None or entry[0] != seat:
        raise IllegalAction(
            "city_of_light.annex_target",
            f"{building} is not one of your built buildings",
            building=building,
        )
    c = idx(x, y)
    if not own_free_mask(state, seat) >> c & 1:
        raise _bad_cell(a.card, x, y, "a free cell of your colour")
    if not grow(mask_of(building_cells(state, slot))) >> c & 1:
        raise _bad_cell(a.card, x, y, f"next to {building}")
    params.update(x=x, y=y, building=building)
    changes = place(state, seat, -1, (c,), 0, ANNEX)
    changes["annex"] = (slot, c)
    return changes


def _levitation(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    rotation, x, y = given(a.rotation), given(a.x), given(a.y)
    give, take = from_reserve(state, seat, given(a.give)), from_supply(state, given(a.building))
    require_chimney(state, seat)
    cells, use = check_placement(state, seat, take, rotation, x, y)
    changes = place(state, seat, take, cells, use, take)
    changes["reserves"] = reserves_without(state, seat, give)
    changes["supply"] = tuple(sorted([b for b in state.supply if b != take] + [give]))
    params.update(
        give=a.give,
        building=a.building,
        rotation=rotation,
        x=x,
        y=y,
        effect=USE_NAMES[use],
    )
    return changes


def _metro(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    return {"metro": seat}


def _chartier(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    return {"chartier": seat}


def _nothing(state: State, seat: int, a: A.Activate, params: dict[str, Any]) -> dict[str, Any]:
    return {}


_EFFECTS = {
    "levitation": _levitation,
    "metropolitain": _metro,
    "jardin_des_plantes": _domino,
    "sacre_coeur": _nothing,
    "le_peintre": _single,
    "chartier": _chartier,
    "bouquinistes": _bouquinistes,
    "lampadaire": _single,
    "moulin_rouge": _single,
    "fontaine_des_mers": _fountain,
    "le_penseur": _penseur,
    "grande_lumiere": _grande,
}


# Every activation `legal` can list except Levitation's, built once at import (see actions):
# by card, plain or declined; by card and cell; the statue by cell with the cell it faces; the
# annex by building slot and cell; the garden and fountain dominoes by rotation and anchor.
_PLAIN = {card: single(A.activate(card)) for card, fields in EFFECT_FIELDS.items() if not fields}
_DECLINE = {
    card: single(A.activate(card, decline=True)) for card, fields in EFFECT_FIELDS.items() if fields
}
_AT_CELL = {
    card: tuple(A.activate(card, x=c % 8, y=c // 8) for c in range(CELLS))
    for card in (*_SINGLE, "grande_lumiere", "fontaine_des_mers")
}
_PENSEUR = tuple(
    tuple(
        (idx(c % 8 + dx, c // 8 + dy), A.activate("le_penseur", x=c % 8, y=c // 8, facing=facing))
        for facing, (dx, dy) in FACINGS.items()
        if on_board(c % 8 + dx, c // 8 + dy)
    )
    for c in range(CELLS)
)
_ANNEX = tuple(
    tuple(A.activate("bouquinistes", x=c % 8, y=c // 8, building=name) for c in range(CELLS))
    for name in SLOT_NAMES
)


@cache
def _levitations(take: int) -> tuple[tuple[tuple[int, ...], int, tuple[Any, ...]], ...]:
    """Levitation's activations taking building `take`: per distinct rotation, (offsets,
    on-board anchors, by anchor index the activation for each building given). Built on the
    first use of each building taken, not at import (about 18,000 in all); then a legal
    move list of hundreds of them is table look-ups, not new models."""
    shape = SHAPES[take]
    return tuple(
        (
            offsets,
            anchored,
            tuple(
                tuple(A.levitation(give, shape.key, r, c % 8, c // 8) for give in BUILDING_KEYS)
                if anchored >> c & 1
                else None
                for c in range(CELLS)
            ),
        )
        for r, offsets, anchored in shape.fits
    )


_DOMINO_FITS = {
    card: tuple(
        (
            offsets,
            anchored,
            tuple(A.activate(card, rotation=r, x=c % 8, y=c // 8) for c in range(CELLS)),
        )
        for r, offsets, anchored in DOMINO_SHAPE.fits
    )
    for card in ("jardin_des_plantes", "fontaine_des_mers")
}

"""Setup: the postcards in play, each player's shuffled stack and opening hand.

All randomness comes from `derive_rng(seed, purpose, n)`; an `arrangement` replaces it (and is
validated here, since it may come from outside: an imported record or a test scenario).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from games.city_of_light.board import CELLS
from games.city_of_light.data import (
    BUILDING_KEYS,
    POSTCARDS,
    POSTCARDS_IN_PLAY,
    SEATS,
    SQUARES,
    STARRED,
    TILES,
)
from games.city_of_light.options import Arrangement, CityOfLightOptions
from games.city_of_light.state import FREE, NO_TILE, PHASE_TILES, State
from games.core.errors import IllegalAction
from games.core.rng import derive_rng, shuffle


def _canonical(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in the rulebook's order, so a set of 8 always lays out the same way."""
    return tuple(sorted(cards, key=POSTCARDS.index))


def _parse(arrangement: Mapping[str, Any] | None) -> Arrangement:
    if arrangement is None:
        return Arrangement()
    try:
        return Arrangement.model_validate(dict(arrangement))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "arrangement"
        raise IllegalAction(
            "arrangement.invalid", f"invalid arrangement {where}: {first['msg']}", field=where
        ) from None


def choose_postcards(
    options: CityOfLightOptions, seed: int, fixed: Sequence[str] | None
) -> tuple[str, ...]:
    if options.postcards == "starred":
        cards = STARRED
    elif options.postcards == "chosen":
        cards = tuple(options.chosen_postcards or ())
    else:
        cards = tuple(derive_rng(seed, "postcards").sample(POSTCARDS, POSTCARDS_IN_PLAY))
    cards = _canonical(cards)
    if fixed is not None:
        if len(fixed) != POSTCARDS_IN_PLAY or len(set(fixed)) != POSTCARDS_IN_PLAY:
            raise IllegalAction(
                "arrangement.bad_postcards",
                "arrangement.postcards must list 8 distinct postcard keys",
            )
        wanted = _canonical(fixed)
        if options.postcards != "random" and wanted != cards:
            raise IllegalAction(
                "arrangement.postcards_fixed",
                f"the options already fix the postcards ({options.postcards}); "
                "arrangement.postcards must match them",
            )
        cards = wanted
    return cards


def deal_stacks(seed: int, fixed: list[list[int]] | None) -> tuple[tuple[int, ...], ...]:
    if fixed is None:
        out = []
        for seat in range(SEATS):
            order = list(TILES)
            shuffle(derive_rng(seed, "stack", seat), order)
            out.append(tuple(order))
        return tuple(out)
    if len(fixed) != SEATS:
        raise IllegalAction(
            "arrangement.bad_stacks", "arrangement.stacks must hold one stack per seat (2)"
        )
    for seat, stack in enumerate(fixed):
        if sorted(stack) != sorted(TILES):
            raise IllegalAction(
                "arrangement.bad_stacks",
                f"arrangement.stacks[{seat}] must be the tiles 1..8, each once",
                seat=seat,
            )
    return tuple(tuple(s) for s in fixed)


def new_state(
    options: CityOfLightOptions, seed: int, arrangement: Mapping[str, Any] | None = None
) -> State:
    arr = _parse(arrangement)
    cards = choose_postcards(options, seed, arr.postcards)
    deal = deal_stacks(seed, arr.stacks)
    h = options.hand_size
    return State(
        hand_size=h,
        metro_window=options.metropolitain,
        grande_pattern=options.grande_lumiere,
        tiebreak=options.tiebreak,
        fountain_cells=options.fountain_cells,
        cards=cards,
        tokens=(-1,) * len(cards),
        phase=PHASE_TILES,
        turn=0,
        deal=deal,
        stacks=tuple(d[h:] for d in deal),
        hands=tuple(d[:h] for d in deal),
        squares=(None,) * (SQUARES * SQUARES),
        cells=(NO_TILE,) * CELLS,
        kinds=(0, 0, 0, 0),
        occ=(FREE,) * CELLS,
        free=0,
        supply=tuple(range(len(BUILDING_KEYS))),
        reserves=((), ()),
        built=(None,) * 13,
        annex=None,
        statue_facing=None,
        chartier_cell=-1,
        metro=-1,
        chartier=-1,
        first_done=-1,
    )


def arrangement_of(state: State) -> dict[str, Any]:
    return {"stacks": [list(d) for d in state.deal], "postcards": list(state.cards)}

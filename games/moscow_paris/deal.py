"""Setup: «Первый игрок объединяет все карты вагонов и все карты действий, тщательно
перемешивает их и сдаёт каждому участнику партии (включая себя) 5 карт лицевой стороной вниз.
... Затем первый игрок тщательно перемешивает карты городов ... выкладывает в столбик лицевой
стороной вверх 4 карты городов.»

Randomness: the deck from `derive_rng(seed, "deck")`, the cities from
`derive_rng(seed, "cities")`, reshuffle k from `derive_rng(reshuffle_seed, "reshuffle", k)`.
An arrangement (docs/notation/moscow_paris.md) fixes all three:
``{"deck": [104 card names, top first], "cities": [city ids: rows 0..3, then the city deck
from the top], "reshuffle_seed": int}``; each key is optional (missing ones come from the
seed). The deal gives seat 0 the top 5 cards, seat 1 the next 5, and so on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from games.core.errors import IllegalAction, first_error
from games.core.rng import derive_rng, shuffle
from games.moscow_paris.data import (
    CARD_IDS,
    CARD_INDEX,
    CITIES,
    CITY_IDS,
    CITY_INDEX,
    HAND_AND_TABLEAU,
    HOME_CODE,
    ISTANBUL_CODE,
    ROWS,
    sorted_deck,
)
from games.moscow_paris.deck import EMPTY_DISCARD
from games.moscow_paris.options import MoscowParisOptions
from games.moscow_paris.state import PLAY, Config, State


class Arrangement(BaseModel):
    model_config = ConfigDict(extra="forbid")

    deck: list[str] | None = None
    cities: list[str] | None = None
    reshuffle_seed: int | None = None


def cities_in_play(options: MoscowParisOptions) -> tuple[int, ...]:
    """The 16 city cards, plus Istanbul and the Home City when chosen."""
    codes = list(range(len(CITIES)))
    if options.istanbul:
        codes.append(ISTANBUL_CODE)
    if options.home_city:
        codes.append(HOME_CODE)
    return tuple(codes)


def full_deck(options: MoscowParisOptions) -> list[int]:
    """The 88 wagon cards and 16 action cards, in code order."""
    return list(sorted_deck(options.wagons))


def _bad(key: str, message: str, **params: Any) -> IllegalAction:
    return IllegalAction(f"arrangement.{key}", f"invalid arrangement: {message}", **params)


def _parse(arrangement: Mapping[str, Any] | None) -> Arrangement:
    if arrangement is None:
        return Arrangement()
    if not isinstance(arrangement, Mapping):
        raise _bad("invalid", "it must be an object")
    try:
        return Arrangement.model_validate(dict(arrangement))
    except ValidationError as exc:
        raise _bad("invalid", first_error(exc, "arrangement")) from None


def _deck(options: MoscowParisOptions, seed: int, names: list[str] | None) -> tuple[int, ...]:
    expected = full_deck(options)
    if names is None:
        shuffle(derive_rng(seed, "deck"), expected)
        return tuple(expected)
    unknown = sorted({n for n in names if n not in CARD_INDEX})
    if unknown:
        raise _bad("bad_deck", f"unknown cards {unknown}", cards=unknown)
    deck = tuple(CARD_INDEX[n] for n in names)
    if Counter(deck) != Counter(expected):
        want, got = Counter(expected), Counter(deck)
        wrong = sorted(CARD_IDS[c] for c in set(want) | set(got) if want[c] != got[c])
        raise _bad(
            "bad_deck",
            f"the deck must hold the {len(expected)} cards of this match "
            f"({options.wagons} wagons and the 16 action cards); wrong counts of {wrong}",
            cards=wrong,
        )
    return deck


def _cities(options: MoscowParisOptions, seed: int, names: list[str] | None) -> tuple[int, ...]:
    expected = list(cities_in_play(options))
    if names is None:
        shuffle(derive_rng(seed, "cities"), expected)
        return tuple(expected)
    cities = tuple(CITY_INDEX.get(n, -1) for n in names)
    if sorted(cities) != sorted(expected):
        raise _bad(
            "bad_cities",
            "cities must list each city card of this match once: "
            f"{sorted(CITY_IDS[c] for c in expected)}",
            cities=sorted(CITY_IDS[c] for c in expected),
        )
    return cities


def new_state(
    players: int, options: MoscowParisOptions, seed: int, arrangement: Mapping[str, Any] | None
) -> State:
    if options.teams and players != 4:
        raise IllegalAction(
            "moscow_paris.teams_need_four",
            f"team play needs 4 players, not {players}",
            seats=players,
        )
    arr = _parse(arrangement)
    deck = _deck(options, seed, arr.deck)
    cities = _cities(options, seed, arr.cities)
    cfg = Config(
        players=players,
        teams=options.teams,
        multiple_claims=options.multiple_claims,
        any_rows=options.columns == "any_rows",
        split=options.wagons,
        home_name=options.home_city_name if options.home_city else None,
        home_country=options.home_city_country if options.home_city else None,
        reshuffle_seed=seed if arr.reshuffle_seed is None else arr.reshuffle_seed,
        deal_deck=deck,
        deal_cities=cities,
    )
    h = HAND_AND_TABLEAU
    return State(
        cfg=cfg,
        deck=deck[h * players :],
        discard=EMPTY_DISCARD,
        reshuffles=0,
        hands=tuple(tuple(sorted(deck[h * s : h * s + h])) for s in range(players)),
        tableaux=((),) * players,
        cities=cities[:ROWS],
        lefts=((),) * ROWS,
        rights=((),) * ROWS,
        city_deck=cities[ROWS:],
        won=((),) * players,
        removed=(),
        turn=0,
        phase=PLAY,
        pending=(),
        progress=False,
        claims=0,
        repeats=(0,) * players,
        seen=(((),),) * players,
        turns=0,
        resets=0,
    )


def dump_arrangement(state: State) -> dict[str, Any]:
    cfg = state.cfg
    return {
        "deck": [CARD_IDS[c] for c in cfg.deal_deck],
        "cities": [CITY_IDS[c] for c in cfg.deal_cities],
        "reshuffle_seed": cfg.reshuffle_seed,
    }

"""Setup: from the seed, or from an arrangement that fixes every hidden random element.

An arrangement (JSON; every key optional, a missing one is drawn from the seed):

    {"first": 2,
     "removed": ["montmartre/3", "chaillot/8", "belleville/1"],
     "stacks": [["la_villette/2", ...], [...], [...]],        # top first
     "tokens": {"montmartre/1": "bronze", ...},                # all 36 spaces
     "track": [1, 2, ..., 30]}                                 # the number on spaces 1..30

`tokens` and `track` are random only in the random setup; with the standard setup they must
equal the printed layout. The end-game stack has no order (it is browsed), so it is not part
of an arrangement.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from games.core.errors import IllegalAction
from games.core.rng import derive_rng, shuffle
from games.paris.board import (
    BONUS_NUMBERS,
    GOOD_INDEX,
    GOODS,
    N_DISTRICTS,
    N_EGT,
    N_LANDMARKS,
    N_SPACES,
    SPACE_INDEX,
    SPACE_NAMES,
    SPACE_VALUE,
    STANDARD_TOKEN_GOODS,
    ZONE_OF,
    bonus_copies,
)
from games.paris.data import (
    KEYS_PER_PLAYER,
    RANDOM_SETUP_FIXED_GOOD,
    RANDOM_SETUP_FIXED_VALUE,
    REMOVED_TILES,
    RESERVE_KEYS_PER_PLAYER,
    STACKS,
    START_FRANCS,
    TOKENS_PER_GOOD,
    TRACK_LENGTH,
    ZONES,
)
from games.paris.options import ParisOptions
from games.paris.state import TILE, Setup, State, draft, seal

_KEYS = {"first", "removed", "stacks", "tokens", "track"}
STANDARD_TRACK: tuple[int, ...] = tuple(range(1, TRACK_LENGTH + 1))
_GOLD = GOOD_INDEX[RANDOM_SETUP_FIXED_GOOD]


def _bad(message: str, **params: Any) -> IllegalAction:
    return IllegalAction("paris.bad_arrangement", f"invalid arrangement: {message}", **params)


# --- drawn from the seed ---------------------------------------------------------------------


def draw_tiles(
    seed: int, ignore_districts: bool
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """«Перетасуйте 36 жетонов зданий. Случайным образом выберите 3 из них и не глядя верните
    в коробку. Оставшиеся жетоны разложите в 3 равные стопки»; the variant keeps all 36."""
    tiles = list(range(N_SPACES))
    shuffle(derive_rng(seed, "tiles"), tiles)
    removed = () if ignore_districts else tuple(tiles[:REMOVED_TILES])
    rest = tiles[len(removed) :]
    size = len(rest) // STACKS
    return removed, tuple(tuple(rest[i * size : (i + 1) * size]) for i in range(STACKS))


def draw_tokens(seed: int) -> tuple[int, ...]:
    """The alternative setup: the six gold resources beside the 8s, the other 12 resources
    and 18 prestige tokens shuffled onto the other 30 spaces."""
    rest = [g for g in range(len(GOODS)) if g != _GOLD for _ in range(TOKENS_PER_GOOD)]
    shuffle(derive_rng(seed, "tokens"), rest)
    out = []
    for s in range(N_SPACES):
        out.append(_GOLD if SPACE_VALUE[s] == RANDOM_SETUP_FIXED_VALUE else rest.pop())
    return tuple(out)


def draw_track(seed: int) -> tuple[int, ...]:
    """The alternative setup: one tile of each number shuffled within its zone."""
    track = [0] * TRACK_LENGTH
    for zone, (lo, hi) in ZONES.items():
        numbers = list(range(lo, hi + 1))
        shuffle(derive_rng(seed, "track", ord(zone)), numbers)
        track[lo - 1 : hi] = numbers
    return tuple(track)


# --- fixed by an arrangement -----------------------------------------------------------------


def _tile_list(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list | tuple):
        raise _bad(f"{what} must be a list of tiles")
    out = []
    for name in value:
        if name not in SPACE_INDEX:
            raise _bad(f"unknown tile {name!r} in {what}", tile=str(name))
        out.append(SPACE_INDEX[name])
    return tuple(out)


def parse_tiles(
    arr: Mapping[str, Any], ignore_districts: bool, seed: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    if "removed" not in arr and "stacks" not in arr:
        return draw_tiles(seed, ignore_districts)
    if "removed" not in arr or "stacks" not in arr:
        raise _bad("removed and stacks go together")
    removed = _tile_list(arr["removed"], "removed")
    want = 0 if ignore_districts else REMOVED_TILES
    if len(removed) != want:
        raise _bad(f"removed must hold {want} tiles", expected=want)
    stacks_in = arr["stacks"]
    if not isinstance(stacks_in, list | tuple) or len(stacks_in) != STACKS:
        raise _bad(f"stacks must hold {STACKS} stacks")
    stacks = tuple(_tile_list(s, f"stacks[{i}]") for i, s in enumerate(stacks_in))
    size = (N_SPACES - want) // STACKS
    if any(len(s) != size for s in stacks):
        raise _bad(f"each stack must hold {size} tiles", expected=size)
    seen = Counter(removed + sum(stacks, ()))
    if len(seen) != N_SPACES:
        raise _bad("every building tile must appear exactly once")
    return removed, stacks


def parse_tokens(arr: Mapping[str, Any], random_setup: bool, seed: int) -> tuple[int, ...]:
    if "tokens" not in arr:
        return draw_tokens(seed) if random_setup else STANDARD_TOKEN_GOODS
    given = arr["tokens"]
    if not isinstance(given, Mapping) or set(given) != set(SPACE_NAMES):
        raise _bad("tokens must name the good beside each of the 36 spaces")
    if any(g not in GOOD_INDEX for g in given.values()):
        raise _bad(f"tokens: goods are {list(GOODS)}")
    layout = tuple(GOOD_INDEX[given[name]] for name in SPACE_NAMES)
    if not random_setup:
        if layout != STANDARD_TOKEN_GOODS:
            raise _bad("the standard setup fixes the tokens; they must be the printed layout")
        return layout
    counts = Counter(layout)
    if any(counts[g] != TOKENS_PER_GOOD for g in range(len(GOODS))):
        raise _bad(f"tokens: {TOKENS_PER_GOOD} of each good")
    if any(layout[s] != _GOLD for s in range(N_SPACES) if SPACE_VALUE[s] == 8):
        raise _bad("tokens: the gold resources lie beside the 8s")
    return layout


def parse_track(arr: Mapping[str, Any], random_setup: bool, seed: int) -> tuple[int, ...]:
    if "track" not in arr:
        return draw_track(seed) if random_setup else STANDARD_TRACK
    track = arr["track"]
    if not isinstance(track, list | tuple) or sorted(track) != list(STANDARD_TRACK):
        raise _bad("track must list the numbers 1..30, each once")
    track = tuple(track)
    if not random_setup and track != STANDARD_TRACK:
        raise _bad("the standard setup puts every bonus tile on its own number")
    if any(ZONE_OF[n] != ZONE_OF[space] for space, n in enumerate(track, 1)):
        raise _bad("track: every number stays in its zone A/B/C")
    return track


def parse_first(arr: Mapping[str, Any], players: int, seed: int) -> int:
    if "first" not in arr:
        return derive_rng(seed, "first").randrange(players)
    first = arr["first"]
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise _bad(f"first must be a seat 0..{players - 1}")
    return first


# --- the initial state ---------------------------------------------------------------------

# Copies of each bonus number in play, by player count.
_COPIES = {players: {n: bonus_copies(n, players) for n in BONUS_NUMBERS} for players in (2, 3, 4)}


@cache
def _blank(players: int) -> State:
    """What every deal for `players` starts from: the board empty, every seat's keys, francs
    and tiles as the rules give them. `new_state` drafts it and writes what the deal drew
    (the bench and every AI determinisation deal often: a draft is a tenth of `State(...)`)."""
    n = players
    return State(
        players=n,
        ignore_districts=False,
        random_setup=False,
        first=0,
        removed=(),
        deal=(),
        layout=(),
        track_numbers=(),
        stacks=(),
        spaces=(-1,) * N_SPACES,
        tokens=(),
        landmarks=(-1,) * N_LANDMARKS,
        vp_tiles=(-1,) * N_DISTRICTS,
        discarded=(),
        track=(),
        supply=(0, 0, 0),
        endgame=tuple(range(N_EGT)),
        keys=((),) * n,
        hand=(KEYS_PER_PLAYER[n],) * n,
        reserve=(RESERVE_KEYS_PER_PLAYER,) * n,
        meeples=(0,) * n,
        vp=(0,) * n,
        francs=(START_FRANCS,) * n,
        goods=((0,) * len(GOODS),) * n,
        bonus=((),) * n,
        half=(0,) * n,
        egt=((),) * n,
        used_bonus=((),) * n,
        used_egt=((),) * n,
        phase=TILE,
        turn=0,
        round=1,
        final_turns=-1,
        pending=(),
    )


def new_state(
    players: int, options: ParisOptions, seed: int, arrangement: Mapping[str, Any] | None
) -> State:
    arr = arrangement or {}
    if not isinstance(arr, Mapping):
        raise _bad("it must be an object")
    unknown = set(arr) - _KEYS
    if unknown:
        raise _bad(f"unknown keys {sorted(unknown)}", keys=sorted(unknown))
    random_setup = options.setup == "random"
    removed, stacks = parse_tiles(arr, options.ignore_districts, seed)
    layout = parse_tokens(arr, random_setup, seed)
    track_numbers = parse_track(arr, random_setup, seed)
    first = parse_first(arr, players, seed)
    copies = _COPIES.get(players) or {n: bonus_copies(n, players) for n in BONUS_NUMBERS}
    d = draft(_blank(players))
    d.setup = Setup(
        players=players,
        ignore_districts=options.ignore_districts,
        random_setup=random_setup,
        first=first,
        removed=removed,
        deal=stacks,
        layout=layout,
        track_numbers=track_numbers,
    )
    d.stacks = stacks
    d.tokens = layout
    d.track = tuple(map(copies.__getitem__, track_numbers))
    d.turn = first
    return seal(d)


def dump_arrangement(state: State) -> dict[str, Any]:
    return {
        "first": state.setup.first,
        "removed": [SPACE_NAMES[t] for t in state.setup.removed],
        "stacks": [[SPACE_NAMES[t] for t in stack] for stack in state.setup.deal],
        "tokens": {SPACE_NAMES[s]: GOODS[g] for s, g in enumerate(state.setup.layout)},
        "track": list(state.setup.track_numbers),
    }

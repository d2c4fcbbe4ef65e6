"""Phases 1-2 of a round as state transitions: reveal a pile, take a token and open a shop.

`apply_reveal` and `apply_take` (played by the engine's rules table, which has checked the
seat and the phase) check the rest of legality cheaply (no regeneration of the legal list),
then `reveal_pile` and `take_token` fill in a draft of the new `State` and seal it
(`games.core.drafts`). When the last player of a round has taken a token,
`round_end.end_round` runs phases 3-5 on that draft and, after the last round, the end.
The AI's random playouts (`ParisParis.playout_step`) call those two directly with moves from
the legal lists, without the checks and without events.
"""

from __future__ import annotations

from games.core.contract import Event, event, shared_event
from games.core.drafts import copier, seal
from games.core.errors import IllegalAction
from games.paris_paris.actions import Reveal, Take, reveal, take
from games.paris_paris.board import (
    CAPACITY,
    COLOUR_INDEX,
    N_COLOURS,
    N_STATIONS,
    N_TILES,
    STATION_IDS,
    STATION_INDEX,
    TILE_COLOUR,
    TILE_STATION,
    TILE_TOKEN,
)
from games.paris_paris.data import COLOURS, MAX_SEATS
from games.paris_paris.round_end import end_round
from games.paris_paris.state import TAKE, State

_copy = copier(State)  # every move of this engine drafts a State

# --- legal actions --------------------------------------------------------------------------


def legal_reveals(state: State, seat: int) -> tuple[Reveal, ...]:
    """The first player's choices in phase 1: every pile still face down."""
    down = (1 << len(state.piles)) - 1 & ~state.revealed
    return _LOW_REVEALS[down & _LOW_MASK] + _HIGH_REVEALS[down >> _CHUNK]


# Each tile's (station id, colour id), as actions and events name its token.
_TILE_NAMES: tuple[tuple[str, str], ...] = tuple(
    (STATION_IDS[TILE_STATION[t]], COLOURS[TILE_COLOUR[t]]) for t in range(N_TILES)
)

# Each tile's token as the events name it (shared: events are values nobody writes).
_TILE_JSON = tuple({"station": sid, "colour": cid} for sid, cid in _TILE_NAMES)

# Every possible reveal, built once (there are never more piles than tiles).
_REVEALS = tuple(reveal(i) for i in range(N_TILES))

# The reveals of the face-down piles by bit mask, in two halves of `_CHUNK` piles (piles
# 0-9 and 10-19): two lookups instead of a loop over every pile. 2 players have the most
# piles, one per 3 tiles.
_CHUNK = 10
_LOW_MASK = (1 << _CHUNK) - 1
assert N_TILES // 3 <= 2 * _CHUNK
_LOW_REVEALS, _HIGH_REVEALS = (
    tuple(
        tuple(_REVEALS[first + i] for i in range(_CHUNK) if mask >> i & 1)
        for mask in range(1 << _CHUNK)
    )
    for first in (0, _CHUNK)
)

# Per token (`TILE_TOKEN`), its shops on its station -> the takes of that token when not
# moving: the board changes slowly, so most calls are one dict lookup per displayed token.
_TOKEN_TAKES: tuple[dict[tuple[int, ...], tuple[Take, ...]], ...] = tuple(
    {} for _ in range(N_STATIONS * N_COLOURS)
)


def _token_takes(token: int, shops: tuple[int, ...], origin: str | None = None) -> tuple[Take, ...]:
    """The takes of `token` (`TILE_TOKEN`) on a station holding `shops`."""
    station = token // N_COLOURS
    sid = STATION_IDS[station]
    cid = COLOURS[token % N_COLOURS]
    if len(shops) >= CAPACITY[station] > 1:
        return tuple(take(sid, cid, remove, origin) for remove in sorted(set(shops)))
    return (take(sid, cid, None, origin),)


# Per tile: its token, its station, and that token's takes by shops (`_TOKEN_TAKES`), so a
# displayed tile costs one lookup.
_TILE_TAKES = tuple(
    (TILE_TOKEN[t], TILE_STATION[t], _TOKEN_TAKES[TILE_TOKEN[t]]) for t in range(N_TILES)
)
assert all(
    t == s * N_COLOURS + c for t, s, c in zip(TILE_TOKEN, TILE_STATION, TILE_COLOUR, strict=True)
)


def legal_takes(state: State, seat: int) -> list[Take]:
    """The choices of the seat to act in phase 2: one `Take` per (token, removal, moved
    shop)."""
    if not state.supply[seat]:
        return _moving_takes(state, seat)
    board = state.board
    seen: list[int] = []  # a display holds at most 5 tokens: a list is cheaper than a set
    out: list[Take] = []
    for tile in state.display:
        key, station, known = _TILE_TAKES[tile]
        if key in seen:
            continue
        seen.append(key)
        shops = board[station]
        takes = known.get(shops)
        if takes is None:
            takes = known[shops] = _token_takes(key, shops)
        out += takes
    return out


def _moving_takes(state: State, seat: int) -> list[Take]:
    """`legal_takes` with an empty supply (2 players): each take moves one of the seat's
    shops from another station."""
    board = state.board
    seen: list[int] = []
    out: list[Take] = []
    for tile in state.display:
        key, station, _ = _TILE_TAKES[tile]
        if key in seen:
            continue
        seen.append(key)
        shops = board[station]
        for origin in range(len(board)):
            if origin != station and seat in board[origin]:
                out += _token_takes(key, shops, STATION_IDS[origin])
    return out


# --- phase 1: reveal ------------------------------------------------------------------------


def apply_reveal(state: State, seat: int, action: Reveal) -> tuple[State, list[Event]]:
    pile = action.pile
    if not 0 <= pile < len(state.piles):
        raise IllegalAction(
            "paris_paris.unknown_pile",
            f"there is no pile {pile}",
            pile=pile,
            piles=len(state.piles),
        )
    if state.revealed >> pile & 1:
        raise IllegalAction("paris_paris.pile_gone", f"pile {pile} was already revealed", pile=pile)
    new = reveal_pile(state, pile)
    tokens = [_TILE_JSON[tile] for tile in new.display]
    shown = event(
        "pile_revealed",
        {
            "seat": seat,
            "pile": pile,
            "round": state.round,
            "tokens": tokens,
            "piles_left": len(new.piles) - new.revealed.bit_count(),
        },
    )
    return new, [shown]


def reveal_pile(state: State, pile: int) -> State:
    """The state once face-down pile `pile` is shown: its tiles are the display."""
    new = _copy(state)
    new.revealed = state.revealed | 1 << pile
    new.display = state.piles[pile]
    new.phase = TAKE
    return seal(new, State)


# --- phase 2: take a token and open a shop --------------------------------------------------


def apply_take(state: State, seat: int, action: Take) -> tuple[State, list[Event]]:
    plan = _TAKE_PLANS.get(id(action))
    if plan is None or plan[0] is not action:
        plan = _take_plan(action)
    _, station, token_key, opened, remove, move_from = plan
    i = _display_index(state.display, token_key)
    if i is None:
        raise _not_displayed(action)
    board = state.board
    if state.supply[seat] and move_from is None:
        origin = None  # the usual take: a shop from the supply
    else:
        origin = _check_move(state, seat, station, move_from)
    shops = board[station]
    capacity = CAPACITY[station]
    if len(shops) < capacity or capacity == 1:
        if remove is not None:
            raise IllegalAction(
                "paris_paris.no_removal_choice",
                f"{action.station} has no choice of shop to remove: omit 'remove'",
                station=action.station,
            )
    elif remove is None:
        raise IllegalAction(
            "paris_paris.removal_required",
            f"{action.station} is full: choose whose shop to remove",
            station=action.station,
            seats=sorted(set(shops)),
        )
    elif remove not in shops:
        raise IllegalAction(
            "paris_paris.removal_not_there",
            f"seat {remove} has no shop on {action.station}",
            station=action.station,
            remove=remove,
            seats=sorted(set(shops)),
        )
    events = [opened[seat]]
    return take_token(state, seat, station, i, origin, remove, events), events


# By the id of a take: (the take, its station, its token (`TILE_TOKEN`), its `shop_opened`
# event by seat, its `remove` and `move_from`), what `apply_take` reads of it before the state,
# worked out once (events are values nobody writes). Keyed by id, checked by identity (the
# plan holds the take, so its id is not reused meanwhile): a take's own hash is a Python call.
# At most `_PLANS_KEPT` takes: one from outside may name any seat to `remove`.
_TAKE_PLANS: dict[int, tuple[Take, int, int, tuple[Event, ...], int | None, str | None]] = {}
_PLANS_KEPT = 4096


def _take_plan(action: Take) -> tuple[Take, int, int, tuple[Event, ...], int | None, str | None]:
    token = _TOKENS.get((action.station, action.colour))
    if token is None:
        raise _unknown_token(action)
    params = {"station": action.station, "colour": action.colour, "moved_from": action.move_from}
    opened = tuple(
        shared_event("shop_opened", {"seat": seat, **params}) for seat in range(MAX_SEATS)
    )
    plan = (action, *token, opened, action.remove, action.move_from)
    if len(_TAKE_PLANS) < _PLANS_KEPT:
        _TAKE_PLANS[id(action)] = plan
    return plan


def playout_take(state: State, seat: int, action: Take) -> State:
    """`apply_take`'s state for one of `legal_takes`, without checks or events: the AI's
    random playouts play millions of them and read neither."""
    station, token_key = _TOKENS[action.station, action.colour]
    i = _display_index(state.display, token_key)
    assert i is not None  # a legal take names a displayed token
    origin = None if action.move_from is None else STATION_INDEX[action.move_from]
    return take_token(state, seat, station, i, origin, action.remove, None)


def _display_index(display: tuple[int, ...], token_key: int) -> int | None:
    """Where the first displayed tile showing token `token_key` lies (None: not shown)."""
    i = 0
    for tile in display:
        if TILE_TOKEN[tile] == token_key:
            return i
        i += 1
    return None


def take_token(
    state: State,
    seat: int,
    station: int,
    i: int,
    origin: int | None,
    remove: int | None,
    events: list[Event] | None,
) -> State:
    """The state once `seat` has taken display tile `i` and opened a shop on its `station`
    (moved from `origin`, removing `remove`'s shop where that is the choice), the rest of
    the round played when it was the last take. A legal take only (`apply_take` checks);
    `events` gets the shop's removal and the round's end, unless None (AI playouts)."""
    new = _copy(state)
    players = state.players
    board = state.board
    new_board = list(board)
    shops = board[station]
    supply = list(state.supply)
    if origin is None:
        supply[seat] -= 1
    else:
        mine = board[origin]
        j = mine.index(seat)
        new_board[origin] = mine[:j] + mine[j + 1 :]
    capacity = CAPACITY[station]
    if len(shops) >= capacity:
        victim = shops[0] if capacity == 1 else remove
        assert victim is not None  # a full crossing needs `remove` (apply_take checks)
        j = shops.index(victim)
        shops = shops[:j] + shops[j + 1 :]
        if victim == seat or players == 2:
            supply[victim] += 1
            to = "supply"
        else:
            bag = list(state.bag)
            bag[victim] += 1
            new.bag = tuple(bag)
            to = "bag"
        if events is not None:
            events.append(_REMOVED[victim][station][seat][to == "bag"])
    new_board[station] = shops + (seat,)
    new.board = tuple(new_board)
    new.supply = tuple(supply)
    display = state.display
    new.display = display[:i] + display[i + 1 :]
    new.turn = (seat + 1) % players
    if len(display) == 2:
        end_round(new, events)
    return seal(new, State)


# The `shop_removed` events by removed seat, station, placing seat and destination (supply,
# bag), built once (events are values nobody writes).
_REMOVED = tuple(
    tuple(
        tuple(
            tuple(
                shared_event("shop_removed", {"seat": victim, "station": sid, "by": seat, "to": to})
                for to in ("supply", "bag")
            )
            for seat in range(MAX_SEATS)
        )
        for sid in STATION_IDS
    )
    for victim in range(MAX_SEATS)
)

# (station id, colour id) of every token that exists -> (station, TILE_TOKEN key): one lookup
# checks both names of a take.
_TOKENS: dict[tuple[str, str], tuple[int, int]] = {
    _TILE_NAMES[t]: (TILE_STATION[t], TILE_TOKEN[t]) for t in range(N_TILES)
}


def _unknown_token(action: Take) -> IllegalAction:
    """Why a take names no token of the game: its station, else its colour, else the pair."""
    _station(action.station)
    if action.colour not in COLOUR_INDEX:
        return IllegalAction(
            "paris_paris.unknown_colour", f"unknown colour {action.colour!r}", colour=action.colour
        )
    return _not_displayed(action)


def _not_displayed(action: Take) -> IllegalAction:
    return IllegalAction(
        "paris_paris.token_not_displayed",
        f"no {action.colour} token of {action.station} is displayed",
        station=action.station,
        colour=action.colour,
    )


def _station(name: str) -> int:
    """The number of the station an action names; a name the game does not know is refused."""
    station = STATION_INDEX.get(name)
    if station is None:
        raise IllegalAction(
            "paris_paris.unknown_station", f"unknown station {name!r}", station=name
        )
    return station


def _check_move(state: State, seat: int, station: int, move_from: str | None) -> int | None:
    """The station a shop moves from (2 players, empty supply), or None when not moving."""
    if state.supply[seat]:
        if move_from is not None:
            raise IllegalAction(
                "paris_paris.move_not_allowed",
                "you still have shops in your supply: omit 'move_from'",
            )
        return None
    if move_from is None:
        raise IllegalAction(
            "paris_paris.move_required",
            "your supply is empty: choose one of your shops to move ('move_from')",
        )
    origin = _station(move_from)
    if origin == station:
        raise IllegalAction(
            "paris_paris.move_same_station",
            "a shop must move to a different station",
            station=move_from,
        )
    if seat not in state.board[origin]:
        raise IllegalAction(
            "paris_paris.move_not_own", f"you have no shop on {move_from}", station=move_from
        )
    return origin

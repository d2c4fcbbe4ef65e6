"""The match state: one frozen slotted dataclass of ints and tuples.

`apply` never mutates: it writes the next state into a `Draft` copy and `seal`s it (much
faster than `dataclasses.replace` on this many fields). Locations, goods and tile numbers are
the indices of `board.py`. Everything hidden (screens, stack order, the removed tiles, the
end-game stack) lives here too; `views.py` decides who sees what.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games.core.contract import Event
from games.paris.board import ARC, BANK0, LM0, N_DISTRICTS, N_VALUES, SPACE_DISTRICT

# Phases: the step the seat `turn` must take now.
TILE = 0  # place the top tile of a stack of its choice
PLACE = 1  # ignore-districts variant: choose the district of the drawn tile
ACTION = 2  # the turn's one action (or free actions: trades, tile uses)
PAY = 3  # choose which tokens/tiles pay the resource price of the purchase
BONUS = 4  # after buying a 1/2/3: take a bonus tile from the track, or skip
PRESTIGE = 5  # after buying a landmark: cash in prestige on its symbols, or skip
VPTILE = 6  # a district reached 4 keys: place a VP tile, or skip
ENDGAME = 7  # browsing the end-game stack: pick one tile
AFTER = 8  # the action is done: free actions, then end the turn
OVER = 9
PHASE_NAMES = (
    "tile", "place", "action", "pay", "bonus", "prestige", "vp_tile", "end_game", "after",
    "over",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class State:
    # --- fixed at setup
    players: int
    ignore_districts: bool
    random_setup: bool
    first: int  # the first player, for the whole game
    removed: tuple[int, ...]  # building tiles back in the box unseen
    deal: tuple[tuple[int, ...], ...]  # the 3 stacks as dealt, top first (for `arrangement`)
    layout: tuple[int, ...]  # 36: the good dealt beside each building space
    track_numbers: tuple[int, ...]  # 30: the bonus number lying on each track space
    # --- the board
    stacks: tuple[tuple[int, ...], ...]  # building tiles left, top first
    spaces: tuple[int, ...]  # 36: the tile on each building space, -1 none yet
    tokens: tuple[int, ...]  # 36: the good still beside each space, -1 taken
    landmarks: tuple[int, ...]  # 8: the district of each landmark, -1 in the supply
    vp_tiles: tuple[int, ...]  # 6: the VP tile on each district, -1 none
    discarded: tuple[int, ...]  # ignore-districts variant: drawn tiles that fit nowhere
    track: tuple[int, ...]  # 30: bonus tiles left on each track space
    supply: tuple[int, ...]  # 3: resource tokens in the general supply
    endgame: tuple[int, ...]  # end-game tiles still in the stack (no order: it is browsed)
    # --- per seat
    keys: tuple[tuple[int, ...], ...]  # locations of keys on the board, sorted
    hand: tuple[int, ...]  # keys behind the screen
    reserve: tuple[int, ...]  # keys in the general reserve (bonus 13/14)
    meeples: tuple[int, ...]  # bonus track position, 0 = before space 1
    vp: tuple[int, ...]
    francs: tuple[int, ...]
    goods: tuple[tuple[int, ...], ...]  # 6 token counts: wood, marble, gold, 3 prestige
    bonus: tuple[tuple[int, ...], ...]  # bonus tiles held, sorted numbers
    half: tuple[int, ...]  # bonus tiles with two goods of which one is spent (board.HALF_BIT)
    egt: tuple[tuple[int, ...], ...]  # end-game tiles held
    used_bonus: tuple[tuple[int, ...], ...]  # used bonus tiles, face up beside the screen
    used_egt: tuple[tuple[int, ...], ...]  # used end-game tiles
    # --- the turn
    phase: int
    turn: int
    round: int  # 1-based
    final_turns: int  # -1 before the end is triggered; then turns still to play after this
    pending: tuple[int, ...]  # the step's context (see the rule modules)


class Draft:
    """The next `State` under construction: the same slots, but writable.

    `draft(state)` copies every field of a state into a fresh draft with plain attribute
    stores; `apply` writes the fields that change (`d.francs = ...`) and reads the others as
    they will be (a draft reads like a State: the rule functions take either); `seal(d)`
    turns the draft into a `State` by `__class__` assignment (allowed: both classes have
    exactly the same slot layout). A draft is private to one `apply` call and is sealed at
    most once, before anyone else sees it: no State ever changes. About 6x cheaper than
    `dataclasses.replace`, and no dict of changes to build.
    """

    __slots__ = State.__slots__  # type: ignore[attr-defined]


_new = object.__new__
_FIELDS = tuple(State.__dataclass_fields__)
assert Draft.__slots__ == _FIELDS


def draft(s: State) -> Any:
    """A writable copy of `s` (a `Draft`), to be sealed into the next State."""
    o = _new(Draft)
    o.players = s.players
    o.ignore_districts = s.ignore_districts
    o.random_setup = s.random_setup
    o.first = s.first
    o.removed = s.removed
    o.deal = s.deal
    o.layout = s.layout
    o.track_numbers = s.track_numbers
    o.stacks = s.stacks
    o.spaces = s.spaces
    o.tokens = s.tokens
    o.landmarks = s.landmarks
    o.vp_tiles = s.vp_tiles
    o.discarded = s.discarded
    o.track = s.track
    o.supply = s.supply
    o.endgame = s.endgame
    o.keys = s.keys
    o.hand = s.hand
    o.reserve = s.reserve
    o.meeples = s.meeples
    o.vp = s.vp
    o.francs = s.francs
    o.goods = s.goods
    o.bonus = s.bonus
    o.half = s.half
    o.egt = s.egt
    o.used_bonus = s.used_bonus
    o.used_egt = s.used_egt
    o.phase = s.phase
    o.turn = s.turn
    o.round = s.round
    o.final_turns = s.final_turns
    o.pending = s.pending
    return o


def seal(d: Any) -> State:
    """The draft `d` as a State (in place: `d` must not be written afterwards)."""
    d.__class__ = State
    return d


def evolve(s: State, **kw: Any) -> State:
    """`s` with the fields in `kw` replaced, as a new State (like `dataclasses.replace`;
    tests/paris/test_views_events.py checks that)."""
    d = draft(s)
    for name, value in kw.items():
        setattr(d, name, value)
    return seal(d)


class _EventDraft:
    """An `Event` under construction (the same slots, writable): see `event`."""

    __slots__ = ("kind", "params", "to")


def _event(kind: str, params: dict[str, Any], to: tuple[int, ...] | None = None) -> Event:
    e = _new(_EventDraft)
    e.kind = kind
    e.params = params
    e.to = to
    e.__class__ = Event  # type: ignore[assignment]
    return e  # type: ignore[return-value]


# `Event(kind, params, to)`, built like `seal` builds states (twice as fast as the frozen
# dataclass `__init__`); the plain constructor if `Event` ever gets other slots.
event = _event if getattr(Event, "__slots__", None) == _EventDraft.__slots__ else Event


def shared_event(table: dict, key: Any, kind: str, params: dict[str, Any]) -> Event:
    """The public event `kind` with `params`, kept in the memo `table` under `key` (what
    determines the params) to be handed out again: events are frozen and these params
    read-only (`MappingProxyType`), so one instance serves every match. The frequent events
    of a turn (a sale, the end of a turn…) come from such tables."""
    return remember(table, key, event(kind, MappingProxyType(params)))


def put(values: tuple, i: int, value: Any) -> tuple:
    """`values` with item `i` replaced."""
    out = list(values)
    out[i] = value
    return tuple(out)


def add(values: tuple[int, ...], i: int, amount: int) -> tuple[int, ...]:
    """`values` with `amount` added to item `i`."""
    out = list(values)
    out[i] += amount
    return tuple(out)


# --- memo tables -------------------------------------------------------------------------
#
# The hot path remembers what pure functions return for small immutable arguments (a seat's
# keys, goods and tiles, the supply…): the same values come back all game long. A table only
# ever holds `f(key)` for its function `f`, so what is remembered never changes a result
# (tests/paris/test_legality.py checks it against `forget`). A few one-entry memos compare
# tuples by identity instead (the states of one turn share them); they keep the tuple alive,
# so an identity can never be reused while remembered.

_MEMO_LIMIT = 1 << 14
_MEMOS: list[dict] = []


def memo() -> dict:
    """A new, registered memo table."""
    table: dict = {}
    _MEMOS.append(table)
    return table


def remember(table: dict, key: Any, value: Any) -> Any:
    """Store `value` as `table[key]` and return it; past `_MEMO_LIMIT` entries a table
    starts afresh."""
    if len(table) >= _MEMO_LIMIT:
        table.clear()
    table[key] = value
    return value


def forget() -> None:
    """Empty every memo table."""
    for table in _MEMOS:
        table.clear()


_KEY_DISTRICTS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = memo()


def _key_districts(keys: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(keys on buildings per district, the landmarks under keys) of one seat's keys."""
    counts = [0] * N_DISTRICTS
    lms = []
    for k in keys:
        if k < LM0:
            counts[SPACE_DISTRICT[k]] += 1
        elif k < BANK0:
            lms.append(k - LM0)
    return tuple(counts), tuple(lms)


def district_keys(state: State, d: int) -> int:
    """Keys on the buildings and landmarks of district `d` (all players; doubles count)."""
    landmarks = state.landmarks
    n = 0
    for keys in state.keys:
        found = _KEY_DISTRICTS.get(keys)
        if found is None:
            found = remember(_KEY_DISTRICTS, keys, _key_districts(keys))
        n += found[0][d]
        for lm in found[1]:
            if landmarks[lm] == d:
                n += 1
    return n


def loc_district(state: State, loc: int) -> int:
    """The district of a key location (-1 for the Arc)."""
    if loc < LM0:
        return loc // N_VALUES
    if loc < BANK0:
        return state.landmarks[loc - LM0]
    if loc < ARC:
        return loc - BANK0
    return -1

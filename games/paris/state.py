"""The match state: one frozen slotted dataclass of ints and tuples.

`apply` never mutates: it writes the next state into a `Draft` copy and `seal`s it (much
faster than `dataclasses.replace` on this many fields). Locations, goods and tile numbers are
the indices of `board.py`. Everything hidden (screens, stack order, the removed tiles, the
end-game stack) lives here too; `views.py` decides who sees what.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from games.core.contract import Event, shared_event
from games.core.drafts import copier, scratch_class, scratch_copiers, state_class
from games.core.drafts import seal as seal_as
from games.paris.board import ARC, BANK0, LM0, N_VALUES

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
    "tile",
    "place",
    "action",
    "pay",
    "bonus",
    "prestige",
    "vp_tile",
    "end_game",
    "after",
    "over",
)


@state_class
class Setup:
    """What the deal fixed for the whole game: one field of `State`, so that the copy of a
    state that every move makes has eight fields fewer to copy. `State` reads each of them
    as its own (`state.players`…); the rules read them as `state.setup.players`…"""

    players: int
    ignore_districts: bool
    random_setup: bool
    first: int  # the first player, for the whole game
    removed: tuple[int, ...]  # building tiles back in the box unseen
    deal: tuple[tuple[int, ...], ...]  # the 3 stacks as dealt, top first (for `arrangement`)
    layout: tuple[int, ...]  # 36: the good dealt beside each building space
    track_numbers: tuple[int, ...]  # 30: the bonus number lying on each track space


SETUP_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Setup))
_SETUP_NAMES = frozenset(SETUP_FIELDS)
_setup_copy = copier(Setup)


def dealt(setup: Setup, removed: tuple[int, ...], deal: tuple[tuple[int, ...], ...]) -> Setup:
    """`setup` with the tiles `removed` and the stacks `deal` (a determinisation's deal): a
    slot copy (`games.core.drafts.copier`), not `dataclasses.replace` (a search makes one
    every iteration)."""
    new = _setup_copy(setup)
    new.removed = removed
    new.deal = deal
    return seal_as(new, Setup)


@state_class
class State:
    setup: Setup  # --- fixed at setup
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

    def __init__(self, setup: Setup | None = None, **fields: Any) -> None:
        """The fields by name, the setup's as a `Setup` or one by one (`players=`…: as a
        State had them, so `dataclasses.replace(state, removed=…)` still works)."""
        given = {name: fields.pop(name) for name in SETUP_FIELDS if name in fields}
        if setup is None:
            setup = Setup(**given)
        elif given:
            setup = dataclasses.replace(setup, **given)
        object.__setattr__(self, "setup", setup)
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def ignore_districts(self) -> bool:
        return self.setup.ignore_districts

    @property
    def random_setup(self) -> bool:
        return self.setup.random_setup

    @property
    def first(self) -> int:
        return self.setup.first

    @property
    def removed(self) -> tuple[int, ...]:
        return self.setup.removed

    @property
    def deal(self) -> tuple[tuple[int, ...], ...]:
        return self.setup.deal

    @property
    def layout(self) -> tuple[int, ...]:
        return self.setup.layout

    @property
    def track_numbers(self) -> tuple[int, ...]:
        return self.setup.track_numbers


# Every field of a State as the snapshot names them: the setup's one by one, then the rest.
FLAT_FIELDS: tuple[str, ...] = SETUP_FIELDS + tuple(
    f.name for f in dataclasses.fields(State) if f.name != "setup"
)


# The next state is built through a writable twin with the same slots (`games.core.drafts`,
# the convention of every engine): `draft(state)`, write the fields that change, `seal(d)`.
# A draft reads like a State, so the rule functions take either; it is annotated `Draft`.
Draft = State


# A writable copy of a State, to be sealed into the next State (the copier itself: every
# move drafts once). A scratch state (`Scratch`: an AI playout's, `Paris.playout`) is its
# own draft, so a playout's moves write one object in place instead of copying 34 fields.
draft: Callable[[State], Draft]
to_scratch: Callable[[State], Any]
draft, to_scratch = scratch_copiers(State)
Scratch: type = scratch_class(State)


def seal(d: Draft) -> State:
    """The draft `d` as a State (in place: `d` must not be written afterwards; what
    `games.core.drafts.seal` does, inline: every move seals once). A scratch state stays
    one (see `Paris.playout`)."""
    if d.__class__ is not Scratch:
        d.__class__ = State
    return d


def evolve(s: State, **kw: Any) -> State:
    """`s` with the fields in `kw` replaced, as a new State (like `dataclasses.replace`;
    tests/paris/test_views_events.py checks that); a scratch state, in place. The setup's
    fields may be given one by one too (`deal=`…)."""
    new = draft(s)
    if not _SETUP_NAMES.isdisjoint(kw):
        given = {name: kw.pop(name) for name in SETUP_FIELDS if name in kw}
        new.setup = dataclasses.replace(s.setup, **given)
    for name, value in kw.items():
        setattr(new, name, value)
    return seal(new)


def remembered_event(table: Memo[Any, Event], key: Any, kind: str, params: dict[str, Any]) -> Event:
    """The public event `kind` with `params`, kept in the memo `table` under `key` (what
    determines the params) to be handed out again (`games.core.contract.shared_event`: its
    params read-only), so one instance serves every match. The frequent events
    of a turn with few distinct contents (a sale, the end of a turn…) come from such tables
    (a few thousand objects in all: more long-lived objects would wake the collector's full
    passes)."""
    return remember(table, key, shared_event(kind, params))


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


def add_in(
    values: tuple[tuple[int, ...], ...], i: int, j: int, amount: int
) -> tuple[tuple[int, ...], ...]:
    """`values` with `amount` added to item `j` of item `i` (`put(values, i, add(values[i],
    j, amount))` in one call: a seat's goods on every trade)."""
    inner = list(values[i])
    inner[j] += amount
    out = list(values)
    out[i] = tuple(inner)
    return tuple(out)


# --- memo tables -------------------------------------------------------------------------
#
# The hot path remembers what pure functions return for small immutable arguments (a seat's
# keys, goods and tiles, the supply…): the same values come back all game long. A table only
# ever holds `f(key)` for its function `f`, so what is remembered never changes a result
# (tests/paris/test_legality.py checks it against `forget`). Keys and values are tuples of
# ints and strings where possible (the garbage collector soon stops tracking those). A few
# one-entry memos compare tuples by identity instead (the states of one turn share them);
# they keep the tuple alive, so an identity can never be reused while remembered.


K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """A memo table: a dict that starts afresh past `limit` entries (small tables: the
    garbage collector walks what they keep)."""

    __slots__ = ("limit",)
    limit: int


_MEMOS: list[Memo[Any, Any]] = []


def memo(limit: int = 1 << 11) -> Any:
    """A new, registered memo table."""
    table: Memo[Any, Any] = Memo()
    table.limit = limit
    _MEMOS.append(table)
    return table


def remember(table: Memo[K, V], key: K, value: V) -> V:
    """Store `value` as `table[key]` and return it."""
    if len(table) >= table.limit:
        table.clear()
    table[key] = value
    return value


def forget() -> None:
    """Empty every memo table."""
    for table in _MEMOS:
        table.clear()


def district_keys(state: State, d: int) -> int:
    """Keys on the buildings and landmarks of district `d` (all players; doubles count).
    A seat's keys are sorted, so those on the district's buildings are one run of them
    (`bisect`, no walk over the keys); a landmark's are counted where it lies."""
    lo = d * N_VALUES
    hi = lo + N_VALUES
    landmarks = state.landmarks
    n = 0
    if d in landmarks:
        spots = [LM0 + lm for lm, where in enumerate(landmarks) if where == d]
        for keys in state.keys:
            n += bisect_left(keys, hi) - bisect_left(keys, lo)
            for spot in spots:
                n += keys.count(spot)
        return n
    for keys in state.keys:
        n += bisect_left(keys, hi) - bisect_left(keys, lo)
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

"""The match state: one frozen slotted dataclass of ints and tuples.

`apply` never mutates: it builds a new `State` with `evolve` (one direct constructor call,
faster than `dataclasses.replace` on this many fields). Locations, goods and tile numbers are
the indices of `board.py`. Everything hidden (screens, stack order, the removed tiles, the
end-game stack) lives here too; `views.py` decides who sees what.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.paris.board import ARC, BANK0, LM0, N_LANDMARKS, N_VALUES

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


_new = object.__new__
_FIELDS = tuple(State.__dataclass_fields__)
# The slot descriptor of every field, in order; `evolve` names each one.
_SETTERS = tuple(State.__dict__[name].__set__ for name in _FIELDS)
_SETTER = dict(zip(_FIELDS, _SETTERS, strict=True))
(
    _set_players,
    _set_ignore_districts,
    _set_random_setup,
    _set_first,
    _set_removed,
    _set_deal,
    _set_layout,
    _set_track_numbers,
    _set_stacks,
    _set_spaces,
    _set_tokens,
    _set_landmarks,
    _set_vp_tiles,
    _set_discarded,
    _set_track,
    _set_supply,
    _set_endgame,
    _set_keys,
    _set_hand,
    _set_reserve,
    _set_meeples,
    _set_vp,
    _set_francs,
    _set_goods,
    _set_bonus,
    _set_half,
    _set_egt,
    _set_used_bonus,
    _set_used_egt,
    _set_phase,
    _set_turn,
    _set_round,
    _set_final_turns,
    _set_pending,
) = _SETTERS


def evolve(s: State, **kw: Any) -> State:
    """`s` with the fields in `kw` replaced, as a new State.

    The hot path (every action builds one or two states). Instead of the frozen dataclass
    `__init__`, which sets each of the 34 slots through `object.__setattr__`, the new
    object's slots are filled through their descriptors, one line per field: about 4x faster
    than `dataclasses.replace`. Only the fresh object is written, before anyone can see it;
    no existing State ever changes. (tests/paris/test_state.py checks it against
    `dataclasses.replace`.)
    """
    o = _new(State)
    _set_players(o, s.players)
    _set_ignore_districts(o, s.ignore_districts)
    _set_random_setup(o, s.random_setup)
    _set_first(o, s.first)
    _set_removed(o, s.removed)
    _set_deal(o, s.deal)
    _set_layout(o, s.layout)
    _set_track_numbers(o, s.track_numbers)
    _set_stacks(o, s.stacks)
    _set_spaces(o, s.spaces)
    _set_tokens(o, s.tokens)
    _set_landmarks(o, s.landmarks)
    _set_vp_tiles(o, s.vp_tiles)
    _set_discarded(o, s.discarded)
    _set_track(o, s.track)
    _set_supply(o, s.supply)
    _set_endgame(o, s.endgame)
    _set_keys(o, s.keys)
    _set_hand(o, s.hand)
    _set_reserve(o, s.reserve)
    _set_meeples(o, s.meeples)
    _set_vp(o, s.vp)
    _set_francs(o, s.francs)
    _set_goods(o, s.goods)
    _set_bonus(o, s.bonus)
    _set_half(o, s.half)
    _set_egt(o, s.egt)
    _set_used_bonus(o, s.used_bonus)
    _set_used_egt(o, s.used_egt)
    _set_phase(o, s.phase)
    _set_turn(o, s.turn)
    _set_round(o, s.round)
    _set_final_turns(o, s.final_turns)
    _set_pending(o, s.pending)
    for name, value in kw.items():
        _SETTER[name](o, value)
    return o


def cur(state: State, changes: dict, name: str) -> Any:
    """Field `name` of `state` as `changes` (not yet applied with `evolve`) will leave it."""
    return changes[name] if name in changes else getattr(state, name)


def put(values: tuple, i: int, value: Any) -> tuple:
    """`values` with item `i` replaced."""
    return values[:i] + (value,) + values[i + 1 :]


def add(values: tuple[int, ...], i: int, amount: int) -> tuple[int, ...]:
    return values[:i] + (values[i] + amount,) + values[i + 1 :]


def district_keys(state: State, d: int) -> int:
    """Keys on the buildings and landmarks of district `d` (all players; doubles count)."""
    lo, hi = d * N_VALUES, (d + 1) * N_VALUES
    lms = {LM0 + lm for lm in range(N_LANDMARKS) if state.landmarks[lm] == d}
    return sum(1 for keys in state.keys for k in keys if lo <= k < hi or k in lms)


def loc_district(state: State, loc: int) -> int:
    """The district of a key location (-1 for the Arc)."""
    if loc < LM0:
        return loc // N_VALUES
    if loc < BANK0:
        return state.landmarks[loc - LM0]
    if loc < ARC:
        return loc - BANK0
    return -1

"""The match state: one frozen, slotted dataclass of ints and tuples, rebuilt on every apply.

Cards are codes (see data.py): wagon types 0..10, action cards 11..15. Hands and tableaux
are sorted tuples of codes, since cards of one kind are interchangeable; the discard pile is
a count per code (it is only ever reshuffled, and a reshuffle sorts it first). City cards are
codes into `data.ALL_CITIES`.

A city line is the city of a row plus two sides, each a tuple of wagon types listed from the
city outwards (index 0 lies next to the city card). Rows are numbered 0..3 from the top of
the column, which is what «друг над другом» (action cards 2 and 3) refers to.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from games.core.drafts import copier, state_class

# Phases: what the seat(s) in `to_act` decide now.
PLAY = 1  # the active player chooses one of the four actions of a turn
SWAP_FIRST = 2  # action card 1: the active player picks the first wagon of the swap
SWAP_SECOND = 3  # action card 1: ... and the second one (`pending` holds the first)
CHAIN = 4  # action card 4: `pending` = (direction, decider, partner); the decider acts
CLAIM = 5  # end of the active player's turn: claim a city or end the turn
OVER = 6
PHASE_NAMES = {
    PLAY: "play",
    SWAP_FIRST: "swap_first",
    SWAP_SECOND: "swap_second",
    CHAIN: "chain",
    CLAIM: "claim",
    OVER: "over",
}

LEFT, RIGHT = 0, 1
SIDE_NAMES = ("left", "right")
SIDE_INDEX = {"left": LEFT, "right": RIGHT}
NO_CITY = -1

# A spot of the play area (action card 1), as kept in `pending`:
# (SPOT_LINE, row, side, index) or (SPOT_TABLEAU, seat, wagon type).
SPOT_LINE, SPOT_TABLEAU = 0, 1


@state_class  # frozen; drafted only where a determinisation redraws the reshuffle seed
class Config:
    """What never changes during a match: seats, options, the initial deal."""

    players: int
    teams: bool
    multiple_claims: bool
    any_rows: bool  # action cards 2/3: columns may skip rows
    split: str  # the wagon split, "8x11" or "11x8"
    home_name: str | None  # the Home City's name when it is in play
    home_country: str | None
    reshuffle_seed: int  # reshuffle k uses derive_rng(reshuffle_seed, "reshuffle", k)
    deal_deck: tuple[int, ...]  # the shuffled deck before the deal, top first
    deal_cities: tuple[int, ...]  # the shuffled cities: rows 0..3, then the city deck


@state_class
class State:
    cfg: Config
    deck: tuple[int, ...]  # draw pile, top first
    discard: tuple[int, ...]  # discard pile: count per card code
    reshuffles: int  # how many times the discard pile became the deck
    hands: tuple[tuple[int, ...], ...]  # per seat, sorted card codes (secret)
    tableaux: tuple[tuple[int, ...], ...]  # per seat, sorted wagon types (public)
    cities: tuple[int, ...]  # per row, the city code or NO_CITY
    lefts: tuple[tuple[int, ...], ...]  # per row, wagons left of the city, nearest first
    rights: tuple[tuple[int, ...], ...]  # per row, wagons right of the city, nearest first
    city_deck: tuple[int, ...]  # face-down cities, top first (secret order)
    won: tuple[tuple[int, ...], ...]  # per seat, the cities claimed, in order
    removed: tuple[int, ...]  # cities discarded by action card 5 (out of the game)
    turn: int  # the active player
    phase: int
    pending: tuple[int, ...]  # the step in progress (see the phases above)
    progress: bool  # this turn is not idle (for the stalemate rule)
    claims: int  # cities claimed this turn
    repeats: tuple[int, ...]  # stalemate: repeated idle turns per seat since the last progress
    seen: tuple[tuple[tuple[int, ...], ...], ...]  # stalemate: per seat, its tableaux seen
    turns: int  # turns completed
    resets: int  # times the stalemate rule fired


def line(state: State, row: int) -> tuple[int, ...]:
    """Every wagon of a row's line, left side then right side."""
    return state.lefts[row] + state.rights[row]


def team_of(cfg: Config, seat: int) -> int | None:
    """Partners sit alternately: seats 0 and 2 form team 0, seats 1 and 3 team 1."""
    return seat % 2 if cfg.teams else None


# The next state is built through a writable twin with the same slots (`games.core.drafts`,
# the convention of every engine): `d = draft(state)`, write the fields that change,
# `seal(d, State)`. A draft reads like a State; it is annotated `Draft`.
Draft = State

# The copier of `games.core.drafts` for this one class (every move drafts once or more).
draft: Callable[[State], Draft] = copier(State)


# The three helpers below rebuild a short tuple through one list: about half the cost of
# slicing and joining (three new tuples), and every move calls them several times.


def put(values: tuple, index: int, value: Any) -> tuple:
    """`values` with `values[index]` replaced (`index` is a valid, non-negative index)."""
    items = list(values)
    items[index] = value
    return tuple(items)


def without(cards: tuple[int, ...], code: int) -> tuple[int, ...]:
    """A sorted tuple with one copy of `code` removed (the caller checked it is there)."""
    items = list(cards)
    items.remove(code)
    return tuple(items)


def with_card(cards: tuple[int, ...], code: int) -> tuple[int, ...]:
    """A sorted tuple with one more `code`."""
    items = list(cards)
    insort(items, code)
    return tuple(items)

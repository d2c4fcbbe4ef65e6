"""The match state: one frozen, slotted dataclass of tuples and ints, copied on every apply.

Bitmasks (`kinds`, `free`) duplicate what `cells` and `occ` say so that legality checks are a
few integer operations; the helpers below keep them in step.
"""

from __future__ import annotations

from typing import Any

from games.city_of_light.data import CHIMNEYS_PER_PLAYER, TOKENS_PER_PLAYER
from games.core.contract import Result
from games.core.drafts import copier, seal, state_class

# Cell kinds in `cells` (seat numbers double as colour kinds: 0 orange, 1 blue).
NO_TILE = -1
MIXED = 2
LIGHT = 3
KIND_NAMES = {NO_TILE: None, 0: "orange", 1: "blue", MIXED: "mixed", LIGHT: "light"}

# Occupants in `occ`: -1 free, 0..11 a building (index into BUILDING_KEYS), then the rest.
FREE = -1
GARDEN = 12  # Jardin des Plantes: a size-2 building with its own slot in `built`
ANNEX = 13
PAINTER = 14
DANCER = 15
STATUE = 16
FOUNTAIN = 17
LAMP = 18
GRAND = 19
BUILDING_SLOTS = 13  # 12 buildings + the garden
PIECE_NAMES = {
    GARDEN: "garden",
    ANNEX: "annex",
    PAINTER: "painter",
    DANCER: "dancer",
    STATUE: "statue",
    FOUNTAIN: "fountain",
    LAMP: "streetlight",
    GRAND: "large_streetlight",
}

PHASE_TILES = 1
PHASE_BUILD = 2
PHASE_OVER = 3
PHASE_NAMES = {PHASE_TILES: "tiles", PHASE_BUILD: "build", PHASE_OVER: "over"}  # in views


@state_class
class State:
    # options that shape play
    hand_size: int
    metro_window: str  # "any_later_turn" | "next_turn"
    grande_pattern: str
    tiebreak: str  # "free_cells" (Russian) | "unbuilt_cells" (German)
    fountain_cells: int  # 2 (Russian: a 1×2 fountain) | 1 (German: one cell)
    # postcards in play and the token on each: -1 face up, else the seat that used it
    cards: tuple[str, ...]
    tokens: tuple[int, ...]
    phase: int
    turn: int
    # tiles: the dealt order (for `arrangement`), what is left of each stack, each hand
    deal: tuple[tuple[int, ...], ...]
    stacks: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    squares: tuple[tuple[int, int, int] | None, ...]  # 16 squares: (owner, tile, rotation)
    cells: tuple[int, ...]  # 64 cell kinds
    kinds: tuple[int, int, int, int]  # bitmask of cells per kind
    occ: tuple[int, ...]  # 64 occupants
    free: int  # bitmask: a tile and no piece
    supply: tuple[int, ...]
    reserves: tuple[tuple[int, ...], ...]
    built: tuple[tuple[int, tuple[int, ...]] | None, ...]  # 13 slots: (owner, cells)
    annex: tuple[int, int] | None  # (building slot it extends, cell)
    statue_facing: str | None
    chartier_cell: int  # where the mixed-colour token lies, -1
    metro: int  # seat with a pending Metropolitain, -1
    chartier: int  # seat holding the unused Chartier token, -1
    first_done: int  # seat that placed all its tiles first, -1
    result: Result | None = None  # the result once the match is over

    def replace(self, **changes: Any) -> State:
        """The next state, with `changes` (built through a draft: games.core.drafts)."""
        new = draft(self)
        for name, value in changes.items():
            setattr(new, name, value)
        return seal(new, State)


draft = copier(State)  # a writable copy of a state, for the rules to fill in (then `seal`)


def tokens_left(state: State, seat: int) -> int:
    return TOKENS_PER_PLAYER - state.tokens.count(seat)


def chimneys_left(state: State, seat: int) -> int:
    """Chimneys not yet on a building (the garden takes one too)."""
    built = state.built
    known, left = _chimneys[0]
    if known is not built:  # `built` is shared by every state until the next building
        used = [e[0] for e in built if e is not None]
        left = (CHIMNEYS_PER_PLAYER - used.count(0), CHIMNEYS_PER_PLAYER - used.count(1))
        _chimneys[0] = (built, left)
    return left[seat]


# The last `built` counted and the chimneys it leaves each seat, as one tuple (one write, so
# threads never pair one with another's count): a pure cache, asked several times a move.
_chimneys: list[tuple[tuple | None, tuple[int, int]]] = [(None, (0, 0))]


def activated_by(state: State, card: str) -> int:
    """The seat whose token lies on `card`, or -1 (also when the card is not in play)."""
    try:
        return state.tokens[state.cards.index(card)]
    except ValueError:
        return -1


def allowed_mask(state: State, seat: int) -> int:
    """Free cells of the seat's colour or mixed: where a building may normally stand."""
    k = state.kinds
    return state.free & (k[seat] | k[MIXED])


def own_free_mask(state: State, seat: int) -> int:
    return state.free & state.kinds[seat]


def occupy(state: State, cells: tuple[int, ...] | list[int], code: int) -> tuple[tuple, int]:
    """New (occ, free) with `cells` taken by `code`."""
    occ = list(state.occ)
    free = state.free
    for c in cells:
        occ[c] = code
        free &= ~(1 << c)
    return tuple(occ), free


def piece_cell(state: State, code: int) -> int:
    """The (first) cell holding piece `code`, or -1."""
    try:
        return state.occ.index(code)
    except ValueError:
        return -1


def building_cells(state: State, slot: int) -> tuple[int, ...]:
    """A placed building's cells, including the annex when it extends this building."""
    entry = state.built[slot]
    if entry is None:
        return ()
    if state.annex is not None and state.annex[0] == slot:
        return entry[1] + (state.annex[1],)
    return entry[1]

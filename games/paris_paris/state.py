"""The match state: one slotted dataclass of ints and tuples, copied field by field on apply.

Why so plain: benchmarks play well over a thousand games a second, so `apply` builds a new
`State` with `clone()` (a positional constructor call) and replaces only the tuples it
changes; nothing is ever mutated in place, so earlier states stay valid for AIs and replays.
Stations, colours and tiles are the indices of `board.py`.
"""

from __future__ import annotations

from dataclasses import dataclass

# Phases.
REVEAL = "reveal"  # the first player must reveal a pile
TAKE = "take"  # `turn` must take a displayed token and open a shop
OVER = "over"  # final excursions and the bag have been scored


@dataclass(slots=True)
class State:
    """Everything about a match, public and hidden (views decide who sees what)."""

    players: int
    piles: tuple[tuple[int, ...], ...]  # tile indices per pile, as dealt (never changes)
    revealed: int  # bit mask of the piles already revealed
    markers: tuple[int, ...]  # secret final-excursion colour per seat
    face_up: int | None  # 2 players: the leftover marker shown face up
    board: tuple[tuple[int, ...], ...]  # per station, the owner seat of each shop, oldest first
    supply: tuple[int, ...]  # shops left in each seat's supply
    bag: tuple[int, ...]  # shops of each seat in the bag (3-4 players)
    scores: tuple[int, ...]
    waiting: int  # bit mask of the colours waiting on the P spaces
    first: int  # the first player (holder of the bus)
    turn: int  # seat to act
    phase: str
    display: tuple[int, ...]  # tile indices revealed and not yet taken
    round: int  # 1-based number of the current round
    visit_points: tuple[int, ...]
    excursion_points: tuple[int, ...]
    final_points: tuple[int, ...]
    bag_points: tuple[int, ...]

    def clone(self) -> State:
        """A shallow copy; the caller replaces the fields it changes with new tuples."""
        return State(
            self.players,
            self.piles,
            self.revealed,
            self.markers,
            self.face_up,
            self.board,
            self.supply,
            self.bag,
            self.scores,
            self.waiting,
            self.first,
            self.turn,
            self.phase,
            self.display,
            self.round,
            self.visit_points,
            self.excursion_points,
            self.final_points,
            self.bag_points,
        )

    def piles_left(self) -> int:
        return len(self.piles) - self.revealed.bit_count()

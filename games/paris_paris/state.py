"""The match state: one frozen, slotted dataclass of ints and tuples.

`apply` fills in a draft of the next `State` and seals it (`games.core.drafts`); it never
touches the state it was given, so earlier states stay valid for AIs, previews and replays.
Stations, colours and tiles are the indices of `board.py`.
"""

from __future__ import annotations

from games.core.drafts import state_class

# Phases (the views name them: PHASE_NAMES).
REVEAL = 1  # the first player must reveal a pile
TAKE = 2  # `turn` must take a displayed token and open a shop
OVER = 3  # final excursions and the bag have been scored
PHASE_NAMES = {REVEAL: "reveal", TAKE: "take", OVER: "over"}


@state_class
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
    # The seat to act: in REVEAL it is always `first` (a round starts with the first player),
    # so `PhasedGame.to_act` reads it inline instead of calling an override every move.
    turn: int
    phase: int
    display: tuple[int, ...]  # tile indices revealed and not yet taken
    round: int  # 1-based number of the current round
    visit_points: tuple[int, ...]
    excursion_points: tuple[int, ...]
    final_points: tuple[int, ...]
    bag_points: tuple[int, ...]

    def piles_left(self) -> int:
        return len(self.piles) - self.revealed.bit_count()

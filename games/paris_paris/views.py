"""What each audience may see, as pydantic models the Discord layer renders.

Secrets: each seat's final-excursion marker and the bag's contents per player. The public view
shows neither until the game is over (then the final excursions have revealed the markers and
the bag has been scored, so both appear). The bag's total size is public (one sees shops go
in), its split by player is not.

Supply counts: with 3-4 players supply + board + bag = 19 for every seat, and the board is
public, so another seat's supply count would reveal how many of its shops are in the bag.
Other seats' supplies are therefore shown only with 2 players, where there is no bag and the
count follows from the board anyway. A seat's own supply is always in its own view.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.core.views import View
from games.paris_paris.board import STATION_IDS, TILE_COLOUR, TILE_STATION
from games.paris_paris.data import COLOURS
from games.paris_paris.round_end import final_result, waiting_colours
from games.paris_paris.scoring import shops_on_board
from games.paris_paris.state import OVER, PHASE_NAMES, REVEAL, State


class Token(BaseModel):
    """A displayed station token: the station and the line colour printed on it."""

    station: str
    colour: str


class ParisParisView(View):
    """The table as `seat` sees it: what everybody sees, plus, in a seat's view (`seat` not
    None), its own marker and supply. `phase`: 'reveal', 'take' or 'over'."""

    round: int = Field(description="1-based number of the current (or last) round")
    rounds: int = Field(description="total number of rounds (= number of piles)")
    first_player: int = Field(description="seat holding the bus")
    board: dict[str, list[int]] = Field(description="station id -> owner seats of its shops")
    display: list[Token] = Field(description="tokens revealed this round and not yet taken")
    piles: list[int] = Field(description="numbers of the piles still face down")
    piles_left: int
    waiting: list[str] = Field(description="colours of the tokens waiting on the P spaces")
    scores: list[int]
    shops_on_board: list[int] = Field(description="per seat")
    bag_size: int = Field(description="shops in the bag, all players together")
    face_up_marker: str | None = Field(description="2 players: the marker shown face up")
    supplies: list[int] | None = Field(
        description="shops in each seat's supply; 2 players only (see module docstring)"
    )
    markers: list[str] | None = Field(
        default=None, description="everybody's final-excursion marker, once the game is over"
    )
    bag: list[int] | None = Field(
        default=None, description="shops of each seat in the bag, once the game is over"
    )
    winners: list[int] | None = Field(default=None, description="once the game is over")
    marker: str | None = Field(
        default=None, description="this seat's secret final-excursion line colour"
    )
    supply: int | None = Field(default=None, description="shops left in this seat's supply")


def public_fields(state: State) -> dict[str, Any]:
    over = state.phase == OVER
    players = state.players
    to_act = [] if over else [state.first if state.phase == REVEAL else state.turn]
    fields: dict[str, Any] = {
        "players": players,
        "round": state.round,
        "rounds": len(state.piles),
        "phase": PHASE_NAMES[state.phase],
        "first_player": state.first,
        "to_act": to_act,
        "board": {STATION_IDS[s]: list(shops) for s, shops in enumerate(state.board)},
        "display": [
            Token(station=STATION_IDS[TILE_STATION[t]], colour=COLOURS[TILE_COLOUR[t]])
            for t in state.display
        ],
        "piles": [i for i in range(len(state.piles)) if not state.revealed >> i & 1],
        "piles_left": state.piles_left(),
        "waiting": waiting_colours(state.waiting),
        "scores": list(state.scores),
        "shops_on_board": shops_on_board(state.board, players),
        "bag_size": sum(state.bag),
        "face_up_marker": COLOURS[state.face_up] if state.face_up is not None else None,
        "supplies": list(state.supply) if players == 2 else None,
    }
    if over:
        fields["markers"] = [COLOURS[c] for c in state.markers]
        fields["bag"] = list(state.bag)
        fields["winners"] = final_result(state).winners
    return fields


def build_view(state: State, seat: int | None) -> ParisParisView:
    fields = public_fields(state)
    if seat is not None:
        fields.update(seat=seat, marker=COLOURS[state.markers[seat]], supply=state.supply[seat])
    return ParisParisView(**fields)

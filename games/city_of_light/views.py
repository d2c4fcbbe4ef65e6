"""What each audience sees: pydantic view models built from the state.

The public view (seat None) shows everything on the table and only *counts* of hidden tiles;
a seat's view adds that seat's own hand. No view carries a stack's order or the rival's hand.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.city_of_light.data import BUILDING_KEYS, COLOURS, POSTCARD_NAMES, SQUARES
from games.city_of_light.postcards import SLOT_NAMES
from games.city_of_light.state import (
    ANNEX,
    BUILDING_SLOTS,
    FREE,
    GARDEN,
    KIND_NAMES,
    PHASE_NAMES,
    PHASE_OVER,
    PIECE_NAMES,
    State,
    activated_by,
    building_cells,
    tokens_left,
)
from games.core.contract import Result
from games.core.views import View

Cell = tuple[int, int]

# Which postcard placed each piece (its owner is whoever activated that card).
_PIECE_CARD = {
    "painter": "le_peintre",
    "dancer": "moulin_rouge",
    "statue": "le_penseur",
    "fountain": "fontaine_des_mers",
    "streetlight": "lampadaire",
    "large_streetlight": "grande_lumiere",
    "mixed_token": "chartier",
}


class TileView(BaseModel):
    owner: int
    tile: int
    tx: int
    ty: int
    rotation: int


class BuildingView(BaseModel):
    building: str = Field(description="building key, or GARDEN for the Jardin des Plantes")
    owner: int
    size: int = Field(description="cells covered, the annex included")
    cells: list[Cell]
    annex: Cell | None = None


class PieceView(BaseModel):
    piece: str = Field(
        description="painter, dancer, statue, fountain, streetlight, "
        "large_streetlight or mixed_token"
    )
    owner: int | None
    cells: list[Cell]
    facing: str | None = Field(default=None, description="the statue's front: N, E, S or W")


class PostcardView(BaseModel):
    card: str
    name: str
    used: bool
    token: int | None = Field(description="the seat whose action token lies on it")
    pending: bool = Field(description="a delayed effect (Metropolitain, Chartier) not yet used")


class PlayerView(BaseModel):
    seat: int
    colour: str
    reserve: list[str]
    stack_size: int
    hand_size: int
    tokens_left: int
    placed_all_tiles: bool


class CityOfLightView(View):
    """`phase`: 'tiles' (tiles and buildings), 'build' (building and postcards) or 'over'."""

    turn: int | None
    cells: list[list[str | None]] = Field(
        description="cells[y][x]: orange, blue, mixed, light, or None before a tile is laid"
    )
    tiles: list[TileView]
    buildings: list[BuildingView]
    pieces: list[PieceView]
    postcards: list[PostcardView]
    supply: list[str]
    seats: list[PlayerView] = Field(description="each seat's public side of the table")
    hand_size_option: int
    metropolitain_window: str
    fountain_cells_option: int = Field(description="cells the fountain covers: 2 or 1")
    hand: list[int] | None = Field(default=None, description="this seat's tiles in hand")
    scores: list[int] | None = Field(default=None, description="final scores once known")
    result: Result | None = None


def build_view(state: State, seat: int | None) -> CityOfLightView:
    over = state.phase == PHASE_OVER
    tiles = [
        TileView(owner=t[0], tile=t[1], tx=i % SQUARES, ty=i // SQUARES, rotation=t[2])
        for i, t in enumerate(state.squares)
        if t is not None
    ]
    buildings = []
    for slot in range(BUILDING_SLOTS):
        entry = state.built[slot]
        if entry is not None:
            annex = state.annex if state.annex and state.annex[0] == slot else None
            buildings.append(
                BuildingView(
                    building=SLOT_NAMES[slot],
                    owner=entry[0],
                    size=len(building_cells(state, slot)),
                    cells=[_xy(c) for c in entry[1]],
                    annex=_xy(annex[1]) if annex else None,
                )
            )
    pieces = []
    by_piece: dict[str, list[int]] = {}
    for c, code in enumerate(state.occ):
        if code != FREE and code > GARDEN and code != ANNEX:
            by_piece.setdefault(PIECE_NAMES[code], []).append(c)
    if state.chartier_cell >= 0:
        by_piece["mixed_token"] = [state.chartier_cell]
    for name, cells in by_piece.items():
        owner = activated_by(state, _PIECE_CARD[name])
        pieces.append(
            PieceView(
                piece=name,
                owner=owner if owner >= 0 else None,
                cells=[_xy(c) for c in cells],
                facing=state.statue_facing if name == "statue" else None,
            )
        )
    postcards = [
        PostcardView(
            card=card,
            name=POSTCARD_NAMES[card],
            used=token >= 0,
            token=token if token >= 0 else None,
            pending=(card == "metropolitain" and state.metro >= 0)
            or (card == "chartier" and state.chartier >= 0),
        )
        for card, token in zip(state.cards, state.tokens, strict=True)
    ]
    seats = [
        PlayerView(
            seat=s,
            colour=COLOURS[s],
            reserve=[BUILDING_KEYS[b] for b in state.reserves[s]],
            stack_size=len(state.stacks[s]),
            hand_size=len(state.hands[s]),
            tokens_left=tokens_left(state, s),
            placed_all_tiles=not state.hands[s],
        )
        for s in (0, 1)
    ]
    return CityOfLightView(
        seat=seat,
        phase=PHASE_NAMES[state.phase],
        turn=None if over else state.turn,
        to_act=[] if over else [state.turn],
        cells=[[KIND_NAMES[state.cells[y * 8 + x]] for x in range(8)] for y in range(8)],
        tiles=tiles,
        buildings=buildings,
        pieces=pieces,
        postcards=postcards,
        supply=[BUILDING_KEYS[b] for b in state.supply],
        players=2,
        seats=seats,
        hand_size_option=state.hand_size,
        metropolitain_window=state.metro_window,
        fountain_cells_option=state.fountain_cells,
        hand=list(state.hands[seat]) if seat is not None else None,
        scores=list(state.result.scores) if over and state.result else None,
        result=state.result if over else None,
    )


def _xy(c: int) -> Cell:
    return (c % 8, c // 8)

"""What each audience sees, as pydantic models the Discord layer renders.

Public: the city lines, every tableau, every claimed pile, the sizes of the hands, the deck,
the discard pile and the city deck, the step in progress, the stalemate counts. A seat's view
adds that seat's own hand, and nothing else: not another hand (not even a partner's), not the
deck order, not the city deck order, not the contents of the discard pile (a stalemate reset
discards hands unseen), not the seed.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.core.contract import Result
from games.core.views import View
from games.moscow_paris.data import ALL_CITIES, CARD_IDS, HOME_CODE, WAGON_IDS, WAGON_SPLITS
from games.moscow_paris.scoring import country, final_result, scores
from games.moscow_paris.state import (
    CHAIN,
    NO_CITY,
    OVER,
    PHASE_NAMES,
    SIDE_NAMES,
    SWAP_FIRST,
    SWAP_SECOND,
    State,
    team_of,
)
from games.moscow_paris.swap import spot_json


class CityView(BaseModel):
    id: str
    name: str = Field(description="English name (the Home City: the name the host typed)")
    name_ru: str
    country: str = Field(description="the flag, a country code")
    capital: bool
    limit: int = Field(description="most wagons its line may hold")
    vp: int


class RowView(BaseModel):
    row: int = Field(description="0..3 from the top of the column")
    city: CityView | None = Field(description="None once the row is empty for good")
    left: list[str] = Field(description="wagons left of the city, the nearest first")
    right: list[str] = Field(description="wagons right of the city, the nearest first")
    room: int = Field(description="wagons the line may still take")


class PlayerView(BaseModel):
    seat: int
    team: int | None
    hand_size: int
    tableau: list[str] = Field(description="wagons in front of the player, sorted")
    cities: list[CityView] = Field(description="claimed city cards, in order")
    score: int = Field(description="current score (in team play: the team's)")
    repeats: int = Field(description="stalemate: repeated idle turns since the last progress")


class PendingView(BaseModel):
    card: str = Field(description="the action card being resolved")
    first: dict[str, object] | None = Field(
        default=None, description="swap: the wagon picked first (row/side/slot or seat, wagon)"
    )
    direction: str | None = Field(default=None, description="chain: left (seat + 1) or right")
    decider: int | None = Field(default=None, description="chain: the seat deciding now")
    partner: int | None = Field(default=None, description="chain: the seat it may exchange with")


class MoscowParisView(View):
    """The table as `seat` sees it: what everybody sees, plus, in a seat's view (`seat` not
    None), its own hand. `phase`: play, swap_first, swap_second, chain, claim or over."""

    teams: bool
    wagon_types: list[str] = Field(description="the wagon types in play")
    turn: int = Field(description="the active player")
    rows: list[RowView]
    seats: list[PlayerView]
    deck_size: int
    discard_size: int
    city_deck_size: int
    removed: list[CityView] = Field(description="cities discarded by action card 5")
    pending: PendingView | None
    turns: int = Field(description="turns completed")
    resets: int = Field(description="times the stalemate rule fired")
    scores: list[int]
    result: Result | None = None
    hand: list[str] | None = Field(
        default=None, description="this seat's cards in hand, sorted (secret)"
    )


def city_view(state: State, code: int) -> CityView:
    c = ALL_CITIES[code]
    home = code == HOME_CODE
    return CityView(
        id=c.id,
        name=state.cfg.home_name if home and state.cfg.home_name else c.en,
        name_ru=state.cfg.home_name if home and state.cfg.home_name else c.ru,
        country=country(state.cfg, code),
        capital=c.capital,
        limit=c.limit,
        vp=c.vp,
    )


def _pending(state: State) -> PendingView | None:
    if state.phase == CHAIN:
        step, decider, partner = state.pending
        return PendingView(
            card="chain_exchange", direction=SIDE_NAMES[step < 0], decider=decider, partner=partner
        )
    if state.phase in (SWAP_FIRST, SWAP_SECOND):
        first = spot_json(state, state.pending) if state.pending else None
        return PendingView(card="swap_two", first=first)
    return None


def build_view(state: State, seat: int | None) -> MoscowParisView:
    cfg = state.cfg
    over = state.phase == OVER
    current = scores(state)
    rows = []
    for r in range(len(state.cities)):
        code = state.cities[r]
        wagons = len(state.lefts[r]) + len(state.rights[r])
        rows.append(
            RowView(
                row=r,
                city=city_view(state, code) if code != NO_CITY else None,
                left=[CARD_IDS[w] for w in state.lefts[r]],
                right=[CARD_IDS[w] for w in state.rights[r]],
                room=ALL_CITIES[code].limit - wagons if code != NO_CITY else 0,
            )
        )
    seats = [
        PlayerView(
            seat=s,
            team=team_of(cfg, s),
            hand_size=len(state.hands[s]),
            tableau=[CARD_IDS[w] for w in state.tableaux[s]],
            cities=[city_view(state, c) for c in state.won[s]],
            score=current[s],
            repeats=state.repeats[s],
        )
        for s in range(cfg.players)
    ]
    if over:
        to_act: list[int] = []
    elif state.phase == CHAIN:
        to_act = [state.pending[1]]
    else:
        to_act = [state.turn]
    fields: dict[str, Any] = {
        "players": cfg.players,
        "teams": cfg.teams,
        "wagon_types": list(WAGON_IDS[: WAGON_SPLITS[cfg.split][0]]),
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase],
        "to_act": to_act,
        "rows": rows,
        "seats": seats,
        "deck_size": len(state.deck),
        "discard_size": sum(state.discard),
        "city_deck_size": len(state.city_deck),
        "removed": [city_view(state, c) for c in state.removed],
        "pending": _pending(state),
        "turns": state.turns,
        "resets": state.resets,
        "scores": current,
        "result": final_result(state) if over else None,
    }
    if seat is not None:
        fields.update(seat=seat, hand=[CARD_IDS[c] for c in state.hands[seat]])
    return MoscowParisView(**fields)

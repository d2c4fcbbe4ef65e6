"""What each audience may see, as pydantic models the Discord layer renders.

Behind a screen (never in another seat's view nor the public one until the game is over):
francs, resource and prestige tokens, the bonus and end-game tiles held (their *counts* are
public: everybody sees tiles taken from the track or the stack and tiles discarded). Never
shown to anyone: the building tiles under the top of each stack (only the top tile's back,
its district, is visible), the 3 tiles removed unseen, and the end-game stack's contents
(except to the seat browsing it).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.core.contract import Result
from games.core.views import View
from games.paris.board import (
    ARC,
    BANK0,
    BANK_FRANCS,
    DISTRICT_IDS,
    DISTRICT_NAMES,
    EGT_IDS,
    GOODS,
    HALF_BIT,
    LM0,
    LM_COST,
    LM_IDS,
    LM_NAMES,
    LM_RES,
    LM_SYMBOLS,
    N_DISTRICTS,
    N_VALUES,
    RESOURCE_GOODS,
    SPACE_NAMES,
    SPACE_VALUE,
    TILE_KIND,
    VP_TILE_IDS,
    VP_TILE_POINTS,
    ZONE_OF,
    loc_name,
)
from games.paris.data import KINDS, RESOURCES
from games.paris.scoring import final_scoring
from games.paris.state import ENDGAME, OVER, PHASE_NAMES, PLACE, State, district_keys


class SpaceView(BaseModel):
    space: str = Field(description='"<district>/<value>"')
    value: int
    tile: str | None = Field(
        description="the building tile on it (its printed district and value), None while empty"
    )
    kind: str | None
    token: str | None = Field(description="the good still beside the space")
    keys: list[int] = Field(description="seats of the keys on it (twice with bonus 9)")


class LandmarkView(BaseModel):
    id: str
    name: str
    cost: int
    resources: dict[str, int]
    prestige: list[str]
    district: str | None = Field(description="None while in the supply")
    keys: list[int]


class DistrictView(BaseModel):
    id: str
    name: str
    bank: int = Field(description="francs the bank pays")
    bank_keys: list[int]
    spaces: list[SpaceView]
    landmarks: list[str] = Field(description="landmark ids in this district, cheapest first")
    vp_tile: str | None
    keys_on_buildings: int = Field(description="4 lets the current player place a VP tile")


class StackView(BaseModel):
    size: int
    top_district: str | None = Field(description="the district on the top tile's back")


class TrackSpaceView(BaseModel):
    space: int
    number: int
    zone: str
    tiles: int


class PlayerView(BaseModel):
    seat: int
    vp: int
    keys: list[str] = Field(description="where this seat's keys lie on the board")
    keys_behind_screen: int
    reserve_keys: int
    meeple: int = Field(description="bonus track position, 0 before space 1")
    bonus_tiles_held: int
    end_game_tiles_held: int
    used_bonus_tiles: list[int]
    used_end_game_tiles: list[str]


class ScreenView(BaseModel):
    """What lies behind one seat's screen."""

    seat: int
    francs: int
    goods: dict[str, int] = Field(description="resource and prestige tokens")
    bonus_tiles: list[int]
    half_used: list[int] = Field(description="tiles 19/21 with one of their two goods spent")
    end_game_tiles: list[str]


class ParisView(View):
    setup: str
    ignore_districts: bool
    first_player: int
    round: int
    turn: int | None
    final_turns: int | None = Field(
        description="turns still to play after this one, once the last end-game tile is taken"
    )
    districts: list[DistrictView]
    arc: list[int] = Field(description="seats with a key on the Arc de Triomphe")
    landmarks: list[LandmarkView]
    stacks: list[StackView]
    removed_tiles: int
    discarded_tiles: list[str]
    drawn_tile: str | None = Field(description="ignore-districts: the tile being placed")
    purchase: str | None = Field(description="the location being bought during its steps")
    track: list[TrackSpaceView]
    resource_supply: dict[str, int]
    end_game_stack: int
    vp_tiles: dict[str, list[int]] = Field(description="VP tiles still available: 1st/2nd/3rd")
    table: list[PlayerView]
    screen: ScreenView | None = Field(default=None, description="this seat's own screen")
    browsing: list[str] | None = Field(
        default=None, description="the end-game stack, to the seat browsing it"
    )
    screens: list[ScreenView] | None = Field(
        default=None, description="every screen, once the game is over"
    )
    result: Result | None = None


def screen(state: State, seat: int) -> ScreenView:
    half = state.half[seat]
    return ScreenView(
        seat=seat,
        francs=state.francs[seat],
        goods={g: n for g, n in zip(GOODS, state.goods[seat], strict=True)},
        bonus_tiles=list(state.bonus[seat]),
        half_used=[n for n, bit in HALF_BIT.items() if half & bit and n in state.bonus[seat]],
        end_game_tiles=[EGT_IDS[e] for e in state.egt[seat]],
    )


def _keys_on(state: State) -> dict[int, list[int]]:
    on: dict[int, list[int]] = {}
    for seat, keys in enumerate(state.keys):
        for k in keys:
            on.setdefault(k, []).append(seat)
    return on


def _district(state: State, d: int, on: dict[int, list[int]]) -> DistrictView:
    spaces = []
    for i in range(N_VALUES):
        s = d * N_VALUES + i
        t = state.spaces[s]
        g = state.tokens[s]
        spaces.append(
            SpaceView(
                space=SPACE_NAMES[s],
                value=SPACE_VALUE[s],
                tile=SPACE_NAMES[t] if t >= 0 else None,
                kind=KINDS[TILE_KIND[t]] if t >= 0 else None,
                token=GOODS[g] if g >= 0 else None,
                keys=on.get(s, []),
            )
        )
    lms = sorted((lm for lm, ld in enumerate(state.landmarks) if ld == d), key=LM_COST.__getitem__)
    tile = state.vp_tiles[d]
    return DistrictView(
        id=DISTRICT_IDS[d],
        name=DISTRICT_NAMES[d],
        bank=BANK_FRANCS[d],
        bank_keys=on.get(BANK0 + d, []),
        spaces=spaces,
        landmarks=[LM_IDS[lm] for lm in lms],
        vp_tile=VP_TILE_IDS[tile] if tile >= 0 else None,
        keys_on_buildings=district_keys(state, d),
    )


def build_view(state: State, seat: int | None) -> ParisView:
    over = state.phase == OVER
    on = _keys_on(state)
    landmarks = [
        LandmarkView(
            id=LM_IDS[lm],
            name=LM_NAMES[lm],
            cost=LM_COST[lm],
            resources={r: n for r, n in zip(RESOURCES, LM_RES[lm], strict=True) if n},
            prestige=[GOODS[g] for g in LM_SYMBOLS[lm]],
            district=DISTRICT_IDS[d] if d >= 0 else None,
            keys=on.get(LM0 + lm, []),
        )
        for lm, d in enumerate(state.landmarks)
    ]
    table = [
        PlayerView(
            seat=s,
            vp=state.vp[s],
            keys=[
                loc_name(k, state.landmarks[k - LM0] if LM0 <= k < BANK0 else -1)
                for k in state.keys[s]
            ],
            keys_behind_screen=state.hand[s],
            reserve_keys=state.reserve[s],
            meeple=state.meeples[s],
            bonus_tiles_held=len(state.bonus[s]),
            end_game_tiles_held=len(state.egt[s]),
            used_bonus_tiles=list(state.used_bonus[s]),
            used_end_game_tiles=[EGT_IDS[e] for e in state.used_egt[s]],
        )
        for s in range(state.players)
    ]
    pending = state.pending
    drawn = SPACE_NAMES[pending[0]] if state.phase == PLACE else None
    buying = None
    if len(pending) == 3:
        dst, d, _ = pending
        buying = loc_name(dst, d)
    return ParisView(
        seat=seat,
        players=state.players,
        setup="random" if state.random_setup else "standard",
        ignore_districts=state.ignore_districts,
        first_player=state.first,
        round=state.round,
        phase=PHASE_NAMES[state.phase],
        turn=None if over else state.turn,
        to_act=[] if over else [state.turn],
        final_turns=state.final_turns if state.final_turns >= 0 else None,
        districts=[_district(state, d, on) for d in range(N_DISTRICTS)],
        arc=on.get(ARC, []),
        landmarks=landmarks,
        stacks=[
            StackView(size=len(st), top_district=DISTRICT_IDS[st[0] // N_VALUES] if st else None)
            for st in state.stacks
        ],
        removed_tiles=len(state.removed),
        discarded_tiles=[SPACE_NAMES[t] for t in state.discarded],
        drawn_tile=drawn,
        purchase=buying,
        track=[
            TrackSpaceView(space=k, number=n, zone=ZONE_OF[k], tiles=state.track[k - 1])
            for k, n in enumerate(state.track_numbers, 1)
        ],
        resource_supply={GOODS[g]: state.supply[g] for g in RESOURCE_GOODS},
        end_game_stack=len(state.endgame),
        vp_tiles={
            VP_TILE_IDS[t]: list(VP_TILE_POINTS[t])
            for t in range(len(VP_TILE_IDS))
            if t not in state.vp_tiles
        },
        table=table,
        screen=screen(state, seat) if seat is not None else None,
        browsing=[EGT_IDS[e] for e in state.endgame]
        if seat is not None and state.phase == ENDGAME and seat == state.turn
        else None,
        screens=[screen(state, s) for s in range(state.players)] if over else None,
        result=final_scoring(state)[0] if over else None,
    )

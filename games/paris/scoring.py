"""Final scoring: bonus 27, the district majorities on the VP tiles, the tie-breaks.

«Игроки складывают стоимость зданий и достопримечательностей, на которых лежат их ключи.»
A building holding two of a player's keys (bonus 9) counts twice; a building shared with a
rival (bonus 16) counts for both.
"""

from __future__ import annotations

from bisect import bisect_left
from operator import itemgetter
from typing import Any

from games.core.contract import Event, Result, event, rank_by
from games.paris.board import (
    BANK0,
    DISTRICT_IDS,
    LM0,
    LOC_VALUE,
    N_DISTRICTS,
    N_VALUES,
    VP_TILE_IDS,
    VP_TILE_POINTS,
)
from games.paris.data import BONUS_TILES
from games.paris.state import State

VP_PER_FRANC = BONUS_TILES[27]["vp"]


def holdings_in(state: State, seat: int, d: int) -> list[int]:
    """Values under the seat's keys on the buildings and landmarks of district `d`."""
    out = []
    for k in state.keys[seat]:
        if k < LM0:
            if k // N_VALUES == d:
                out.append(LOC_VALUE[k])
        elif k < BANK0 and state.landmarks[k - LM0] == d:
            out.append(LOC_VALUE[k])
    return out


def by_district(keys: tuple[int, ...], landmarks: tuple[int, ...]) -> list[list[int]]:
    """`holdings_in` of every district at once, for a seat's `keys` (one walk over them)."""
    out: list[list[int]] = [[] for _ in range(N_DISTRICTS)]
    for k in keys:
        if k < LM0:
            out[k // N_VALUES].append(LOC_VALUE[k])
        elif k < BANK0:
            d = landmarks[k - LM0]
            if d >= 0:
                out[d].append(LOC_VALUE[k])
    return out


_BY_PLACE = itemgetter("place")


def score_district(
    state: State, d: int, held: list[list[list[int]]] | None = None
) -> dict[str, Any]:
    """One district's VP tile: places by sum, ties by the most valuable single building, then
    shared (the next place is skipped); 2 players: 2nd scores only with half of 1st's sum.

    «В каждом районе игрок с наибольшей суммой получает ПО за 1-е место… Игрок, занявший
    4-е место, не получает ничего. Ничья разрешается в пользу игрока, владеющего зданием или
    достопримечательностью с наибольшей стоимостью в этом районе. Если… ничья всё ещё
    сохраняется, все игроки с одинаковой суммой получают ПО за соответствующее место. В таком
    случае награда за следующее место пропускается.»"""
    tile = state.vp_tiles[d]
    points = VP_TILE_POINTS[tile]
    entries: list[dict[str, Any]] = []
    for seat in range(state.setup.players):
        values = holdings_in(state, seat, d) if held is None else held[seat][d]
        if values:  # «…если у них приобретено хотя бы одно здание или достопримечательность»
            ordered = sorted(values, reverse=True)
            entries.append(
                {"seat": seat, "sum": sum(values), "best": ordered[0], "values": ordered}
            )
    keys = [(e["sum"], e["best"]) for e in entries]
    for e, key, (place, shared, vp, below_half) in zip(
        entries, keys, _places(state.setup.players, points, keys), strict=True
    ):
        e["place"] = place
        e["shared"] = shared
        total, best = key
        won = False  # a loop, not `any` over a generator: every game's last move scores
        for other_total, other_best in keys:
            if other_total == total and other_best < best:
                won = True
                break
        e["tie_won_on_best"] = won
        if below_half:
            e["below_half"] = True
        e["vp"] = vp
    vps = [0] * state.setup.players
    for e in entries:
        vps[e["seat"]] = e["vp"]
    return {
        "district": DISTRICT_IDS[d],
        "tile": VP_TILE_IDS[tile],
        "points": list(points),
        "players": sorted(entries, key=_BY_PLACE),  # stable: by seat within a place
        "vp": vps,
    }


def _places(
    players: int, points: tuple[int, ...], keys: list[tuple[int, int]]
) -> list[tuple[int, bool, int, bool]]:
    """Per entry of `keys` ((sum, best) of each seat with a building in the district): its
    place (1-based), whether shared, its VP from `points`, whether it fell below half of the
    first's sum (2 players)."""
    out: list[tuple[int, bool, int, bool]] = [(0, False, 0, False)] * len(keys)
    groups = rank_by(keys)
    first_sum = keys[groups[0][0]][0] if keys else 0
    place = 0
    for group in groups:
        for i in group:
            vp = points[place] if place < len(points) else 0
            # «…игрок на 2-м месте в районе получает ПО, только если сумма… равна хотя бы
            # ПОЛОВИНЕ от суммы первого игрока.»
            below_half = players == 2 and place == 1 and 2 * keys[i][0] < first_sum
            out[i] = (place + 1, len(group) > 1, 0 if below_half else vp, below_half)
        place += len(group)
    return out


Standing = tuple[int, int] | None  # (sum, best) of a seat's values in a district, or none


def district_vps(players: int, tile: int, standing: tuple[Standing, ...]) -> list[int]:
    """Each seat's VP from the VP tile `tile` of a district where the seats stand as
    `standing` (what `score_district` awards, without its details: the AI's estimate)."""
    seats = [s for s, st in enumerate(standing) if st is not None]
    keys = [st for st in standing if st is not None]
    vps = [0] * players
    for s, (_place, _shared, vp, _below) in zip(
        seats, _places(players, VP_TILE_POINTS[tile], keys), strict=True
    ):
        vps[s] = vp
    return vps


def building_value(state: State, seat: int) -> int:
    """The total value of the seat's buildings and landmarks (the second tie-break)."""
    keys = state.keys[seat]  # sorted: those on banks and the Arc last
    return sum(map(LOC_VALUE.__getitem__, keys[: bisect_left(keys, BANK0)]))


def final_scoring(state: State) -> tuple[Result, list[Event]]:
    """The result of a finished game, and the events that explain it."""
    fields, events = _final(state)
    return Result(**fields), events


def final_events(state: State) -> list[Event]:
    """The events of the final scoring (what the game's last action reports), without
    building the `Result` model."""
    return _final(state, False)[1]


def _final(state: State, details: bool = True) -> tuple[dict[str, Any], list[Event]]:
    """The `Result` fields and the events; without the players' details unless `details`
    (`final_events`, at the last move of every game, needs only the events)."""
    n = state.setup.players
    events: list[Event] = []
    totals = list(state.vp)
    bonus27 = [0] * n
    for seat in range(n):
        if 27 in state.bonus[seat]:  # «Игрок с бонусным жетоном 27 получает 1 ПО за каждый…»
            bonus27[seat] = VP_PER_FRANC * state.francs[seat]
            totals[seat] += bonus27[seat]
            events.append(
                event(
                    "bonus_27_scored",
                    {"seat": seat, "francs": state.francs[seat], "vp": bonus27[seat]},
                )
            )
    districts = []
    held = None  # every seat's `holdings_in` by district, once a district scores
    for d in range(N_DISTRICTS):
        if state.vp_tiles[d] < 0:
            continue
        if held is None:
            held = [by_district(state.keys[seat], state.landmarks) for seat in range(n)]
        scored = score_district(state, d, held)
        districts.append(scored)
        for seat in range(n):
            totals[seat] += scored["vp"][seat]
        events.append(event("district_scored", scored))
    francs = list(state.francs)
    values = [building_value(state, seat) for seat in range(n)]
    ranking, tiebreak = _ranking(totals, francs, values)
    winners = sorted(ranking[0])
    events.append(
        event(
            "game_over",
            {"scores": totals, "winners": winners, "ranking": ranking, "tiebreak": tiebreak},
        )
    )
    if not details:
        return {}, events
    players = [
        {
            "seat": seat,
            "vp_during_game": state.vp[seat],
            "bonus_27": bonus27[seat],
            "districts": {s["district"]: s["vp"][seat] for s in districts},
            "district_vp": sum(s["vp"][seat] for s in districts),
            "total": totals[seat],
            "francs": francs[seat],
            "building_value": values[seat],
        }
        for seat in range(n)
    ]
    fields = {
        "scores": totals,
        "ranking": ranking,
        "winners": winners,
        "tiebreak": tiebreak,
        "details": {"players": players, "districts": districts},
    }
    return fields, events


def _ranking(
    totals: list[int], francs: list[int], values: list[int]
) -> tuple[list[list[int]], str | None]:
    """The places by VP, then francs, then building value, and the tie-break that decided
    them (None if the VP alone did)."""
    ranking = rank_by(list(zip(totals, francs, values, strict=True)))
    if len(set(totals)) == len(totals):  # each ranking is the VP's alone: no tie-break
        return ranking, None
    by_vp = rank_by([(t,) for t in totals])
    by_francs = rank_by([(t, f) for t, f in zip(totals, francs, strict=True)])
    if ranking != by_francs:
        return ranking, "building_value"
    if by_francs != by_vp:
        return ranking, "francs"
    return ranking, None

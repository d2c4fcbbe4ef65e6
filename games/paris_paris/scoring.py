"""Scoring rules: the visit (small tour), the excursion (big tour), the bag and the ranking.

Pure functions over the board tuple (per station, the owner seats of its shops). They return
points per seat plus the facts a recap needs, and never touch the state, so `round_end.py` decides
when each one runs and the tests can call them on hand-made boards.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from games.core.contract import Result, rank_by
from games.paris_paris.board import LINE_CROSSINGS, NEIGHBOURS, RAYS, STATION_IDS
from games.paris_paris.data import COLOURS

Board = tuple[tuple[int, ...], ...]


def visit(board: Board, station: int, players: int) -> tuple[list[int], int | None, list[int]]:
    """Score a visit at `station`: (points per seat, distance or None, scoring stations).

    Shops on the station score 1 each (distance 0). Otherwise the nearest occupied stations
    along the station's line(s) score 1 per shop; at a crossing both lines are searched and all
    stations at the minimum distance score. A search never switches lines (`RAYS`).
    """
    points = [0] * players
    if board[station]:
        for owner in board[station]:
            points[owner] += 1
        return points, 0, [station]
    best = 99
    winners: list[int] = []
    for ray in RAYS[station]:
        for k, other in enumerate(ray, 1):
            if k > best:
                break
            if board[other]:
                if k < best:
                    best, winners = k, [other]
                elif other not in winners:
                    winners.append(other)
                break
    for other in winners:
        for owner in board[other]:
            points[owner] += 1
    return points, (best if winners else None), winners


def excursion(
    board: Board, colour: int, players: int, recap: bool = True
) -> tuple[list[int], list[dict[str, Any]]]:
    """Run the bus along line `colour`: (points per seat, one recap dict per stop, or none
    when `recap` is False: AI playouts read the points only).

    The bus stops only at crossings that hold shops. Each shop there scores 1; each seat
    present there also scores 1 per own shop on every neighbouring station (both lines),
    counted once even when it holds both places of the crossing.
    """
    total = [0] * players
    stops: list[dict[str, Any]] = []
    line = COLOURS[colour]
    for crossing, sid, near_of in _STOPS[colour]:
        shops = board[crossing]
        if not shops:
            continue
        near = sum(near_of(board), ())  # every shop on a neighbouring station, in one tuple
        if len(shops) == 1:  # most stops: one shop, so one owner
            owner = shops[0]
            count = near.count(owner)
            total[owner] += 1 + count
            if not recap:
                continue
            points = [0] * players
            points[owner] = 1 + count
            adjacent = [[owner, count]] if count else []
        elif len(shops) == 2:  # a full crossing (its capacity): owners in seat order
            first, second = shops
            points = [0] * players
            if first == second:
                count = near.count(first)
                points[first] = 2 + count
                total[first] += 2 + count
                adjacent = [[first, count]] if count else []
            else:
                if first > second:
                    first, second = second, first
                count, count2 = near.count(first), near.count(second)
                points[first] = 1 + count
                points[second] = 1 + count2
                total[first] += 1 + count
                total[second] += 1 + count2
                adjacent = [[first, count]] if count else []
                if count2:
                    adjacent.append([second, count2])
            if not recap:
                continue
        else:
            points = [0] * players
            for owner in shops:
                points[owner] += 1
                total[owner] += 1
            adjacent = []
            for owner in sorted(set(shops)):
                count = near.count(owner)
                if count:
                    adjacent.append([owner, count])
                    points[owner] += count
                    total[owner] += count
            if not recap:
                continue
        stop = {
            "line": line,
            "station": sid,
            "shops": list(shops),
            "adjacent": adjacent,
            "points": points,
        }
        stops.append(stop)
    return total, stops


# Each line's possible stops in bus order: (crossing, its id, the getter of the shops of its
# neighbouring stations from a board: a tuple of tuples, as a crossing has 2 or more).
assert all(len(NEIGHBOURS[s]) >= 2 for crossings in LINE_CROSSINGS for s in crossings)
_STOPS = tuple(
    tuple((s, STATION_IDS[s], itemgetter(*NEIGHBOURS[s])) for s in crossings)
    for crossings in LINE_CROSSINGS
)


def bag_majority(bag: tuple[int, ...]) -> tuple[list[int], int | None]:
    """Bag scoring: a seat with strictly more shops in the bag than every other scores them."""
    points = [0] * len(bag)
    top = max(bag)
    if top and bag.count(top) == 1:
        seat = bag.index(top)
        points[seat] = top
        return points, seat
    return points, None


def shops_on_board(board: Board, players: int) -> list[int]:
    counts = [0] * players
    for shops in board:
        for owner in shops:
            counts[owner] += 1
    return counts


def ranking(scores: tuple[int, ...], on_board: list[int]) -> tuple[list[list[int]], str | None]:
    """Places by score, then fewer shops on the board; further ties share the place.

    The tie-break key is reported only when it changed the ranking by score alone.
    """
    by_score = rank_by([(s,) for s in scores])
    places = rank_by([(s, -b) for s, b in zip(scores, on_board, strict=True)])
    return places, (None if places == by_score else "fewer_shops_on_board")


def result(scores: tuple[int, ...], on_board: list[int], details: dict[str, Any]) -> Result:
    places, tiebreak = ranking(scores, on_board)
    return Result(
        scores=list(scores),
        ranking=places,
        winners=list(places[0]),
        tiebreak=tiebreak,
        details=details,
    )

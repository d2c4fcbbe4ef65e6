"""Phases 3-5 of a round (visit, discard and excursion, passing the bus) and the game's end.

These run automatically after the last `Take` of a round, on the draft that `apply_take` is
filling in (`games.core.drafts`): writing to it never touches the caller's state.
"""

from __future__ import annotations

from operator import add
from typing import Any

from games.core.contract import Event, Result, event, shared_event
from games.paris_paris import scoring
from games.paris_paris.board import N_COLOURS, STATION_IDS, TILE_COLOUR, TILE_STATION
from games.paris_paris.data import COLOURS, MAX_SEATS
from games.paris_paris.state import OVER, REVEAL, State


def waiting_colours(mask: int) -> list[str]:
    return list(_WAITING[mask])


# The colours waiting on the P spaces, by bit mask (a fresh list per event from these).
_WAITING = tuple(
    tuple(COLOURS[c] for c in range(N_COLOURS) if mask >> c & 1) for mask in range(1 << N_COLOURS)
)


# Events that depend on a few small numbers, built once (events are values nobody writes):
# the discarded token's, by its colour, whether it ran an excursion and the colours waiting
# after it (a mask); the bus's new holder's, by seat.
_DISCARDED = tuple(
    tuple(
        tuple(
            shared_event(
                "token_discarded",
                {
                    "colour": COLOURS[colour],
                    "excursion": excursion,
                    "waiting": _WAITING[waiting],
                },
            )
            for waiting in range(1 << N_COLOURS)
        )
        for excursion in (False, True)
    )
    for colour in range(N_COLOURS)
)
_FIRST_PLAYER = tuple(shared_event("first_player", {"seat": seat}) for seat in range(MAX_SEATS))


def _add(points: tuple[int, ...], extra: list[int]) -> tuple[int, ...]:
    return tuple(map(add, points, extra))  # one entry per seat in both


def end_round(new: State, events: list[Event] | None) -> None:
    """Visit at the leftover token, discard it (maybe an excursion), pass the bus, maybe end.
    `events` gets the recap of each step, unless None (AI playouts skip building it)."""
    players = new.players
    board = new.board
    tile = new.display[0]
    station = TILE_STATION[tile]
    colour = TILE_COLOUR[tile]
    points, distance, stations = scoring.visit(board, station, players)
    if any(points):
        new.scores = _add(new.scores, points)
        new.visit_points = _add(new.visit_points, points)
    new.display = ()
    bit = 1 << colour
    excursion = new.waiting & bit  # a token of its colour waits: both leave, the bus runs
    new.waiting ^= bit
    if events is not None:
        scoring_stations = [{"station": STATION_IDS[s], "shops": list(board[s])} for s in stations]
        events.append(
            event(
                "visit",
                {
                    "station": STATION_IDS[station],
                    "colour": COLOURS[colour],
                    "distance": distance,
                    "scoring_stations": scoring_stations,
                    "points": points,
                },
            )
        )
        events.append(_DISCARDED[colour][bool(excursion)][new.waiting])
    if excursion:
        _excursion(new, colour, "tokens", None, events)
    new.first = new.turn = (new.first + 1) % players
    if events is not None:
        events.append(_FIRST_PLAYER[new.first])
    if new.revealed.bit_count() == len(new.piles):
        _end_game(new, events)
    else:
        new.round += 1
        new.phase = REVEAL


def _excursion(
    new: State, colour: int, reason: str, seat: int | None, events: list[Event] | None
) -> None:
    if events is None:
        points = scoring.excursion(new.board, colour, new.players, recap=False)[0]
    else:
        points, stops = scoring.excursion(new.board, colour, new.players)
        line = COLOURS[colour]
        events.append(event("excursion_started", {"line": line, "reason": reason, "seat": seat}))
        for stop in stops:  # each recap already names its line
            events.append(event("excursion_stop", stop))
        events.append(event("excursion_ended", {"line": line, "reason": reason, "points": points}))
    if any(points):
        new.scores = _add(new.scores, points)
        if reason == "tokens":
            new.excursion_points = _add(new.excursion_points, points)
        else:
            new.final_points = _add(new.final_points, points)


def _end_game(new: State, events: list[Event] | None) -> None:
    """Final excursions from the current first player (2 players: face-up marker last), bag."""
    players = new.players
    order = [(new.first + k) % players for k in range(players)]
    if events is not None:
        events.append(
            event(
                "markers_revealed",
                {
                    "markers": [COLOURS[c] for c in new.markers],
                    "face_up": COLOURS[new.face_up] if new.face_up is not None else None,
                    "order": order,
                },
            )
        )
    for seat in order:
        _excursion(new, new.markers[seat], "final", seat, events)
    if new.face_up is not None:
        _excursion(new, new.face_up, "face_up", None, events)
    if players > 2:
        points, winner = scoring.bag_majority(new.bag)
        new.bag_points = tuple(points)
        new.scores = _add(new.scores, points)
        if events is not None:
            bag_scored = {"bag": list(new.bag), "seat": winner, "points": points}
            events.append(event("bag_scored", bag_scored))
    new.phase = OVER
    new.turn = -1
    if events is None:
        return
    # The places `final_result` reports, without building its `Result` and details.
    places, tiebreak = scoring.ranking(new.scores, scoring.shops_on_board(new.board, players))
    events.append(
        event(
            "game_over",
            {
                "scores": list(new.scores),
                "winners": list(places[0]),
                "ranking": places,
                "tiebreak": tiebreak,
            },
        )
    )


def final_result(state: State) -> Result:
    on_board = scoring.shops_on_board(state.board, state.players)
    details: dict[str, Any] = {
        "visits": list(state.visit_points),
        "excursions": list(state.excursion_points),
        "final_excursions": list(state.final_points),
        "bag": list(state.bag_points),
        "bag_counts": list(state.bag) if state.players > 2 else None,
        "shops_on_board": on_board,
        "markers": [COLOURS[c] for c in state.markers],
        "face_up": COLOURS[state.face_up] if state.face_up is not None else None,
    }
    return scoring.result(state.scores, on_board, details)

"""Phases 3-5 of a round (visit, discard and excursion, passing the bus) and the game's end.

These run automatically after the last `Take` of a round; each step returns a new state.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.core.contract import Event, Result
from games.paris_paris import scoring
from games.paris_paris.board import N_COLOURS, STATION_IDS, TILE_COLOUR, TILE_STATION
from games.paris_paris.data import COLOURS
from games.paris_paris.state import OVER, REVEAL, State


def waiting_colours(mask: int) -> list[str]:
    return [COLOURS[c] for c in range(N_COLOURS) if mask >> c & 1]


def _add(points: tuple[int, ...], extra: list[int]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(points, extra, strict=True))


def end_round(state: State, events: list[Event]) -> State:
    """Visit at the leftover token, discard it (maybe an excursion), pass the bus, maybe end."""
    players = state.players
    tile = state.display[0]
    station = TILE_STATION[tile]
    colour = TILE_COLOUR[tile]
    points, distance, stations = scoring.visit(state.board, station, players)
    events.append(
        Event(
            "visit",
            {
                "station": STATION_IDS[station],
                "colour": COLOURS[colour],
                "distance": distance,
                "scoring_stations": [
                    {"station": STATION_IDS[s], "shops": list(state.board[s])} for s in stations
                ],
                "points": points,
            },
        )
    )
    bit = 1 << colour
    excursion = bool(state.waiting & bit)
    waiting = state.waiting & ~bit if excursion else state.waiting | bit
    first = (state.first + 1) % players
    state = replace(state, scores=_add(state.scores, points), display=(), waiting=waiting,
                    visit_points=_add(state.visit_points, points))  # fmt: skip
    events.append(
        Event(
            "token_discarded",
            {"colour": COLOURS[colour], "excursion": excursion,
             "waiting": waiting_colours(waiting)},
        )
    )
    if excursion:
        state = _excursion(state, colour, "tokens", None, events)
    state = replace(state, first=first, turn=first)
    events.append(Event("first_player", {"seat": first}))
    if state.revealed.bit_count() == len(state.piles):
        return _end_game(state, events)
    return replace(state, round=state.round + 1, phase=REVEAL)


def _excursion(state: State, colour: int, reason: str, seat: int | None,
               events: list[Event]) -> State:  # fmt: skip
    """A bus excursion along `colour`'s line: its events, and the state with its points."""
    points, stops = scoring.excursion(state.board, colour, state.players)
    line = COLOURS[colour]
    events.append(Event("excursion_started", {"line": line, "reason": reason, "seat": seat}))
    for stop in stops:
        events.append(Event("excursion_stop", {"line": line, **stop}))
    events.append(Event("excursion_ended", {"line": line, "reason": reason, "points": points}))
    if not any(points):
        return state
    if reason == "tokens":
        return replace(state, scores=_add(state.scores, points),
                       excursion_points=_add(state.excursion_points, points))  # fmt: skip
    return replace(state, scores=_add(state.scores, points),
                   final_points=_add(state.final_points, points))  # fmt: skip


def _end_game(state: State, events: list[Event]) -> State:
    """Final excursions from the current first player (2 players: face-up marker last), bag."""
    players = state.players
    order = [(state.first + k) % players for k in range(players)]
    events.append(
        Event(
            "markers_revealed",
            {
                "markers": [COLOURS[c] for c in state.markers],
                "face_up": COLOURS[state.face_up] if state.face_up is not None else None,
                "order": order,
            },
        )
    )
    for seat in order:
        state = _excursion(state, state.markers[seat], "final", seat, events)
    if state.face_up is not None:
        state = _excursion(state, state.face_up, "face_up", None, events)
    if players > 2:
        points, winner = scoring.bag_majority(state.bag)
        state = replace(state, bag_points=tuple(points), scores=_add(state.scores, points))
        events.append(Event("bag_scored", {"bag": list(state.bag), "seat": winner,
                                           "points": points}))  # fmt: skip
    state = replace(state, phase=OVER, turn=-1)
    result = final_result(state)
    events.append(
        Event(
            "game_over",
            {
                "scores": result.scores,
                "winners": result.winners,
                "ranking": result.ranking,
                "tiebreak": result.tiebreak,
            },
        )
    )
    return state


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

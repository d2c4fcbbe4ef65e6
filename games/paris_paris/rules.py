"""The round of Paris Paris as state transitions: reveal, take, and everything that follows.

`apply_reveal` and `apply_take` check legality cheaply (no regeneration of the legal list),
then build a new `State` and mutate only that fresh copy. When the last player of a round has
taken a token, `_end_round` runs phases 3-5 (visit, discard and excursion, passing the bus),
and `_end_game` runs the final excursions and the bag when no pile is left.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Event, Result
from games.core.errors import IllegalAction
from games.paris_paris import scoring
from games.paris_paris.actions import Reveal, Take, reveal, take
from games.paris_paris.board import (
    CAPACITY,
    COLOUR_INDEX,
    N_COLOURS,
    STATION_IDS,
    STATION_INDEX,
    TILE_COLOUR,
    TILE_STATION,
)
from games.paris_paris.data import COLOURS
from games.paris_paris.state import OVER, REVEAL, TAKE, State


def waiting_colours(mask: int) -> list[str]:
    return [COLOURS[c] for c in range(N_COLOURS) if mask >> c & 1]


# --- legal actions --------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Reveal | Take]:
    """Every distinct legal choice of `seat`: one `Take` per (token, removal, moved shop)."""
    if state.phase == TAKE:
        if seat != state.turn:
            return []
        return _legal_takes(state, seat)
    if state.phase == REVEAL and seat == state.first:
        revealed = state.revealed
        return [reveal(i) for i in range(len(state.piles)) if not revealed >> i & 1]
    return []


def _legal_takes(state: State, seat: int) -> list[Take]:
    board = state.board
    moving = state.supply[seat] == 0
    own = [s for s in range(len(board)) if seat in board[s]] if moving else ()
    seen: set[tuple[int, int]] = set()
    out: list[Take] = []
    for tile in state.display:
        station = TILE_STATION[tile]
        colour = TILE_COLOUR[tile]
        if (station, colour) in seen:
            continue
        seen.add((station, colour))
        sid = STATION_IDS[station]
        cid = COLOURS[colour]
        shops = board[station]
        removes: tuple[int | None, ...] = (None,)
        if len(shops) >= CAPACITY[station] > 1:
            removes = tuple(sorted(set(shops)))
        if moving:
            for origin in own:
                if origin != station:
                    for remove in removes:
                        out.append(take(sid, cid, remove, STATION_IDS[origin]))
        else:
            for remove in removes:
                out.append(take(sid, cid, remove))
    return out


# --- phase 1: reveal ------------------------------------------------------------------------


def _check_turn(state: State, seat: int) -> None:
    if state.phase == OVER:
        raise IllegalAction("game.over", "the game is over")
    if seat != state.turn:
        raise IllegalAction("turn.not_yours", f"seat {seat} is not to act", seat=seat)


def apply_reveal(state: State, seat: int, action: Reveal) -> tuple[State, list[Event]]:
    _check_turn(state, seat)
    if state.phase != REVEAL:
        raise IllegalAction(
            "paris_paris.already_revealed", "a pile is already revealed this round: take a token"
        )
    pile = action.pile
    if not 0 <= pile < len(state.piles):
        raise IllegalAction(
            "paris_paris.unknown_pile",
            f"there is no pile {pile}",
            pile=pile,
            piles=len(state.piles),
        )
    if state.revealed >> pile & 1:
        raise IllegalAction("paris_paris.pile_gone", f"pile {pile} was already revealed", pile=pile)
    new = state.clone()
    new.revealed = state.revealed | 1 << pile
    new.display = tiles = state.piles[pile]
    new.phase = TAKE
    tokens = [
        {"station": STATION_IDS[TILE_STATION[t]], "colour": COLOURS[TILE_COLOUR[t]]} for t in tiles
    ]
    event = Event(
        "pile_revealed",
        {
            "seat": seat,
            "pile": pile,
            "round": state.round,
            "tokens": tokens,
            "piles_left": new.piles_left(),
        },
    )
    return new, [event]


# --- phase 2: take a token and open a shop --------------------------------------------------


def apply_take(state: State, seat: int, action: Take) -> tuple[State, list[Event]]:
    _check_turn(state, seat)
    if state.phase != TAKE:
        raise IllegalAction("paris_paris.reveal_first", "reveal a pile first")
    station = STATION_INDEX.get(action.station)
    if station is None:
        raise IllegalAction(
            "paris_paris.unknown_station",
            f"unknown station {action.station!r}",
            station=action.station,
        )
    colour = COLOUR_INDEX.get(action.colour)
    if colour is None:
        raise IllegalAction(
            "paris_paris.unknown_colour",
            f"unknown colour {action.colour!r}",
            colour=action.colour,
        )
    display = state.display
    i = 0
    for tile in display:
        if TILE_STATION[tile] == station and TILE_COLOUR[tile] == colour:
            break
        i += 1
    else:
        raise IllegalAction(
            "paris_paris.token_not_displayed",
            f"no {action.colour} token of {action.station} is displayed",
            station=action.station,
            colour=action.colour,
        )
    board = state.board
    origin = _check_move(state, seat, station, action.move_from)
    shops = board[station]
    capacity = CAPACITY[station]
    remove = action.remove
    if len(shops) < capacity or capacity == 1:
        if remove is not None:
            raise IllegalAction(
                "paris_paris.no_removal_choice",
                f"{action.station} has no choice of shop to remove: omit 'remove'",
                station=action.station,
            )
    elif remove is None:
        raise IllegalAction(
            "paris_paris.removal_required",
            f"{action.station} is full: choose whose shop to remove",
            station=action.station,
            seats=sorted(set(shops)),
        )
    elif remove not in shops:
        raise IllegalAction(
            "paris_paris.removal_not_there",
            f"seat {remove} has no shop on {action.station}",
            station=action.station,
            remove=remove,
            seats=sorted(set(shops)),
        )

    # Legal: build the new state.
    new = state.clone()
    players = state.players
    new_board = list(board)
    supply = list(state.supply)
    sid = action.station
    events = [
        Event(
            "shop_opened",
            {"seat": seat, "station": sid, "colour": action.colour, "moved_from": action.move_from},
        )
    ]
    if origin is None:
        supply[seat] -= 1
    else:
        mine = board[origin]
        j = mine.index(seat)
        new_board[origin] = mine[:j] + mine[j + 1 :]
    if len(shops) >= capacity:
        victim = shops[0] if capacity == 1 else remove
        j = shops.index(victim)
        shops = shops[:j] + shops[j + 1 :]
        if victim == seat or players == 2:
            supply[victim] += 1
            to = "supply"
        else:
            bag = list(state.bag)
            bag[victim] += 1
            new.bag = tuple(bag)
            to = "bag"
        events.append(Event("shop_removed", {"seat": victim, "station": sid, "by": seat, "to": to}))
    new_board[station] = shops + (seat,)
    new.board = tuple(new_board)
    new.supply = tuple(supply)
    new.display = display[:i] + display[i + 1 :]
    new.turn = (seat + 1) % players
    if len(new.display) == 1:
        _end_round(new, events)
    return new, events


def _check_move(state: State, seat: int, station: int, move_from: str | None) -> int | None:
    """The station a shop moves from (2 players, empty supply), or None when not moving."""
    if state.supply[seat]:
        if move_from is not None:
            raise IllegalAction(
                "paris_paris.move_not_allowed",
                "you still have shops in your supply: omit 'move_from'",
            )
        return None
    if move_from is None:
        raise IllegalAction(
            "paris_paris.move_required",
            "your supply is empty: choose one of your shops to move ('move_from')",
        )
    origin = STATION_INDEX.get(move_from)
    if origin is None:
        raise IllegalAction(
            "paris_paris.unknown_station", f"unknown station {move_from!r}", station=move_from
        )
    if origin == station:
        raise IllegalAction(
            "paris_paris.move_same_station",
            "a shop must move to a different station",
            station=move_from,
        )
    if seat not in state.board[origin]:
        raise IllegalAction(
            "paris_paris.move_not_own", f"you have no shop on {move_from}", station=move_from
        )
    return origin


# --- phases 3-5 and the end -----------------------------------------------------------------


def _add(points: tuple[int, ...], extra: list[int]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(points, extra, strict=True))


def _end_round(new: State, events: list[Event]) -> None:
    """Visit at the leftover token, discard it (maybe an excursion), pass the bus, maybe end."""
    players = new.players
    tile = new.display[0]
    station = TILE_STATION[tile]
    colour = TILE_COLOUR[tile]
    points, distance, stations = scoring.visit(new.board, station, players)
    if any(points):
        new.scores = _add(new.scores, points)
        new.visit_points = _add(new.visit_points, points)
    events.append(
        Event(
            "visit",
            {
                "station": STATION_IDS[station],
                "colour": COLOURS[colour],
                "distance": distance,
                "scoring_stations": [
                    {"station": STATION_IDS[s], "shops": list(new.board[s])} for s in stations
                ],
                "points": points,
            },
        )
    )
    bit = 1 << colour
    new.display = ()
    if new.waiting & bit:
        new.waiting &= ~bit
        events.append(
            Event(
                "token_discarded",
                {
                    "colour": COLOURS[colour],
                    "excursion": True,
                    "waiting": waiting_colours(new.waiting),
                },
            )
        )
        _excursion(new, colour, "tokens", None, events)
    else:
        new.waiting |= bit
        events.append(
            Event(
                "token_discarded",
                {
                    "colour": COLOURS[colour],
                    "excursion": False,
                    "waiting": waiting_colours(new.waiting),
                },
            )
        )
    new.first = new.turn = (new.first + 1) % players
    events.append(Event("first_player", {"seat": new.first}))
    if new.revealed.bit_count() == len(new.piles):
        _end_game(new, events)
    else:
        new.round += 1
        new.phase = REVEAL


def _excursion(
    new: State, colour: int, reason: str, seat: int | None, events: list[Event]
) -> list[int]:
    points, stops = scoring.excursion(new.board, colour, new.players)
    line = COLOURS[colour]
    events.append(Event("excursion_started", {"line": line, "reason": reason, "seat": seat}))
    for stop in stops:
        events.append(Event("excursion_stop", {"line": line, **stop}))
    events.append(Event("excursion_ended", {"line": line, "reason": reason, "points": points}))
    if any(points):
        new.scores = _add(new.scores, points)
        if reason == "tokens":
            new.excursion_points = _add(new.excursion_points, points)
        else:
            new.final_points = _add(new.final_points, points)
    return points


def _end_game(new: State, events: list[Event]) -> None:
    """Final excursions from the current first player (2 players: face-up marker last), bag."""
    players = new.players
    order = [(new.first + k) % players for k in range(players)]
    events.append(
        Event(
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
        events.append(Event("bag_scored", {"bag": list(new.bag), "seat": winner, "points": points}))
    new.phase = OVER
    new.turn = -1
    result = final_result(new)
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

"""Playing on scenario positions by JSON: the seat to act moves, its legal moves, its
refusals, to the end of a turn or of the game."""

from __future__ import annotations

from typing import Any

from games.core.contract import Event
from games.paris.state import ACTION, AFTER, State
from tests.paris.helpers import GAME, replace
from tests.scenario import refusal


def act(state: State, action: dict[str, Any]) -> tuple[State, list[Event]]:
    """Play `action` (JSON) for the seat to act."""
    (seat,) = GAME.to_act(state)
    return GAME.apply(state, seat, GAME.parse_action(action))


def play(state: State, *actions: dict[str, Any]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, more = act(state, action)
        events += more
    return state, events


def legal(state: State) -> list[dict[str, Any]]:
    (seat,) = GAME.to_act(state)
    return [GAME.dump_action(a) for a in GAME.legal_actions(state, seat)]


def refused(state: State, action: dict[str, Any]) -> str:
    """The IllegalAction key `action` (JSON) is refused with, for the seat to act."""
    (seat,) = GAME.to_act(state)
    return refusal(GAME, state, seat, action).key


def move(frm: str, to: str) -> dict[str, Any]:
    return {"type": "move_key", "from": frm, "to": to}


def finish_turn(state: State) -> State:
    """End the current turn if the seat is still in its after-action step."""
    if GAME.legal_actions(state, state.turn) and state.phase != ACTION:
        if {"type": "end_turn"} in legal(state):
            state, _ = act(state, {"type": "end_turn"})
    return state


def play_out(state: State, pick: int = 0) -> tuple[State, list[Event]]:
    """Play to the end choosing legal action `pick` (modulo the count) every time."""
    events: list[Event] = []
    while not GAME.is_over(state):
        options = GAME.legal_actions(state, state.turn)
        state, more = GAME.apply(state, state.turn, options[pick % len(options)])
        events += more
    return state, events


def finish(state: State) -> tuple[State, list[Event]]:
    """End the game now: the current turn is the last one."""
    state = replace(state, final_turns=0, phase=AFTER, endgame=())
    return act(state, {"type": "end_turn"})

"""Illegal actions raise IllegalAction with a key and leave the state unchanged."""

import dataclasses
from typing import Any

import pytest

from games.core.errors import IllegalAction
from games.paris_paris.actions import Reveal, Take
from games.paris_paris.state import REVEAL, TAKE

from .helpers import GAME, OPTIONS, act, put, refused, start

PILE = ["odeon/blue", "marais/orange", "pigalle/red", "louvre/blue"]


def take(station: str, colour: str, **more: Any) -> dict[str, Any]:
    """A `take` action, as JSON."""
    return {"type": "take", "station": station, "colour": colour, **more}


@pytest.fixture
def taking():
    """Seat 0 to take; Odéon is full with seats 1 and 2; Marais holds seat 2."""
    state = put(start(3, [PILE]), {"odeon": [1, 2], "marais": [2]})
    state, _ = act(state, {"type": "reveal", "pile": 0})
    return state


def test_wrong_seat(taking):
    refused(taking, 1, take("marais", "orange"), "turn.not_yours")
    state = start(3, [PILE])
    refused(state, 2, {"type": "reveal", "pile": 0}, "turn.not_yours")


def test_token_not_displayed(taking):
    # « Le premier joueur choisit l'un des jetons présents sur le plateau »
    refused(taking, 0, take("opera", "red"), "token_not_displayed")
    refused(taking, 0, take("odeon", "pink"), "token_not_displayed")


def test_unknown_station_and_colour(taking):
    e = refused(taking, 0, take("eiffel", "blue"), "unknown_station")
    assert e.params == {"station": "eiffel"}
    refused(taking, 0, take("odeon", "mauve"), "unknown_colour")


def test_bad_removal_choices(taking):
    # « c'est le joueur qui place le nouveau commerce qui choisit quel commerce déjà en place
    #   est retiré » — only a shop that is there, and only at a full crossing
    refused(taking, 0, take("odeon", "blue"), "removal_required")
    refused(taking, 0, take("odeon", "blue", remove=0), "removal_not_there")
    refused(taking, 0, take("marais", "orange", remove=2), "no_removal_choice")
    refused(taking, 0, take("pigalle", "red", remove=1), "no_removal_choice")


def test_reveal_twice(taking):
    refused(taking, 0, {"type": "reveal", "pile": 1}, "already_revealed")


def test_take_before_reveal_and_bad_piles():
    state = start(3, [PILE])
    refused(state, 0, take("odeon", "blue"), "reveal_first")
    refused(state, 0, {"type": "reveal", "pile": 15}, "unknown_pile")
    refused(state, 0, {"type": "reveal", "pile": -1}, "unknown_pile")
    state, _ = act(state, {"type": "reveal", "pile": 3})
    while state.phase != REVEAL:
        state, _ = act(state, GAME.dump_action(GAME.legal_actions(state, state.turn)[0]))
    refused(state, 1, {"type": "reveal", "pile": 3}, "pile_gone")


def test_move_from_only_when_supply_is_empty(taking):
    refused(taking, 0, take("pigalle", "red", move_from="marais"), "move_not_allowed")


def test_move_errors_with_empty_supply():
    state = put(start(2, [["louvre/blue", "marais/orange", "pigalle/red"]]), {"opera": [0]})
    state = dataclasses.replace(state, supply=(0, 19))  # only for the error paths
    state, _ = act(state, {"type": "reveal", "pile": 0})
    refused(state, 0, take("louvre", "blue"), "move_required")
    refused(state, 0, take("louvre", "blue", move_from="odeon"), "move_not_own")
    refused(state, 0, take("louvre", "blue", move_from="nowhere"), "unknown_station")
    state = dataclasses.replace(put(state, {"louvre": [0]}), supply=(0, 19))
    refused(state, 0, take("louvre", "blue", move_from="louvre"), "move_same_station")


def test_malformed_and_after_the_end():
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action({"type": "take", "station": "odeon"})
    assert info.value.key == "action.malformed"
    with pytest.raises(IllegalAction):
        GAME.parse_action({"type": "pass"})
    with pytest.raises(IllegalAction):
        GAME.parse_action({"type": "reveal", "pile": 1, "extra": True})
    state = GAME.setup(2, OPTIONS, 1)
    while not GAME.is_over(state):
        state, _ = GAME.apply(
            state,
            state.turn if state.phase == TAKE else state.first,
            GAME.legal_actions(state, next(iter(GAME.to_act(state))))[0],
        )
    assert GAME.legal_actions(state, 0) == []
    refused(state, 0, Reveal(pile=0), "game.over")
    refused(state, 0, Take(station="odeon", colour="blue"), "game.over")


def test_apply_accepts_notation_dicts_and_rejects_garbage(taking):
    after, _ = GAME.apply(taking, 0, take("pigalle", "red"))
    assert after.turn == 1
    refused(taking, 0, 42, "action.malformed")

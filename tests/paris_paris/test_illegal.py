"""Illegal actions raise IllegalAction with a key and leave the state unchanged."""

import dataclasses

import pytest

from games.core.errors import IllegalAction
from games.paris_paris.actions import Reveal, Take
from games.paris_paris.state import REVEAL, TAKE

from .helpers import GAME, OPTIONS, act, put, start

PILE = ["odeon/blue", "marais/orange", "pigalle/red", "louvre/blue"]


def reject(state, seat, action, key):
    before = GAME.snapshot(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, GAME.parse_action(action) if isinstance(action, dict) else action)
    assert info.value.key == key
    assert GAME.snapshot(state) == before
    return info.value


@pytest.fixture
def taking():
    """Seat 0 to take; Odéon is full with seats 1 and 2; Marais holds seat 2."""
    state = put(start(3, [PILE]), {"odeon": [1, 2], "marais": [2]})
    state, _ = act(state, {"type": "reveal", "pile": 0})
    return state


def test_wrong_seat(taking):
    reject(taking, 1, {"type": "take", "station": "marais", "colour": "orange"}, "turn.not_yours")
    state = start(3, [PILE])
    reject(state, 2, {"type": "reveal", "pile": 0}, "turn.not_yours")


def test_token_not_displayed(taking):
    # « Le premier joueur choisit l'un des jetons présents sur le plateau »
    reject(
        taking,
        0,
        {"type": "take", "station": "opera", "colour": "red"},
        "paris_paris.token_not_displayed",
    )
    reject(
        taking,
        0,
        {"type": "take", "station": "odeon", "colour": "pink"},
        "paris_paris.token_not_displayed",
    )


def test_unknown_station_and_colour(taking):
    e = reject(
        taking,
        0,
        {"type": "take", "station": "eiffel", "colour": "blue"},
        "paris_paris.unknown_station",
    )
    assert e.params == {"station": "eiffel"}
    reject(
        taking,
        0,
        {"type": "take", "station": "odeon", "colour": "mauve"},
        "paris_paris.unknown_colour",
    )


def test_bad_removal_choices(taking):
    # « c'est le joueur qui place le nouveau commerce qui choisit quel commerce déjà en place
    #   est retiré » — only a shop that is there, and only at a full crossing
    reject(
        taking,
        0,
        {"type": "take", "station": "odeon", "colour": "blue"},
        "paris_paris.removal_required",
    )
    reject(
        taking,
        0,
        {"type": "take", "station": "odeon", "colour": "blue", "remove": 0},
        "paris_paris.removal_not_there",
    )
    reject(
        taking,
        0,
        {"type": "take", "station": "marais", "colour": "orange", "remove": 2},
        "paris_paris.no_removal_choice",
    )
    reject(
        taking,
        0,
        {"type": "take", "station": "pigalle", "colour": "red", "remove": 1},
        "paris_paris.no_removal_choice",
    )


def test_reveal_twice(taking):
    reject(taking, 0, {"type": "reveal", "pile": 1}, "paris_paris.already_revealed")


def test_take_before_reveal_and_bad_piles():
    state = start(3, [PILE])
    reject(
        state, 0, {"type": "take", "station": "odeon", "colour": "blue"}, "paris_paris.reveal_first"
    )
    reject(state, 0, {"type": "reveal", "pile": 15}, "paris_paris.unknown_pile")
    reject(state, 0, {"type": "reveal", "pile": -1}, "paris_paris.unknown_pile")
    state, _ = act(state, {"type": "reveal", "pile": 3})
    while state.phase != REVEAL:
        state, _ = act(state, GAME.dump_action(GAME.legal_actions(state, state.turn)[0]))
    reject(state, 1, {"type": "reveal", "pile": 3}, "paris_paris.pile_gone")


def test_move_from_only_when_supply_is_empty(taking):
    reject(
        taking,
        0,
        {"type": "take", "station": "pigalle", "colour": "red", "move_from": "marais"},
        "paris_paris.move_not_allowed",
    )


def test_move_errors_with_empty_supply():
    state = put(start(2, [["louvre/blue", "marais/orange", "pigalle/red"]]), {"opera": [0]})
    state = dataclasses.replace(state, supply=(0, 19))  # only for the error paths
    state, _ = act(state, {"type": "reveal", "pile": 0})
    reject(
        state,
        0,
        {"type": "take", "station": "louvre", "colour": "blue"},
        "paris_paris.move_required",
    )
    reject(
        state,
        0,
        {"type": "take", "station": "louvre", "colour": "blue", "move_from": "odeon"},
        "paris_paris.move_not_own",
    )
    reject(
        state,
        0,
        {"type": "take", "station": "louvre", "colour": "blue", "move_from": "nowhere"},
        "paris_paris.unknown_station",
    )
    state = dataclasses.replace(put(state, {"louvre": [0]}), supply=(0, 19))
    reject(
        state,
        0,
        {"type": "take", "station": "louvre", "colour": "blue", "move_from": "louvre"},
        "paris_paris.move_same_station",
    )


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
    reject(state, 0, Reveal(pile=0), "game.over")
    reject(state, 0, Take(station="odeon", colour="blue"), "game.over")


def test_apply_accepts_notation_dicts_and_rejects_garbage(taking):
    after, _ = GAME.apply(taking, 0, {"type": "take", "station": "pigalle", "colour": "red"})
    assert after.turn == 1
    reject(taking, 0, 42, "action.malformed")

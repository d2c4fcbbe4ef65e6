"""What the notation document's example record means for Moscow–Paris, and arrangements (every
game's examples, options and editions: tests/contract/test_notation_docs.py)."""

import pytest

from games.core.errors import IllegalAction
from games.core.replay import replay
from games.moscow_paris.deal import dump_arrangement
from tests.contract.documents import example_records

from .helpers import GAME, city_names, names, new

KEY = "moscow-paris"


def test_example_record_replays():
    [record] = example_records(KEY)
    state = replay(GAME, record)
    assert state.turn == 0 and state.turns == 6
    assert city_names(state) == ["madrid", "berlin", "edinburgh", "munich"]
    assert (names(state.lefts[0]), names(state.rights[0])) == (["baggage"], ["tank"])
    assert GAME.scores(state) == [0, 1, 0]
    assert GAME.view(state, None).removed[0].id == "salzburg"


def test_arrangement_round_trips_and_fixes_every_secret():
    state = new(4, seed=11, istanbul=True)
    arrangement = dump_arrangement(state)
    assert len(arrangement["deck"]) == 104 and len(arrangement["cities"]) == 17
    again = GAME.setup(4, GAME.parse_options({"istanbul": True}), 999, arrangement)
    assert GAME.snapshot(again) == GAME.snapshot(state)


def test_arrangement_is_validated():
    state = new(3)
    good = dump_arrangement(state)
    bad = [
        ({**good, "deck": good["deck"][:-1]}, "arrangement.bad_deck"),
        ({**good, "deck": ["mail", *good["deck"][1:]]}, "arrangement.bad_deck"),
        ({**good, "deck": ["caboose", *good["deck"][1:]]}, "arrangement.bad_deck"),
        ({**good, "cities": good["cities"][:-1]}, "arrangement.bad_cities"),
        ({**good, "cities": [*good["cities"][:-1], "istanbul"]}, "arrangement.bad_cities"),
        ({**good, "extra": 1}, "arrangement.invalid"),
        ({**good, "reshuffle_seed": "x"}, "arrangement.invalid"),
    ]
    for arrangement, key in bad:
        with pytest.raises(IllegalAction) as info:
            GAME.setup(3, GAME.parse_options({}), 1, arrangement)
        assert info.value.key == key, arrangement
    partial = GAME.setup(3, GAME.parse_options({}), 1, {"cities": list(reversed(good["cities"]))})
    assert partial.cfg.deal_deck == state.cfg.deal_deck
    assert list(partial.cfg.deal_cities) == list(reversed(state.cfg.deal_cities))

"""Views carry only what a seat may see; events give a recap everything it needs."""

import dataclasses
import json
import random

import pytest

from games.paris.board import KINDS, SPACE_INDEX, TILE_KIND
from games.paris.state import State, draft, evolve, seal
from games.paris.views import ParisView
from tests.scenario import kinds

from .helpers import GAME, board, give, keys_at, replace, start
from .playing import act, move


def test_public_view_hides_screens_and_shows_counts():
    state = give(board(), 2, francs=13, goods={"gold": 1, "bronze": 2}, bonus=[4, 27], egt=["E3"])
    public = GAME.view(state, None)
    assert public.screen is None and public.screens is None
    row = public.table[2]
    assert row.bonus_tiles_held == 2 and row.end_game_tiles_held == 1
    text = public.model_dump_json()
    assert "francs" not in text and "E3" not in text
    mine = GAME.view(state, 2)
    assert mine.screen.francs == 13 and mine.screen.bonus_tiles == [4, 27]
    assert mine.screen.goods["bronze"] == 2 and mine.screen.end_game_tiles == ["E3"]
    other = GAME.view(state, 1)
    assert other.screen.seat == 1 and other.screen.francs == 3


def test_a_view_ignores_every_secret_it_may_not_see():
    state = give(board(), 1, francs=9, goods={"wood": 2}, bonus=[10], egt=["E2"])
    state = replace(state, endgame=tuple(sorted(set(range(12)) - {1})))
    changed = give(state, 1, francs=30, goods={"silver": 1}, bonus=[21], egt=["E9"])
    changed = replace(changed, endgame=tuple(sorted(set(range(12)) - {8})))
    for seat in (None, 0, 2, 3):
        assert GAME.view(state, seat) == GAME.view(changed, seat)
    assert GAME.view(state, 1) != GAME.view(changed, 1)


def test_views_round_trip_and_name_seats_by_number():
    state = keys_at(board(), 3, "arc", "montmartre/5")
    view = GAME.view(state, 3)
    assert ParisView.model_validate_json(view.model_dump_json()) == view
    assert view.arc == [3] and view.table[3].keys == ["montmartre/5", "arc"]


def test_purchase_events_carry_cost_and_income():
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=9)
    tile = state.spaces[SPACE_INDEX["chaillot/2"]]  # the tile lying there names the building
    state, events = act(state, move("chaillot/bank", "chaillot/2"))
    state, more = act(state, {"type": "take_bonus", "space": 5})
    events += more
    assert [e.kind for e in events] == ["key_moved", "token_taken", "bonus_taken"]
    assert all(e.to is None for e in events)
    assert kinds(events, "key_moved") == [
        {
            "seat": 0,
            "from": "chaillot/bank",
            "to": "chaillot/2",
            "francs": 2,
            "landmark_added": False,
            "bonus_tiles": [],
            "resources": [],
            "building": KINDS[TILE_KIND[tile]],
        }
    ]
    json.dumps([dict(e.params) for e in events])


def test_tile_events_are_public_and_name_the_next_back():
    state, events = act(start(), {"type": "place_tile", "stack": 1})
    [event] = events
    assert event.kind == "tile_placed" and event.to is None
    assert set(event.params) == {"seat", "stack", "tile", "value", "kind", "next", "space"}
    assert GAME.reveals_hidden(start(), 0, GAME.parse_action({"type": "place_tile", "stack": 0}))
    assert not GAME.reveals_hidden(
        board(), 0, GAME.parse_action({"type": "place_key", "to": "arc"})
    )


def test_evolve_equals_dataclasses_replace():
    rng = random.Random(3)
    state = GAME.setup(4, GAME.parse_options({}), 3)
    for _ in range(150):
        if GAME.is_over(state):
            break
        fields = [f.name for f in dataclasses.fields(state)]
        name = rng.choice(fields[8:])
        value = getattr(GAME.setup(4, GAME.parse_options({}), rng.randrange(99)), name)
        assert evolve(state, **{name: value}) == dataclasses.replace(state, **{name: value})
        assert evolve(state) == state and evolve(state) is not state
        state, _ = GAME.apply(state, state.turn, rng.choice(GAME.legal_actions(state, state.turn)))


def test_a_draft_seals_into_an_equal_frozen_state_and_leaves_the_original_alone():
    state = board()
    before = GAME.snapshot(state)
    d = draft(state)
    d.francs = (99, 0, 0, 0)
    d.phase = 5
    new = seal(d)
    assert type(new) is State and new is d
    assert new == dataclasses.replace(state, francs=(99, 0, 0, 0), phase=5)
    assert GAME.snapshot(state) == before
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.francs = (1, 2, 3, 4)
    assert seal(draft(state)) == state and hash(seal(draft(state))) == hash(state)


def test_frequent_events_are_shared_with_read_only_params():
    state = give(board(), 0, goods={"wood": 2})
    one, [sold] = act(state, {"type": "sell", "item": "wood"})
    _, [again] = act(state, {"type": "sell", "item": "wood"})
    assert again is sold and dict(sold.params) == {
        "seat": 0,
        "item": "wood",
        "good": "wood",
        "francs": 1,
    }
    with pytest.raises(TypeError):
        sold.params["francs"] = 5
    assert json.dumps(dict(sold.params))

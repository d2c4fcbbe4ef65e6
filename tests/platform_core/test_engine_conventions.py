"""The conventions games/core gives every engine: one rules table that `apply` dispatches
through, with its refusals in one place, and one default notation."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from games.core.contract import Game
from games.core.errors import IllegalAction
from games.registry import get_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "notation"
GAMES = ["paris-paris", "city-of-light", "paris", "moscow-paris"]


def test_city_of_light_writes_the_short_notation_its_document_shows():
    """One notation for every game: without null fields and unset flags (City of Light alone
    wrote `"x": null` and `"decline": false` into its records)."""
    game = get_game("city-of-light")
    doc = (DOCS / "city_of_light.md").read_text(encoding="utf-8")
    examples = [json.loads(text) for text in re.findall(r"`(\{\"type\".*?\})`", doc)]
    assert len(examples) >= 19
    for example in examples:
        assert game.dump_action(game.parse_action(example)) == example


def first_move(key: str, seed: int) -> tuple[Game[Any, Any], Any, int, Any]:
    """A fresh two-seat match of game `key`: (game, state, the seat to act, its first move)."""
    game = get_game(key)
    state = game.setup(2, game.parse_options({}), seed=seed)
    seat = next(iter(game.to_act(state)))
    return game, state, seat, game.legal_actions(state, seat)[0]


@pytest.mark.parametrize("key", GAMES)
def test_apply_takes_the_notation_as_well_as_the_model(key):
    """Every engine's `apply` accepts an action's JSON (City of Light refused it)."""
    game, state, seat, action = first_move(key, seed=3)
    expected = game.snapshot(game.apply(state, seat, action)[0])
    assert game.snapshot(game.apply(state, seat, game.dump_action(action))[0]) == expected


@pytest.mark.parametrize("key", GAMES)
def test_out_of_turn_and_non_actions_are_refused_alike_by_every_game(key):
    game, state, seat, action = first_move(key, seed=5)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 1 - seat, action)
    assert refused.value.key == "turn.not_yours"
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, object())
    assert refused.value.key == "action.malformed"


@pytest.mark.parametrize("key", GAMES)
def test_every_view_has_the_common_fields_under_one_name(key):
    """One view shape: whose view, how many seats, the phase by name, who must act (City of
    Light listed its seats under `players`, Paris Paris and Moscow–Paris had no `seat`)."""
    from games.core.views import View

    game = get_game(key)
    state = game.setup(2, game.parse_options({}), seed=1)
    names = set(
        game.phase_names.values() if hasattr(game.phase_names, "values") else game.phase_names
    )
    for seat in (None, 0, 1):
        view = game.view(state, seat)
        assert isinstance(view, View)
        assert (view.seat, view.players) == (seat, 2)
        assert view.phase in names
        assert view.to_act == sorted(game.to_act(state))


def test_a_city_of_light_record_in_the_old_long_notation_still_replays():
    """Records stored before the one notation wrote every field (`"x": null`, `"decline":
    false`): they replay to the same state as the short form."""
    import random

    from games.core.record import MatchRecord, RecordedAction
    from games.core.replay import replay

    game = get_game("city-of-light")
    state = game.setup(2, game.parse_options({}), seed=11)
    rng = random.Random(11)
    long, short = [], []
    while not game.is_over(state):
        seat = next(iter(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        long.append(RecordedAction(seat=seat, action=action.model_dump(mode="json")))
        short.append(RecordedAction(seat=seat, action=game.dump_action(action)))
        state, _ = game.apply(state, seat, action)
    assert any(None in a.action.values() for a in long)
    records = [MatchRecord(game=game.key, seats=2, seed=11, actions=log) for log in (long, short)]
    assert [game.snapshot(replay(game, r)) for r in records] == [game.snapshot(state)] * 2

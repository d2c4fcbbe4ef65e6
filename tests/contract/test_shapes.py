"""One shape for every game (issue 18): the same view class for every audience, and action
models on one base whose tag comes first in the notation. Every registered game is checked,
the test-only one included, so a fifth game is held to it with no edit here."""

from __future__ import annotations

import typing

import pytest

from games.core.actions import ActionModel
from games.registry import get_game
from tests.contract.games import game_cases, random_playout, seat_cases


@pytest.mark.parametrize(("key", "seats"), seat_cases())
def test_every_audience_gets_the_one_view_class_of_its_game(key: str, seats: int) -> None:
    """A seat's secrets are optional fields of the one view class, None in the public view
    (Paris Paris and Moscow–Paris had a `SeatView` subclass for them)."""
    game = get_game(key)
    _, moves = random_playout(game, seats, seed=seats)
    for state, _, _ in moves[:: max(1, len(moves) // 20)]:
        public = game.view(state, None)
        for seat in range(seats):
            view = game.view(state, seat)
            assert type(view) is type(public), (key, seat)


@pytest.mark.parametrize("key", game_cases())
def test_action_models_share_one_base_and_lead_with_their_tag(key: str) -> None:
    """Every action model extends `ActionModel` (frozen, no unknown field) and its JSON
    starts with its `type` tag, so each game's notation reads the same way."""
    game = get_game(key)
    union = typing.get_args(game.Action)[0] if typing.get_origin(game.Action) else game.Action
    models = typing.get_args(union) or (union,)
    for model in models:
        assert issubclass(model, ActionModel), model
        assert next(iter(model.model_fields)) == "type", model
        tag = model.model_fields["type"].default
        assert typing.get_args(model.model_fields["type"].annotation) == (tag,), model

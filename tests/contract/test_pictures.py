"""Renderers draw the view they are handed and read only what everybody may see: a seat's
view (its hand, screen or marker included) draws the public picture byte for byte, so no
renderer needs to strip a view, and a secret drawn on the table would fail here."""

from __future__ import annotations

import importlib

import pytest

from games.registry import get_game
from tests.contract.games import game_cases, presentation_of, random_playout

NAMES = ["Amélie", "Bastien", "Zoë", "Ngũgĩ", "Øystein"]


@pytest.mark.parametrize("key", game_cases())
def test_a_seat_view_draws_the_public_picture(key: str) -> None:
    game = get_game(key)
    adapter = importlib.import_module(presentation_of(key)).ADAPTER
    seats = game.max_seats
    names = NAMES[:seats]
    _, moves = random_playout(game, seats, seed=seats)
    secrets = 0
    for state, _, _ in (moves[len(moves) // 3], moves[2 * len(moves) // 3]):
        public_view = game.view(state, None)
        public = adapter.render(public_view, names)
        assert adapter.render(public_view, names) == public  # same view, same bytes
        for seat in range(seats):
            view = game.view(state, seat)
            secrets += view != public_view
            assert adapter.render(view, names) == public, (key, seat)
    assert secrets  # the seat views held something the public one does not

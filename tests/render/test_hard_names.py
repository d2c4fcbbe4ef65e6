"""Issue 11, "Done means": every game's table picture drawn with the hard names — accents,
emoji, Cyrillic, Greek, CJK, flags, ZWJ families — and every string it draws made of glyphs
the bundled fonts really have (no "?", no box), the names themselves among them."""

from __future__ import annotations

import random

import pytest

from bot.games import adapters
from bot.render import text as textlib
from bot.render.hard_names import HARD_NAMES
from games.registry import get_game
from tests.render.colour_vision import text_calls


def views(key: str, seats: int) -> list[object]:
    """The public view at the start and at the end of a seeded random match."""
    game = get_game(key)
    rng = random.Random(seats)
    state = game.setup(seats, game.parse_options({}), seed=seats)
    first = game.view(state, None)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return [first, game.view(state, None)]


CASES = [
    (key, seats)
    for key in adapters()
    for seats in sorted({get_game(key).min_seats, get_game(key).max_seats})
]


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_game_draws_hard_names_with_real_glyphs(key, seats, monkeypatch):
    for offset, view in enumerate(views(key, seats)):
        names = [HARD_NAMES[(offset * seats + n) % len(HARD_NAMES)] for n in range(seats)]
        with text_calls(monkeypatch) as calls:
            adapters()[key].render(view, names)
        said = [call.text for call in calls]
        assert said, "the picture drew no text"
        assert [s for s in said if textlib.uncovered(s)] == []
        for name in names:  # each name is drawn (perhaps shortened with "…")
            assert any(name[:3] in s for s in said), (name, said)


def test_the_check_has_teeth():
    """What the check above rejects: a script drawn transliterated rather than as itself,
    and a family emoji drawn as three people (its joiners lost)."""
    assert textlib.uncovered("ሰላም") == list("ሰላም")
    family = HARD_NAMES[7]
    assert "\u200d" in family and family[:3] not in family.replace("\u200d", "")

"""Issue 22, item 1 (the web board: "clicking a place makes the same choices as the panel's
steps"): every tag a turn panel writes at an offered place is found, with its box on the
picture, while the picture is drawn (`bot.render.drawing.recording_tags`), so the web board
can lay a button exactly over it. For every game, at each kind of step that offers places
in a seeded random match."""

from __future__ import annotations

import random

import pytest

from bot.games import adapters
from bot.render import drawing
from bot.render.drawing import recording_tags
from bot.render.marks import label_id
from bot.ui.screens import place_tags, tags_at
from games.registry import get_game
from tests.render.pixels import decode

NAMES = ["Amélie", "Bastien", "Zoë", "Ngũgĩ"]


def tagged_steps(key: str, seed: int, most: int = 4):
    """(public view, place -> tags) of up to `most` steps offering places, one per kind of
    step (its depth and its first place's kind), met in a random match from `seed`."""
    game, adapter = get_game(key), adapters()[key]
    state = game.setup(max(game.min_seats, min(3, game.max_seats)), game.parse_options({}), seed)
    rng = random.Random(seed)
    seen: set[tuple[int, str]] = set()
    while not game.is_over(state) and len(seen) < most:
        seat = min(game.to_act(state))
        actions = game.legal_actions(state, seat)
        moves = adapter.moves(game.view(state, seat), actions, NAMES, "en")
        for prefix in sorted({m.codes[:d] for m in moves for d in range(len(m.codes))}):
            places: dict[str, str] = {}
            for m in moves:
                if m.codes[: len(prefix)] == prefix:
                    places.setdefault(m.steps[len(prefix)].code, m.steps[len(prefix)].place)
            at = tags_at(place_tags(list(places), places), places)
            kind = (len(prefix), next(iter(at), "").partition(":")[0])
            if at and kind not in seen and len(seen) < most:
                seen.add(kind)
                yield game.view(state, None), at
        state, _ = game.apply(state, seat, rng.choice(actions))


@pytest.mark.parametrize("key", sorted(adapters()))
def test_every_offered_places_tag_is_found_with_its_box(key):
    adapter = adapters()[key]
    steps = list(tagged_steps(key, seed=5))
    assert steps, "a match offers places somewhere"
    for view, at in steps:
        with recording_tags() as boxes:
            adapter.render(view, NAMES, highlight={label_id(t, p) for p, t in at.items()})
        drawn = {n for b in boxes for n in b.text.split("/")}
        wanted = {n for tags in at.values() for n in tags.split("/")}
        assert wanted <= drawn, (at, [b.text for b in boxes])
        for b in boxes:
            left, top, right, bottom = b.box
            assert 0 <= left < right <= 1 and 0 <= top < bottom <= 1, b


@pytest.mark.parametrize("key", sorted(adapters()))
def test_laid_out_only_the_tags_are_where_the_drawing_puts_them(key, monkeypatch):
    """The browser tests click tags laid out and not drawn (`drawing.LAYOUT_ONLY`): the same
    boxes as the drawn picture's, on a blank picture of the same proportions."""
    adapter = adapters()[key]
    for view, at in tagged_steps(key, seed=5, most=2):
        marks = {label_id(t, p) for p, t in at.items()}
        with recording_tags() as drawn:
            real = decode(adapter.render(view, NAMES, highlight=marks))
        monkeypatch.setattr(drawing, "LAYOUT_ONLY", True)
        with recording_tags() as laid_out:
            blank = decode(adapter.render(view, NAMES, highlight=marks))
        monkeypatch.setattr(drawing, "LAYOUT_ONLY", False)
        assert laid_out == drawn and drawn
        assert blank.width * drawing.BLANK_SHRINK <= real.width
        ratio = (blank.width / blank.height) / (real.width / real.height)
        assert ratio == pytest.approx(1, abs=0.05)
        assert all(low == high for low, high in blank.getextrema()), "nothing drawn"

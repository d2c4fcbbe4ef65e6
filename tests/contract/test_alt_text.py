"""Issue 20, item 1: every picture's alt text tells a screen-reader user the table (whose
turn or who won, every score) within Discord's 1024 characters, with the longest hostile
names, and never a secret: it reads nothing a seat's own view adds to the public one."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from bot.games.alt_text import ALT_LIMIT, fit_alt, unmark
from bot.render.hard_names import HARD_NAMES as HARD
from bot.ui.safe_text import md_all, plain
from games.registry import get_game
from tests.contract.games import game_cases, presentation_of, random_playout
from tests.discord.driver import private_only

# Display names as long as Discord allows, made of what breaks text: Markdown, mentions,
# masked links, spoilers, newlines, emoji sequences, accents (tests/discord/
# test_hostile_names.py has the same kinds).
HOSTILE = [
    "**b** [click](https://evil.ex) " + HARD[0],
    "@everyone <@&123456789012345678> " + HARD[7],
    "@here\n# heading ||spoiler|| " + HARD[9],
    "`code` ~~x~~ __u__ \\ " + HARD[3],
    "> quote *i* _j_ " + HARD[10] + " " + HARD[5],
]
LONGEST = [plain(name * 2) for name in HOSTILE]  # cut to Discord's 32 characters
pytestmark = pytest.mark.usefixtures("presentations")  # the test double's catalogue too
LANGUAGES = ["en", "ru", "de", "fr"]


def adapter_of(key: str) -> Any:
    return importlib.import_module(presentation_of(key)).ADAPTER


@pytest.mark.parametrize("key", game_cases())
def test_alt_text_of_a_seat_view_is_the_public_one(key: str) -> None:
    """What a seat's view adds (a hand, a screen, a marker) never reaches the alt text, and
    no seat's private lines are in it, at every stage of a match."""
    game = get_game(key)
    adapter = adapter_of(key)
    seats = game.max_seats
    names = md_all(LONGEST[:seats])
    _, moves = random_playout(game, seats, seed=seats)
    differs = 0
    for state, _, _ in moves[:: max(1, len(moves) // 6)]:
        public_view = game.view(state, None)
        public = adapter.alt_text(public_view, names, "en")
        views = [game.view(state, seat) for seat in range(seats)]
        secret_lines = private_only(adapter, views, names) if not game.is_over(state) else {}
        for seat, view in enumerate(views):
            differs += view != public_view and bool(game.secrets(state, seat))
            assert adapter.alt_text(view, names, "en") == public, (key, seat)
            for line in secret_lines.get(seat, ()):
                assert unmark(line) not in public, (key, seat, line)
    assert differs  # the seat views held something the public one does not


@pytest.mark.parametrize("key", game_cases())
@pytest.mark.parametrize("locale", LANGUAGES)
def test_alt_text_names_the_turn_and_every_score_within_discords_limit(
    key: str, locale: str
) -> None:
    """With the longest hostile names and the longest recap (a match's last move scores it),
    every alt text fits 1024 characters and still says whose turn it is (or who won) and
    every seat's score, the names whole."""
    game = get_game(key)
    adapter = adapter_of(key)
    seats = game.max_seats
    names = md_all(LONGEST[:seats])
    shown = LONGEST[:seats]
    state = game.setup(seats, game.parse_options({}), seed=seats)
    _, moves = random_playout(game, seats, seed=seats)
    for before, (after, _, _) in zip(moves, moves[1:], strict=False):
        state, seat, action = before
        _, events = game.apply(state, seat, action)
        view = game.view(after, None)
        result = game.result(after) if game.is_over(after) else None
        alt = adapter.alt_text(view, names, locale, result=result, events=events)
        assert 0 < len(alt) <= ALT_LIMIT, (key, len(alt))
        turn = result.winners if result is not None else getattr(view, "to_act", [])
        assert all(shown[s] in alt for s in turn), (key, alt)
        scores = result.scores if result is not None else adapter.scores(view)
        if scores is not None:
            listed = ", ".join(f"{shown[s]} {n}" for s, n in enumerate(scores))
            assert listed in alt, (key, alt)


def test_a_long_text_keeps_whole_sentences() -> None:
    """A sentence that would not fit is left out whole (a name is never cut); a later,
    shorter one still comes in."""
    alt = fit_alt(["To play: **Zoë\\_\\*x**.", "y" * 1020, "Scores: Zoë 3."])
    assert alt == "To play: Zoë_*x. Scores: Zoë 3."
    assert fit_alt(["word " * 300]).endswith("…") and len(fit_alt(["word " * 300])) <= ALT_LIMIT

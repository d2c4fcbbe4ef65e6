"""AI seats never read a secret: their choice depends only on what their seat may know.

Part of the contract suite (`tests/contract/`): for positions of every registered game (the
test-only one too) and every player count, `s2 = determinize(s1, seat, other_rng)` is a state
the seat cannot tell from `s1` (same view, same legal moves) whose hidden parts differ in most
positions; the strong (search) and easy (greedy) seats, given the same seed and an iteration
budget, choose the same move in both. Determinising either gives the same state: the sampler
reads only what the seat knows. And the sampler keeps nothing hidden at its true value: each
game declares what a seat can neither see nor deduce (`Game.secrets`), and over a game every
declared part must come out redrawn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from games.core.ai import LEVELS, get_player
from games.core.search import Budget
from games.registry import game_keys, get_game
from tests.contract.games import random_playout, seat_cases

CASES = seat_cases()  # found in the registry: a new game is checked with no edit
POSITIONS = 6  # per case: spread over one random game, its last decision included
REDRAW_POSITIONS = 24  # cheap (no search): enough for every secret to be redrawn once
BUDGET = Budget(iterations=12)


def positions(key: str, seats: int, seed: int, count: int = POSITIONS) -> list[tuple[object, int]]:
    """Decision points (state, seat to act with a real choice) spread over a random game."""
    game = get_game(key)
    _, moves = random_playout(game, seats, seed)
    found = [(s, seat) for s, seat, _ in moves[:-1] if len(game.legal_actions(s, seat)) > 1]
    picks = {round(i * (len(found) - 1) / (count - 1)) for i in range(count)}
    return [found[i] for i in sorted(picks)]


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_choices_depend_only_on_what_the_seat_may_know(key: str, seats: int) -> None:
    game = get_game(key)
    differ = 0
    points = positions(key, seats, seed=11 + seats)
    for n, (s1, seat) in enumerate(points):
        s2 = game.determinize(s1, seat, random.Random(1000 + n))
        assert game.view(s2, seat) == game.view(s1, seat)
        assert game.legal_actions(s2, seat) == game.legal_actions(s1, seat)
        # The sampler reads only what the seat knows: both states determinise alike.
        assert game.snapshot(game.determinize(s1, seat, random.Random(n))) == game.snapshot(
            game.determinize(s2, seat, random.Random(n))
        )
        differ += game.snapshot(s2) != game.snapshot(s1)
        for level in LEVELS:  # easy (greedy) and strong
            player = get_player(level)
            first = player.choose(game, s1, seat, random.Random(n), BUDGET)
            second = player.choose(game, s2, seat, random.Random(n), BUDGET)
            assert first == second, (level, n)
    # The hidden parts really were different (City of Light hides nothing in phase 2).
    assert differ >= len(points) // 2, differ


def test_every_installed_game_can_be_determinised() -> None:
    """A new game must say what it hides (`secrets`) and sample it before AI seats can play
    it (no default that would hand the search the true state)."""
    for key in game_keys():
        game = get_game(key)
        state = game.setup(game.min_seats, game.parse_options({}), seed=1)
        seat = min(game.to_act(state))
        assert isinstance(game.secrets(state, seat), Mapping)
        assert game.view(game.determinize(state, seat, random.Random(0)), seat) == game.view(
            state, seat
        )


def test_the_check_has_teeth(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sampler that hands back the true state (peeking) makes the choices differ: the
    test above would catch it."""
    game = get_game("paris-paris")
    points = positions("paris-paris", 2, seed=13)
    others = [
        game.determinize(s1, seat, random.Random(1000 + n)) for n, (s1, seat) in enumerate(points)
    ]
    monkeypatch.setattr(type(game), "determinize", staticmethod(lambda state, seat, rng: state))
    strong = get_player("strong")
    pairs = enumerate(zip(points, others, strict=True))
    differ = sum(
        strong.choose(game, s1, seat, random.Random(n), BUDGET)
        != strong.choose(game, s2, seat, random.Random(n), BUDGET)
        for n, ((s1, seat), s2) in pairs
    )
    assert differ >= 2


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_determinisations_are_playable_from_every_seat(key: str, seats: int) -> None:
    """Whoever determinises (also a seat waiting while another resolves its action card),
    the sampled state keeps the counts of the true one and every move the actor has there
    can be played, down to the end of the game."""
    game = get_game(key)
    rng = random.Random(seats)
    for seed in range(3):
        state = game.setup(seats, game.parse_options({}), seed=100 + seed)
        n = 0
        while not game.is_over(state):
            actor = min(game.to_act(state))
            if n % 4 == 0:
                for seat in range(seats):
                    sample = game.determinize(state, seat, rng)
                    mover = min(game.to_act(sample))
                    legal = list(game.legal_actions(sample, mover))
                    for action in rng.sample(legal, min(8, len(legal))):
                        game.apply(sample, mover, action)
            state, _ = game.apply(state, actor, rng.choice(game.legal_actions(state, actor)))
            n += 1
        final = game.determinize(state, 0, rng)
        assert game.result(final) == game.result(state)


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_the_sampler_redraws_every_secret(key: str, seats: int) -> None:
    """Keeping one hidden part true (another screen's tiles, the deck's order, the hidden
    set-up) is peeking too, and the search could still choose alike: over a game, every part
    the game declares hidden (`Game.secrets`) must come out redrawn at least once, and the
    hidden set-up (what `arrangement` fixes) too."""
    game = get_game(key)
    kept: set[str] = set()  # declared somewhere, never redrawn so far
    redrawn: set[str] = set()
    setup_hidden = setup_redrawn = False
    for n, (s1, seat) in enumerate(positions(key, seats, seed=21 + seats, count=REDRAW_POSITIONS)):
        truth = game.secrets(s1, seat)
        sample = game.determinize(s1, seat, random.Random(n))
        drawn = game.secrets(sample, seat)
        assert drawn.keys() == truth.keys()  # the same parts are hidden in both
        redrawn.update(name for name in truth if drawn[name] != truth[name])
        kept.update(truth)
        setup_hidden |= bool(game.arrangement(s1))
        setup_redrawn |= game.arrangement(sample) != game.arrangement(s1)
    assert kept <= redrawn, f"kept at their true values: {sorted(kept - redrawn)}"
    assert setup_redrawn or not setup_hidden

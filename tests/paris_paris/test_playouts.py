"""The AI's fast paths score and choose by the same rules: an excursion without its recap,
a playout move without events, the reveal tables at every pile count, the bag split of a
determinisation."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.paris_paris import hidden, round_end, scoring, turns
from games.paris_paris.board import IS_CROSSING, N_COLOURS, N_STATIONS
from games.paris_paris.data import SHOPS_PER_PLAYER
from games.paris_paris.state import REVEAL

from .helpers import GAME, OPTIONS


def _board(rng: random.Random, players: int) -> tuple[tuple[int, ...], ...]:
    """Any legal board: crossings with 0-2 shops in any order (one owner twice included)."""
    return tuple(
        tuple(rng.randrange(players) for _ in range(rng.choice((0, 1, 2) if crossing else (0, 1))))
        for crossing in IS_CROSSING
    )


def test_an_excursion_scores_the_same_without_its_recap() -> None:
    # « Lorsque le bus s'arrête à un croisement, chaque commerce sur cette station rapporte un
    #   point à son propriétaire. » « Si le propriétaire d'un commerce située sur le croisement
    #   possède également des commerces sur des stations adjacentes, [...] chacun de ces
    #   commerces lui rapporte également 1 point. »
    rng = random.Random(5)
    for _ in range(300):
        players = rng.randrange(2, 5)
        board = _board(rng, players)
        for colour in range(N_COLOURS):
            points, stops = scoring.excursion(board, colour, players)
            assert scoring.excursion(board, colour, players, recap=False) == (points, [])
            by_stop = [sum(stop["points"][seat] for stop in stops) for seat in range(players)]
            assert by_stop == points


def test_a_playout_move_builds_no_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playouts read no recap: building one there would only cost time."""

    def no_event(*args: object, **kwargs: object) -> None:
        raise AssertionError("a playout move built an event")

    for seats in (2, 3, 4):
        states = []
        rng = random.Random(seats)
        state = GAME.setup(seats, OPTIONS, seed=seats)
        while not GAME.is_over(state):
            states.append(state)
            state = GAME.playout_step(state, min(GAME.to_act(state)), rng)
        with monkeypatch.context() as patch:
            patch.setattr(turns, "event", no_event)
            patch.setattr(round_end, "event", no_event)
            for state in states:
                GAME.playout_step(state, min(GAME.to_act(state)), random.Random(0))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_face_down_pile_may_be_revealed(players: int) -> None:
    # « Le premier joueur prend l'une des piles de jetons, la retourne face visible [...] »
    # (2 players: 20 piles, beyond the first table of 10)
    state = GAME.setup(players, OPTIONS, seed=1)
    rng = random.Random(players)
    piles = len(state.piles)
    for _ in range(200):
        revealed = rng.getrandbits(piles)
        legal = turns.legal_reveals(dataclasses.replace(state, revealed=revealed), 0)
        assert [r.pile for r in legal] == [i for i in range(piles) if not revealed >> i & 1]


def test_a_determinised_bag_never_holds_more_shops_than_a_seat_has_off_the_board() -> None:
    # « Le contenu du sac est secret, et personne ne peut le regarder avant la fin de la
    #   partie. » A seat's shops are on the board, in its supply or in the bag: the split of
    #   the bag between the others never gives one of them more than it has off the board.
    board = [(1,)] * 18 + [()] * (N_STATIONS - 18)  # seat 1: 18 shops on it, 1 off it
    state = dataclasses.replace(
        GAME.setup(3, OPTIONS, seed=2),
        board=tuple(board),
        bag=(0, 1, 5),
        supply=(SHOPS_PER_PLAYER, 0, SHOPS_PER_PLAYER - 5),
        phase=REVEAL,
    )
    full = 0  # samples where seat 1's last shop off the board went to the bag
    for n in range(200):
        sample = hidden.determinize(state, 0, random.Random(n))
        assert sum(sample.bag) == 6 and sample.bag[0] == 0
        assert sample.bag[1] <= 1 and min(sample.supply) >= 0
        full += sample.bag[1]
    assert full > 0

"""Setup: piles, secret markers, the face-up marker with 2 players, arrangements."""

import pytest

from games.core.errors import IllegalAction
from games.paris_paris.board import TILE_IDS
from games.paris_paris.state import REVEAL

from .helpers import GAME, OPTIONS, make_arrangement


@pytest.mark.parametrize("players,piles,size", [(2, 20, 3), (3, 15, 4), (4, 12, 5)])
def test_piles(players, piles, size):
    # « à 2 joueurs: 20 piles de 3 jetons. à 3 joueurs: 15 piles de 4 jetons.
    #   à 4 joueurs: 12 piles de 5 jetons. »
    state = GAME.setup(players, OPTIONS, seed=7)
    assert len(state.piles) == piles
    assert all(len(pile) == size for pile in state.piles)
    assert sorted(t for pile in state.piles for t in pile) == list(range(60))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_secret_marker_per_player(players):
    # « Chaque joueur en prend un et le regarde, sans le révéler à ses adversaires. »
    state = GAME.setup(players, OPTIONS, seed=3)
    assert len(state.markers) == players
    assert len(set(state.markers)) == players


def test_two_players_one_marker_face_up():
    # « À 2 joueurs, l'un des marqueurs restant est placé face visible à côté du plateau »
    state = GAME.setup(2, OPTIONS, seed=11)
    assert state.face_up is not None and state.face_up not in state.markers
    assert GAME.view(state, None).face_up_marker is not None
    for players in (3, 4):
        assert GAME.setup(players, OPTIONS, seed=11).face_up is None


def test_first_player_is_seat_zero():
    # « Un premier joueur est désigné, qui prend le bus et le pose devant lui. »
    state = GAME.setup(3, OPTIONS, seed=1)
    assert GAME.to_act(state) == frozenset({0})
    assert state.first == 0 and state.phase == REVEAL


def test_seed_is_deterministic_and_matters():
    assert GAME.snapshot(GAME.setup(4, OPTIONS, 5)) == GAME.snapshot(GAME.setup(4, OPTIONS, 5))
    assert GAME.snapshot(GAME.setup(4, OPTIONS, 5)) != GAME.snapshot(GAME.setup(4, OPTIONS, 6))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_arrangement_round_trip(players):
    state = GAME.setup(players, OPTIONS, seed=42)
    arrangement = GAME.arrangement(state)
    again = GAME.setup(players, OPTIONS, seed=999, arrangement=arrangement)
    assert GAME.snapshot(again) == GAME.snapshot(state)


def _bad(players, arrangement, match):
    with pytest.raises(IllegalAction, match=match) as info:
        GAME.setup(players, OPTIONS, 0, arrangement)
    assert info.value.key == "paris_paris.bad_arrangement"


def test_arrangement_wrong_tile_multiset():
    arrangement = make_arrangement(3, [])
    arrangement["piles"][0][0] = arrangement["piles"][1][0]
    _bad(3, arrangement, "used twice")
    arrangement = make_arrangement(3, [])
    arrangement["piles"][0][0] = "eiffel#green#1"
    _bad(3, arrangement, "unknown tile")


def test_arrangement_wrong_pile_sizes():
    arrangement = make_arrangement(4, [])
    arrangement["piles"][0].append(arrangement["piles"][1].pop())
    _bad(4, arrangement, "pile 0 must hold 5")
    _bad(3, make_arrangement(4, []), "need 15 piles")
    assert sum(len(p) for p in make_arrangement(4, [])["piles"]) == len(TILE_IDS)


def test_arrangement_markers():
    _bad(3, make_arrangement(3, [], markers=["green", "green", "red"]), "duplicate markers")
    _bad(3, make_arrangement(3, [], markers=["green", "red"]), "one colour per seat")
    _bad(3, make_arrangement(3, [], markers=["green", "red", "mauve"]), "unknown marker")
    _bad(2, make_arrangement(2, [], face_up=None), "face_up")
    _bad(2, make_arrangement(2, [], markers=["green", "red"], face_up="red"), "duplicate")
    _bad(4, make_arrangement(4, [], face_up="pink"), "only used with 2 players")
    arrangement = make_arrangement(3, [])
    arrangement["extra"] = 1
    _bad(3, arrangement, "unknown keys")


def test_seats_out_of_range():
    with pytest.raises(IllegalAction) as info:
        GAME.setup(5, OPTIONS, 0)
    assert info.value.key == "seats.out_of_range"


def test_options_forbid_unknown_fields():
    assert GAME.parse_options({}) is not None
    with pytest.raises(IllegalAction) as info:
        GAME.parse_options({"bag": False})
    assert info.value.key == "options.invalid"

"""The end: final excursions, the bag, the winner and its tie-break, 2 players' empty supply."""

import dataclasses

import pytest

from games.paris_paris.board import STATION_INDEX, TILE_INDEX
from games.paris_paris.data import LINES, STATIONS
from games.paris_paris.state import OVER
from tests.scenario import kinds

from .helpers import GAME, OPTIONS, act, last_round, play_round, put, seat_of, start

PILE3 = ["louvre/blue", "marais/orange", "pigalle/red", "invalides/pink"]
PILE4 = [*PILE3, "tour_eiffel/pink"]


def with_bag(state, counts):
    """Shops already in the bag (taken from the owners' supplies)."""
    supply = tuple(s - c for s, c in zip(state.supply, counts, strict=True))
    return dataclasses.replace(state, bag=tuple(counts), supply=supply)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_ends_when_no_pile_is_left(players):
    # « Si, au début d'un tour, toutes les piles de jetons ont été utilisées, on passe aux
    #   excursions finales. »
    state = GAME.setup(players, OPTIONS, seed=5)
    reveals = 0
    while not GAME.is_over(state):
        seat = next(iter(GAME.to_act(state)))
        action = GAME.legal_actions(state, seat)[0]
        reveals += action.type == "reveal"
        state, events = GAME.apply(state, seat, action)
    assert reveals == {2: 20, 3: 15, 4: 12}[players]
    assert GAME.to_act(state) == frozenset() and GAME.result(state) is not None
    assert events[-1].kind == "game_over"


def test_final_excursions_in_order_from_the_current_first_player():
    # « Les joueurs révèlent alors leur marqueur d'excursion et, en commençant par le premier
    #   joueur, chacun à son tour déplace le bus le long de la ligne indiquée par son marqueur
    #   d'excursion. Les points sont marqués par tous les joueurs exactement comme lors d'une
    #   excursion ordinaire. »
    state = last_round(start(4, [PILE4]), first=2)
    state = put(state, {"opera": [1], "champs_elysees": [1], "odeon": [3]})
    state, events = play_round(state, 0, PILE4[1:])  # seats 2, 3, 0, 1
    [revealed] = kinds(events, "markers_revealed")
    assert revealed == {
        "markers": ["green", "red", "blue", "orange"],
        "face_up": None,
        "order": [3, 0, 1, 2],
    }
    finals = kinds(events, "excursion_started")
    assert [(f["seat"], f["line"], f["reason"]) for f in finals] == [
        (3, "orange", "final"),
        (0, "green", "final"),
        (1, "red", "final"),
        (2, "blue", "final"),
    ]
    ended = kinds(events, "excursion_ended")
    totals = [sum(e["points"][seat] for e in ended) for seat in range(4)]
    assert list(state.final_points) == totals
    # red line: Opéra holds seat 1 with Champs-Élysées adjacent; seat 3's Pigalle (opened this
    # round) is adjacent too but seat 3 is not on Opéra
    assert ended[2]["points"][1] == 2 and ended[2]["points"][3] == 0
    assert GAME.is_over(state)


def test_two_players_face_up_marker_line_runs_last():
    # « À 2 joueurs, le bus est également déplacé le long de la ligne désignée par le marqueur
    #   mis de côté face visible au début de la partie. »  (its place, last, is RECONSTRUCTED)
    state = last_round(start(2, [["louvre/blue", "marais/orange", "pigalle/red"]]), first=1)
    state = put(state, {"odeon": [0], "pont_neuf": [0]})
    state, events = play_round(state, 0, ["marais/orange", "pigalle/red"])
    finals = kinds(events, "excursion_started")
    assert [(f["seat"], f["line"], f["reason"]) for f in finals] == [
        (0, "green", "final"),
        (1, "red", "final"),
        (None, "pink", "face_up"),
    ]
    assert kinds(events, "excursion_ended")[-1]["points"] == [2, 0]  # Odéon + Pont Neuf
    assert kinds(events, "bag_scored") == []  # « À 2 joueurs, le sac n'est pas utilisé »


def test_bag_majority_scores_one_per_shop():
    # « Si un joueur a, dans le sac, plus de commerces que chacun des autres joueurs, il marque
    #   1 point pour chacun de ses commerces se trouvant dans le sac. »
    state = with_bag(last_round(start(3, [PILE3]), first=0), (1, 3, 2))
    state, events = play_round(state, 0, PILE3[1:])
    assert kinds(events, "bag_scored") == [{"bag": [1, 3, 2], "seat": 1, "points": [0, 3, 0]}]
    assert state.bag_points == (0, 3, 0)
    assert GAME.result(state).details["bag"] == [0, 3, 0]


def test_bag_tie_nobody_scores():
    # « Sinon, personne ne marque de points pour le sac. »
    state = with_bag(last_round(start(4, [PILE4]), first=0), (2, 0, 2, 1))
    state, events = play_round(state, 0, PILE4[1:])
    assert kinds(events, "bag_scored") == [
        {"bag": [2, 0, 2, 1], "seat": None, "points": [0, 0, 0, 0]}
    ]


def over(players, scores, shops):
    state = put(start(players, []), shops)
    return dataclasses.replace(state, scores=tuple(scores), phase=OVER, turn=-1)


def test_highest_score_wins():
    # « Le joueur ayant le score le plus élevé est vainqueur. »
    result = GAME.result(over(3, [4, 9, 7], {"louvre": [1], "opera": [1, 1]}))
    assert result.winners == [1] and result.ranking == [[1], [2], [0]]
    assert result.tiebreak is None


def test_tie_break_fewer_shops_on_the_board():
    # « En cas d'égalité, c'est celui des ex-æquo qui a le moins de commerces sur le plateau de
    #   jeu qui l'emporte. »
    result = GAME.result(over(3, [9, 9, 2], {"louvre": [0], "opera": [0, 1]}))
    assert result.winners == [1] and result.ranking == [[1], [0], [2]]
    assert result.tiebreak == "fewer_shops_on_board"
    assert result.details["shops_on_board"] == [2, 1, 0]


def test_further_ties_share_the_win():
    result = GAME.result(over(4, [9, 9, 9, 1], {"louvre": [0], "opera": [1, 2]}))
    assert result.winners == [0, 1, 2] and result.ranking == [[0, 1, 2], [3]]
    assert result.tiebreak is None


def test_result_details_breakdown():
    state = GAME.setup(3, OPTIONS, seed=2)
    while not GAME.is_over(state):
        seat = next(iter(GAME.to_act(state)))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    details = GAME.result(state).details
    for seat in range(3):
        assert state.scores[seat] == sum(
            details[k][seat] for k in ("visits", "excursions", "final_excursions", "bag")
        )
    assert details["markers"] == [GAME.arrangement(state)["markers"][s] for s in range(3)]


# --- 2 players: a player with no shop left moves one (spec section 4, RECONSTRUCTED) -------


def _line_of(station):
    return next(c for c, line in LINES.items() if station in line)


def _starved_arrangement():
    """20 rounds in which seat 0's shops are never removed, so its supply is empty at round 20.

    Seat 0 opens all 15 plain stations and one place on 4 green crossings; seat 1 only opens
    crossings and, when one is full, removes its own shop (back to its supply).
    """
    plain = [s for s in STATIONS if sum(1 for line in LINES.values() if s in line) == 1]
    a = [f"{s}/{_line_of(s)}" for s in plain]
    a += ["montmartre/green", "pompidou/green", "hotel_de_ville/green", "quartier_latin/green"]
    a += ["opera/blue"]  # round 20
    b = ["opera/red"] * 2 + ["arc_de_triomphe/red"] * 2 + ["republique/orange"] * 2
    b += ["odeon/blue"] * 2 + ["luxembourg/orange"] * 2 + ["montparnasse/pink"] * 2
    b += ["montmartre/red"] * 2 + ["pompidou/blue"] * 2 + ["hotel_de_ville/orange"] * 2
    b += ["quartier_latin/pink", "odeon/pink"]  # the last one in round 20
    counters: dict[str, int] = {}

    def tile(token):
        station, colour = token.split("/")
        key = f"{station}#{colour}"
        counters[key] = counters.get(key, 0) + 1
        return f"{key}#{counters[key]}"

    a_ids, b_ids = [tile(t) for t in a], [tile(t) for t in b]
    rest = [t for t in TILE_INDEX if t not in set(a_ids) | set(b_ids)]
    assert len(a_ids) == len(b_ids) == len(rest) == 20
    piles = [[a_ids[r], b_ids[r], rest[r]] for r in range(20)]
    return {"piles": piles, "markers": ["green", "red"], "face_up": "pink"}, a, b


def _take(state, token, **extra):
    station, colour = token.split("/")
    action = {"type": "take", "station": station, "colour": colour, **extra}
    if len(seat_of(station, state)) == 2:
        action["remove"] = 1
    return act(state, action)


def test_two_players_empty_supply_moves_an_own_shop():
    arrangement, a, b = _starved_arrangement()
    state = GAME.setup(2, OPTIONS, 0, arrangement)
    for r in range(19):
        state, _ = act(state, {"type": "reveal", "pile": r})
        for seat in (r % 2, 1 - r % 2):
            state, _ = _take(state, (a if seat == 0 else b)[r])
    assert state.supply[0] == 0 and state.round == 20
    state, _ = act(state, {"type": "reveal", "pile": 19})
    state, _ = _take(state, b[19])  # seat 1 is first in round 20
    legal = GAME.legal_actions(state, 0)
    assert legal and all(action.move_from is not None for action in legal)
    assert all(action.move_from != action.station for action in legal)
    assert {a.move_from for a in legal if a.station == "opera"} == {
        s for s in STATIONS if 0 in seat_of(s, state)
    }
    assert {a.remove for a in legal if a.station == "opera"} == {1}
    before = GAME.snapshot(state)
    state, events = act(
        state,
        {"type": "take", "station": "opera", "colour": "blue", "remove": 1, "move_from": "louvre"},
    )
    assert kinds(events, "shop_opened")[0]["moved_from"] == "louvre"
    assert kinds(events, "shop_removed") == [
        {"seat": 1, "station": "opera", "by": 0, "to": "supply"}
    ]
    assert seat_of("louvre", state) == () and seat_of("opera", state) == (1, 0)
    assert state.supply[0] == 0
    for seat in (0, 1):
        on_board = sum(shops.count(seat) for shops in state.board)
        assert state.supply[seat] + on_board == 19
    assert GAME.is_over(state)
    assert before != GAME.snapshot(state)
    assert STATION_INDEX["louvre"] >= 0

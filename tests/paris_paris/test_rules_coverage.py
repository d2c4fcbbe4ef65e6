"""Rule sentences the other modules did not check (found by the audit of
docs/rules_coverage/paris_paris.md): each test quotes its sentence of the French rulebook.
"""

import dataclasses
import random
from collections import Counter

import pytest

from games.core.errors import IllegalAction
from games.paris_paris import scoring
from games.paris_paris.board import (
    COLOUR_INDEX,
    IS_CROSSING,
    LINE_CROSSINGS,
    N_STATIONS,
    NEIGHBOURS,
    STATION_IDS,
    STATION_INDEX,
    TILE_STATION,
)
from games.paris_paris.data import COLOURS, LINE_START, LINES, STATIONS
from tests.scenario import kinds

from .helpers import GAME, OPTIONS, act, last_round, play_round, put, start, wait

TAKES = ["marais/orange", "pigalle/red", "invalides/pink"]


def one_round(leftover, shops=None, waiting=(), scores=None):
    """3 players; the leftover token is `leftover`, the takes are far from most lines."""
    state = wait(put(start(3, [[leftover, *TAKES]]), shops or {}), *waiting)
    if scores is not None:
        state = dataclasses.replace(state, scores=tuple(scores))
    return play_round(state, 0, TAKES)


def play_out(state, pick=0):
    events = []
    while not GAME.is_over(state):
        seat = next(iter(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        state, more = GAME.apply(state, seat, legal[pick % len(legal)])
        events += more
    return state, events


# --- header, contents, setup ----------------------------------------------------------------


def test_two_to_four_players():
    # « Un jeu de Michael Schacht, pour 2 à 4 joueurs »
    for seats in (2, 3, 4):
        assert GAME.setup(seats, OPTIONS, 0).players == seats
    for seats in (0, 1, 5, 6):
        with pytest.raises(IllegalAction) as info:
            GAME.setup(seats, OPTIONS, 0)
        assert info.value.key == "seats.out_of_range"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nineteen_shops_each_and_score_marker_on_zero(players):
    # « 80 commerces, de 4 couleurs différentes » (20 per colour)
    # « Chaque joueur choisit une couleur et prend les commerces de cette couleur, puis en place
    #   un, qui servira de marqueur de score, sur la case 0 de la piste de score. »
    state = GAME.setup(players, OPTIONS, 3)
    assert state.supply == (20 - 1,) * players
    assert state.scores == (0,) * players
    assert all(shops == () for shops in state.board)
    assert GAME.view(state, None).scores == [0] * players
    assert all(GAME.view(state, seat).supply == 19 for seat in range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bag_starts_empty(players):
    # « Le sac est placé à côté du plateau de jeu. »
    state = GAME.setup(players, OPTIONS, 3)
    assert state.bag == (0,) * players
    assert GAME.view(state, None).bag_size == 0


def test_tiles_are_shuffled_face_down():
    # « Les 60 jetons sont retournés faces cachées et mélangés. »
    deals = [GAME.setup(3, OPTIONS, seed).piles for seed in range(6)]
    assert len(set(deals)) == 6  # shuffled: the seed changes the piles
    first_pile_stations = {TILE_STATION[t] for deal in deals for t in deal[0]}
    assert len(first_pile_stations) > 4
    # face down: before any reveal, no view depends on which tiles are in which pile
    a, b = GAME.setup(3, OPTIONS, 1), GAME.setup(3, OPTIONS, 2)
    b = dataclasses.replace(b, markers=a.markers)
    assert a.piles != b.piles
    for seat in (None, 0, 1, 2):
        assert GAME.view(a, seat) == GAME.view(b, seat)
        assert GAME.view(a, seat).display == []


def test_markers_are_shuffled():
    # « Les 5 marqueurs d'excursion finale sont retournés faces cachées et mélangés. »
    dealt = [GAME.setup(4, OPTIONS, seed).markers for seed in range(40)]
    for seat in range(4):
        assert {markers[seat] for markers in dealt} == set(range(5))
    assert all(len(set(markers)) == 4 for markers in dealt)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_unused_markers_are_never_seen(players):
    # « Les marqueurs non utilisés sont remis dans la boîte sans que personne ne puisse en voir
    #   la couleur. » « À 2 joueurs, l'un des marqueurs restant est placé face visible à côté du
    #   plateau de jeu, et les deux derniers seulement sont remis secrètement dans la boîte. »
    state = GAME.setup(players, OPTIONS, 9)
    shown = set(state.markers) | ({state.face_up} if state.face_up is not None else set())
    assert len(shown) == (3 if players == 2 else players)
    unused = {COLOURS[c] for c in range(5) if c not in shown}
    assert len(unused) == 5 - len(shown)
    state, events = play_out(state)
    [revealed] = kinds(events, "markers_revealed")
    assert len(revealed["markers"]) == players
    assert set(revealed["markers"]) | {revealed["face_up"]} - {None} == {COLOURS[c] for c in shown}
    view = GAME.view(state, None)
    assert len(view.markers) == players and not unused & set(view.markers)
    assert view.face_up_marker not in unused
    lines_run = {e["line"] for e in kinds(events, "excursion_started") if e["reason"] != "tokens"}
    assert not lines_run & unused


# --- phase 2 ----------------------------------------------------------------------------------


def test_taken_token_goes_back_to_the_box():
    # « Après avoir placé son commerce, le joueur remet le jeton dans la boîte de jeu, face
    #   cachée (B). »
    state = start(3, [["louvre/blue", *TAKES]])
    state, _ = act(state, {"type": "reveal", "pile": 0})
    state, _ = act(state, {"type": "take", "station": "marais", "colour": "orange"})
    assert [t.station for t in GAME.view(state, None).display] == ["louvre", "pigalle", "invalides"]
    assert all(a.station != "marais" for a in GAME.legal_actions(state, 1))
    with pytest.raises(IllegalAction) as info:
        act(state, {"type": "take", "station": "marais", "colour": "orange"})
    assert info.value.key == "paris_paris.token_not_displayed"


# --- phase 3: the visit -----------------------------------------------------------------------


def test_the_nearest_shop_may_be_far_away():
    # « Note: au début du jeu, lorsqu'il n'y a encore que peu de commerces en jeu, le commerce
    #   le plus proche peut être assez loin de la station. »
    # Gare du Nord is the green line's start; the only green shop is at its other end.
    state, events = one_round("gare_du_nord/green", {"quartier_latin": [2]})
    [visit] = kinds(events, "visit")
    assert visit["distance"] == 6 and visit["points"] == [0, 0, 1]
    assert state.scores == (0, 0, 1)


def test_scores_go_on_past_45():
    # « Les joueurs avancent leur marqueur de score sur la piste de score. Si un joueur dépasse
    #   les 45 points, il continue à avancer son pion et compte désormais ses points au-delà de
    #   45. »
    state, _ = one_round("louvre/blue", {"louvre": [0]}, scores=[45, 44, 60])
    assert state.scores == (46, 44, 60)
    # visit: St-Nicolas is the nearest shop (1); excursion at Pompidou: 1 + St-Nicolas (2)
    shops = {"pompidou": [0], "st_nicolas": [0]}
    state, _ = one_round("gare_du_nord/green", shops, waiting=("green",), scores=[45, 0, 0])
    assert state.visit_points[0] == 1 and state.excursion_points[0] == 2
    assert state.scores[0] == 48 and GAME.view(state, None).scores[0] == 48


def _reference_visit(board, station, players):
    """The rule read literally: distances in stops along every line through `station`."""
    points = [0] * players
    if board[station]:
        for owner in board[station]:
            points[owner] += 1
        return points
    sid = STATION_IDS[station]
    found = {}
    for line in LINES.values():
        if sid in line:
            for i, other in enumerate(line):
                if board[STATION_INDEX[other]]:
                    found[other] = min(found.get(other, 99), abs(i - line.index(sid)))
    if found:
        best = min(found.values())
        for other, d in found.items():
            if d == best:
                for owner in board[STATION_INDEX[other]]:
                    points[owner] += 1
    return points


def _reference_excursion(board, colour, players):
    """The excursion read literally, neighbours recomputed from the line lists."""
    line = LINES[colour]
    points = [0] * players
    for sid in line:
        if sum(sid in other for other in LINES.values()) < 2:
            continue  # « Le bus ne s'arrête qu'aux croisements »
        shops = board[STATION_INDEX[sid]]
        for owner in shops:
            points[owner] += 1
        near = {
            other[i + d]
            for other in LINES.values()
            if sid in other
            for i in [other.index(sid)]
            for d in (-1, 1)
            if 0 <= i + d < len(other)
        }
        for owner in set(shops):
            points[owner] += sum(board[STATION_INDEX[n]].count(owner) for n in near)
    return points


def _random_board(rng, players):
    board = []
    for s in range(N_STATIONS):
        size = rng.choice([0, 0, 0, 1, 2] if IS_CROSSING[s] else [0, 0, 1])
        board.append(tuple(rng.randrange(players) for _ in range(size)))
    return tuple(board)


def test_visit_and_excursion_match_a_literal_reading_on_random_boards():
    # « S'il n'y a pas de commerce à cette station, c'est le ou les commerces les plus proches
    #   sur la ligne qui rapportent. » « Si la station se trouve au croisement de deux lignes
    #   [...] les deux lignes sont prises en compte » « chacun de ces commerces lui rapporte
    #   également 1 point »
    rng = random.Random(2003)
    for _ in range(400):
        players = rng.choice([2, 3, 4])
        board = _random_board(rng, players)
        for s in range(N_STATIONS):
            assert scoring.visit(board, s, players)[0] == _reference_visit(board, s, players)
        for colour in COLOURS:
            got = scoring.excursion(board, COLOUR_INDEX[colour], players)[0]
            assert got == _reference_excursion(board, colour, players)


# --- phase 4 and the excursion ----------------------------------------------------------------


def test_leftover_token_lies_face_up_on_a_p_space():
    # « Le jeton restant est placé, face visible, sur l'une des cases (P) sur le plateau de
    #   jeu. »
    state, _ = one_round("odeon/pink")
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat).waiting == ["pink"]
    assert GAME.view(state, None).display == []


def test_the_excursion_runs_on_the_line_of_the_token_colour():
    # « Lorsqu'il y a déjà sur les cases situées à côté de la piste de score (P) un jeton de la
    #   même couleur que le jeton restant, une excursion a lieu sur la ligne de cette couleur. »
    # Odéon is blue and pink: a pink token matches only a pink token, and runs the pink line.
    state, events = one_round("odeon/pink", {"arc_de_triomphe": [1]}, waiting=("blue",))
    assert kinds(events, "excursion_started") == []
    assert GAME.view(state, None).waiting == ["blue", "pink"]
    state, events = one_round("odeon/pink", {"arc_de_triomphe": [1]}, waiting=("pink",))
    assert [e["line"] for e in kinds(events, "excursion_started")] == ["pink"]
    assert [s["station"] for s in kinds(events, "excursion_stop")] == ["arc_de_triomphe"]
    assert GAME.view(state, None).waiting == []


@pytest.mark.parametrize("colour", COLOURS)
def test_bus_starts_at_the_arrow_and_stops_at_every_crossing_in_order(colour):
    # « Le premier joueur place le bus sur la station de départ de la ligne, indiquée par une
    #   flèche de cette couleur. » « Il déplace ensuite le bus le long de cette ligne,
    #   s'arrêtant à chacune des stations où la ligne en croise une autre. »
    board = tuple((0,) for _ in range(N_STATIONS))  # a shop everywhere
    _, stops = scoring.excursion(board, COLOUR_INDEX[colour], 2)
    line = LINES[colour]
    assert line[0] == LINE_START[colour]
    crossings = [s for s in line if sum(s in other for other in LINES.values()) == 2]
    assert [stop["station"] for stop in stops] == crossings and len(crossings) == 4


def test_a_three_neighbour_crossing_counts_its_three_neighbours():
    # « Note: Les stations où s'arrête le bus sont des croisements, et elles ont toutes 3 ou 4
    #   stations voisines, qui doivent toutes être prises en compte. »
    # Opéra (the blue line's start) has 3 neighbours: Champs-Élysées, Pigalle (red), Louvre.
    assert sorted(STATION_IDS[n] for n in NEIGHBOURS[STATION_INDEX["opera"]]) == [
        "champs_elysees",
        "louvre",
        "pigalle",
    ]
    state, events = one_round(
        "louvre/blue",
        {"opera": [0], "champs_elysees": [0], "louvre": [0], "trocadero": [0]},
        waiting=("blue",),
    )
    # pigalle is opened by seat 1 this round (not seat 0)
    stops = kinds(events, "excursion_stop")
    assert stops[0]["station"] == "opera" and stops[0]["points"] == [3, 0, 0]
    assert stops[0]["adjacent"] == [[0, 2]]
    board = [()] * N_STATIONS
    for sid in ("opera", "champs_elysees", "pigalle", "louvre", "trocadero"):
        board[STATION_INDEX[sid]] = (0,)
    points, _ = scoring.excursion(tuple(board), COLOUR_INDEX["blue"], 2)
    assert points == [1 + 3, 0]  # Trocadéro is two stops away: not a neighbour


def test_both_tokens_go_back_so_the_next_one_waits_again():
    # « Après que le bus s'est déplacé ainsi tout au long de la ligne, l'excursion est terminée.
    #   Les deux jetons de même couleur qui avaient déclenché l'excursion sont remis, faces
    #   cachées, dans la boîte. »
    piles = [["gare_du_nord/green", *TAKES], ["st_nicolas/green", "louvre/blue", *TAKES[:2]]]
    state = wait(put(start(3, piles), {"montmartre": [2]}), "green")
    state, events = play_round(state, 0, TAKES)
    assert len(kinds(events, "excursion_ended")) == 1 and state.waiting == 0
    state, events = play_round(state, 1, ["louvre/blue", *TAKES[:2]])
    assert kinds(events, "excursion_started") == []
    assert GAME.view(state, None).waiting == ["green"]
    assert state.excursion_points == (0, 0, 1)  # only the first round's excursion


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_visit_every_round_an_excursion_only_after_some(players):
    # « Il y a donc une visite à chaque tour de jeu, tandis qu'il n'y a d'excursion qu'à la fin
    #   de certains tours. »
    state = GAME.setup(players, OPTIONS, 21)
    state, events = play_out(state, pick=1)
    rounds = len(state.piles)
    assert len(kinds(events, "visit")) == rounds
    discards = kinds(events, "token_discarded")
    assert len(discards) == rounds
    tours = [e for e in kinds(events, "excursion_started") if e["reason"] == "tokens"]
    assert len(tours) == sum(d["excursion"] for d in discards)
    assert 0 < len(tours) < rounds
    # each excursion comes right after its discard, at the end of the round
    for i, e in enumerate(events):
        if e.kind == "excursion_started" and e.params["reason"] == "tokens":
            assert events[i - 1].kind == "token_discarded" and events[i - 1].params["excursion"]


def test_a_well_placed_shop_scores_several_times_on_one_excursion():
    # « Un commerce bien placé peut, lors d'une excursion, rapporter des points à plusieurs
    #   reprises! »  Pompidou and Hôtel de Ville are neighbouring green crossings: each of
    # seat 0's two shops scores at its own stop and again as the other stop's neighbour.
    board = [()] * N_STATIONS
    board[STATION_INDEX["pompidou"]] = (0,)
    board[STATION_INDEX["hotel_de_ville"]] = (0,)
    points, stops = scoring.excursion(tuple(board), COLOUR_INDEX["green"], 2)
    assert {s["station"]: s["points"][0] for s in stops} == {"pompidou": 2, "hotel_de_ville": 2}
    assert points == [4, 0]


def test_an_adjacent_crossing_with_two_own_shops_counts_both():
    # INTERPRETATION (spec section 4): each shop on a neighbouring crossing scores 1.
    board = [()] * N_STATIONS
    board[STATION_INDEX["pompidou"]] = (0,)
    board[STATION_INDEX["hotel_de_ville"]] = (0, 0)
    points, stops = scoring.excursion(tuple(board), COLOUR_INDEX["blue"], 2)
    assert points == [1 + 2, 0] and stops[0]["adjacent"] == [[0, 2]]


# --- end of game ------------------------------------------------------------------------------


def test_an_excursion_of_the_last_round_comes_before_the_final_ones():
    # « Si, au début d'un tour, toutes les piles de jetons ont été utilisées, on passe aux
    #   excursions finales. »  The last round is played in full first, excursion included.
    state = wait(put(start(3, [["gare_du_nord/green", *TAKES]]), {"montmartre": [1]}), "green")
    state, events = play_round(last_round(state, first=0), 0, TAKES)
    reasons = [(e["reason"], e["line"]) for e in kinds(events, "excursion_started")]
    assert reasons[0] == ("tokens", "green")
    assert [r for r, _ in reasons[1:]] == ["final"] * 3
    order = [e.kind for e in events]
    assert order.index("token_discarded") < order.index("markers_revealed")
    assert state.excursion_points[1] == 2  # Montmartre + Pigalle opened this round


def test_the_bag_is_counted_after_the_final_excursions():
    # « La partie se termine ensuite par le décompte du sac. »
    state = put(start(3, [["louvre/blue", *TAKES]]), {"opera": [0], "champs_elysees": [0]})
    state = dataclasses.replace(last_round(state, first=0), bag=(0, 2, 1), supply=(17, 17, 18))
    state, events = play_round(state, 0, TAKES)
    order = [e.kind for e in events]
    last_final = max(i for i, k in enumerate(order) if k == "excursion_ended")
    assert order[last_final + 1 :] == ["bag_scored", "game_over"]
    assert state.bag_points == (0, 2, 0)
    assert GAME.result(state).scores == list(state.scores)


def test_tokens_still_waiting_at_the_end_score_nothing():
    # INTERPRETATION (spec section 4): tokens left on the P spaces have no effect at the end.
    base = put(start(3, [["louvre/blue", *TAKES]]), {"opera": [0], "odeon": [1]})
    plain, _ = play_round(last_round(base, first=0), 0, TAKES)
    waiting, _ = play_round(last_round(wait(base, "red", "pink", "orange"), first=0), 0, TAKES)
    assert waiting.scores == plain.scores and waiting.final_points == plain.final_points


# --- token distribution and the reconstructed map ---------------------------------------------


def test_tokens_per_station_depend_on_the_kind_of_station():
    # « Le nombre de jetons en jeu pour une station dépend du type de station, comme indiqué
    #   ci-dessous : 1 jeton, 2 jetons, 3 jetons (croisement), 4 jetons (croisement) »
    per_station = Counter(TILE_STATION)
    for s in range(N_STATIONS):
        assert per_station[s] in ((3, 4) if IS_CROSSING[s] else (1, 2)), STATION_IDS[s]
    kinds_of = Counter((IS_CROSSING[s], per_station[s]) for s in range(N_STATIONS))
    assert kinds_of == {(False, 1): 4, (False, 2): 11, (True, 3): 6, (True, 4): 4}
    assert sum(sum(counts.values()) for _, counts in STATIONS.values()) == 60


def test_every_pair_of_lines_crosses_exactly_once():
    # RECONSTRUCTED (spec section 2, design choice 1)
    crossings = Counter(
        frozenset(c for c, line in LINES.items() if STATION_IDS[s] in line)
        for s in range(N_STATIONS)
        if IS_CROSSING[s]
    )
    assert len(crossings) == 10 and set(crossings.values()) == {1}
    assert all(len(line) == 4 for line in LINE_CROSSINGS)

"""Phase 4: discarding the leftover token onto the P spaces, and the excursion."""

from games.paris_paris import scoring
from games.paris_paris.board import COLOUR_INDEX
from games.paris_paris.board import STATION_INDEX as S
from tests.scenario import kinds

from .helpers import play_round, put, start, wait

TAKES = ["marais/orange", "pigalle/red", "invalides/pink"]


def excursion_round(leftover: str, shops: dict[str, list[int]], waiting=("green",)):
    state = wait(put(start(3, [[leftover, *TAKES]]), shops), *waiting)
    return play_round(state, 0, TAKES)


def test_first_token_of_a_colour_waits_on_the_p_spaces():
    # « Le jeton restant est placé, face visible, sur l'une des cases (P) sur le plateau de
    #   jeu. [...] Sinon, on passe directement à la phase 5). »
    state, events = excursion_round("gare_du_nord/green", {}, waiting=())
    assert kinds(events, "token_discarded") == [
        {"colour": "green", "excursion": False, "waiting": ("green",)}
    ]
    assert kinds(events, "excursion_started") == []
    assert state.waiting == 1 << COLOUR_INDEX["green"]


def test_second_token_of_a_colour_starts_an_excursion_and_both_leave():
    # « S'il y a déjà sur l'une de ces cases un autre jeton de la même couleur, une excursion a
    #   lieu immédiatement. » « Les deux jetons de même couleur qui avaient déclenché
    #   l'excursion sont remis, faces cachées, dans la boîte. »
    state, events = excursion_round("gare_du_nord/green", {}, waiting=("green", "red"))
    assert kinds(events, "token_discarded")[0]["excursion"] is True
    assert kinds(events, "excursion_started") == [
        {"line": "green", "reason": "tokens", "seat": None}
    ]
    assert state.waiting == 1 << COLOUR_INDEX["red"]


def test_rulebook_excursion_example():
    # « Lorsque le bus s'arrête à un croisement, chaque commerce sur cette station rapporte un
    #   point à son propriétaire. Si le propriétaire d'un commerce située sur le croisement
    #   possède également des commerces sur des stations adjacentes, peu importe qu'elles soient
    #   ou non sur la même ligne, chacun de ces commerces lui rapporte également 1 point. »
    # « Un joueur qui n'a pas de commerce sur la station où le bus s'est arrêté ne marque pas de
    #   points pour ses commerces situés sur des stations adjacentes. »
    # Grey (0) and violet (1) on Pompidou; grey also on St-Nicolas (green) and Pont Neuf (blue);
    # violet's Notre-Dame is not adjacent; yellow (2) is adjacent on Les Halles only.
    shops = {
        "pompidou": [0, 1],
        "st_nicolas": [0],
        "pont_neuf": [0],
        "notre_dame": [1],
        "les_halles": [2],
    }
    state, events = excursion_round("gare_du_nord/green", shops)
    [stop] = kinds(events, "excursion_stop")
    assert stop["station"] == "pompidou"
    assert stop["points"] == [3, 1, 0]
    assert stop["adjacent"] == [[0, 2]]
    [ended] = kinds(events, "excursion_ended")
    assert ended["points"] == [3, 1, 0]
    assert state.excursion_points == (3, 1, 0)


def test_bus_stops_only_at_crossings_with_shops():
    # « Le bus ne s'arrête qu'aux croisements, pas aux autres stations de la ligne. »
    # « S'il n'y a aucun commerce à un croisement, il est inutile que le bus s'y arrête. »
    shops = {"gare_du_nord": [1], "st_nicolas": [1], "quartier_latin": [2], "montmartre": [0]}
    state, events = excursion_round("notre_dame/green", shops)
    stops = kinds(events, "excursion_stop")
    assert [s["station"] for s in stops] == ["montmartre", "quartier_latin"]
    assert kinds(events, "excursion_ended")[0]["points"] == [1, 0, 1]


def test_all_three_or_four_neighbours_count():
    # « Les stations où s'arrête le bus sont des croisements, et elles ont toutes 3 ou 4
    #   stations voisines, qui doivent toutes être prises en compte. »
    board = [()] * 25
    for station in ("pompidou", "st_nicolas", "hotel_de_ville", "les_halles", "pont_neuf"):
        board[S[station]] = (0,)
    points, stops = scoring.excursion(tuple(board), COLOUR_INDEX["blue"], 2)
    # blue stops: opera (empty), pompidou, odeon (empty), luxembourg (empty)
    assert [s["station"] for s in stops] == ["pompidou"]
    assert points == [5, 0]


def test_two_shops_on_the_crossing_count_neighbours_once():
    # INTERPRETATION (spec section 4): 2 points for the crossing, neighbours once each.
    state, events = excursion_round("gare_du_nord/green", {"pompidou": [0, 0], "st_nicolas": [0]})
    assert kinds(events, "excursion_ended")[0]["points"] == [3, 0, 0]


def test_excursion_in_visit_round_adds_to_visit():
    state, events = excursion_round("gare_du_nord/green", {"montmartre": [1]})
    assert kinds(events, "visit")[0]["points"] == [0, 1, 0]
    # seat 1 opened Pigalle this round, a neighbour of Montmartre: 1 + 1 on the excursion
    assert state.scores == (0, 3, 0)
    assert state.visit_points == (0, 1, 0) and state.excursion_points == (0, 2, 0)

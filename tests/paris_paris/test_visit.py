"""Phase 3, the visit (small tour) at the leftover token's station."""

from games.paris_paris import scoring
from games.paris_paris.board import STATION_INDEX
from tests.scenario import kinds

from .helpers import play_round, put, start

# Three tokens the players take in each scenario: far from the lines under test.
TAKES = ["marais/orange", "pigalle/red", "invalides/pink"]


def visit_round(leftover: str, shops: dict[str, list[int]]):
    state = put(start(3, [[leftover, *TAKES]]), shops)
    state, events = play_round(state, 0, TAKES)
    [visit] = kinds(events, "visit")
    return state, visit


def test_shops_on_the_station_score():
    # « Tous les commerces se trouvant sur la station du jeton restant rapportent 1 point à
    #   leur propriétaires. » — « Seul gris, qui a un commerce sur la station où se trouve le
    #   jeton restant, marque 1 point. Violet ne marque rien. »
    state, visit = visit_round("louvre/blue", {"louvre": [0], "les_halles": [1]})
    assert visit["points"] == [1, 0, 0] and visit["distance"] == 0
    assert state.scores == (1, 0, 0) and state.visit_points == (1, 0, 0)


def test_both_shops_of_a_crossing_score():
    state, visit = visit_round("odeon/blue", {"odeon": [0, 1], "pont_neuf": [2]})
    assert visit["points"] == [1, 1, 0]


def test_nearest_shops_along_the_line_equidistant_score_each():
    # « S'il n'y a pas de commerce à cette station, c'est le ou les commerces les plus proches
    #   sur la ligne qui rapportent. » — « Comme ses deux commerces sont à proximité sur la
    #   ligne, à égale distance de la station, gris marque 1+1=2 points. Violet, dont le
    #   commerce est plus éloigné, ne marque rien. »
    state, visit = visit_round("les_halles/blue", {"louvre": [0], "pompidou": [0], "opera": [1]})
    assert visit["points"] == [2, 0, 0] and visit["distance"] == 1
    assert {s["station"] for s in visit["scoring_stations"]} == {"louvre", "pompidou"}


def test_crossing_searches_both_lines():
    # « Si la station se trouve au croisement de deux lignes, et il n'y a pas de commerce sur
    #   la station, les deux lignes sont prises en compte pour déterminer le ou les plus proche
    #   commerces. » — « Violet et gris, qui ont, sur des lignes différentes, les deux commerces
    #   les plus proches de la station marquent chacun un point. »
    state, visit = visit_round(
        "pompidou/green", {"st_nicolas": [1], "pont_neuf": [0], "notre_dame": [2]}
    )
    assert visit["points"] == [1, 1, 0]


def test_crossing_minimum_over_both_lines():
    # distance 1 on the blue line beats distance 2 on the green line
    state, visit = visit_round("pompidou/blue", {"les_halles": [2], "notre_dame": [0]})
    assert visit["points"] == [0, 0, 1]


def test_plain_station_search_stays_on_its_line():
    # « c'est le ou les commerces les plus proches sur la ligne » — the search from a plain
    # station does not switch lines at a crossing it passes (INTERPRETATION, spec section 4).
    # Louvre (blue): Pigalle is 2 stops away via Opéra but on the red line; Pont Neuf is 3
    # stops away on the blue line.
    board = [()] * 25
    board[STATION_INDEX["pigalle"]] = (1,)
    board[STATION_INDEX["pont_neuf"]] = (0,)
    points, distance, _ = scoring.visit(tuple(board), STATION_INDEX["louvre"], 2)
    assert points == [1, 0] and distance == 3


def test_the_search_stops_at_the_first_shop_in_each_direction():
    board = [()] * 25
    board[STATION_INDEX["les_halles"]] = (1,)
    board[STATION_INDEX["pompidou"]] = (0, 0)
    points, distance, _ = scoring.visit(tuple(board), STATION_INDEX["louvre"], 2)
    assert points == [0, 1] and distance == 1


def test_nobody_scores_when_no_line_has_a_shop():
    # « S'il n'y a pas de commerce sur aucune des lignes passant par la station, personne ne
    #   marque de points. »
    state, visit = visit_round("gare_du_nord/green", {"louvre": [0]})
    assert visit["points"] == [0, 0, 0] and visit["distance"] is None
    assert state.scores == (0, 0, 0)

"""Views carry only what a seat may see; events tell a recap everything that happened."""

import json

from games.paris_paris.views import ParisParisView
from tests.scenario import kinds

from .helpers import GAME, OPTIONS, act, play_round, put, start

PILE = ["louvre/blue", "marais/orange", "pigalle/red", "invalides/pink"]


def test_public_view_fields():
    state = put(start(3, [PILE], markers=["pink", "red", "blue"]), {"odeon": [1]})
    view = GAME.view(state, None)
    assert type(view) is ParisParisView and view.seat is None
    data = json.loads(view.model_dump_json())
    assert data["board"]["odeon"] == [1] and len(data["board"]) == 25
    assert data["to_act"] == [0] and data["phase"] == "reveal" and data["first_player"] == 0
    assert data["piles_left"] == 15 and data["rounds"] == 15 and data["round"] == 1
    assert data["scores"] == [0, 0, 0] and data["waiting"] == []
    assert data["shops_on_board"] == [0, 1, 0]
    assert data["bag_size"] == 0 and data["supplies"] is None
    assert data["markers"] is None and data["bag"] is None and data["winners"] is None
    assert data["marker"] is None and data["supply"] is None  # the seat's own secrets


def test_seat_view_adds_own_marker_and_supply():
    # « Le marqueur de chaque joueur doit rester secret tout au long de la partie - mais un
    #   joueur étourdi a le droit de regarder son propre marqueur. »
    state = start(3, [PILE], markers=["pink", "red", "blue"])
    view = GAME.view(state, 1)
    assert type(view) is ParisParisView
    assert view.seat == 1 and view.marker == "red" and view.supply == 19
    assert view.markers is None and view.supplies is None


def test_two_player_supplies_are_public():
    state = start(2, [["louvre/blue", "marais/orange", "pigalle/red"]])
    assert GAME.view(state, None).supplies == [19, 19]
    assert GAME.view(state, None).face_up_marker == "pink"


def test_the_bag_is_secret_until_the_end():
    # « Le contenu du sac est secret, et personne ne peut le regarder avant la fin de la
    #   partie. »
    state = put(start(3, [PILE]), {"marais": [1]})
    state, _ = play_round(state, 0, PILE[1:])
    for seat in (None, 0, 1, 2):
        data = json.loads(GAME.view(state, seat).model_dump_json())
        assert data["bag_size"] == 1 and data["bag"] is None


def test_final_view_reveals_markers_and_bag():
    state = GAME.setup(3, OPTIONS, seed=4)
    while not GAME.is_over(state):
        seat = next(iter(GAME.to_act(state)))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    view = GAME.view(state, None)
    assert view.markers == GAME.arrangement(state)["markers"]
    assert view.bag == list(state.bag) and view.winners == GAME.result(state).winners
    assert view.to_act == [] and view.phase == "over"


def test_round_events_for_a_recap():
    state = put(start(3, [PILE]), {"marais": [2], "les_halles": [1]})
    state, events = play_round(state, 0, PILE[1:])
    assert [e.kind for e in events] == [
        "pile_revealed",
        "shop_opened",
        "shop_removed",
        "shop_opened",
        "shop_opened",
        "visit",
        "token_discarded",
        "first_player",
    ]
    assert all(e.to is None for e in events)
    json.dumps([dict(e.params) for e in events])
    assert kinds(events, "shop_opened")[0] == {
        "seat": 0,
        "station": "marais",
        "colour": "orange",
        "moved_from": None,
    }
    assert kinds(events, "visit")[0] == {
        "station": "louvre",
        "colour": "blue",
        "distance": 1,
        "scoring_stations": [{"station": "les_halles", "shops": [1]}],
        "points": [0, 1, 0],
    }


def test_no_event_reveals_a_marker_before_the_end():
    state = GAME.setup(4, OPTIONS, seed=8)
    seen = []
    while not GAME.is_over(state):
        seat = next(iter(GAME.to_act(state)))
        state, events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
        seen += events
    revealed = [i for i, e in enumerate(seen) if e.kind == "markers_revealed"]
    assert len(revealed) == 1
    before = json.dumps([dict(e.params) for e in seen[: revealed[0]]])
    assert "marker" not in before and "bag_scored" not in [e.kind for e in seen[: revealed[0]]]
    assert [e.kind for e in seen[-2:]] == ["bag_scored", "game_over"]


def test_reveal_event():
    state = start(3, [PILE])
    _, events = act(state, {"type": "reveal", "pile": 0})
    assert events[0].params == {
        "seat": 0,
        "pile": 0,
        "round": 1,
        "piles_left": 14,
        "tokens": [{"station": t.split("/")[0], "colour": t.split("/")[1]} for t in PILE],
    }

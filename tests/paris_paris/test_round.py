"""The round: revealing a pile, opening shops in turn, displacement, passing the bus."""

import random

from games.paris_paris.actions import Take
from games.paris_paris.state import REVEAL
from tests.scenario import kinds

from .helpers import GAME, act, play_round, put, seat_of, start

PILE = ["louvre/blue", "marais/orange", "pigalle/red", "invalides/pink"]


def test_first_player_reveals_a_pile_of_their_choice():
    # « Le premier joueur prend l'une des piles de jetons, la retourne face visible et place
    #   chacun des jetons de la pile à côté de la station correspondante du plateau du jeu. »
    state = start(3, [PILE, PILE[::-1]])
    assert len(GAME.legal_actions(state, 0)) == 15
    assert GAME.legal_actions(state, 1) == []
    state, events = act(state, {"type": "reveal", "pile": 1})
    [revealed] = kinds(events, "pile_revealed")
    assert [t["station"] for t in revealed["tokens"]] == [
        "invalides",
        "pigalle",
        "marais",
        "louvre",
    ]
    assert revealed["piles_left"] == 14
    view = GAME.view(state, None)
    assert [t.station for t in view.display] == ["invalides", "pigalle", "marais", "louvre"]
    assert 1 not in view.piles and view.piles_left == 14


def test_several_tokens_of_one_station_may_be_displayed():
    # « il se peut qu'il y ait, sur le plateau de jeu, plusieurs jetons à côté de la même
    #   station. »  Identical tokens are one choice.
    state = start(3, [["odeon/blue", "odeon/blue", "odeon/pink", "louvre/blue"]])
    state, _ = act(state, {"type": "reveal", "pile": 0})
    choices = {(a.station, a.colour) for a in GAME.legal_actions(state, 0)}
    assert choices == {("odeon", "blue"), ("odeon", "pink"), ("louvre", "blue")}
    assert len(GAME.legal_actions(state, 0)) == 3


def test_each_player_in_turn_opens_one_shop_and_one_token_is_left():
    # « Le premier joueur choisit l'un des jetons présents sur le plateau et installe un
    #   commerce sur cette station [...] C'est alors au joueur suivant, en sens horaire »
    # « Après que chaque joueur a installé un commerce, il reste un jeton non utilisé »
    state = start(3, [PILE])
    state, _ = act(state, {"type": "reveal", "pile": 0})
    order = []
    for token in PILE[1:]:
        order.append(next(iter(GAME.to_act(state))))
        station, colour = token.split("/")
        state, events = act(state, {"type": "take", "station": station, "colour": colour})
    assert order == [0, 1, 2]
    assert seat_of("marais", state) == (0,) and seat_of("pigalle", state) == (1,)
    assert seat_of("invalides", state) == (2,)
    assert state.supply == (18, 18, 18)
    assert kinds(events, "visit")[0]["station"] == "louvre"  # the leftover token


def test_first_player_passes_to_the_left():
    # « Le premier joueur passe le bus au joueur à sa gauche, qui devient le nouveau premier
    #   joueur et entame le tour suivant à la phase 1). »
    state = start(3, [PILE, ["opera/red", "louvre/blue", "odeon/pink", "marais/orange"]])
    state, events = play_round(state, 0, PILE[1:])
    assert kinds(events, "first_player") == [{"seat": 1}]
    assert GAME.to_act(state) == frozenset({1}) and state.phase == REVEAL
    state, _ = act(state, {"type": "reveal", "pile": 1})
    order = []
    for token in ["opera/red", "louvre/blue", "odeon/pink"]:
        order.append(next(iter(GAME.to_act(state))))
        station, colour = token.split("/")
        state, _ = act(state, {"type": "take", "station": station, "colour": colour})
    assert order == [1, 2, 0]
    assert state.first == 2 and state.round == 3


def test_crossing_holds_two_shops():
    # « Gris ouvre un commerce (A) sur un croisement. Comme il peut y avoir 2 commerces à chaque
    #   croisement, le commerce violet reste en place. »
    state = put(
        start(3, [["odeon/blue", "louvre/blue", "marais/orange", "pigalle/red"]]), {"odeon": [1]}
    )
    state, events = play_round(state, 0, ["odeon/blue", "marais/orange", "pigalle/red"])
    assert seat_of("odeon", state) == (1, 0)
    assert kinds(events, "shop_removed") == []


def test_plain_station_full_shop_goes_to_the_bag():
    # « Violet ouvre un commerce (B) sur une station qui n'est pas un croisement. Comme il ne
    #   peut y avoir qu'un seul commerce sur cette station, le commerce gris est retiré et mis
    #   dans le sac. »
    state = put(start(3, [PILE]), {"marais": [1]})
    state, events = play_round(state, 0, ["marais/orange", "pigalle/red", "invalides/pink"])
    assert seat_of("marais", state) == (0,)
    assert kinds(events, "shop_removed") == [{"seat": 1, "station": "marais", "by": 0, "to": "bag"}]
    assert state.bag == (0, 1, 0) and state.supply == (18, 17, 18)
    assert GAME.view(state, None).bag_size == 1


def test_full_crossing_placing_player_chooses_the_removed_shop():
    # « Sur un croisement, c'est le joueur qui place le nouveau commerce qui choisit quel
    #   commerce déjà en place est retiré et mis dans le sac. »
    base = put(
        start(4, [["odeon/blue", "marais/orange", "pigalle/red", "invalides/pink", "louvre/blue"]]),
        {"odeon": [1, 2]},
    )
    state, _ = act(base, {"type": "reveal", "pile": 0})
    odeon = [a for a in GAME.legal_actions(state, 0) if a.station == "odeon"]
    assert {a.remove for a in odeon} == {1, 2}
    for victim in (1, 2):
        after, events = act(
            state, {"type": "take", "station": "odeon", "colour": "blue", "remove": victim}
        )
        assert sorted(seat_of("odeon", after)) == sorted([0, 3 - victim])
        assert kinds(events, "shop_removed")[0] == {
            "seat": victim,
            "station": "odeon",
            "by": 0,
            "to": "bag",
        }
        assert after.bag[victim] == 1


def test_two_players_removed_shop_returns_to_its_owner():
    # « À 2 joueurs, le sac n'est pas utilisé, et les commerces retirés sont remis dans la
    #   réserve de leur propriétaire. »
    state = put(start(2, [["marais/orange", "pigalle/red", "louvre/blue"]]), {"marais": [1]})
    assert state.supply == (19, 18)
    state, events = play_round(state, 0, ["marais/orange", "pigalle/red"])
    assert kinds(events, "shop_removed")[0]["to"] == "supply"
    assert state.bag == (0, 0)
    assert state.supply == (18, 18)  # seat 1 got its shop back, then placed one


def test_own_removed_shop_returns_to_own_supply():
    # « Il peut arriver qu'un joueur doive retirer l'un de ses propres commerces. Dans ce cas,
    #   le commerce est remis dans sa réserve, et non dans le sac. »
    state = put(
        start(4, [["marais/orange", "odeon/pink", "pigalle/red", "invalides/pink", "louvre/blue"]]),
        {"marais": [0], "odeon": [1, 2]},
    )
    state, events = play_round(
        state,
        0,
        [
            "marais/orange",
            {"type": "take", "station": "odeon", "colour": "pink", "remove": 1},
            "pigalle/red",
            "invalides/pink",
        ],
    )
    removed = kinds(events, "shop_removed")
    assert removed[0] == {"seat": 0, "station": "marais", "by": 0, "to": "supply"}
    assert removed[1] == {"seat": 1, "station": "odeon", "by": 1, "to": "supply"}
    assert state.bag == (0, 0, 0, 0)
    assert state.supply == (18, 18, 17, 18)


def test_one_player_may_hold_both_places_of_a_crossing():
    # « Un même joueur peut posséder les deux commerces d'un même croisement. »
    state = put(
        start(3, [["odeon/blue", "louvre/blue", "marais/orange", "pigalle/red"]]), {"odeon": [0]}
    )
    state, _ = play_round(state, 0, ["odeon/blue", "marais/orange", "pigalle/red"])
    assert seat_of("odeon", state) == (0, 0)


def test_full_crossing_of_one_owner_offers_one_removal_choice():
    state = put(
        start(3, [["odeon/blue", "louvre/blue", "marais/orange", "pigalle/red"]]), {"odeon": [2, 2]}
    )
    state, _ = act(state, {"type": "reveal", "pile": 0})
    assert [a.remove for a in GAME.legal_actions(state, 0) if a.station == "odeon"] == [2]
    assert all(isinstance(a, Take) for a in GAME.legal_actions(state, 0))


def test_every_round_opens_with_the_holder_of_the_bus_in_random_games():
    # « Le premier joueur passe le bus au joueur à sa gauche, qui devient le nouveau premier
    #   joueur et entame le tour suivant à la phase 1). » The engine asks `state.turn` who acts
    #   (no override of `to_act`), so the turn must be the bus holder's at every reveal.
    for players in (2, 3, 4):
        for seed in range(5):
            rng = random.Random(seed)
            state = GAME.setup(players, {}, seed=seed)
            while not GAME.is_over(state):
                if state.phase == REVEAL:
                    assert GAME.to_act(state) == frozenset({state.first})
                    assert GAME.view(state, None).to_act == [state.first]
                seat = next(iter(GAME.to_act(state)))
                state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            assert GAME.to_act(state) == frozenset()

"""Action card 4, the chain exchange: the other players decide out of turn."""

from games.moscow_paris.data import CARD_INDEX
from games.moscow_paris.state import CHAIN, CLAIM, PLAY
from tests.scenario import kinds

from .census import card_census, full_census
from .helpers import GAME, names, position
from .playing import act, legal_json, refused

CITIES4 = ["paris", "rome", "berlin", "moscow"]


def table(players, tableaux, **kwargs):
    """Seat 0 holds the chain card; every tableau as given."""
    hand0 = ["chain_exchange", *["passenger", "sleeper", "dining", "mail"]][: 5 - len(tableaux[0])]
    kwargs.setdefault("deck_top", ["flatcar"])
    return position(players, hands=[hand0], tableaux=tableaux, cities=CITIES4, **kwargs)


def test_exchange_with_the_left_or_right_neighbour():
    # «4 Вы можете поменять 1 карту вагона перед собой на любую 1 карту вагона перед игроком
    #   справа или игроком слева.»
    state = table(4, [["tank", "boxcar"], ["mail"], [], ["baggage", "baggage"]])
    plays = [a for a in legal_json(state) if a.get("card") == "chain_exchange"]
    assert {"type": "play_card", "card": "chain_exchange", "direction": "left"} in plays
    assert {"type": "play_card", "card": "chain_exchange", "direction": "right"} in plays
    # left is the next seat clockwise (seat 1), right the previous one (seat 3)
    started, events = act(
        state, {"type": "play_card", "card": "chain_exchange", "direction": "right"}
    )
    assert started.phase == CHAIN and GAME.to_act(started) == {0}
    assert kinds(events, "card_played")[0]["partner"] == 3
    assert legal_json(started) == [
        {"type": "exchange", "give": "tank", "take": "baggage"},
        {"type": "exchange", "give": "boxcar", "take": "baggage"},
        {"type": "decline"},
    ]
    after, events = act(started, {"type": "exchange", "give": "boxcar", "take": "baggage"})
    assert names(after.tableaux[0]) == ["baggage", "tank"]
    assert names(after.tableaux[3]) == ["baggage", "boxcar"]
    assert kinds(events, "chain_exchanged") == [
        {"seat": 0, "partner": 3, "gave": "boxcar", "took": "baggage"}
    ]


def test_no_direction_without_a_wagon_on_both_sides():
    # spec 4 INTERPRETATION: each link needs a wagon in both tableaux
    state = table(4, [["tank"], ["mail"], [], []])
    plays = [a for a in legal_json(state) if a.get("card") == "chain_exchange"]
    assert plays == [
        {"type": "play_card", "card": "chain_exchange", "direction": "left"},
        {"type": "play_card", "card": "chain_exchange", "decline": True},
    ]
    refused(
        state,
        {"type": "play_card", "card": "chain_exchange", "direction": "right"},
        "chain_impossible",
    )
    bare = table(4, [[], ["mail"], ["tank"], ["dining"]])
    assert [a for a in legal_json(bare) if a.get("card") == "chain_exchange"] == [
        {"type": "play_card", "card": "chain_exchange", "decline": True}
    ]


def test_the_chain_goes_round_until_the_other_neighbour_has_exchanged():
    # «Игрок, с которым вы поменялись картами, может таким же образом поменяться картами со
    #   своим вторым соседом и так далее, пока ваш второй сосед не совершит обмен картами.»
    state = table(4, [["tank"], ["mail"], ["dining"], ["boxcar"]])
    state, _ = act(state, {"type": "play_card", "card": "chain_exchange", "direction": "left"})
    state, events = act(state, {"type": "exchange", "give": "tank", "take": "mail"})
    # seat 1 now decides, out of turn, with its other neighbour (seat 2)
    assert state.phase == CHAIN and state.turn == 0 and GAME.to_act(state) == {1}
    assert kinds(events, "chain_offered") == [{"seat": 1, "partner": 2}]
    assert GAME.legal_actions(state, 0) == [] and GAME.legal_actions(state, 2) == []
    assert legal_json(state, 1) == [
        {"type": "exchange", "give": "tank", "take": "dining"},
        {"type": "decline"},
    ]
    refused(state, {"type": "exchange", "give": "tank", "take": "dining"}, "turn.not_yours", 0)
    state, _ = act(state, {"type": "exchange", "give": "tank", "take": "dining"})
    assert GAME.to_act(state) == {2}
    state, events = act(state, {"type": "exchange", "give": "tank", "take": "boxcar"})
    # seat 3, the player's other neighbour, has exchanged: the chain is complete
    assert kinds(events, "chain_ended") == [{"reason": "complete", "seat": 3}]
    assert [names(t) for t in state.tableaux] == [["mail"], ["dining"], ["boxcar"], ["tank"]]
    assert state.phase in (PLAY, CLAIM) and card_census(state) == full_census(state)


def test_the_player_exchanges_only_once():
    # «Игрок, сыгравший эту карту действия, меняется картами всего один раз.»
    for players, direction in ((2, "left"), (2, "right"), (3, "right")):
        tableaux = [["tank"], ["mail"], ["dining"]][:players]
        state = table(players, tableaux)
        state, _ = act(
            state, {"type": "play_card", "card": "chain_exchange", "direction": direction}
        )
        exchanges = 0
        while state.phase == CHAIN:
            (decider,) = GAME.to_act(state)
            assert decider != 0 or exchanges == 0
            state, _ = act(state, legal_json(state)[0])
            exchanges += 1
        assert exchanges == players - 1
        assert state.turn in (0, 1)  # the turn is over or at its claim step, never the chain
        assert state.discard[CARD_INDEX["chain_exchange"]] == 1


def test_declining_stops_the_chain():
    # «В случае, если игрок отказывается дальше меняться картами вагонов, эффект карты действия
    #   прерывается.»
    state = table(4, [["tank"], ["mail"], ["dining"], ["boxcar"]])
    state, _ = act(state, {"type": "play_card", "card": "chain_exchange", "direction": "left"})
    state, _ = act(state, {"type": "exchange", "give": "tank", "take": "mail"})
    after, events = act(state, {"type": "decline"})
    assert kinds(events, "chain_ended") == [{"reason": "declined", "seat": 1}]
    assert [names(t) for t in after.tableaux] == [["mail"], ["tank"], ["dining"], ["boxcar"]]
    # the card is spent: discarded, the player draws 1, and the turn goes on (to seat 1)
    assert after.discard[CARD_INDEX["chain_exchange"]] == 1
    assert "flatcar" in names(after.hands[0]) and len(after.hands[0]) == 4
    assert after.phase == PLAY and after.turn == 1


def test_chain_ends_when_the_next_seat_has_no_wagon():
    # spec 4 INTERPRETATION: a link needs a wagon on both sides, else the chain ends
    state = table(4, [["tank"], ["mail"], [], ["boxcar"]])
    state, _ = act(state, {"type": "play_card", "card": "chain_exchange", "direction": "left"})
    after, events = act(state, {"type": "exchange", "give": "tank", "take": "mail"})
    assert kinds(events, "chain_ended") == [{"reason": "no_wagons", "seat": 2}]
    assert after.phase == PLAY and after.turn == 1


def test_exchange_refusals():
    # «... поменять 1 карту вагона перед собой на любую 1 карту вагона перед игроком справа или
    #   игроком слева» — a wagon of one's own tableau for one of the partner's
    state = table(3, [["tank"], ["mail"], ["dining"]])
    state, _ = act(state, {"type": "play_card", "card": "chain_exchange", "direction": "left"})
    refused(state, {"type": "exchange", "give": "mail", "take": "mail"}, "wagon_not_in_tableau")
    refused(state, {"type": "exchange", "give": "tank", "take": "dining"}, "partner_lacks_wagon")
    refused(state, {"type": "to_tableau", "wagon": "mail"}, "wrong_step")
    # the player's card stays in hand until the chain is over: 5 cards in hand and tableau
    assert len(state.hands[0]) + len(state.tableaux[0]) == 5


def test_an_exchange_of_equal_wagons_passes_the_chain_on():
    # spec 4 INTERPRETATION: giving a wagon for one of the same type is still an exchange (it
    # changes no tableau, but the next seat may go on)
    state = table(3, [["mail"], ["mail"], ["tank"]])
    state, _ = act(state, {"type": "play_card", "card": "chain_exchange", "direction": "left"})
    assert legal_json(state) == [
        {"type": "exchange", "give": "mail", "take": "mail"},
        {"type": "decline"},
    ]
    state, _ = act(state, {"type": "exchange", "give": "mail", "take": "mail"})
    assert GAME.to_act(state) == {1} and [names(t) for t in state.tableaux] == [
        ["mail"],
        ["mail"],
        ["tank"],
    ]

"""Claiming a city at the end of one's own turn."""

from games.moscow_paris.data import CITY_INDEX
from games.moscow_paris.state import CLAIM, PLAY
from tests.scenario import kinds

from .census import card_census, city_census, full_census
from .helpers import GAME, city_names, line_names, names, position
from .playing import act, legal_json, refused

CITIES4 = ["paris", "marseille", "rome", "vienna"]


def ready(**kwargs):
    """Seat 0: tableau mail + tank, hand dining sleeper boxcar; Paris's line is mail | tank."""
    kwargs.setdefault("hands", [["dining", "sleeper", "boxcar"]])
    kwargs.setdefault("tableaux", [["mail", "tank"]])
    kwargs.setdefault("lines", {0: (["mail"], ["tank"])})
    kwargs.setdefault("deck_top", ["flatcar", "passenger", "baggage"])
    return position(3, cities=CITIES4, **kwargs)


def test_claim_at_the_end_of_the_turn_when_the_tableau_covers_the_line():
    # «В конце своего хода после совершения любого действия вы можете получить карту города в
    #   том случае, если все карты в его городской линии полностью совпадают с некоторыми или
    #   всеми картами перед вами.»
    state = ready()
    for action in (
        {"type": "to_tableau", "wagon": "dining"},  # some of the tableau ...
        {"type": "to_line", "wagon": "dining", "row": 2, "side": "left"},  # ... or all of it
    ):
        after, _ = act(state, action)
        assert after.phase == CLAIM and after.turn == 0 and GAME.to_act(after) == {0}
        assert legal_json(after) == [{"type": "claim", "row": 0}, {"type": "end_turn"}]
    # the claim is optional
    after, _ = act(state, {"type": "to_tableau", "wagon": "dining"})
    kept, events = act(after, {"type": "end_turn"})
    assert kept.turn == 1 and kept.won == ((), (), ()) and kept.tableaux == after.tableaux
    assert kinds(events, "turn_ended") == [{"seat": 0, "claims": 0}]
    # a line wagon missing from the tableau: no claim step at all
    state = ready(lines={0: (["mail"], ["tank", "flatcar"])})
    after, _ = act(state, {"type": "to_tableau", "wagon": "dining"})
    assert after.phase == PLAY and after.turn == 1
    refused(ready(), {"type": "claim", "row": 0}, "moscow_paris.wrong_step")


def test_claims_only_on_ones_own_turn():
    # «В конце своего хода ...» — spec 4: never on other players' turns
    state = ready(
        tableaux=[["sleeper"], ["mail", "tank"]], hands=[["dining", "mail", "tank", "boxcar"]]
    )
    after, _ = act(state, {"type": "to_tableau", "wagon": "dining"})
    assert after.phase == PLAY and after.turn == 1  # seat 1 matches Paris, but it is seat 0's turn
    after, _ = act(after, {"type": "take_back", "wagon": "mail"})  # seat 1: tank still covers?
    assert after.phase == PLAY and after.turn == 2  # no: mail went back into the hand


def test_empty_line_cannot_be_claimed_and_a_full_line_is_not_needed():
    # spec 4: an empty line cannot be claimed (INTERPRETATION); a line need not be full
    # (VERIFIED)
    state = ready(lines={})
    after, _ = act(state, {"type": "to_tableau", "wagon": "dining"})
    assert after.phase == PLAY
    state = ready(lines={0: (["mail"], [])})  # Paris takes 4, the line holds 1
    after, _ = act(state, {"type": "to_tableau", "wagon": "dining"})
    assert after.phase == CLAIM


def test_claim_discards_the_line_and_the_matching_tableau_wagons():
    # «Получив карту города, сбросьте все карты вагонов этой городской линии и аналогичные
    #   карты вагонов, лежащие перед вами.»
    state = ready(tableaux=[["mail", "mail", "tank"]], hands=[["dining", "sleeper"]])
    after, _ = act(state, {"type": "to_tableau", "wagon": "dining"})
    claimed, events = act(after, {"type": "claim", "row": 0})
    assert line_names(claimed, 0) == ([], [])
    # spec 4 INTERPRETATION: one tableau wagon per line wagon; the extra mail stays
    assert names(claimed.tableaux[0]) == ["dining", "mail"]
    assert sum(claimed.discard) == 4
    assert kinds(events, "city_claimed") == [
        {
            "seat": 0,
            "row": 0,
            "city": "paris",
            "line": ["mail", "tank"],
            "tableau": ["mail", "tank"],
        }
    ]
    assert card_census(claimed) == full_census(claimed)


def test_claimed_cities_are_kept_face_up_for_everyone():
    # «Складывайте полученные карты городов рядом с собой отдельной стопкой лицевой стороной
    #   вверх — вы можете всегда их просматривать, равно как и ваши соперники.»
    state, _ = act(ready(), {"type": "to_tableau", "wagon": "dining"})
    claimed, _ = act(state, {"type": "claim", "row": 0})
    assert claimed.won[0] == (CITY_INDEX["paris"],)
    for seat in (None, 0, 1, 2):
        assert [c.id for c in GAME.view(claimed, seat).seats[0].cities] == ["paris"]


def test_refill_to_five_cards_after_a_claim():
    # «После получения карты города доберите из колоды карты, чтобы суммарно перед вами на
    #   столе и на вашей руке оказалось 5 карт.»
    state, _ = act(ready(), {"type": "to_tableau", "wagon": "dining"})
    claimed, events = act(state, {"type": "claim", "row": 0})
    assert len(claimed.hands[0]) + len(claimed.tableaux[0]) == 5
    assert kinds(events, "drew") == [{"seat": 0, "count": 2}]
    assert kinds(events, "drew_cards") == [{"seat": 0, "cards": ("flatcar", "passenger")}]


def test_a_new_city_takes_the_claimed_citys_place():
    # «На место взятой карты города выложите новую карту из стопки городов.»
    state, _ = act(ready(), {"type": "to_tableau", "wagon": "dining"})
    top = state.city_deck[0]
    claimed, events = act(state, {"type": "claim", "row": 0})
    assert claimed.cities[0] == top and claimed.city_deck == state.city_deck[1:]
    assert kinds(events, "city_revealed") == [{"row": 0, "city": city_names(claimed)[0]}]
    assert city_census(claimed) == city_census(state)


def test_then_the_turn_passes_clockwise():
    # «Затем право хода передаётся следующему игроку по часовой стрелке.»
    state, _ = act(ready(), {"type": "to_tableau", "wagon": "dining"})
    claimed, _ = act(state, {"type": "claim", "row": 0})
    assert claimed.phase == PLAY and claimed.turn == 1


def test_one_claim_per_turn_unless_the_option_allows_more():
    # spec 4 INTERPRETATION: the rulebook's singular reads as one claim per turn; the option
    # multiple_claims offers the claim step again
    lines = {0: (["mail"], []), 2: ([], ["tank"])}
    for multiple in (False, True):
        state = ready(lines=lines, multiple_claims=multiple)
        state, _ = act(state, {"type": "to_tableau", "wagon": "dining"})
        assert legal_json(state) == [
            {"type": "claim", "row": 0},
            {"type": "claim", "row": 2},
            {"type": "end_turn"},
        ]
        state, _ = act(state, {"type": "claim", "row": 2})
        if multiple:
            assert state.phase == CLAIM and legal_json(state)[0] == {"type": "claim", "row": 0}
            state, _ = act(state, {"type": "claim", "row": 0})
            assert [c for c in state.won[0]] == [CITY_INDEX["rome"], CITY_INDEX["paris"]]
        else:
            assert state.phase == PLAY and state.turn == 1
            assert state.won[0] == (CITY_INDEX["rome"],)
        assert state.turn == 1


def test_claim_refusals():
    # «... если все карты в его городской линии полностью совпадают с некоторыми или всеми
    #   картами перед вами» — only such a city, only by the active player, only at the claim step
    state, _ = act(ready(), {"type": "to_tableau", "wagon": "dining"})
    refused(state, {"type": "claim", "row": 1}, "moscow_paris.not_claimable")
    refused(state, {"type": "claim", "row": 0}, "turn.not_yours", seat=1)
    refused(state, {"type": "to_tableau", "wagon": "sleeper"}, "moscow_paris.wrong_step")

"""Action cards 1, 2, 3 and 5 (the chain exchange, card 4, is in test_chain.py)."""

import dataclasses
from typing import Any

import pytest

from games.moscow_paris.data import CARD_INDEX, CITY_INDEX
from games.moscow_paris.state import CLAIM, PLAY, SWAP_FIRST, SWAP_SECOND, State
from tests.scenario import kinds

from .census import card_census, city_census, full_census
from .helpers import GAME, city_names, line_names, names, new, position
from .playing import act, legal_json, refused

CITIES4 = ["paris", "rome", "berlin", "moscow"]  # all limit 4


def with_card(card, **kwargs):
    kwargs.setdefault("cities", CITIES4)
    kwargs.setdefault("deck_top", ["flatcar"])
    tableau = kwargs.pop("tableau", [])
    kwargs["tableaux"] = [tableau, *kwargs.get("tableaux", [[], []])[1:]]
    hand = [card, *["passenger", "sleeper", "dining", "mail"][: 4 - len(tableau)]]
    return position(3, hands=[hand], **kwargs)


def plays(state, card):
    return [a for a in legal_json(state) if a.get("card") == card]


def column_play(card: str, side: str, slot: int, rows: list[int]) -> dict[str, Any]:
    """Playing column card `card` on the wagons at `slot` of `side` in `rows`, as JSON."""
    return {"type": "play_card", "card": card, "side": side, "slot": slot, "rows": rows}


def column_choices(state: State, card: str) -> list[tuple[str, int, list[int]]]:
    """The (side, slot, rows) the column card may take (declining left out)."""
    return [(a["side"], a["slot"], a["rows"]) for a in plays(state, card) if not a.get("decline")]


# --- every effect is optional ----------------------------------------------------------------


@pytest.mark.parametrize(
    "card", ["swap_two", "discard_column2", "discard_column3", "chain_exchange", "discard_city"]
)
def test_every_card_may_be_played_without_its_effect(card):
    # spec 4 INTERPRETATION: every effect is worded «Вы можете», so a card may be played for
    # nothing: it is discarded and the player draws
    state = with_card(card)
    assert {"type": "play_card", "card": card, "decline": True} in legal_json(state)
    after, events = act(state, {"type": "play_card", "card": card, "decline": True})
    assert after.lefts == state.lefts and after.rights == state.rights
    assert after.cities == state.cities and after.tableaux == state.tableaux
    assert after.discard[CARD_INDEX[card]] == 1 and "flatcar" in names(after.hands[0])
    assert kinds(events, "card_played") == [{"seat": 0, "card": card, "declined": True}]
    assert after.turn == 1


def test_card_fields_and_ownership_are_checked():
    # «2 Сыграть 1 карту действия и взять 1 карту.» — a card of one's hand, with its effect's
    # parameters (or none, declined)
    state = with_card("discard_city")
    refused(state, {"type": "play_card", "card": "discard_city"}, "moscow_paris.card_fields")
    refused(
        state,
        {"type": "play_card", "card": "discard_city", "row": 1, "side": "left"},
        "moscow_paris.card_fields",
    )
    refused(
        state,
        {"type": "play_card", "card": "discard_city", "decline": True, "row": 1},
        "moscow_paris.card_fields",
    )
    refused(
        state,
        {"type": "play_card", "card": "swap_two", "decline": True},
        "moscow_paris.card_not_in_hand",
    )


# --- 1: swap two wagons ----------------------------------------------------------------------


def test_swap_any_two_wagons_of_the_play_area():
    # «1 Вы можете поменять местами друг с другом 2 любые карты вагонов в игровой зоне (карты
    #   в городских линиях и перед игроками).»
    state = with_card(
        "swap_two",
        tableau=["tank"],
        tableaux=[[], ["boxcar"], ["baggage", "baggage"]],
        lines={0: (["mail"], []), 2: ([], ["flatcar"])},
    )
    after, events = act(state, {"type": "play_card", "card": "swap_two"})
    assert after.phase == SWAP_FIRST and after.turn == 0
    assert "swap_two" in names(after.hands[0])  # held until the effect is over: 5 in hand+table
    firsts = legal_json(after)
    assert {"type": "decline"} in firsts
    spots = [a for a in firsts if a["type"] == "swap_pick"]
    assert len(spots) == 2 + 3  # two line wagons and three tableau wagon kinds
    # a line wagon with another player's tableau wagon
    picked, events = act(after, {"type": "swap_pick", "row": 0, "side": "left", "slot": 1})
    assert picked.phase == SWAP_SECOND
    assert kinds(events, "swap_picked") == [
        {"seat": 0, "row": 0, "city": "paris", "side": "left", "slot": 1, "wagon": "mail"}
    ]
    seconds = [a for a in legal_json(picked) if a["type"] == "swap_pick"]
    assert {"type": "swap_pick", "seat": 1, "wagon": "boxcar"} in seconds
    done, events = act(picked, {"type": "swap_pick", "seat": 1, "wagon": "boxcar"})
    assert line_names(done, 0) == (["boxcar"], []) and names(done.tableaux[1]) == ["mail"]
    assert kinds(events, "wagons_swapped") == [
        {
            "seat": 0,
            "first": {"row": 0, "city": "paris", "side": "left", "slot": 1, "wagon": "mail"},
            "second": {"seat": 1, "wagon": "boxcar"},
        }
    ]
    assert done.discard[CARD_INDEX["swap_two"]] == 1 and kinds(events, "drew")
    assert card_census(done) == full_census(done)
    # two other players' tableaux
    picked, _ = act(after, {"type": "swap_pick", "seat": 1, "wagon": "boxcar"})
    done, _ = act(picked, {"type": "swap_pick", "seat": 2, "wagon": "baggage"})
    assert names(done.tableaux[1]) == ["baggage"] and names(done.tableaux[2]) == [
        "baggage",
        "boxcar",
    ]
    # two lines
    picked, _ = act(after, {"type": "swap_pick", "row": 0, "side": "left", "slot": 1})
    done, _ = act(picked, {"type": "swap_pick", "row": 2, "side": "right", "slot": 1})
    assert line_names(done, 0) == (["flatcar"], []) and line_names(done, 2) == ([], ["mail"])


def test_swap_may_not_put_two_equal_wagons_in_a_line():
    # «В одной городской линии не может оказаться 2 карты одинаковых вагонов.»
    state = with_card(
        "swap_two",
        tableau=["tank"],
        tableaux=[[], ["mail"]],
        lines={0: (["mail"], ["tank"]), 1: (["tank"], [])},
    )
    state, _ = act(state, {"type": "play_card", "card": "swap_two"})
    picked, _ = act(state, {"type": "swap_pick", "seat": 0, "wagon": "tank"})
    seconds = [a for a in legal_json(picked) if a["type"] == "swap_pick"]
    # row 0 already holds a tank (left mail would become a second tank); row 1's tank is equal
    assert {"type": "swap_pick", "row": 0, "side": "left", "slot": 1} not in seconds
    assert {"type": "swap_pick", "row": 1, "side": "left", "slot": 1} not in seconds
    assert {"type": "swap_pick", "seat": 1, "wagon": "mail"} in seconds
    refused(
        picked,
        {"type": "swap_pick", "row": 0, "side": "left", "slot": 1},
        "moscow_paris.swap_not_allowed",
    )
    # row 1's tank with row 0's mail: row 0 would hold two tanks
    picked, _ = act(state, {"type": "swap_pick", "row": 1, "side": "left", "slot": 1})
    refused(
        picked,
        {"type": "swap_pick", "row": 0, "side": "left", "slot": 1},
        "moscow_paris.swap_not_allowed",
    )


def test_swap_within_one_line_reorders_it():
    # spec 4 INTERPRETATION: two wagons of one line may swap (it reorders the line)
    state = with_card("swap_two", lines={0: (["mail", "tank"], ["dining"])})
    state, _ = act(state, {"type": "play_card", "card": "swap_two"})
    picked, _ = act(state, {"type": "swap_pick", "row": 0, "side": "left", "slot": 2})
    done, _ = act(picked, {"type": "swap_pick", "row": 0, "side": "right", "slot": 1})
    assert line_names(done, 0) == (["mail", "dining"], ["tank"])


def test_swap_is_offered_only_when_it_can_change_something():
    # spec 4: a swap of two equal wagons changes nothing and is not offered
    state = with_card("swap_two", tableau=["tank"], tableaux=[[], ["tank"]])
    assert plays(state, "swap_two") == [{"type": "play_card", "card": "swap_two", "decline": True}]
    refused(state, {"type": "play_card", "card": "swap_two"}, "moscow_paris.no_swap")
    state = with_card("swap_two", tableau=["tank"], tableaux=[[], ["mail"]])
    assert {"type": "play_card", "card": "swap_two"} in plays(state, "swap_two")


def test_swap_may_be_given_up_at_either_step():
    # «Вы можете ...»: after playing the card, `decline` ends it without a swap
    state = with_card("swap_two", tableau=["tank"], tableaux=[[], ["mail"]])
    started, _ = act(state, {"type": "play_card", "card": "swap_two"})
    for step in (started, act(started, {"type": "swap_pick", "seat": 0, "wagon": "tank"})[0]):
        after, events = act(step, {"type": "decline"})
        assert after.tableaux == state.tableaux and after.turn == 1 and after.phase == PLAY
        assert kinds(events, "swap_declined") == [{"seat": 0}]
        assert after.discard[CARD_INDEX["swap_two"]] == 1


def test_swap_pick_must_name_a_wagon():
    # «1 Вы можете поменять местами друг с другом 2 любые карты вагонов в игровой зоне» — a
    # pick names a wagon that is there
    state = with_card("swap_two", tableau=["tank"], tableaux=[[], ["mail"]])
    started, _ = act(state, {"type": "play_card", "card": "swap_two"})
    refused(
        started,
        {"type": "swap_pick", "row": 0, "side": "left", "slot": 1},
        "moscow_paris.no_wagon_there",
    )
    refused(
        started, {"type": "swap_pick", "seat": 2, "wagon": "tank"}, "moscow_paris.no_wagon_there"
    )
    refused(started, {"type": "swap_pick", "seat": 1}, "moscow_paris.bad_spot")
    refused(
        started,
        {"type": "swap_pick", "row": 0, "seat": 1, "wagon": "mail"},
        "moscow_paris.bad_spot",
    )
    refused(started, {"type": "to_tableau", "wagon": "mail"}, "moscow_paris.wrong_step")


# --- 2 and 3: discard a column ---------------------------------------------------------------

COLUMN_LINES = {
    0: (["mail", "tank"], ["dining"]),
    1: (["sleeper", "boxcar"], []),
    2: (["mail"], ["dining"]),
    3: ([], ["tank"]),
}


def test_discard_two_wagons_one_above_the_other():
    # «2 Вы можете сбросить 2 любые карты вагонов, находящиеся в разных городских линиях друг
    #   над другом.»
    state = with_card("discard_column2", lines=COLUMN_LINES)
    options = column_choices(state, "discard_column2")
    assert sorted(options) == [
        ("left", 1, [0, 1]),
        ("left", 1, [1, 2]),
        ("left", 2, [0, 1]),
        ("right", 1, [2, 3]),
    ]
    after, events = act(state, column_play("discard_column2", "left", 2, [0, 1]))
    assert line_names(after, 0) == (["mail"], ["dining"])
    assert line_names(after, 1) == (["sleeper"], [])
    assert kinds(events, "card_played")[0]["wagons"] == [
        {"row": 0, "city": "paris", "side": "left", "slot": 2, "wagon": "tank"},
        {"row": 1, "city": "rome", "side": "left", "slot": 2, "wagon": "boxcar"},
    ]
    assert after.discard[CARD_INDEX["tank"]] == 1 and after.discard[CARD_INDEX["boxcar"]] == 1
    assert card_census(after) == full_census(after)


def test_discard_not_fewer_than_two():
    # «Нельзя сбросить меньше 2 карт.»
    state = with_card("discard_column2", lines={0: (["mail"], []), 2: (["tank"], [])})
    assert plays(state, "discard_column2") == [
        {"type": "play_card", "card": "discard_column2", "decline": True}
    ]
    for rows in ([0], [0, 1], [0, 1, 2]):
        refused(state, column_play("discard_column2", "left", 1, rows), "moscow_paris.not_a_column")


def test_column_rows_must_be_neighbours_unless_the_option_says_otherwise():
    # spec 4 INTERPRETATION: «друг над другом» = the same place in rows with no row between
    # them (a row without a wagon there breaks the column); option columns="any_rows"
    lines = {0: (["mail"], []), 2: (["tank"], [])}
    state = with_card("discard_column2", lines=lines)
    refused(state, column_play("discard_column2", "left", 1, [0, 2]), "moscow_paris.not_a_column")
    loose = with_card("discard_column2", lines=lines, columns="any_rows")
    after, _ = act(loose, column_play("discard_column2", "left", 1, [0, 2]))
    assert after.lefts[0] == after.lefts[2] == ()


def test_discard_three_wagons_one_above_the_other():
    # «3 Вы можете сбросить 3 любые карты вагонов, находящиеся в разных городских линиях друг
    #   над другом.»
    state = with_card("discard_column3", lines=COLUMN_LINES)
    options = column_choices(state, "discard_column3")
    assert options == [("left", 1, [0, 1, 2])]
    after, _ = act(state, column_play("discard_column3", "left", 1, [0, 1, 2]))
    assert [line_names(after, r) for r in range(4)] == [
        (["tank"], ["dining"]),
        (["boxcar"], []),
        ([], ["dining"]),
        ([], ["tank"]),
    ]


def test_discard_not_fewer_than_three():
    # «Нельзя сбросить меньше 3 карт.»
    state = with_card("discard_column3", lines={0: (["mail"], []), 1: (["tank"], [])})
    assert not [a for a in plays(state, "discard_column3") if not a.get("decline")]
    refused(state, column_play("discard_column3", "left", 1, [0, 1]), "moscow_paris.not_a_column")


def test_remaining_wagons_slide_toward_the_city():
    # «Если в результате розыгрыша карты действия были сброшены прилегающие к городу карты
    #   вагонов, оставшиеся карты вагонов этой городской линии сдвигаются к городу.»
    state = with_card(
        "discard_column2",
        lines={0: (["mail", "tank", "dining"], []), 1: (["sleeper", "boxcar"], [])},
    )
    after, _ = act(state, column_play("discard_column2", "left", 1, [0, 1]))
    assert line_names(after, 0) == (["tank", "dining"], []) and line_names(after, 1) == (
        ["boxcar"],
        [],
    )
    view = GAME.view(after, None)
    assert view.rows[0].left == ["tank", "dining"]  # the nearest to the city first


# --- 5: discard a city -----------------------------------------------------------------------


def test_discard_a_city_with_its_line():
    # «5 Вы можете сбросить карту города вместе со всеми картами вагонов из его городской
    #   линии.»
    state = with_card("discard_city", lines={1: (["mail"], ["tank", "dining"])})
    assert [a.get("row") for a in plays(state, "discard_city")] == [0, 1, 2, 3, None]
    top_city = state.city_deck[0]
    after, events = act(state, {"type": "play_card", "card": "discard_city", "row": 1})
    assert after.lefts[1] == after.rights[1] == ()
    assert after.removed == (CITY_INDEX["rome"],)
    assert after.cities[1] == top_city  # spec 4 INTERPRETATION: refilled as after a claim
    assert kinds(events, "card_played")[0] == {
        "seat": 0,
        "card": "discard_city",
        "declined": False,
        "row": 1,
        "city": "rome",
        "wagons": ["mail", "tank", "dining"],
    }
    assert kinds(events, "city_revealed")[0]["row"] == 1
    assert sum(after.discard) == 4 and card_census(after) == full_census(after)


def test_a_discarded_city_never_comes_back():
    # «Сброшенная карта города в игру не возвращается.»
    state = with_card("discard_city")
    after, _ = act(state, {"type": "play_card", "card": "discard_city", "row": 0})
    paris = CITY_INDEX["paris"]
    assert paris not in after.cities and paris not in after.city_deck
    assert all(paris not in pile for pile in after.won)
    assert GAME.view(after, None).removed[0].id == "paris"
    assert GAME.scores(after) == [0, 0, 0]  # nobody scores it
    # with the city deck empty the row stays empty
    last = dataclasses.replace(with_card("discard_city"), city_deck=())
    after, events = act(last, {"type": "play_card", "card": "discard_city", "row": 2})
    assert city_names(after)[2] is None and not kinds(events, "city_revealed")
    assert GAME.is_over(after)  # and, with 3 cities left, that ends the game


def test_city_census_after_discard():
    # «Сброшенная карта города в игру не возвращается.» — it leaves the rows and the deck, and
    # stays counted among the match's cities (removed)
    state = new(3, seed=3)
    hand = tuple(sorted((*state.hands[0][:4], CARD_INDEX["discard_city"])))
    deck = list(state.deck)
    deck.remove(CARD_INDEX["discard_city"])
    deck.append(state.hands[0][4])
    state = dataclasses.replace(state, hands=(hand, *state.hands[1:]), deck=tuple(deck))
    after, _ = act(state, {"type": "play_card", "card": "discard_city", "row": 0})
    assert city_census(after) == city_census(state)
    assert after.phase in (PLAY, CLAIM)

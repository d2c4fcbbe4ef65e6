"""Setup, options and arrangements."""

from __future__ import annotations

import pytest

from games.city_of_light.data import POSTCARDS, STARRED
from games.core.errors import IllegalAction
from tests.city_of_light.helpers import GAME, new


def test_default_hand_is_one_tile():
    # RU: "Затем каждый игрок берет верхний тайл из своей стопки, не показывая его сопернику."
    s = new()
    assert [len(h) for h in s.hands] == [1, 1]
    assert [len(st) for st in s.stacks] == [7, 7]
    assert sorted(s.hands[0] + s.stacks[0]) == list(range(1, 9))


def test_german_hand_is_two_tiles():
    # DE: "Zieht dann die obersten zwei Straßen-Plättchen von eurem eigenen Stapel"
    s = new({"hand_size": 2})
    assert [len(h) for h in s.hands] == [2, 2]
    assert [len(st) for st in s.stacks] == [6, 6]


def test_all_buildings_start_in_the_supply():
    # RU: "Все здания сложите в общий запас"
    s = new()
    assert s.supply == tuple(range(12)) and s.reserves == ((), ())
    assert s.phase == 1 and s.turn == 0


def test_postcards_starred_random_chosen():
    # RU: "Для первых игр мы рекомендуем использовать открытки со значком ✨"
    assert set(new().cards) == set(STARRED)
    picks = {new({"postcards": "random"}, seed=n).cards for n in range(20)}
    assert len(picks) > 1
    for cards in picks:
        assert len(set(cards)) == 8 and set(cards) <= set(POSTCARDS)
    assert new({"postcards": "random"}, seed=3).cards == new({"postcards": "random"}, seed=3).cards
    chosen = list(POSTCARDS[4:])
    assert set(new({"postcards": "chosen", "chosen_postcards": chosen}).cards) == set(chosen)


@pytest.mark.parametrize(
    "options",
    [
        {"hand_size": 3},
        {"metropolitain": "never"},
        {"postcards": "chosen"},
        {"postcards": "chosen", "chosen_postcards": list(POSTCARDS[:7])},
        {"postcards": "chosen", "chosen_postcards": ["levitation"] * 8},
        {"postcards": "chosen", "chosen_postcards": list(POSTCARDS[:7]) + ["eiffel"]},
        {"chosen_postcards": list(POSTCARDS[:8])},
        {"colour": "green"},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(IllegalAction) as info:
        GAME.parse_options(options)
    assert info.value.key == "options.invalid"


def test_two_seats_only():
    with pytest.raises(IllegalAction) as info:
        GAME.setup(3, GAME.parse_options({}), 1)
    assert info.value.key == "seats.exact"


def test_arrangement_fixes_stacks_and_round_trips():
    arrangement = {"stacks": [[8, 7, 6, 5, 4, 3, 2, 1], [1, 2, 3, 4, 5, 6, 7, 8]]}
    s = new({"hand_size": 2}, arrangement=arrangement)
    assert s.hands == ((8, 7), (1, 2)) and s.stacks[0] == (6, 5, 4, 3, 2, 1)
    again = new({"hand_size": 2}, seed=99, arrangement=GAME.arrangement(s))
    assert GAME.snapshot(again) == GAME.snapshot(s)
    r = new({"postcards": "random"}, seed=5)
    copy = new({"postcards": "random"}, seed=6, arrangement=GAME.arrangement(r))
    assert copy.cards == r.cards and copy.deal == r.deal


@pytest.mark.parametrize(
    ("arrangement", "key"),
    [
        ({"stacks": [[1, 2, 3, 4, 5, 6, 7, 8]]}, "arrangement.bad_stacks"),
        ({"stacks": [[1, 2, 3, 4, 5, 6, 7, 7], list(range(1, 9))]}, "arrangement.bad_stacks"),
        ({"stacks": [list(range(1, 10)), list(range(1, 9))]}, "arrangement.bad_stacks"),
        ({"decks": []}, "arrangement.invalid"),
        ({"stacks": "none"}, "arrangement.invalid"),
        ({"postcards": list(POSTCARDS[4:])}, "arrangement.postcards_fixed"),
        ({"postcards": list(POSTCARDS[:3])}, "arrangement.bad_postcards"),
    ],
)
def test_bad_arrangements_are_refused(arrangement, key):
    with pytest.raises(IllegalAction) as info:
        new(arrangement=arrangement)
    assert info.value.key == key


def test_random_postcards_can_be_arranged():
    s = new({"postcards": "random"}, arrangement={"postcards": list(POSTCARDS[4:])})
    assert set(s.cards) == set(POSTCARDS[4:])


def test_a_wrong_player_count_names_the_one_count_the_game_takes():
    # DE: "Entscheidet euch nun für jeweils eine Farbe (Orange oder Blau)": two players, no
    # range, so the refusal names the one count ("2 players"), never "2 to 2".
    from bot.i18n import error_text

    with pytest.raises(IllegalAction) as info:
        GAME.check_seats(3)
    assert info.value.key == "seats.exact"
    assert "2 to 2" not in str(info.value) and "2 players" in str(info.value)
    assert error_text(info.value, "en-US") == "This game is for exactly 2 players."
    assert error_text(info.value, "ru") == "В эту игру играют ровно 2 игрока."

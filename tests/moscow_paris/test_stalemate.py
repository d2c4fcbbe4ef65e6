"""«Ступор», the stalemate rule, as the procedure of games/moscow_paris/stalemate.py."""

import random

from games.moscow_paris.state import PLAY
from tests.scenario import kinds

from .census import card_census, city_census, full_census
from .helpers import GAME, names, position
from .playing import act, legal_json

CITIES4 = ["paris", "marseille", "rome", "vienna"]
PUT0 = {"type": "to_tableau", "wagon": "mail"}
BACK0 = {"type": "take_back", "wagon": "mail"}
PUT1 = {"type": "to_tableau", "wagon": "tank"}
BACK1 = {"type": "take_back", "wagon": "tank"}


def table(**kwargs):
    kwargs.setdefault(
        "hands",
        [
            ["mail", "dining", "dining", "sleeper", "sleeper"],
            ["tank", "boxcar", "boxcar", "flatcar", "flatcar"],
        ],
    )
    kwargs.setdefault("lines", {1: (["baggage"], []), 3: ([], ["passenger"])})
    return position(2, cities=CITIES4, **kwargs)


def play(state, *actions):
    events = []
    for action in actions:
        state, more = act(state, action)
        events += more
    return state, events


def test_second_repeat_of_every_player_discards_the_hands():
    # «В СЛУЧАЕ ЗАЦИКЛИВАНИЯ ИГРЫ — ПОВТОРА ХОДОВ БЕЗ КАКОГО-ЛИБО ПРОГРЕССА, ПОСЛЕ ТОГО КАК
    #   КАЖДЫЙ ИГРОК СДЕЛАЕТ ВТОРОЙ ПОВТОРНЫЙ ХОД, ВСЕ СБРАСЫВАЮТ КАРТЫ С РУК.»
    state = table()
    # new tableaux: no repeat yet
    state, _ = play(state, PUT0, PUT1)
    assert state.repeats == (0, 0)
    # back to the empty tableau, already seen since the last progress: first repeats
    state, _ = play(state, BACK0, BACK1)
    assert state.repeats == (1, 1)
    state, events = play(state, PUT0)
    assert state.repeats == (2, 1) and not kinds(events, "stalemate")
    before = state
    state, events = play(state, PUT1)  # seat 1's second repeat: every player has made two
    [fired] = kinds(events, "stalemate")
    assert fired["repeats"] == [2, 2] and fired["hand_cards"] == [4, 4] and state.resets == 1
    assert sum(state.discard) == sum(before.discard) + 10 + 2  # hands, tableaux, 2 line wagons
    assert card_census(state) == full_census(state)


def test_repeats_are_counted_per_player():
    # «... ПОСЛЕ ТОГО КАК КАЖДЫЙ ИГРОК СДЕЛАЕТ ВТОРОЙ ПОВТОРНЫЙ ХОД ...» — one player's
    # repeats alone never fire the rule
    state = table()
    state, _ = play(
        state,
        PUT0,
        PUT1,
        BACK0,
        {"type": "to_tableau", "wagon": "boxcar"},
        PUT0,
        {"type": "to_tableau", "wagon": "flatcar"},
        BACK0,
    )
    assert state.repeats == (3, 0) and state.resets == 0


def test_progress_clears_the_counts():
    # spec 4: a wagon to a line, an action card or a claim is progress and clears all counts
    state = table()
    state, _ = play(state, PUT0, PUT1, BACK0, BACK1, PUT0)
    assert state.repeats == (2, 1)
    state, _ = act(state, {"type": "to_line", "wagon": "tank", "row": 0, "side": "left"})
    assert state.repeats == (0, 0)
    assert state.seen == ((state.tableaux[0],), (state.tableaux[1],))


def test_tableau_wagons_and_line_wagons_are_discarded_too():
    # «ТАКЖЕ СБРАСЫВАЮТСЯ КАРТЫ ВАГОНОВ ПЕРЕД ИГРОКАМИ И КАРТЫ ВАГОНОВ ИЗ ГОРОДСКИХ ЛИНИЙ.»
    state, events = play(table(), PUT0, PUT1, BACK0, BACK1, PUT0, PUT1)
    [fired] = kinds(events, "stalemate")
    assert fired["tableaux"] == [["mail"], ["tank"]]
    assert fired["lines"] == [[], ["baggage"], [], ["passenger"]]
    assert state.tableaux == ((), ())
    assert all(not state.lefts[r] and not state.rights[r] for r in range(4))


def test_city_cards_stay_where_they_are():
    # «КАРТЫ ГОРОДОВ ОСТАЮТСЯ НА СВОИХ МЕСТАХ.»
    start = table(won=[["madrid"], []])
    state, _ = play(start, PUT0, PUT1, BACK0, BACK1, PUT0, PUT1)
    assert state.resets == 1
    assert state.cities == start.cities and state.city_deck == start.city_deck
    assert state.won == start.won and city_census(state) == city_census(start)


def test_each_player_gets_five_new_cards_and_play_goes_on():
    # «ПОСЛЕ ЭТОГО КАЖДЫЙ ИГРОК ПОЛУЧАЕТ НА РУКУ 5 НОВЫХ КАРТ, И ИГРА ПРОДОЛЖАЕТСЯ.»
    start = table(
        deck_top=[
            "passenger",
            "passenger",
            "baggage",
            "baggage",
            "baggage",
            "boxcar",
            "boxcar",
            "tank",
            "tank",
            "tank",
        ]
    )
    state, events = play(start, PUT0, PUT1, BACK0, BACK1, PUT0, PUT1)
    # from the player about to move (seat 0), one player after the other
    assert names(state.hands[0]) == ["passenger", "passenger", "baggage", "baggage", "baggage"]
    assert names(state.hands[1]) == ["tank", "tank", "tank", "boxcar", "boxcar"]
    assert [e["seat"] for e in kinds(events, "drew")] == [0, 1]
    assert state.phase == PLAY and state.turn == 0 and legal_json(state)
    assert state.repeats == (0, 0) and state.seen == (((),), ((),))


def test_a_stuck_table_always_resets():
    # spec 4: when only idle turns are possible (every line full, no action card), the reset
    # comes within 32 rounds (games/moscow_paris/stalemate.py explains the bound)
    full = {
        0: (["mail", "tank"], ["dining", "sleeper"]),
        1: (["mail"], ["tank"]),
        2: (["boxcar", "flatcar"], ["baggage", "passenger"]),
        3: (["mail", "tank"], ["dining"]),
    }
    hands = [
        ["mail", "tank", "mail", "dining", "sleeper"],
        ["tank", "boxcar", "tank", "boxcar", "flatcar"],
        ["baggage", "baggage", "passenger", "passenger", "boxcar"],
    ]
    idle = {"to_tableau", "take_back", "claim", "end_turn"}
    rounds = []
    for seed in range(30):
        rng = random.Random(seed)
        state = position(3, cities=CITIES4, lines=full, hands=hands)
        while state.resets == 0:
            assert state.turns < 3 * 32, f"seed {seed}: no reset within 32 rounds"
            legal = legal_json(state)
            assert {a["type"] for a in legal} <= idle
            action = rng.choice(legal)
            if action["type"] == "claim":
                action = {"type": "end_turn"}  # nobody takes a city: a true loop
            state, _ = act(state, action)
        rounds.append(state.turns / 3)
        assert GAME.view(state, None).resets == 1
    assert max(rounds) <= 32

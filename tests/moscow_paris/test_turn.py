"""The four actions of a turn, the line rules, drawing and reshuffling, the end of a turn."""

import dataclasses
import random

from games.moscow_paris.data import CARD_INDEX, N_CODES
from games.moscow_paris.state import CLAIM, OVER, PLAY
from tests.scenario import kinds

from .census import card_census, full_census
from .helpers import GAME, line_names, names, position
from .playing import act, legal_json, refused

HAND = ["mail", "tank", "dining", "sleeper", "boxcar"]
CITIES4 = ["paris", "marseille", "rome", "vienna"]  # limits 4, 2, 4, 3


def start(**kwargs):
    kwargs.setdefault("hands", [HAND])
    kwargs.setdefault("cities", CITIES4)
    kwargs.setdefault("deck_top", ["flatcar", "passenger", "baggage"])
    return position(3, **kwargs)


def test_a_turn_is_one_of_four_actions():
    # «В свой ход игрок должен совершить одно из четырёх действий:»
    state = start(
        hands=[["mail", "tank", "dining", "swap_two"]],
        tableaux=[["sleeper"]],
        lines={0: (["boxcar"], [])},
    )
    legal = legal_json(state)
    assert {a["type"] for a in legal} == {"to_line", "play_card", "to_tableau", "take_back"}
    for action in legal:
        after, _ = act(state, action)
        # one action, then the turn is over (or goes on with that action's own steps)
        assert after.turn == 1 or after.phase != PLAY


def test_wagon_to_a_line_left_or_right_then_draw():
    # «1 Выложить 1 карту вагона в городскую линию справа или слева от карты города и взять
    #   1 карту.»
    state = start()
    after, events = act(state, {"type": "to_line", "wagon": "mail", "row": 0, "side": "left"})
    assert line_names(after, 0) == (["mail"], [])
    assert names(after.hands[0]) == sorted(
        ["tank", "dining", "sleeper", "boxcar", "flatcar"], key=CARD_INDEX.get
    )
    assert len(after.deck) == len(state.deck) - 1
    assert kinds(events, "wagon_to_line") == [
        {"seat": 0, "wagon": "mail", "row": 0, "side": "left", "slot": 1, "city": "paris"}
    ]
    assert kinds(events, "drew") == [{"seat": 0, "count": 1}]
    assert kinds(events, "drew_cards") == [{"seat": 0, "cards": ("flatcar",)}]
    # the next wagon on that side goes to its outer end; the other side starts at the city
    after = dataclasses.replace(after, turn=0)
    after, events = act(after, {"type": "to_line", "wagon": "tank", "row": 0, "side": "left"})
    assert line_names(after, 0) == (["mail", "tank"], [])
    assert kinds(events, "wagon_to_line")[0]["slot"] == 2
    after = dataclasses.replace(after, turn=0)
    after, _ = act(after, {"type": "to_line", "wagon": "dining", "row": 0, "side": "right"})
    assert line_names(after, 0) == (["mail", "tank"], ["dining"])


def test_line_wagons_must_all_differ():
    # «В городской линии все карты вагонов должны быть разные.»
    # «Другими словами, в городскую линию нельзя выложить карту вагона, если аналогичная карта
    #   вагона в этой линии уже имеется.»
    state = start(
        hands=[["mail", "tank", "dining", "sleeper", "boxcar"]], lines={0: ([], ["mail"])}
    )
    for side in ("left", "right"):
        refused(
            state,
            {"type": "to_line", "wagon": "mail", "row": 0, "side": side},
            "moscow_paris.wagon_in_line",
        )
    legal = legal_json(state)
    assert not [
        a for a in legal if a["type"] == "to_line" and a["wagon"] == "mail" and a["row"] == 0
    ]
    assert {"type": "to_line", "wagon": "mail", "row": 2, "side": "left"} in legal


def test_line_holds_no_more_than_the_city_limit():
    # «Количество выложенных карт вагонов в городской линии (справа и слева от карты города)
    #   не должно превышать значение предельного количества вагонов на карте города.»
    state = start(lines={1: (["flatcar"], ["baggage"]), 3: (["flatcar", "baggage"], [])})
    refused(
        state,
        {"type": "to_line", "wagon": "mail", "row": 1, "side": "left"},
        "moscow_paris.line_full",
    )
    rows = {a["row"] for a in legal_json(state) if a["type"] == "to_line"}
    assert rows == {0, 2, 3}  # Marseille (limit 2) is full, Vienna (limit 3) has room for 1
    after, _ = act(state, {"type": "to_line", "wagon": "mail", "row": 3, "side": "right"})
    after = dataclasses.replace(after, turn=0)
    refused(
        after,
        {"type": "to_line", "wagon": "tank", "row": 3, "side": "right"},
        "moscow_paris.line_full",
    )


def test_city_card_shows_its_wagon_limit():
    # «Предельное количество вагонов в городской линии»
    view = GAME.view(start(lines={2: (["flatcar"], [])}), None)
    assert [(r.city.id, r.city.limit, r.room) for r in view.rows] == [
        ("paris", 4, 4),
        ("marseille", 2, 2),
        ("rome", 4, 3),
        ("vienna", 3, 3),
    ]


def test_city_card_shows_its_victory_points_and_flag():
    # «Победные очки»
    # «Флаг страны»
    view = GAME.view(start(), None)
    assert [(r.city.vp, r.city.country, r.city.capital) for r in view.rows] == [
        (2, "FR", True),
        (1, "FR", False),
        (2, "IT", True),
        (2, "AT", True),
    ]


def test_empty_draw_pile_reshuffles_the_discard_pile():
    # «ЕСЛИ СТОПКА ВАГОНОВ И ДЕЙСТВИЙ ЗАКОНЧИЛАСЬ, ПЕРЕТАСУЙТЕ СБРОС И СФОРМИРУЙТЕ ИЗ НЕГО
    #   НОВУЮ СТОПКУ.»
    state = start()
    counts = [0] * N_CODES
    for code in state.deck:
        counts[code] += 1
    emptied = dataclasses.replace(state, deck=(), discard=tuple(counts))
    assert card_census(emptied) == full_census(emptied)
    after, events = act(emptied, {"type": "to_line", "wagon": "mail", "row": 0, "side": "left"})
    assert kinds(events, "reshuffled") == [{"reshuffle": 1, "cards": len(state.deck)}]
    assert sum(after.discard) == 0 and len(after.deck) == len(state.deck) - 1
    assert after.reshuffles == 1 and card_census(after) == full_census(after)
    # the new order comes from the match seed, and only from it
    again, _ = act(emptied, {"type": "to_line", "wagon": "mail", "row": 0, "side": "left"})
    assert again.deck == after.deck
    other_cfg = dataclasses.replace(emptied.cfg, reshuffle_seed=emptied.cfg.reshuffle_seed + 1)
    other, _ = act(
        dataclasses.replace(emptied, cfg=other_cfg),
        {"type": "to_line", "wagon": "mail", "row": 0, "side": "left"},
    )
    assert other.deck != after.deck
    assert sorted(other.deck + other.hands[0]) == sorted(after.deck + after.hands[0])


def test_action_card_then_draw_and_to_the_discard_pile():
    # «2 Сыграть 1 карту действия и взять 1 карту.»
    # «Сыгранная карта действия отправляется в стопку сброса.»
    state = start(hands=[["mail", "tank", "dining", "sleeper", "discard_city"]])
    after, events = act(state, {"type": "play_card", "card": "discard_city", "row": 3})
    assert "discard_city" not in names(after.hands[0]) and "flatcar" in names(after.hands[0])
    assert len(after.hands[0]) == 5 and len(after.deck) == len(state.deck) - 1
    assert after.discard[CARD_INDEX["discard_city"]] == 1
    assert kinds(events, "card_played")[0]["card"] == "discard_city"


def test_wagon_in_front_of_you_without_drawing():
    # «3 Выложить перед собой 1 карту вагона.»
    state = start()
    after, events = act(state, {"type": "to_tableau", "wagon": "tank"})
    assert names(after.tableaux[0]) == ["tank"] and len(after.hands[0]) == 4
    assert after.deck == state.deck and not kinds(events, "drew")
    assert kinds(events, "wagon_to_tableau") == [{"seat": 0, "wagon": "tank"}]
    assert GAME.view(after, 2).seats[0].tableau == ["tank"]  # in front of you: public


def test_no_more_than_four_wagons_in_front_of_a_player():
    # «Перед игроком не может быть выложено более 4 карт вагонов.»
    state = start(hands=[["mail"]], tableaux=[["tank", "dining", "sleeper", "boxcar"]])
    refused(state, {"type": "to_tableau", "wagon": "mail"}, "moscow_paris.tableau_full")
    assert not [a for a in legal_json(state) if a["type"] == "to_tableau"]


def test_duplicate_wagons_allowed_in_front_of_a_player():
    # «В отличие от городских линий, перед игроком могут быть выложены карты одинаковых
    #   вагонов.»
    state = start(hands=[["mail", "mail", "mail"]], tableaux=[["mail", "tank"]])
    assert {"type": "to_tableau", "wagon": "mail"} in legal_json(state)
    after, _ = act(state, {"type": "to_tableau", "wagon": "mail"})
    assert names(after.tableaux[0]) == ["mail", "mail", "tank"]


def test_take_a_wagon_back_into_the_hand():
    # «4 Вернуть на руку выложенную перед собой 1 карту вагона.»
    state = start(hands=[["mail", "tank", "dining"]], tableaux=[["sleeper", "sleeper"]])
    assert [a for a in legal_json(state) if a["type"] == "take_back"] == [
        {"type": "take_back", "wagon": "sleeper"}
    ]
    after, events = act(state, {"type": "take_back", "wagon": "sleeper"})
    assert names(after.tableaux[0]) == ["sleeper"] and "sleeper" in names(after.hands[0])
    assert after.deck == state.deck and not kinds(events, "drew")
    refused(state, {"type": "take_back", "wagon": "mail"}, "moscow_paris.wagon_not_in_tableau")


def test_hand_plus_tableau_is_always_five():
    # «В ЛЮБОЙ МОМЕНТ ИГРЫ СУММА КАРТ ПЕРЕД ИГРОКОМ И НА ЕГО РУКЕ ДОЛЖНА РАВНЯТЬСЯ 5.»
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = GAME.setup(players, GAME.parse_options({}), players)
        for _ in range(600):
            if GAME.is_over(state):
                break
            (seat,) = GAME.to_act(state)
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            for s in range(players):
                assert len(state.hands[s]) + len(state.tableaux[s]) == 5


def test_play_layout_lines_table_and_hand():
    # «Игровой расклад для 3 игроков: Городская линия, На столе, На руке»
    state = start(
        hands=[["mail", "tank", "dining"]],
        tableaux=[["sleeper", "boxcar"]],
        lines={0: (["flatcar"], ["baggage"])},
    )
    view = GAME.view(state, 0)
    assert (view.rows[0].left, view.rows[0].right) == (["flatcar"], ["baggage"])
    assert view.seats[0].tableau == ["sleeper", "boxcar"]
    assert view.hand == ["dining", "mail", "tank"]  # sorted by card code
    assert view.seats[0].hand_size == 3


def test_turn_passes_clockwise():
    # «После совершения действия (и получения карты города, если возможно) право хода
    #   передаётся следующему игроку по часовой стрелке.»
    for players in (2, 3, 4):
        state = position(players, cities=CITIES4)
        order = []
        for _ in range(2 * players):
            order.append(state.turn)
            state, _ = act(state, legal_json(state)[0])
            assert state.phase in (PLAY, CLAIM)
            if state.phase == CLAIM:
                state, _ = act(state, {"type": "end_turn"})
        assert order == [k % players for k in range(2 * players)]


def test_refusals():
    # «В свой ход игрок должен совершить одно из четырёх действий:» — only the player to act,
    # only with cards they hold, only while the match goes on
    state = start()
    refused(state, {"type": "to_tableau", "wagon": "tank"}, "turn.not_yours", seat=1)
    refused(state, {"type": "to_tableau", "wagon": "flatcar"}, "moscow_paris.wagon_not_in_hand")
    refused(state, {"type": "to_tableau", "wagon": "gondola"}, "moscow_paris.unknown_wagon")
    refused(state, {"type": "claim", "row": 0}, "moscow_paris.wrong_step")
    refused(state, {"type": "exchange", "give": "mail", "take": "tank"}, "moscow_paris.wrong_step")
    refused(
        state, {"type": "to_line", "wagon": "mail", "row": 9, "side": "left"}, "action.malformed"
    )
    empty = position(3, hands=[HAND], cities=["paris", None, "rome", "vienna"])
    refused(
        empty,
        {"type": "to_line", "wagon": "mail", "row": 1, "side": "left"},
        "moscow_paris.no_city",
    )
    over = dataclasses.replace(state, phase=OVER)
    refused(over, {"type": "to_tableau", "wagon": "tank"}, "game.over", seat=0)
    assert GAME.legal_actions(over, 0) == [] and GAME.to_act(over) == frozenset()

"""The appendix: every bonus tile's effect (the printed amounts are data, see data.py)."""

import pytest

from games.paris.board import SPACE_INDEX
from games.paris.data import BONUS_TILES
from games.paris.state import ACTION, AFTER, PRESTIGE
from tests.scenario import kinds

from .helpers import GAME, board, give, keys_at, landmark_in, replace, vp_tile
from .playing import act, legal, move, refused


def use(state, tile, **fields):
    return act(state, {"type": "use_bonus", "tile": tile, **fields})


@pytest.mark.parametrize("n", [1, 5, 7, 12, 22])
def test_gain_tiles_give_their_francs_and_vp(n):
    # «1-5-7-12-22: Получите указанное количество франков и/или ПО.»
    data = BONUS_TILES[n]
    state, events = use(give(board(), 0, francs=1, bonus=[n]), n)
    assert state.francs[0] == 1 + data["francs"] and state.vp[0] == data["vp"]
    assert data["francs"] or data["vp"]


@pytest.mark.parametrize("n, good", [(2, "wood"), (3, "marble"), (4, "gold")])
def test_resource_tiles_pay_or_sell_as_one_resource(n, good):
    # «2-3-4: Этот жетон считается 1 фишкой ресурса указанного вида.» «Вы можете использовать
    # этот ресурс для приобретения здания или достопримечательности или продать его, чтобы
    # получить франки.»
    assert BONUS_TILES[n]["good"] == good
    state = give(board(), 0, bonus=[n], francs=0)
    assert [a for a in legal(state) if a["type"] == "sell"] == [{"type": "sell", "item": f"B{n}"}]
    assert refused(state, {"type": "use_bonus", "tile": n}) == "paris.bonus_not_usable"
    sold, _ = act(state, {"type": "sell", "item": f"B{n}"})
    assert sold.francs[0] > 0 and sold.used_bonus[0] == (n,)
    lm = {"wood": None, "marble": "L10", "gold": "L11"}[good]
    target = "batignolles/8" if lm is None else f"batignolles/{lm}"
    state = give(keys_at(state, 0, "batignolles/5"), 0, francs=20, bonus=[n])
    state, events = act(state, move("batignolles/5", target))
    assert kinds(events, "resources_paid") == [{"seat": 0, "items": [f"B{n}"]}]


@pytest.mark.parametrize("n", [6, 11, 15, 18, 26, 28])
def test_vp_per_owned_building_of_the_printed_value(n):
    # «6-11-15-18-26-28: Получите указанное количество ПО за каждое здание с указанной
    # стоимостью, которым вы владеете на момент использования этого жетона.»
    value, each = BONUS_TILES[n]["value"], BONUS_TILES[n]["vp"]
    state = keys_at(board(), 0, f"la_villette/{value}", f"belleville/{value}", "arc")
    state = keys_at(state, 1, f"chaillot/{value}")
    state, events = use(give(state, 0, bonus=[n]), n)
    assert state.vp[0] == 2 * each and kinds(events, "bonus_used")[0]["count"] == 2


def test_prestige_of_your_choice_bonus_8():
    # «8: Этот жетон считается 1 фишкой престижа на ваш выбор.» «Вы можете использовать эту
    # фишку престижа, чтобы получить ПО при приобретении достопримечательности, или продать
    # её, чтобы получить франки.»
    state = give(board(), 0, bonus=[8])
    sells = [a["item"] for a in legal(state) if a["type"] == "sell"]
    assert sells == ["B8:bronze", "B8:silver", "B8:gold_prestige"]
    sold, _ = act(state, {"type": "sell", "item": "B8:gold_prestige"})
    assert sold.francs[0] == 3 + 3
    state = give(keys_at(state, 0, "chaillot/bank"), 0, francs=11, goods={"gold": 1}, bonus=[8])
    state, _ = act(state, move("chaillot/bank", "chaillot/L11"))  # bronze, silver, silver
    assert state.phase == PRESTIGE
    items = [a["items"] for a in legal(state) if a["type"] == "cash_prestige"]
    assert items == [["B8:bronze"], ["B8:silver"]]
    state, _ = act(state, {"type": "cash_prestige", "items": ["B8:silver"]})
    assert state.vp[0] == 4 and state.used_bonus[0] == (8,)


def test_bonus_9_onto_an_own_key_counts_twice():
    # «9: Когда вы перемещаете ключ, можете переместить его на здание или достопримечательность,
    # на которой уже лежит ваш ключ.» «Вы как обычно платите указанную стоимость и получаете
    # доход (если возможно).» «Учтите, что это здание или достопримечательность будет теперь
    # учитываться дважды при любом подсчёте.»
    state = keys_at(board(), 0, "chaillot/2", "chaillot/bank")
    state = give(state, 0, francs=5, bonus=[9])
    assert {"type": "move_key", "from": "chaillot/bank", "to": "chaillot/2"} in legal(state)
    state, events = act(state, move("chaillot/bank", "chaillot/2"))
    assert state.keys[0].count(SPACE_INDEX["chaillot/2"]) == 2 and state.francs[0] == 3
    assert kinds(events, "key_moved")[0]["bonus_tiles"] == [9]
    assert state.bonus[0] == () and state.used_bonus[0] == (9,)
    # income again (and the token beside it may be sold at once)
    assert {a["type"] for a in legal(state)} == {"take_bonus", "skip", "sell"}
    state = keys_at(replace(state, phase=ACTION, pending=()), 1, "chaillot/5")
    state = give(vp_tile(state, "chaillot", "VP10"), 0, bonus=[11])
    state, _ = use(state, 11)  # 4 VP per 2-value building: counted twice
    assert state.vp[0] == 8
    from games.paris.scoring import score_district

    scored = score_district(state, 4)
    assert scored["players"][0]["seat"] == 1  # 5 beats 2 + 2
    assert scored["players"][1]["sum"] == 4


@pytest.mark.parametrize("n", [10, 21])
def test_resources_of_your_choice_bonus_10_and_21(n):
    # «10: Этот жетон считается 1 фишкой ресурса на ваш выбор.» «Вы можете использовать этот
    # ресурс для приобретения здания или достопримечательности или продать его, чтобы получить
    # франки.» «21: Этот жетон считается 2 фишками ресурсов на ваш выбор.» «Вы можете
    # использовать эти ресурсы (один или оба) для приобретения здания или
    # достопримечательности или продать их (один или оба), чтобы получить франки.»
    state = give(keys_at(board(), 0, "saint_germain/bank"), 0, francs=20, bonus=[n])
    bank = "saint_germain/bank"
    assert {"type": "move_key", "from": bank, "to": "saint_germain/8"} in legal(state)
    can_l12 = {"type": "move_key", "from": bank, "to": "saint_germain/L12"} in legal(state)
    assert can_l12 == (n == 21)  # a marble and a gold
    state, _ = act(state, {"type": "sell", "item": f"B{n}:gold"})
    assert state.francs[0] == 23
    if n == 10:
        assert state.bonus[0] == ()
        return
    assert state.bonus[0] == (21,) and GAME.view(state, 0).screen.half_used == [21]
    assert [a["item"] for a in legal(state) if a["type"] == "sell"] == [
        "B21:wood",
        "B21:marble",
        "B21:gold",
    ]
    state, _ = act(state, {"type": "sell", "item": "B21:wood"})
    assert state.bonus[0] == () and state.used_bonus[0] == (21,) and state.francs[0] == 24


@pytest.mark.parametrize("n", [13, 14])
def test_buy_an_extra_key_from_the_reserve(n):
    # «13-14: Вы можете заплатить указанное количество франков, чтобы получить 1
    # дополнительный ключ из общего запаса и положить его за свою ширму.»
    price = BONUS_TILES[n]["price"]
    state = give(board(), 0, francs=price, bonus=[n])
    state, events = use(state, n)
    assert state.francs[0] == 0 and state.hand[0] == 8 and state.reserve[0] == 1
    assert kinds(events, "bonus_used")[0]["price"] == price
    poor = give(board(), 0, francs=price - 1, bonus=[n])
    assert {"type": "use_bonus", "tile": n} not in legal(poor)
    assert refused(poor, {"type": "use_bonus", "tile": n}) == "paris.bonus_not_usable"


def test_bonus_16_onto_a_rival_key():
    # «16: Когда вы перемещаете ключ, можете переместить его на здание или
    # достопримечательность, где уже есть ключ другого игрока.» «Вы как обычно платите
    # указанную стоимость и получаете доход (если возможно).»
    state = keys_at(board(), 1, "batignolles/8")
    state = give(keys_at(state, 0, "batignolles/bank"), 0, francs=8, goods={"wood": 1})
    assert refused(state, move("batignolles/bank", "batignolles/8")) == "paris.occupied"
    state = give(state, 0, francs=8, goods={"wood": 1}, bonus=[16])
    state, events = act(state, move("batignolles/bank", "batignolles/8"))
    assert state.francs[0] == 0 and state.vp[0] == 2  # pays, and the 8's 2 VP
    assert (
        SPACE_INDEX["batignolles/8"] in state.keys[0]
        and SPACE_INDEX["batignolles/8"] in state.keys[1]
    )
    assert GAME.view(state, None).districts[5].spaces[5].keys == [0, 1]


def test_bonus_17_takes_any_tile_without_moving_the_meeple():
    # «17: Вы можете взять любой бонусный жетон с поля и положить его за свою ширму.» «Не
    # передвигайте вашу фигурку по треку бонусных жетонов.»
    state = give(board(), 0, bonus=[17], meeple=20)
    spaces = [a["space"] for a in legal(state) if a.get("tile") == 17]
    assert spaces == [k for k in range(1, 31) if k != 17]  # behind the meeple too
    state, events = use(state, 17, space=3)
    assert state.bonus[0] == (3,) and state.meeples[0] == 20 and state.used_bonus[0] == (17,)
    assert kinds(events, "bonus_used")[0]["taken"] == 3
    assert (
        refused(give(state, 0, bonus=[17]), {"type": "use_bonus", "tile": 17})
        == "paris.bonus_fields"
    )


def test_bonus_19_two_prestige_one_or_both():
    # «19: Этот жетон считается 2 фишками престижа на ваш выбор.» «Вы можете использовать эти
    # фишки престижа (одну или обе), чтобы получить ПО при приобретении достопримечательности,
    # или продать их (одну или обе), чтобы получить франки.»
    state = landmark_in(board(), "L14", "chaillot")
    state = give(
        keys_at(state, 0, "chaillot/bank"), 0, francs=16, goods={"marble": 2, "gold": 1}, bonus=[19]
    )
    state, _ = act(state, move("chaillot/bank", "chaillot/L16"))  # silver, gold, gold
    options = [a["items"] for a in legal(state) if a["type"] == "cash_prestige"]
    assert ["B19:gold_prestige", "B19:gold_prestige"] in options
    assert ["B19:gold_prestige", "B19:silver"] in options
    state, _ = act(state, {"type": "cash_prestige", "items": ["B19:silver"]})
    assert state.vp[0] == 4 and state.bonus[0] == (19,)
    state = replace(state, phase=ACTION, turn=0, pending=())
    state, _ = act(state, {"type": "sell", "item": "B19:gold_prestige"})
    assert state.bonus[0] == () and state.used_bonus[0] == (19,)


@pytest.mark.parametrize("players, each", [(2, 1), (3, 2), (4, 3)])
def test_bonus_20_vp_per_other_unused_tile_and_the_count_is_shown(players, each):
    # «20: Получите 1/2/3 ПО (в партии на 2/3/4 игроков) за каждый ваш неиспользованный
    # бонусный жетон (не считая этот).» «Не показывая лицевую сторону ваших жетонов,
    # продемонстрируйте их количество другим игрокам, затем верните их за ширму.»
    state = give(board(players), 0, bonus=[20, 2, 9, 27])
    state, events = use(state, 20)
    assert state.vp[0] == 3 * each and state.bonus[0] == (2, 9, 27)
    [event] = [e for e in events if e.kind == "bonus_used"]
    assert event.to is None and event.params["count"] == 3


@pytest.mark.parametrize("players, each", [(2, 2), (3, 3), (4, 4)])
def test_bonus_23_pairs_of_identical_prestige(players, each):
    # «23: Вы можете вернуть одну или больше пар одинаковых фишек престижа в общий запас и
    # получить 2/3/4 ПО (в партии на 2/3/4 игроков) за каждую возвращённую таким образом
    # пару.»
    state = give(board(players), 0, bonus=[23], goods={"bronze": 2, "silver": 3, "gold": 2})
    options = [a["items"] for a in legal(state) if a.get("tile") == 23]
    assert sorted(options) == [
        ["bronze", "bronze"],
        ["bronze", "bronze", "silver", "silver"],
        ["silver", "silver"],
    ]
    state, _ = use(state, 23, items=["bronze", "bronze", "silver", "silver"])
    assert state.vp[0] == 2 * each and state.goods[0] == (0, 0, 2, 0, 1, 0)
    assert (
        refused(
            give(state, 0, bonus=[23], goods={"silver": 1}),
            {"type": "use_bonus", "tile": 23, "items": ["silver"]},
        )
        == "paris.bonus_not_usable"
    )


@pytest.mark.parametrize("players, each", [(2, 2), (3, 3), (4, 4)])
def test_bonus_24_pairs_of_identical_resources(players, each):
    # «24: Вы можете вернуть одну или больше пар одинаковых фишек ресурсов в общий запас и
    # получить 2/3/4 ПО (в партии на 2/3/4 игроков) за каждую возвращённую таким образом
    # пару.»
    state = give(board(players), 0, bonus=[24, 2], goods={"wood": 1, "gold": 1})
    options = [a["items"] for a in legal(state) if a.get("tile") == 24]
    assert options == [["B2", "wood"]]  # INTERPRETATION: a goods tile may form a pair
    state, _ = use(state, 24, items=["B2", "wood"])
    assert state.vp[0] == each and state.supply == (1, 0, 0)  # the token to the supply


def test_bonus_25_steps_back_up_to_five_and_takes_the_tile():
    # «25: Передвиньте вашу фигурку по треку бонусных жетонов назад до 5 делений и возьмите
    # жетон, на котором окажется фигурка (помните, что у вас не может быть двух бонусных
    # жетонов с одним и тем же номером).»
    state = give(board(), 0, bonus=[25, 22], meeple=23)
    spaces = [a["space"] for a in legal(state) if a.get("tile") == 25]
    assert spaces == [18, 19, 20, 21]  # 22 is held
    state, _ = use(state, 25, space=19)
    assert state.meeples[0] == 19 and state.bonus[0] == (19, 22)
    assert (
        refused(give(state, 0, bonus=[25]), {"type": "use_bonus", "tile": 25, "space": 10})
        == "paris.bonus_not_usable"
    )


def test_bonus_29_eight_vp_per_landmark():
    # «29: Получите 8 ПО за каждую достопримечательность, которой вы владеете на момент
    # использования этого жетона.»
    state = keys_at(board(), 0, "chaillot/L12", "belleville/L10", "chaillot/5")
    state, _ = use(give(state, 0, bonus=[29]), 29)
    assert state.vp[0] == 16


def test_bonus_30_distinct_kinds_raphael():
    # «30: Получите 10/15/20/25 ПО, если вы владеете зданиями и достопримечательностями
    # 4/5/6/7 разных видов на момент использования этого жетона.» «Все достопримечательности
    # считаются объектами 1 вида.» «Пример: Рафаэль владеет одним кафе, тремя пекарнями, двумя
    # отелями, одним театром и двумя достопримечательностями (Люксембургским садом и Эйфелевой
    # башней).» «Он владеет зданиями и достопримечательностями 5 разных видов и получает 15 ПО,
    # используя этот жетон.»
    state = keys_at(
        board(),
        0,
        "montmartre/1",  # café
        "montmartre/2",
        "la_villette/1",
        "saint_germain/3",  # bakeries
        "la_villette/5",
        "saint_germain/2",  # hotels
        "montmartre/5",  # theatre
        "chaillot/L10",
        "batignolles/L17",
    )
    view = GAME.view(state, None)
    kinds_owned = sorted(sp.kind for d in view.districts for sp in d.spaces if 0 in sp.keys)
    assert kinds_owned.count("bakery") == 3 and kinds_owned.count("hotel") == 2
    state, events = use(give(state, 0, bonus=[30]), 30)
    assert state.vp[0] == 15 and kinds(events, "bonus_used")[0]["kinds"] == 5
    three = keys_at(board(), 0, "montmartre/1", "montmartre/2", "chaillot/L10")
    assert use(give(three, 0, bonus=[30]), 30)[0].vp[0] == 0
    seven = keys_at(
        board(),
        0,
        "la_villette/1",
        "la_villette/2",
        "la_villette/4",
        "la_villette/5",
        "la_villette/8",
        "montmartre/4",
        "chaillot/L10",
    )
    assert use(give(seven, 0, bonus=[30]), 30)[0].vp[0] == 25


def test_using_a_tile_is_a_free_action_of_the_action_step():
    # «Вы можете использовать бонусный жетон немедленно или в один из своих следующих ходов.»
    # «Когда вы используете бонусный жетон, вы немедленно применяете его эффект и
    # сбрасываете этот жетон лицевой стороной вверх рядом со своей ширмой.»
    state = give(board(), 0, bonus=[5], goods={"bronze": 1})
    state, _ = use(state, 5)
    assert state.phase == ACTION and state.turn == 0 and state.francs[0] == 8
    state, _ = act(state, {"type": "place_key", "to": "arc"})
    assert state.phase == AFTER and {"type": "end_turn"} in legal(state)
    assert refused(state, {"type": "place_key", "to": "montmartre/bank"}) == "paris.wrong_step"

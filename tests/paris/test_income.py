"""Income of a purchase, the bonus track, goods tiles and trading at the screen."""

from games.paris.board import GOOD_INDEX, SPACE_INDEX
from games.paris.state import ACTION, AFTER, BONUS, PAY, PRESTIGE
from tests.scenario import kinds

from .helpers import GAME, board, give, keys_at, replace, start
from .playing import act, legal, move, play, refused


def buy_at(state, frm, to, seat=0):
    state = replace(state, phase=ACTION, turn=seat, pending=())
    return act(state, move(frm, to))


def test_income_follows_the_purchase_token_beside_the_building():
    # «После того, как вы переместили ключ на здание или достопримечательность и оплатили
    # указанную стоимость, вы можете получить несколько видов дохода:» «Когда вы приобретаете
    # здание, вы можете взять фишку ресурса или престижа рядом с ним, если она всё ещё там
    # лежит, и положить её за свою ширму.»
    state = give(keys_at(board(), 0, "batignolles/bank"), 0, francs=9)
    state, events = buy_at(state, "batignolles/bank", "batignolles/4")
    assert state.goods[0][GOOD_INDEX["marble"]] == 1
    assert state.tokens[SPACE_INDEX["batignolles/4"]] == -1
    assert GAME.view(state, None).districts[5].spaces[3].token is None
    assert GAME.view(state, 0).screen.goods["marble"] == 1
    names = [e.kind for e in events]
    assert names.index("key_moved") < names.index("token_taken")


def test_no_token_when_someone_took_it_before():
    # «Если кто-то опередил вас и забрал фишку раньше, вы ничего не получаете.»
    state = give(keys_at(board(), 1, "batignolles/bank"), 1, francs=9)
    state, _ = buy_at(state, "batignolles/bank", "batignolles/4", seat=1)
    state, _ = buy_at(state, "batignolles/4", "batignolles/5", seat=1)  # the 4 is free again
    state = give(keys_at(state, 0, "arc"), 0, francs=9)
    state, events = buy_at(state, "arc", "batignolles/4")
    assert kinds(events, "token_taken") == []
    assert state.goods[0] == (0,) * 6


def test_a_bought_1_or_2_gives_a_bonus_tile_free_and_a_3_for_two_francs():
    # «Когда вы приобретаете здание стоимостью 1 или 2, вы можете взять бонусный жетон
    # бесплатно, передвинув вашу фигурку вперёд по треку бонусных жетонов.» «Вы можете сделать
    # то же самое, когда приобретаете здание стоимостью 3, но только если заплатите 2 франка»
    state = give(keys_at(board(), 0, "chaillot/bank", "belleville/bank"), 0, francs=4)
    after, _ = buy_at(state, "chaillot/bank", "chaillot/2")
    assert after.phase == BONUS and after.francs[0] == 2
    after, events = act(after, {"type": "take_bonus", "space": 4})
    assert after.francs[0] == 2 and after.bonus[0] == (4,) and after.meeples[0] == 4
    assert kinds(events, "bonus_taken") == [{"seat": 0, "space": 4, "francs": 0, "tile": 4}]
    poor = give(state, 0, francs=4)
    poor, _ = buy_at(poor, "belleville/bank", "belleville/3")  # 1 franc left: no tile offered
    assert poor.phase == BONUS and not [a for a in legal(poor) if a["type"] == "take_bonus"]
    rich = give(state, 0, francs=6)
    rich, _ = buy_at(rich, "belleville/bank", "belleville/3")
    rich, events = act(rich, {"type": "take_bonus", "space": 12})
    assert rich.francs[0] == 1 and kinds(events, "bonus_taken")[0]["francs"] == 2
    for value in ("4", "5"):
        s, _ = buy_at(give(state, 0, francs=9), "chaillot/bank", f"chaillot/{value}")
        assert s.phase != BONUS and s.bonus[0] == ()


def test_a_bought_8_scores_2_vp():
    # «Когда вы приобретаете здание стоимостью 8, вы сразу получаете 2 ПО.»
    state = give(keys_at(board(), 0, "saint_germain/bank"), 0, francs=8, goods={"wood": 1})
    state, events = buy_at(state, "saint_germain/bank", "saint_germain/8")
    assert state.vp[0] == 2 and GAME.scores(state)[0] == 2
    assert kinds(events, "vp_scored") == [{"seat": 0, "vp": 2, "reason": "value_8"}]


def test_julie_cashes_two_gold_prestige_on_the_louvre_in_belleville():
    # «Когда вы приобретаете достопримечательность, вы можете сбросить до 3 фишек престижа,
    # указанных на ней, и получить соответствующие ПО за каждую сброшенную фишку престижа.»
    # «Пример: Жюли приобретает в Бельвиле (Belleville) достопримечательность стоимостью 15
    # (предыдущая выложенная достопримечательность стоила 10).» «Она платит 15 франков, 2
    # золота, 1 мрамор и перемещает свой ключ на достопримечательность.» «Она решает
    # сбросить две золотых фишки престижа; это приносит ей 10 ПО.»
    from .helpers import landmark_in

    state = landmark_in(board(), "L10", "belleville")
    state = give(
        keys_at(state, 0, "belleville/bank"),
        0,
        francs=15,
        goods={"marble": 1, "gold": 2, "gold_prestige": 2, "bronze": 1},
    )
    state, _ = buy_at(state, "belleville/bank", "belleville/L15")
    assert state.francs[0] == 0 and state.goods[0][:3] == (0, 0, 0)
    assert state.phase == PRESTIGE
    options = legal(state)
    assert {"type": "cash_prestige", "items": ["gold_prestige", "gold_prestige"]} in options
    assert {"type": "skip"} in options
    assert all("bronze" not in a.get("items", []) for a in options)  # no bronze symbol
    state, events = act(
        state, {"type": "cash_prestige", "items": ["gold_prestige", "gold_prestige"]}
    )
    assert state.vp[0] == 10 and state.goods[0][GOOD_INDEX["gold_prestige"]] == 0
    assert kinds(events, "prestige_cashed")[0]["vp"] == 10


def test_prestige_up_to_three_symbols_and_never_more():
    from .helpers import landmark_in

    # «…вы можете сбросить до 3 фишек престижа, указанных на ней…» (L15: silver, gold, gold)
    state = give(
        keys_at(landmark_in(board(), "L15", "chaillot"), 0, "chaillot/bank"),
        0,
        francs=15,
        goods={"marble": 1, "gold": 2, "silver": 3, "gold_prestige": 3},
    )
    state, _ = buy_at(state, "chaillot/bank", "chaillot/L15")
    biggest = max(
        (a for a in legal(state) if a["type"] == "cash_prestige"), key=lambda a: len(a["items"])
    )
    assert sorted(biggest["items"]) == ["gold_prestige", "gold_prestige", "silver"]
    assert (
        refused(state, {"type": "cash_prestige", "items": ["silver", "silver"]})
        == "paris.bad_prestige"
    )
    state, _ = act(state, {"type": "skip"})
    assert state.vp[0] == 0 and state.goods[0][3:] == (0, 3, 3)


def test_meeple_moves_forward_to_a_tile_and_takes_it():
    # «Чтобы получить бонусный жетон, передвиньте вашу фигурку по треку бонусных жетонов
    # вперёд на столько делений, сколько хотите, но так, чтобы она остановилась на одном из
    # доступных бонусных жетонов.» «Затем возьмите этот жетон и положите его за свою ширму.»
    # «Если ваша фигурка оказалась поверх стопки жетонов, возьмите верхний из них.»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=9, meeple=6)
    track = list(state.track)
    track[9] = 0  # space 10 is empty
    state, _ = buy_at(replace(state, track=tuple(track)), "chaillot/bank", "chaillot/1")
    spaces = [a["space"] for a in legal(state) if a["type"] == "take_bonus"]
    assert spaces == [k for k in range(7, 31) if k != 10]
    assert refused(state, {"type": "take_bonus", "space": 10}) == "paris.bonus_space"
    assert refused(state, {"type": "take_bonus", "space": 5}) == "paris.bonus_space"
    before = state.track[17]  # space 18 holds two copies with 4 players
    state, _ = act(state, {"type": "take_bonus", "space": 18})
    assert state.track[17] == before - 1 == 1 and state.bonus[0] == (18,)
    assert GAME.view(state, 0).screen.bonus_tiles == [18]
    assert GAME.view(state, None).table[0].bonus_tiles_held == 1


def test_meeples_may_share_a_space():
    # «Ваша фигурка может остановиться на делении с фигурками других игроков, если на этом
    # делении есть доступный бонусный жетон.»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=9)
    state = give(state, 1, meeple=18)
    state, _ = buy_at(state, "chaillot/bank", "chaillot/1")
    state, _ = act(state, {"type": "take_bonus", "space": 18})
    assert state.meeples[:2] == (18, 18)


def test_forward_only_passed_tiles_are_lost():
    # «Важно: вы можете передвигать свою фигурку только вперёд по треку, поэтому помните, что
    # как только ваша фигурка проходит мимо бонусного жетона, вы теряете возможность получить
    # этот жетон!»
    state = give(keys_at(board(), 0, "chaillot/bank", "belleville/bank"), 0, francs=9)
    state, _ = buy_at(state, "chaillot/bank", "chaillot/1")
    state, _ = act(state, {"type": "take_bonus", "space": 20})
    state, _ = buy_at(state, "belleville/bank", "belleville/2")
    assert min(a["space"] for a in legal(state) if a["type"] == "take_bonus") == 21


def test_no_more_bonus_tiles_once_the_meeple_reaches_30():
    # «Как только ваша фигурка достигнет значения 30 на треке бонусных жетонов, вы больше не
    # сможете получать бонусные жетоны.»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=9, meeple=30)
    state, _ = buy_at(state, "chaillot/bank", "chaillot/1")
    assert state.phase != BONUS and state.bonus[0] == ()
    # INTERPRETATION: not through bonus 17 or 25 either
    state = give(replace(state, phase=ACTION, turn=0, pending=()), 0, bonus=[17, 25])
    assert not [a for a in legal(state) if a["type"] == "use_bonus"]


def test_use_a_bonus_tile_now_or_later_then_discard_it_face_up():
    # «Вы можете использовать полученный бонусный жетон немедленно или позже в течение игры, в
    # любой момент любого вашего хода.» «Используя жетон, немедленно примените его эффект и
    # сбросьте этот жетон лицевой стороной вверх рядом со своей ширмой.»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=9)
    state, _ = buy_at(state, "chaillot/bank", "chaillot/1")
    state, _ = act(state, {"type": "take_bonus", "space": 12})  # 6 VP
    assert state.phase == AFTER  # the same turn: «немедленно»
    assert {"type": "use_bonus", "tile": 12} in legal(state)
    later, _ = act(state, {"type": "end_turn"})
    assert {"type": "use_bonus", "tile": 12} not in legal(replace(later, turn=1))
    later = replace(later, turn=0, phase=ACTION)  # a later turn of seat 0
    later, events = act(later, {"type": "use_bonus", "tile": 12})
    assert later.vp[0] == 6 and later.bonus[0] == () and later.used_bonus[0] == (12,)
    assert GAME.view(later, None).table[0].used_bonus_tiles == [12]
    assert kinds(events, "bonus_used") == [{"seat": 0, "tile": 12, "vp": 6, "francs": 0}]
    # not during another player's turn
    assert GAME.legal_actions(later, 1) == []


def test_bonus_27_is_not_used_during_the_game():
    # «Исключение: бонусный жетон 27 не может быть использован в течение игры.» «Он будет учтён
    # при подсчёте очков в конце игры.»
    state = give(board(), 0, bonus=[27], francs=12)
    assert not [a for a in legal(state) if a["type"] == "use_bonus"]
    assert refused(state, {"type": "use_bonus", "tile": 27}) == "paris.bonus_not_usable"


def test_never_two_bonus_tiles_of_one_number():
    # «У вас никогда не может быть двух бонусных жетонов одного типа (с одним и тем же
    # номером), даже если эффект какого-либо бонусного жетона позволяет это правило нарушить.»
    # «У вас не может быть одновременно два бонусных жетона одного типа (с одним и тем же
    # номером).»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=9, bonus=[18, 15])
    state, _ = buy_at(state, "chaillot/bank", "chaillot/1")
    spaces = {a["space"] for a in legal(state) if a["type"] == "take_bonus"}
    assert 18 not in spaces and 15 not in spaces and 19 in spaces
    assert refused(state, {"type": "take_bonus", "space": 18}) == "paris.bonus_space"
    # nor through bonus 17 ("даже если эффект … позволяет")
    state = give(replace(state, phase=ACTION, turn=0, pending=()), 0, bonus=[17, 18])
    take = {a["space"] for a in legal(state) if a.get("tile") == 17}
    assert 18 not in take and 19 in take
    # once 18 is used, another 18 may be taken
    state = give(state, 0, bonus=[17])
    assert 18 in {a["space"] for a in legal(state) if a.get("tile") == 17}


def test_goods_tiles_are_the_goods_themselves():
    # «Если на бонусном жетоне изображены ресурсы или престиж, вы НЕ берёте фишки ресурсов и
    # престижа из общего запаса.» «Вместо этого вы используете сам бонусный жетон как фишки
    # ресурсов или престижа указанного вида и в указанном на жетоне количестве.»
    # «Если на бонусном жетоне изображены ресурсы или престиж, сам бонусный жетон считается
    # указанными фишками ресурса или престижа.» «НЕ берите фишки ресурсов и престижа из общего
    # запаса.»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=9)
    state, _ = buy_at(state, "chaillot/bank", "chaillot/1")
    state, _ = act(state, {"type": "take_bonus", "space": 2})  # B2: one wood
    assert state.goods[0][:3] == (0, 0, 0) and state.supply == (0, 0, 0)
    assert {"type": "sell", "item": "B2"} in legal(state)
    state = keys_at(replace(state, phase=ACTION, turn=0, pending=()), 0, "batignolles/5")
    state = give(state, 0, francs=3)
    state, events = act(state, move("batignolles/5", "batignolles/8"))  # pays B2 as its wood
    assert state.bonus[0] == () and state.used_bonus[0] == (2,)
    assert state.supply == (0, 0, 0)  # a tile is discarded, not put in the supply
    assert kinds(events, "resources_paid") == [{"seat": 0, "items": ["B2"]}]


def test_pay_step_when_tokens_and_tiles_give_a_choice():
    # The choice of what pays (a token or a tile standing for it) is the buyer's.
    state = give(keys_at(board(), 0, "batignolles/5"), 0, francs=3, goods={"wood": 1}, bonus=[10])
    state, _ = act(state, move("batignolles/5", "batignolles/8"))
    assert state.phase == PAY
    assert legal(state) == [
        {"type": "pay", "items": ["B10:wood"]},
        {"type": "pay", "items": ["wood"]},
    ]
    assert refused(state, {"type": "pay", "items": ["B10:gold"]}) == "paris.bad_payment"
    state, _ = act(state, {"type": "pay", "items": ["B10:wood"]})
    assert state.goods[0][0] == 1 and state.used_bonus[0] == (10,)


def test_charlotte_takes_18_and_later_scores_15():
    # «Пример: Шарлотта может взять бонусный жетон, так как она приобрела здание стоимостью 2.»
    # «Она передвигает свою фигурку на деление с бонусным жетоном 18 и кладёт его за свою
    # ширму.» «Несколько ходов спустя, когда её ключи лежат на трёх разных зданиях стоимостью
    # 4, она решает использовать бонусный жетон, который сразу же приносит ей 15 ПО.»
    state = give(keys_at(board(), 0, "montmartre/bank"), 0, francs=2)
    state, _ = buy_at(state, "montmartre/bank", "montmartre/2")
    state, _ = act(state, {"type": "take_bonus", "space": 18})
    state = keys_at(state, 0, "la_villette/4", "belleville/4", "chaillot/4")
    state = replace(state, phase=ACTION, turn=0)
    state, events = act(state, {"type": "use_bonus", "tile": 18})
    assert state.vp[0] == 15
    assert kinds(events, "bonus_used")[0]["count"] == 3


def test_trade_at_the_screen_prices_resources_both_ways_prestige_sold():
    # «Ресурсы можно покупать и продавать в любое время, а фишки престижа — продавать в любое
    # время — по ценам, указанным в таблице в основании вашей ширмы игрока.»
    state = replace(give(board(), 0, francs=10, goods={"wood": 1, "silver": 1}), supply=(1, 0, 2))
    trades = [a for a in legal(state) if a["type"] in ("buy", "sell")]
    assert trades == [
        {"type": "buy", "good": "wood"},
        {"type": "buy", "good": "gold"},
        {"type": "sell", "item": "wood"},
        {"type": "sell", "item": "silver"},
    ]
    after, events = act(state, {"type": "buy", "good": "gold"})
    assert after.francs[0] == 5 and after.goods[0][2] == 1 and after.supply == (1, 0, 1)
    assert kinds(events, "bought") == [{"seat": 0, "good": "gold", "francs": 5}]
    after, _ = act(state, {"type": "sell", "item": "silver"})
    assert after.francs[0] == 12 and after.goods[0][4] == 0
    assert refused(state, {"type": "buy", "good": "marble"}) == "paris.supply_empty"
    assert refused(state, {"type": "buy", "good": "silver"}) == "paris.not_a_resource"
    assert refused(state, {"type": "sell", "item": "gold"}) == "paris.item_not_held"


def test_resources_come_to_the_supply_when_spent_or_sold():
    # «Они станут доступны для покупки позже в течение игры.» «Всякий раз, когда вы тратите
    # ресурсы, кладите их рядом с полем в общий запас, где они становятся доступны для покупки
    # любым игроком.»
    state = give(board(), 0, goods={"marble": 1})
    assert not [a for a in legal(replace(state, turn=1)) if a["type"] == "buy"]
    state, _ = act(state, {"type": "sell", "item": "marble"})
    assert state.supply == (0, 1, 0)
    state = give(replace(state, turn=1, phase=ACTION), 1, francs=4)
    assert {"type": "buy", "good": "marble"} in legal(state)


def test_spent_prestige_leaves_the_game():
    # «Когда вы тратите фишки престижа, они сбрасываются из игры.»
    state = give(board(), 0, goods={"bronze": 2})
    state, _ = act(state, {"type": "sell", "item": "bronze"})
    assert state.goods[0][3] == 1 and state.supply == (0, 0, 0)
    assert state.francs[0] == 4


def test_prestige_scores_only_on_landmarks():
    # «Они принесут вам победные очки, если вы используете их для приобретения
    # достопримечательностей.»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=9, goods={"bronze": 3})
    state, _ = buy_at(state, "chaillot/bank", "chaillot/5")
    assert state.phase != PRESTIGE and state.vp[0] == 0


def test_a_game_can_start_and_play_a_first_round():
    state, _ = play(
        start(2), {"type": "place_tile", "stack": 1}, {"type": "place_key", "to": "belleville/bank"}
    )
    assert state.francs[0] == 5

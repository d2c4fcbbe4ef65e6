"""Moving a key to buy: free targets, the Arc, districts and values, landmarks, costs, VP tiles."""

from games.paris.board import LM_INDEX, SPACE_INDEX
from games.paris.state import ACTION, BONUS, VPTILE
from tests.scenario import kinds

from .helpers import GAME, board, give, keys_at, landmark_in, replace
from .playing import act, legal, move, refused


def moves(state):
    return {(a["from"], a["to"]) for a in legal(state) if a["type"] == "move_key"}


def test_move_a_key_onto_a_free_building_pays_and_owns_it():
    # «Переместите один из ваших ключей на игровом поле на свободное здание или
    # достопримечательность и заплатите указанную стоимость (франками и ресурсами, см. раздел
    # «Стоимость» на следующей странице).» «После этого вы считаетесь владельцем этого
    # здания или достопримечательности и можете получить положенный доход…»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=9)
    state, events = act(state, move("chaillot/bank", "chaillot/5"))
    assert state.francs[0] == 4
    assert SPACE_INDEX["chaillot/5"] in state.keys[0]
    assert kinds(events, "key_moved")[0]["francs"] == 5
    assert GAME.view(state, None).districts[4].spaces[4].keys == [0]
    assert kinds(events, "token_taken") == [{"seat": 0, "space": "chaillot/5", "good": "marble"}]


def test_only_onto_a_free_building():
    # «Вы можете переместить ключ только на свободное здание или достопримечательность.»
    # «На выбранном здании или достопримечательности не может быть другого ключа — ни вашего,
    # ни ваших оппонентов.»
    state = keys_at(board(), 1, "chaillot/4")
    state = keys_at(state, 0, "chaillot/bank", "chaillot/2")
    state = give(state, 0, francs=20)
    options = moves(state)
    assert ("chaillot/bank", "chaillot/4") not in options
    assert ("chaillot/2", "chaillot/4") not in options
    assert ("chaillot/bank", "chaillot/2") not in options  # own key there
    assert ("chaillot/bank", "chaillot/5") in options
    assert refused(state, move("chaillot/bank", "chaillot/4")) == "paris.occupied"
    assert refused(state, move("chaillot/bank", "chaillot/2")) == "paris.occupied"


def test_from_the_arc_to_any_district():
    # «Если вы перемещаете ключ с Триумфальной арки, то вы можете переместить его на любое
    # свободное здание или достопримечательность в любом из 6 районов.»
    state = give(keys_at(board(), 0, "arc"), 0, francs=5, goods={"marble": 1})
    targets = {to for frm, to in moves(state) if frm == "arc"}
    assert {"montmartre/1", "belleville/5", "batignolles/4"} <= targets
    assert "montmartre/8" not in targets  # 8 francs: too dear
    state = give(state, 0, francs=12, goods={"marble": 1})
    targets = {to for frm, to in moves(state) if frm == "arc"}
    assert {f"{d}/L10" for d in ("montmartre", "chaillot", "batignolles")} <= targets
    state, _ = act(state, move("arc", "saint_germain/L10"))
    assert state.landmarks[LM_INDEX["L10"]] == 3 and state.francs[0] == 2


def test_from_a_bank_or_building_only_higher_in_the_same_district():
    # «Если вы перемещаете ключ с банка, здания или достопримечательности, вы можете положить
    # его только на свободное здание или достопримечательность с большей стоимостью в том же
    # районе.» «Помните, что у банков нет стоимости, как у остальных зданий.»
    state = give(
        keys_at(board(), 0, "belleville/bank", "montmartre/4"), 0, francs=50, goods={"wood": 1}
    )
    options = moves(state)
    assert {to for frm, to in options if frm == "belleville/bank"} >= {
        "belleville/2",
        "belleville/3",
        "belleville/4",
        "belleville/5",
        "belleville/8",
    }
    from_4 = {to for frm, to in options if frm == "montmartre/4"}
    assert {"montmartre/5", "montmartre/8"} <= from_4
    assert not from_4 & {"montmartre/1", "montmartre/2", "belleville/5"}
    assert refused(state, move("montmartre/4", "montmartre/2")) == "paris.not_higher"
    assert refused(state, move("montmartre/4", "belleville/5")) == "paris.other_district"


def test_charlotte_from_the_residence_3():
    # «Пример: Шарлотта хочет переместить свой ключ с резиденции стоимостью 3.» «Она не может
    # переместить его на здание стоимостью 1 или 2, так как они стоят меньше.» «Она также не
    # может переместить его на отель стоимостью 5 или на достопримечательность стоимостью 13,
    # так как на них лежат ключи других игроков.» «Однако она может переместить ключ на
    # ресторан стоимостью 4.»
    state = keys_at(board(), 1, "la_villette/5")
    state = keys_at(state, 2, "la_villette/L13")
    state = give(keys_at(state, 0, "la_villette/3"), 0, francs=20, goods={"marble": 2})
    from_3 = {to for frm, to in moves(state) if frm == "la_villette/3"}
    assert "la_villette/4" in from_3
    assert not from_3 & {"la_villette/1", "la_villette/2", "la_villette/5", "la_villette/L13"}


def test_only_onto_a_building_already_on_the_board():
    # «Вы можете переместить ключ только на уже выложенное на поле свободное здание.»
    state = give(keys_at(board(built=["belleville/2"]), 0, "belleville/bank"), 0, francs=9)
    assert {to for _, to in moves(state)} == {"belleville/2"}
    assert refused(state, move("belleville/bank", "belleville/4")) == "paris.no_building_yet"


def test_landmarks_on_the_board_or_added_from_the_supply():
    # «Вы можете переместить ключ на свободную достопримечательность, уже выложенную на поле,
    # ИЛИ можете сначала добавить доступную достопримечательность из общего запаса в район, в
    # котором уже лежит ваш ключ, и затем переместить ключ на неё.»
    state = landmark_in(board(), "L11", "chaillot")
    state = give(keys_at(state, 0, "chaillot/bank"), 0, francs=30, goods={"marble": 2, "gold": 2})
    targets = {to for frm, to in moves(state) if frm == "chaillot/bank"}
    assert "chaillot/L11" in targets and "chaillot/L15" in targets
    assert not {t for t in targets if not t.startswith("chaillot/")}
    assert "chaillot/L10" not in targets  # not dearer than the 11 already there
    state, events = act(state, move("chaillot/bank", "chaillot/L14"))
    assert state.landmarks[LM_INDEX["L14"]] == 4
    assert kinds(events, "key_moved")[0]["landmark_added"] is True
    assert GAME.view(state, None).districts[4].landmarks == ["L11", "L14"]


def test_a_new_landmark_costs_more_than_every_earlier_one():
    # «Достопримечательности выкладываются последовательно друг над другом.» «Нет ограничения
    # на количество достопримечательностей в районе, однако стоимость приобретаемой
    # достопримечательности всегда должна быть выше стоимости каждой выложенной до этого.»
    # «Пример: Франсуа приобрёл достопримечательность стоимостью 12 в Сен-Жермене
    # (Saint-Germain).» «В дальнейшем любая достопримечательность, добавляемая в Сен-Жермен,
    # должна будет стоить 13 или выше.»
    state = landmark_in(board(), "L12", "saint_germain")
    state = give(
        keys_at(state, 0, "saint_germain/bank"), 0, francs=40, goods={"marble": 3, "gold": 3}
    )
    new = {to for frm, to in moves(state) if "/L" in to and to != "saint_germain/L12"}
    assert new == {f"saint_germain/L{c}" for c in range(13, 18)}
    assert (
        refused(state, move("saint_germain/bank", "saint_germain/L10"))
        == "paris.landmark_too_cheap"
    )
    # any number of landmarks: a third, a fourth…
    for lid in ("L13", "L15", "L17"):
        state = landmark_in(state, lid, "saint_germain")
    assert GAME.view(state, None).districts[3].landmarks == ["L12", "L13", "L15", "L17"]


def test_cost_is_the_value_or_the_difference_and_resources_in_full():
    # «Перемещая ключ, чтобы приобрести здание или достопримечательность, вы должны заплатить
    # количество франков, равное стоимости этого здания или достопримечательности.» «Однако,
    # если ваш ключ перемещён с другого здания или достопримечательности, вам нужно заплатить
    # только разницу в стоимости.» «Вам также нужно заплатить полную цену в ресурсах,
    # указанную в верхней части жетона.»
    state = give(
        keys_at(board(), 0, "batignolles/bank", "montmartre/5"), 0, francs=20, goods={"wood": 2}
    )
    after, _ = act(state, move("batignolles/bank", "batignolles/8"))
    assert after.francs[0] == 12 and after.goods[0][0] == 1  # 8 francs and 1 wood
    after, _ = act(state, move("montmartre/5", "montmartre/8"))
    assert after.francs[0] == 17 and after.goods[0][0] == 1  # only 3 francs, the wood in full
    assert after.supply[0] == 1  # spent wood goes to the general supply


def test_cannot_move_without_the_francs_or_resources():
    # «Если у вас не хватает франков и/или ресурсов, вы не можете переместить свой ключ на
    # это здание или достопримечательность.»
    state = give(keys_at(board(), 0, "batignolles/bank"), 0, francs=7, goods={"wood": 1})
    assert ("batignolles/bank", "batignolles/8") not in moves(state)
    assert refused(state, move("batignolles/bank", "batignolles/8")) == "paris.cannot_afford"
    state = give(state, 0, francs=8, goods={})
    assert ("batignolles/bank", "batignolles/8") not in moves(state)
    assert refused(state, move("batignolles/bank", "batignolles/8")) == "paris.missing_resources"
    state = give(state, 0, francs=8, goods={"wood": 1})
    assert ("batignolles/bank", "batignolles/8") in moves(state)


def test_rafael_bakery_to_theatre_in_montmartre():
    # «Пример: Рафаэль хочет переместить ключ с булочной в Монмартре (Montmartre) на театр.»
    # «Он платит 3 франка и кладёт свой ключ на театр.»
    state = give(keys_at(board(), 0, "montmartre/2"), 0, francs=3)
    state, events = act(state, move("montmartre/2", "montmartre/5"))
    assert state.francs[0] == 0 and kinds(events, "key_moved")[0]["francs"] == 3
    view = GAME.view(state, None).districts[0]
    assert view.spaces[1].kind == "bakery" and view.spaces[4].kind == "theatre"


def test_julie_theatre_to_a_new_landmark_12_in_la_villette():
    # «Пример: Жюли хочет переместить ключ с театра в Ла Виллетте (La Villette) на новую
    # достопримечательность стоимостью 12.» «Она платит 4 франка, 1 мрамор и 1 золото,
    # добавляет достопримечательность в район и перемещает на неё свой ключ.»
    state = give(keys_at(board(), 0, "la_villette/8"), 0, francs=4, goods={"marble": 1, "gold": 1})
    assert GAME.view(state, None).districts[1].spaces[5].kind == "theatre"
    state, events = act(state, move("la_villette/8", "la_villette/L12"))
    assert state.francs[0] == 0 and state.goods[0][:3] == (0, 0, 0)
    assert state.landmarks[LM_INDEX["L12"]] == 1
    assert kinds(events, "resources_paid") == [{"seat": 0, "items": ["gold", "marble"]}]


def test_resources_wood_for_eights_marble_and_gold_for_landmarks():
    # «Есть три вида ресурсов: дерево, мрамор и золото.» «Они нужны для приобретения зданий
    # стоимостью 8 (для которых требуется дерево) и достопримечательностей (для которых
    # требуется мрамор и золото).» «Есть три вида фишек престижа: бронза, серебро и золото.»
    view = GAME.view(board(), None)
    assert all(lm.resources and set(lm.resources) <= {"marble", "gold"} for lm in view.landmarks)
    assert all(set(lm.prestige) <= {"bronze", "silver", "gold_prestige"} for lm in view.landmarks)
    state = give(keys_at(board(), 0, "belleville/bank"), 0, francs=20)
    options = {to for _, to in moves(state)}
    assert "belleville/5" in options and "belleville/8" not in options  # no wood


def test_vp_tile_when_a_district_reaches_four_keys():
    # «Как только на зданиях и достопримечательностях района в сумме окажется 4 ключа (не
    # считая банк), текущий игрок может немедленно выложить один из доступных жетонов ПО на
    # свободное место для жетона ПО в любой район.»
    state = keys_at(board(), 1, "montmartre/1", "montmartre/2")
    state = keys_at(state, 2, "montmartre/4", "montmartre/bank")
    state = give(keys_at(state, 0, "montmartre/bank"), 0, francs=20)
    # the bank keys do not count: 3 keys on buildings; the 4th arrives
    state, _ = act(state, move("montmartre/bank", "montmartre/5"))
    assert state.phase == VPTILE
    options = [a for a in legal(state) if a["type"] in ("place_vp_tile", "skip")]
    assert len(options) == 6 * 6 + 1 and options[-1] == {"type": "skip"}
    state, events = act(state, {"type": "place_vp_tile", "tile": "VP20", "district": "chaillot"})
    assert kinds(events, "vp_tile_placed")[0]["district"] == "chaillot"
    assert GAME.view(state, None).districts[4].vp_tile == "VP20"
    assert "VP20" not in GAME.view(state, None).vp_tiles


def test_vp_tile_trigger_is_once_per_district_and_may_be_declined():
    # INTERPRETATION (spec decision 2): the count only rises, so the trigger fires once;
    # declining loses it. A move within the district does not add a key.
    state = keys_at(board(), 1, "montmartre/1", "montmartre/2", "montmartre/4")
    state = give(keys_at(state, 0, "montmartre/bank", "arc"), 0, francs=30, goods={"wood": 1})
    state, _ = act(state, move("montmartre/bank", "montmartre/5"))
    assert state.phase == VPTILE
    state, _ = act(state, {"type": "skip"})
    state = replace(state, phase=ACTION, turn=0, pending=())
    state, _ = act(state, move("arc", "montmartre/8"))  # 5 keys: no second chance
    assert state.phase != VPTILE and state.vp_tiles == (-1,) * 6
    state = replace(state, phase=ACTION, turn=0, pending=())
    state = keys_at(state, 0, "belleville/bank")
    state = keys_at(state, 2, "belleville/1", "belleville/2", "belleville/3")
    state, _ = act(state, move("belleville/bank", "belleville/4"))
    assert state.phase == VPTILE  # another district


def test_income_on_a_bought_1_is_a_bonus_tile_choice():
    # «Бонусные жетоны можно получить, приобретая здания стоимостью 1, 2 или 3.»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=5)
    state, _ = act(state, move("chaillot/bank", "chaillot/1"))
    assert state.phase == BONUS
    options = [a for a in legal(state) if a["type"] in ("take_bonus", "skip")]
    assert options[-1] == {"type": "skip"}
    assert {a["space"] for a in options[:-1]} == set(range(1, 31))

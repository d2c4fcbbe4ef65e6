"""The end of the game, district scoring (the rulebook's three examples), bonus 27, the winner."""

import pytest

from games.paris.scoring import score_district
from games.paris.state import ACTION, AFTER, OVER
from tests.scenario import kinds

from .helpers import GAME, board, give, keys_at, replace, vp_tile
from .playing import act, finish, legal

LOUIS, RAPHAEL, JULIE, CHARLOTTE = 0, 1, 2, 3


def test_last_end_game_tile_ends_the_game_after_this_round_and_one_more():
    # «Когда один из игроков берёт последний жетон конца игры, наступает конец игры.» «Текущий
    # раунд доигрывается до конца (так, чтобы у каждого игрока было равное количество ходов за
    # игру).» «Затем игроки играют один последний раунд.»
    # «Когда наступает конец игры (см. страницу 7), игроки заканчивают текущий раунд, и затем у
    # всех есть по ОДНОМУ последнему ходу перед подсчётом очков.»
    state = replace(board(turn=2), endgame=(4,), hand=(0, 0, 0, 0))
    state, _ = act(state, {"type": "take_end_game"})
    state, events = act(state, {"type": "pick_end_game", "tile": "E5"})
    assert kinds(events, "end_triggered") == [{"seat": 2, "turns_left": 5}]
    assert GAME.view(state, None).final_turns is not None
    turns = []
    while not GAME.is_over(state):
        if state.phase == ACTION:
            turns.append(state.turn)
        options = legal(state)
        state, _ = act(
            state, {"type": "end_turn"} if {"type": "end_turn"} in options else options[0]
        )
    assert turns == [3, 0, 1, 2, 3]  # seat 3 ends the round, then one full round
    assert state.phase == OVER and GAME.to_act(state) == frozenset()


def test_trigger_by_the_last_seat_of_a_round_plays_one_more_round():
    state = replace(board(3, turn=2), endgame=(0,), hand=(0, 0, 0))
    state, _ = act(state, {"type": "take_end_game"})
    state, events = act(state, {"type": "pick_end_game", "tile": "E1"})
    assert kinds(events, "end_triggered")[0]["turns_left"] == 3


def test_the_last_round_lets_players_use_their_tiles():
    # «Это даёт возможность всем игрокам использовать оставшиеся у них бонусные жетоны (если
    # это возможно).»
    state = give(replace(board(2, turn=1), endgame=(), final_turns=0), 1, bonus=[12])
    assert {"type": "use_bonus", "tile": 12} in legal(state)
    state, _ = act(state, {"type": "use_bonus", "tile": 12})
    state, _ = act(state, {"type": "place_key", "to": "arc"})
    assert GAME.is_over(state) and GAME.result(state).scores[1] == 6


def test_bonus_27_one_vp_per_franc_at_the_end():
    # «Игрок с бонусным жетоном 27 получает 1 ПО за каждый свой франк.»
    # «27: В конце игры получите 1 ПО за каждый ваш франк.»
    state = give(give(board(2), 0, francs=11, bonus=[27]), 1, francs=30)
    state, events = finish(state)
    result = GAME.result(state)
    assert result.scores == [11, 0]
    assert kinds(events, "bonus_27_scored") == [{"seat": 0, "francs": 11, "vp": 11}]
    assert result.details["players"][0]["bonus_27"] == 11


def test_only_districts_with_a_vp_tile_and_players_with_a_building_there():
    # «Игроки могут получить дополнительные ПО в каждом районе с жетоном ПО, если у них
    # приобретено хотя бы одно здание или достопримечательность в этом районе.» «Игроки
    # складывают стоимость зданий и достопримечательностей, на которых лежат их ключи.»
    state = keys_at(board(3), 0, "chaillot/5", "chaillot/4", "belleville/8")
    state = keys_at(state, 1, "chaillot/bank", "belleville/5")
    state = vp_tile(state, "chaillot", "VP12")
    state, events = finish(state)
    [scored] = kinds(events, "district_scored")
    assert scored["district"] == "chaillot"
    assert [(p["seat"], p["sum"], p["vp"]) for p in scored["players"]] == [(0, 9, 12)]
    assert GAME.result(state).scores == [12, 0, 0]  # no VP tile in Belleville


def test_places_one_two_three_and_nothing_for_fourth():
    # «В каждом районе игрок с наибольшей суммой получает ПО за 1-е место, указанные на жетоне
    # ПО в этом районе.» «Игроки на 2-м и 3-м местах также получают соответствующие ПО,
    # указанные на жетоне.» «Игрок, занявший 4-е место, не получает ничего.»
    state = board()
    for seat, space in enumerate(("5", "4", "2", "1")):
        state = keys_at(state, seat, f"saint_germain/{space}")
    state = vp_tile(state, "saint_germain", "VP14")
    assert score_district(state, 3)["vp"] == [14, 7, 3, 0]


def test_example_1_batignolles_tie_broken_by_the_dearest_building():
    # «Ничья разрешается в пользу игрока, владеющего зданием или достопримечательностью с
    # наибольшей стоимостью в этом районе.» «Пример 1: В конце игры все игроки получают ПО за
    # район Батиньоль (Batignolles).» «У Луи суммарная стоимость зданий и
    # достопримечательностей равна 13 (11+2), у Рафаэля — 10 (5+4+1), у Жюли — 13, а у
    # Шарлотты — 3.» «У Луи и Жюли ничья за первое место, но, так как у Жюли есть здание с
    # большей стоимостью (13), чем у Луи (11), она получает 20 ПО, Луи получает 10 ПО, а
    # Рафаэль — 5 ПО.»
    state = keys_at(board(), LOUIS, "batignolles/L11", "batignolles/2")
    state = keys_at(state, RAPHAEL, "batignolles/5", "batignolles/4", "batignolles/1")
    state = keys_at(state, JULIE, "batignolles/L13")
    state = keys_at(state, CHARLOTTE, "batignolles/3")
    state = vp_tile(state, "batignolles", "VP20")
    state, events = finish(state)
    [scored] = kinds(events, "district_scored")
    sums = {p["seat"]: p["sum"] for p in scored["players"]}
    assert sums == {LOUIS: 13, RAPHAEL: 10, JULIE: 13, CHARLOTTE: 3}
    assert scored["vp"] == [10, 5, 20, 0]
    julie = next(p for p in scored["players"] if p["seat"] == JULIE)
    assert julie["tie_won_on_best"] and julie["best"] == 13
    assert GAME.result(state).winners == [JULIE]


def test_example_2_montmartre_shared_first_place_skips_the_second():
    # «Если благодаря бонусному жетону 16 ничья всё ещё сохраняется, все игроки с одинаковой
    # суммой получают ПО за соответствующее место.» «В таком случае награда за следующее место
    # пропускается.» «Пример 2: Далее все игроки считают ПО за район Монмартр (Montmartre).»
    # «У Луи суммарная стоимость зданий и достопримечательностей равна 16 (11+5), у Рафаэля —
    # 21 (15+3+3), у Жюли — 8, и у Шарлотты — 21 (15+4+2).» «У Рафаэля и Шарлотты ничья за
    # первое место, и у обоих одинаковое здание с самым большим значением 15 (Луэр).» «В этом
    # случае они оба получают 16 ПО, никто не получает 8 ПО, и Луи получает 4 ПО.»
    state = board(removed=["chaillot/8", "belleville/1", "la_villette/2"])
    state = keys_at(state, LOUIS, "montmartre/L11", "montmartre/5")
    state = keys_at(state, RAPHAEL, "montmartre/L15", "montmartre/3", "montmartre/3")  # bonus 9
    state = keys_at(state, JULIE, "montmartre/8")
    state = keys_at(state, CHARLOTTE, "montmartre/L15", "montmartre/4", "montmartre/2")  # 16
    state = vp_tile(state, "montmartre", "VP16")
    state, events = finish(state)
    [scored] = kinds(events, "district_scored")
    assert {p["seat"]: p["sum"] for p in scored["players"]} == {
        LOUIS: 16,
        RAPHAEL: 21,
        JULIE: 8,
        CHARLOTTE: 21,
    }
    assert scored["vp"] == [4, 16, 0, 16]
    places = {p["seat"]: (p["place"], p["shared"]) for p in scored["players"]}
    assert places == {
        RAPHAEL: (1, True),
        CHARLOTTE: (1, True),
        LOUIS: (3, False),
        JULIE: (4, False),
    }
    view = GAME.view(state, None)
    assert view.landmarks[5].name == "Louvre" and view.landmarks[5].keys == [1, 3]


def test_example_3_two_players_second_needs_half_of_first():
    # «Важно в партии на 2 игроков: игрок на 2-м месте в районе получает ПО, только если сумма
    # стоимости его зданий и достопримечательностей в этом районе равна хотя бы ПОЛОВИНЕ от
    # суммы первого игрока.» «Пример 3: В партии на 2 игроков Шарлотта и Луи считают очки за
    # район Бельвиле (Belleville).» «У Шарлотты сумма стоимости зданий и
    # достопримечательностей равна 12, а у Луи — 5, что меньше половины от суммы Шарлотты.»
    # «Шарлотта получает 18 ПО, Луи не получает ничего.»
    charlotte, louis = 0, 1
    state = keys_at(board(2), charlotte, "belleville/L12")
    state = keys_at(state, louis, "belleville/5")
    state = vp_tile(state, "belleville", "VP18")
    scored = score_district(state, 2)
    assert scored["vp"] == [18, 0]
    assert next(p for p in scored["players"] if p["seat"] == louis)["below_half"]
    # exactly half is enough
    half = keys_at(keys_at(board(2), 0, "belleville/L12"), 1, "belleville/4", "belleville/2")
    assert score_district(vp_tile(half, "belleville", "VP18"), 2)["vp"] == [18, 9]
    # with 3 players the half rule does not apply
    three = keys_at(keys_at(board(3), 0, "belleville/L12"), 1, "belleville/5")
    assert score_district(vp_tile(three, "belleville", "VP18"), 2)["vp"] == [18, 9, 0]


def test_vp_tiles_reward_the_owners_of_the_dearest_buildings():
    # «В конце игры эти жетоны принесут бонусные ПО тем игрокам, которые владеют самыми
    # дорогими зданиями и достопримечательностями в этом районе.»
    state = keys_at(board(3), 0, "chaillot/1", "chaillot/2")
    state = keys_at(state, 1, "chaillot/5")
    state = vp_tile(state, "chaillot", "VP10")
    assert score_district(state, 4)["vp"] == [5, 10, 0]


def test_highest_score_wins():
    # «Как только все игроки подсчитали дополнительные ПО в каждом районе с жетоном ПО, игрок с
    # наибольшим количеством ПО объявляется победителем!»
    state = replace(board(3), vp=(10, 14, 3))
    state = vp_tile(keys_at(state, 0, "chaillot/5"), "chaillot", "VP10")
    state, events = finish(state)
    result = GAME.result(state)
    assert result.scores == [20, 14, 3] and result.winners == [0]
    assert result.ranking == [[0], [1], [2]] and result.tiebreak is None
    assert kinds(events, "game_over")[0]["winners"] == [0]


def test_tie_goes_to_more_francs():
    # «В случае ничьей побеждает игрок с наибольшим количеством франков.»
    state = give(give(replace(board(3), vp=(9, 9, 2)), 0, francs=4), 1, francs=5)
    state, _ = finish(state)
    result = GAME.result(state)
    assert result.winners == [1] and result.tiebreak == "francs"
    assert result.ranking == [[1], [0], [2]]


def test_then_to_the_dearest_buildings_in_total():
    # «Если всё ещё ничья, побеждает игрок с наибольшей суммарной стоимостью всех своих зданий
    # и достопримечательностей.»
    state = replace(board(2), vp=(9, 9))
    state = keys_at(keys_at(state, 0, "chaillot/5", "arc"), 1, "belleville/4", "saint_germain/2")
    state, _ = finish(state)
    result = GAME.result(state)
    assert result.winners == [1] and result.tiebreak == "building_value"
    assert [p["building_value"] for p in result.details["players"]] == [5, 6]


def test_further_ties_share_the_win():
    # «Если по-прежнему ничья, игроки делят победу.»
    state = replace(board(4), vp=(7, 7, 7, 1))
    state, _ = finish(state)
    result = GAME.result(state)
    assert result.winners == [0, 1, 2] and result.ranking == [[0, 1, 2], [3]]


def test_result_details_explain_every_point():
    state = keys_at(board(), 0, "chaillot/5")
    state = give(
        vp_tile(replace(state, vp=(3, 0, 0, 0)), "chaillot", "VP16"), 0, francs=2, bonus=[27]
    )
    state, _ = finish(state)
    player = GAME.result(state).details["players"][0]
    assert player == {
        "seat": 0,
        "vp_during_game": 3,
        "bonus_27": 2,
        "districts": {"chaillot": 16},
        "district_vp": 16,
        "total": 21,
        "francs": 2,
        "building_value": 5,
    }
    assert GAME.result(state).details["districts"][0]["tile"] == "VP16"
    assert GAME.scores(state) == GAME.result(state).scores


@pytest.mark.parametrize("players", [2, 4])
def test_the_end_opens_every_screen(players):
    state = give(board(players), 1, francs=17, goods={"silver": 2})
    state, _ = finish(state)
    view = GAME.view(state, None)
    assert view.screens[1].francs == 17 and view.screens[1].goods["silver"] == 2
    assert view.result is not None and view.phase == "over"
    live = give(board(players), 1, francs=17)
    assert GAME.view(live, None).screens is None
    assert GAME.reveals_hidden(
        replace(live, final_turns=0, phase=AFTER), 0, GAME.parse_action({"type": "end_turn"})
    )

"""Rule sentences the topic test modules did not check on their own (found by the audit of
docs/rules_coverage/paris.md): each test quotes its sentence of the Russian rulebook, or
names the spec decision it checks.
"""

from games.paris.board import ARC, BANK0, DISTRICT_IDS, N_SPACES, SPACE_VALUE
from games.paris.state import ACTION, AFTER
from tests.scenario import kinds

from .helpers import GAME, board, give, keys_at, replace, start
from .playing import act, legal, move


def test_board_has_six_districts_and_the_arc():
    # «1 игровое поле и 1 Триумфальная арка»
    view = GAME.view(start(), None)
    assert [d.id for d in view.districts] == list(DISTRICT_IDS) and len(DISTRICT_IDS) == 6
    assert all([s.value for s in d.spaces] == [1, 2, 3, 4, 5, 8] for d in view.districts)
    assert view.arc == [] and ARC == BANK0 + 6
    assert sorted(d.bank for d in view.districts) == [2, 3, 4, 5, 6, 7]


def test_francs_are_not_limited():
    # «35 франков» «Положите оставшиеся монеты рядом с полем, рассортировав их по номиналу.»
    # «Это — общий запас.» INTERPRETATION: coins are denominations, the bank never runs dry.
    state = board(2)
    for district in DISTRICT_IDS:
        state = replace(state, phase=ACTION, turn=0, pending=())
        state, _ = act(state, {"type": "place_key", "to": f"{district}/bank"})
    assert state.francs[0] == 3 + 2 + 3 + 4 + 5 + 6 + 7 == 30
    state = give(state, 1, francs=40)
    state = replace(state, phase=ACTION, turn=1, pending=())
    state, _ = act(state, {"type": "place_key", "to": "chaillot/bank"})
    assert state.francs[1] == 47 and state.francs[0] + state.francs[1] > 35


def test_every_building_and_landmark_shows_cost_price_income_and_prestige():
    # «У всех зданий и достопримечательностей есть стоимость А.» «У некоторых есть
    # дополнительная цена В, некоторые приносят разовый доход С.» «У достопримечательностей
    # также есть очки престижа D, изображённые слева.»
    view = GAME.view(board(), None)
    assert all(s.value in (1, 2, 3, 4, 5, 8) for d in view.districts for s in d.spaces)
    assert all(lm.cost and lm.resources and 1 <= len(lm.prestige) <= 3 for lm in view.landmarks)
    # price B: wood on the 8s only; income C: the token, a bonus tile on 1/2/3, 2 VP on an 8
    state = give(keys_at(board(), 0, "batignolles/bank"), 0, francs=8, goods={"wood": 1})
    state, events = act(state, move("batignolles/bank", "batignolles/8"))
    assert [e.kind for e in events][:3] == ["key_moved", "resources_paid", "token_taken"]
    assert kinds(events, "vp_scored")[0]["vp"] == 2
    assert sum(1 for s in range(N_SPACES) if SPACE_VALUE[s] == 8) == 6


def test_end_game_tiles_are_used_now_or_later_then_discarded():
    # «Вы можете использовать свой жетон конца игры немедленно или позже в течение игры, в
    # любой момент любого вашего хода.» «Используя жетон конца игры, немедленно примените
    # его эффект и сбросьте жетон.»
    state, _ = act(board(), {"type": "take_end_game"})
    state, _ = act(state, {"type": "pick_end_game", "tile": "E4"})
    assert state.phase == AFTER and {"type": "use_end_game", "tile": "E4"} in legal(state)
    later, _ = act(state, {"type": "end_turn"})
    assert later.turn == 1 and later.egt[0] == (3,)
    mine = replace(later, turn=0, phase=ACTION)
    mine, events = act(mine, {"type": "use_end_game", "tile": "E4"})
    assert mine.vp[0] == 6 and mine.egt[0] == () and mine.used_egt[0] == (3,)
    assert kinds(events, "end_game_tile_used") == [{"seat": 0, "tile": "E4", "vp": 6, "francs": 0}]
    assert GAME.view(mine, None).table[0].used_end_game_tiles == ["E4"]
    francs = give(board(), 0, egt=["E6"])
    francs, _ = act(francs, {"type": "use_end_game", "tile": "E6"})
    assert francs.francs[0] == 3 + 5


def test_end_game_tiles_with_goods_are_the_goods():
    # «Если на жетоне конца игры изображены ресурсы или престиж, вы НЕ берёте фишки ресурсов
    # и престижа из общего запаса.» «Вместо этого вы используете сам жетон конца игры как
    # фишки ресурсов или престижа указанного вида и в указанном на жетоне количестве.»
    state = give(keys_at(board(), 0, "chaillot/bank"), 0, francs=11, egt=["E9", "E11"])
    assert {"type": "use_end_game", "tile": "E9"} not in legal(state)
    assert {"type": "sell", "item": "E9"} in legal(state)
    state, events = act(state, move("chaillot/bank", "chaillot/L11"))  # costs 1 gold
    assert kinds(events, "resources_paid") == [{"seat": 0, "items": ["E9"]}]
    assert state.supply == (0, 0, 0) and state.used_egt[0] == (8,)
    assert [a["items"] for a in legal(state) if a["type"] == "cash_prestige"] == [["E11"]]
    state, _ = act(state, {"type": "cash_prestige", "items": ["E11"]})
    assert state.vp[0] == 4 and state.egt[0] == ()


def test_players_score_by_buying_buildings_and_taking_bonus_tiles():
    # «Игроки зарабатывают победные очки (ПО), приобретая здания и получая бонусные жетоны.»
    state = give(keys_at(board(), 0, "saint_germain/bank", "arc"), 0, francs=10, goods={"wood": 1})
    state, _ = act(state, move("saint_germain/bank", "saint_germain/8"))
    state = replace(state, phase=ACTION, turn=0, pending=())
    state, _ = act(state, move("arc", "belleville/2"))
    state, _ = act(state, {"type": "take_bonus", "space": 22})
    state, _ = act(state, {"type": "use_bonus", "tile": 22})
    assert state.vp[0] == 2 + 5

"""The turn: the building tile, the three actions, placing a key, the end-game stack."""

import pytest

from games.paris.board import DISTRICT_IDS, SPACE_INDEX, SPACE_NAMES, TILE_KIND
from games.paris.state import ACTION, AFTER, ENDGAME, PLACE, TILE
from tests.scenario import kinds

from .helpers import GAME, board, give, keys_at, replace, start
from .playing import act, legal, play, refused


def test_turns_go_clockwise_from_the_first_player():
    # «Начиная с первого игрока и далее по часовой стрелке, каждый игрок ДОЛЖЕН выполнить
    # два следующих шага:» «Выложить жетон здания на игровое поле (если возможно)»
    # «Выполнить действие»
    state = start(3, first=1)
    seen = []
    for _ in range(6):
        seen.append(state.turn)
        assert state.phase == TILE
        state, _ = play(
            state,
            {"type": "place_tile", "stack": 0},
            {"type": "place_key", "to": "arc"}
            if state.turn not in seen[:-1]
            else {"type": "place_key", "to": "montmartre/bank"},
        )
        if state.phase == AFTER:
            state, _ = act(state, {"type": "end_turn"})
    assert seen == [1, 2, 0, 1, 2, 0]
    assert state.round == 3


def test_the_tile_step_comes_first_and_is_compulsory():
    # «В начале своего хода вы должны взять верхний жетон из любой стопки жетонов зданий и
    # положить его на соответствующее место на поле: так, чтобы стоимость здания и район
    # совпадали с указанными на жетоне.»
    state = start()
    assert legal(state) == [{"type": "place_tile", "stack": i} for i in range(3)]
    assert refused(state, {"type": "place_key", "to": "arc"}) == "paris.wrong_step"
    top = state.stacks[2][0]
    state, events = act(state, {"type": "place_tile", "stack": 2})
    assert state.spaces[top] == top  # its own district and value
    assert state.stacks[2] == start().stacks[2][1:]
    [placed] = kinds(events, "tile_placed")
    assert placed["tile"] == placed["space"] == SPACE_NAMES[top]
    assert placed["next"] == SPACE_NAMES[state.stacks[2][0]].split("/")[0]
    assert state.phase == ACTION


def test_the_tile_step_is_skipped_once_the_stacks_are_empty():
    # «Если все стопки жетонов зданий закончились, просто пропускайте этот шаг до конца
    # игры.»
    state = board(turn=3)
    state, _ = act(state, {"type": "place_key", "to": "arc"})
    state, _ = act(state, {"type": "end_turn"}) if state.phase == AFTER else (state, [])
    assert state.turn == 0 and state.phase == ACTION
    one_left = replace(board(), stacks=((SPACE_INDEX["montmartre/3"],), (), ()), phase=TILE)
    assert legal(one_left) == [{"type": "place_tile", "stack": 0}]
    assert refused(one_left, {"type": "place_tile", "stack": 1}) == "paris.stack_empty"


def test_ignore_districts_tile_goes_to_a_free_space_of_its_value_in_any_district():
    # «Вариант игры: Вы можете играть, игнорируя районы, указанные на жетонах зданий.»
    # «Вместо того, чтобы выложить жетон здания в нужный район в начале своего хода, игрок
    # может проигнорировать указанный на жетоне район и положить этот жетон на свободное
    # место с совпадающим числом в любой район.»
    state = start(2, {"ignore_districts": True})
    top = state.stacks[0][0]
    state, events = act(state, {"type": "place_tile", "stack": 0})
    assert state.phase == PLACE
    assert [e["tile"] for e in kinds(events, "tile_drawn")] == [SPACE_NAMES[top]]
    assert legal(state) == [{"type": "place_building", "district": d} for d in DISTRICT_IDS]
    value = SPACE_NAMES[top].split("/")[1]
    state, events = act(state, {"type": "place_building", "district": "chaillot"})
    assert state.spaces[SPACE_INDEX[f"chaillot/{value}"]] == top
    assert (
        GAME.view(state, None).districts[4].spaces[SPACE_INDEX[f"chaillot/{value}"] % 6].tile
        == SPACE_NAMES[top]
    )
    assert state.phase == ACTION


def test_ignore_districts_one_building_of_each_kind_per_district():
    # «Но есть одно важное правило: в каждом районе может быть только одно здание каждого
    # вида, например: вы не можете выложить жетон с театром в район, где уже есть театр.»
    # Montmartre's theatre (its 5) is built; La Villette's theatre (an 8) is drawn.
    state = start(2, {"ignore_districts": True})
    theatre = SPACE_INDEX["la_villette/8"]
    assert TILE_KIND[theatre] == TILE_KIND[SPACE_INDEX["montmartre/5"]]
    spaces = list(state.spaces)
    spaces[SPACE_INDEX["montmartre/5"]] = SPACE_INDEX["montmartre/5"]
    spaces[SPACE_INDEX["belleville/8"]] = SPACE_INDEX["belleville/8"]
    state = replace(state, spaces=tuple(spaces), stacks=((theatre,), (), ()))
    state, _ = act(state, {"type": "place_tile", "stack": 0})
    options = [a["district"] for a in legal(state)]
    assert "montmartre" not in options and "belleville" not in options
    assert options == ["la_villette", "saint_germain", "chaillot", "batignolles"]
    assert (
        refused(state, {"type": "place_building", "district": "montmartre"})
        == "paris.tile_does_not_fit"
    )


def test_ignore_districts_a_tile_that_fits_nowhere_leaves_the_game():
    # «Возможна ситуация, в которой вы не сможете выложить взятый жетон.» «Если это
    # произошло, просто уберите жетон из игры и перейдите к шагу 2.»
    state = start(2, {"ignore_districts": True})
    tile = SPACE_INDEX["la_villette/8"]  # a theatre 8
    spaces = list(state.spaces)
    for d in range(6):  # every 8 is taken by another tile
        spaces[d * 6 + 5] = 0
    state = replace(state, spaces=tuple(spaces), stacks=((tile,), (), ()))
    state, events = act(state, {"type": "place_tile", "stack": 0})
    assert kinds(events, "tile_discarded") == [{"seat": 0, "tile": "la_villette/8"}]
    assert state.discarded == (tile,) and state.phase == ACTION
    assert GAME.view(state, None).discarded_tiles == ["la_villette/8"]


def test_one_of_three_actions_and_the_end_game_tile_only_after_the_stacks():
    # «На втором шаге вашего хода вы должны выполнить 1 из 3 следующих действий:»
    # «Выложить ключ на банк или на Триумфальную арку» «Переместить ключ, чтобы приобрести
    # здание» «Взять жетон конца игры (только если все стопки жетонов зданий закончились)»
    state, _ = act(start(), {"type": "place_tile", "stack": 0})
    types = {a["type"] for a in legal(state)}
    assert types == {"place_key"}
    assert refused(state, {"type": "take_end_game"}) == "paris.stacks_not_empty"
    assert refused(state, {"type": "end_turn"}) == "paris.must_act"
    done = board()
    assert {"type": "take_end_game"} in legal(done)
    # one action only: after it the turn ends (or only free actions and end_turn remain)
    state, _ = act(state, {"type": "place_key", "to": "chaillot/bank"})
    assert state.phase in (AFTER, TILE)
    if state.phase == AFTER:
        assert {a["type"] for a in legal(state)} <= {
            "end_turn",
            "buy",
            "sell",
            "use_bonus",
            "use_end_game",
        }


def test_place_a_key_on_a_bank_pays_its_francs():
    # «Возьмите один из ваших ключей за ширмой и выложите его на банк одного из 6 районов
    # или на Триумфальную арку (на изображение вашего ключа).» «Если вы выкладываете ключ на
    # банк, возьмите указанное на нём количество франков из общего запаса и положите их за
    # свою ширму.»
    state = board()
    state, events = act(state, {"type": "place_key", "to": "chaillot/bank"})
    assert state.francs[0] == 3 + 7 and state.hand[0] == 6
    assert kinds(events, "key_placed") == [{"seat": 0, "to": "chaillot/bank", "francs": 7}]
    view = GAME.view(state, None)
    assert view.districts[4].bank == 7 and view.districts[4].bank_keys == [0]
    state = board()
    state, events = act(state, {"type": "place_key", "to": "arc"})
    assert state.francs[0] == 3 and GAME.view(state, None).arc == [0]


def test_one_own_key_per_bank_and_on_the_arc():
    # «Важно: На каждом из банков и на Триумфальной арке в каждый момент времени может лежать
    # лишь по одному вашему ключу.»
    state = keys_at(board(), 0, "montmartre/bank", "arc")
    state = keys_at(state, 1, "belleville/bank")
    options = [a["to"] for a in legal(state) if a["type"] == "place_key"]
    assert "montmartre/bank" not in options and "arc" not in options
    assert "belleville/bank" in options  # another player's key does not block it
    assert refused(state, {"type": "place_key", "to": "arc"}) == "paris.one_key_there"
    # once the key has moved up, the bank is free again
    state = give(state, 0, francs=10)
    state, _ = act(state, {"type": "move_key", "from": "montmartre/bank", "to": "montmartre/1"})
    state = replace(state, phase=ACTION, turn=0, pending=())
    assert {"type": "place_key", "to": "montmartre/bank"} in legal(state)


def test_no_key_from_behind_the_screen_onto_a_building():
    # «Важно: Вы не можете выложить ключ из-за ширмы сразу на здание или
    # достопримечательность.»
    state = board()
    assert all(a["to"].endswith(("bank", "arc")) for a in legal(state) if a["type"] == "place_key")
    for to in ("montmartre/1", "montmartre/L12", "nowhere"):
        assert refused(state, {"type": "place_key", "to": to}) == "paris.place_on_bank_or_arc"
    empty = replace(state, hand=(0, 7, 7, 7))
    assert not [a for a in legal(empty) if a["type"] == "place_key"]
    assert refused(empty, {"type": "place_key", "to": "arc"}) == "paris.no_key_behind_screen"


def test_take_an_end_game_tile_browse_then_pick_any():
    # «Только после того, как стопки жетонов зданий закончились, и вместо того, чтобы
    # выложить или переместить ключ, вы можете просмотреть стопку жетонов конца игры и взять
    # из неё один любой жетон.»
    state = board(turn=2)
    state, events = act(state, {"type": "take_end_game"})
    assert state.phase == ENDGAME
    [seen] = [e for e in events if e.kind == "end_game_stack_seen"]
    assert seen.to == (2,) and len(seen.params["tiles"]) == 12
    assert legal(state) == [{"type": "pick_end_game", "tile": f"E{i}"} for i in range(1, 13)]
    assert GAME.view(state, 2).browsing == seen.params["tiles"]
    state, events = act(state, {"type": "pick_end_game", "tile": "E7"})
    assert 6 not in state.endgame and state.egt[2] == (6,)
    assert GAME.view(state, 2).screen.end_game_tiles == ["E7"]
    assert kinds(events, "end_game_tile_taken") == [{"seat": 2, "left": 11}]


def test_end_game_stack_contents_stay_secret():
    # «Жетоны конца игры всегда лежат в стопке лицевой стороной вниз.» «Хотя игроки
    # просматривают стопку, выбирая это действие, они не раскрывают остальным, какие именно
    # жетоны в ней остались.»
    state, events = act(board(turn=1), {"type": "take_end_game"})
    public = [e for e in events if e.to is None]
    assert all("tiles" not in e.params for e in public)
    for seat in (None, 0, 2, 3):
        assert GAME.view(state, seat).browsing is None
    state, events = act(state, {"type": "pick_end_game", "tile": "E3"})
    assert [e.to for e in events if e.kind == "end_game_tile_picked"] == [(1,)]
    assert all(e.params.get("tile") != "E3" for e in events if e.to is None)
    assert GAME.view(state, None).table[1].end_game_tiles_held == 1
    assert GAME.view(state, 0).screen.end_game_tiles == []
    assert refused(state, {"type": "pick_end_game", "tile": "E3"}) == "paris.wrong_step"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pass_only_without_any_action(players):
    # Decision 6 of the spec (INTERPRETATION): a player with no possible action passes.
    state = replace(board(players), hand=(0,) * players, endgame=())
    assert legal(state)[0] == {"type": "end_turn"}
    state, events = act(state, {"type": "end_turn"})
    assert kinds(events, "passed") == [{"seat": 0}]
    assert state.turn == 1

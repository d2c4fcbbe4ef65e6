"""Components and setup (standard and alternative), quoting the Russian rulebook."""

from collections import Counter

import pytest

from games.core.errors import IllegalAction
from games.paris.board import (
    BONUS_NUMBERS,
    GOODS,
    N_SPACES,
    SPACE_NAMES,
    SPACE_VALUE,
    STANDARD_TOKEN_GOODS,
    ZONE_OF,
    bonus_copies,
)
from games.paris.data import (
    BONUS_TILES,
    END_GAME_TILES,
    KEYS_PER_COLOUR,
    LANDMARKS,
    VP_TILES,
)
from games.paris.deal import STANDARD_TRACK

from .helpers import GAME, REMOVED, arrangement, replace, start


def test_two_to_four_players():
    # Components «В цветах каждого из четырёх игроков» and the box: 2-4 players.
    for seats in (2, 3, 4):
        assert GAME.setup(seats, GAME.parse_options({}), 1).players == seats
    for seats in (1, 5):
        with pytest.raises(IllegalAction) as info:
            GAME.setup(seats, GAME.parse_options({}), 1)
        assert info.value.key == "seats.out_of_range"


def test_component_counts():
    # «36 жетонов зданий» «8 жетонов достопримечательностей» «42 бонусных жетона»
    # «12 жетонов конца игры» «6 жетонов ПО» «18 фишек ресурсов» «18 фишек престижа»
    assert len(SPACE_NAMES) == 36
    assert len(LANDMARKS) == 8
    assert sum(bonus_copies(n, 4) for n in BONUS_NUMBERS) == 42
    assert len(END_GAME_TILES) == 12
    assert len(VP_TILES) == 6
    layout = Counter(STANDARD_TOKEN_GOODS)
    assert sum(layout[g] for g in range(3)) == 18 and sum(layout[g] for g in range(3, 6)) == 18
    # «12 ключей» per colour
    assert KEYS_PER_COLOUR == 12


def test_meeples_before_the_track_and_vp_at_zero():
    # «Поставьте вашу фигурку рядом с началом трека бонусных жетонов.»
    # «Положите ваш маркер ПО на отметку «0» трека победных очков.»
    state = start(3)
    assert state.meeples == (0, 0, 0)
    assert state.vp == (0, 0, 0)
    assert [p.meeple for p in GAME.view(state, None).table] == [0, 0, 0]


def test_landmarks_lie_face_up_beside_the_board():
    # «Положите жетоны достопримечательностей лицевой стороной вверх рядом с полем так, чтобы
    # они были видны всем.»
    view = GAME.view(start(), None)
    assert len(view.landmarks) == 8
    assert all(lm.district is None and lm.cost >= 10 and lm.prestige for lm in view.landmarks)


def test_first_player_is_drawn_and_fixed_for_the_whole_game():
    # «Тот, у кого на ширме есть значок, становится первым игроком и будет им в течение всей
    # игры.»
    firsts = {GAME.setup(4, GAME.parse_options({}), seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = start(3, first=2)
    assert state.turn == 2 and state.first == 2
    assert GAME.to_act(state) == frozenset({2})


def test_three_francs_each_behind_the_screen():
    # «Возьмите 3 франка и положите их за свою ширму.»
    state = start(4)
    assert state.francs == (3, 3, 3, 3)
    assert GAME.view(state, 1).screen.francs == 3
    assert GAME.view(state, None).screen is None


def test_three_tiles_removed_unseen_and_three_equal_face_down_stacks():
    # «Перетасуйте 36 жетонов зданий.» «Случайным образом выберите 3 из них и не глядя
    # верните в коробку.» «Оставшиеся жетоны разложите в 3 равные стопки рядом с игровым
    # полем, рисунками зданий вниз.»
    state = GAME.setup(4, GAME.parse_options({}), 5)
    assert len(state.removed) == 3
    assert [len(s) for s in state.stacks] == [11, 11, 11]
    assert sorted(state.removed + sum(state.stacks, ())) == list(range(36))
    other = GAME.setup(4, GAME.parse_options({}), 6)
    assert other.stacks != state.stacks
    view = GAME.view(state, 0)
    assert view.removed_tiles == 3
    assert [s.size for s in view.stacks] == [11, 11, 11]
    # only the back of each top tile (its district) is visible
    assert [s.top_district for s in view.stacks] == [
        SPACE_NAMES[stack[0]].split("/")[0] for stack in state.stacks
    ]
    assert all(space.tile is None for d in view.districts for space in d.spaces)
    # the faces below the top and the removed tiles never reach a view: shuffling them
    # (keeping each top tile's back) changes nothing
    hidden = sorted(state.removed + sum((s[1:] for s in state.stacks), ()))
    shuffled = hidden[::-1]
    stacks = []
    for stack in state.stacks:
        stacks.append((stack[0],) + tuple(shuffled[: len(stack) - 1]))
        shuffled = shuffled[len(stack) - 1 :]
    other = replace(state, stacks=tuple(stacks), removed=tuple(shuffled), deal=tuple(stacks))
    for seat in (None, 0, 1):
        assert GAME.view(other, seat) == GAME.view(state, seat)


def test_alternative_setup_gold_beside_the_eights_and_shuffled_tokens():
    # «Не выкладывайте жетоны ресурсов и престижа в соответствии с базовой схемой.»
    # «Вместо этого положите 6 жетонов золота рядом с местами для зданий стоимостью 8.»
    # «Затем смешайте оставшиеся 12 жетонов ресурсов с 18 жетонами престижа и разложите их
    # случайным образом на соответствующие места на поле.»
    layouts = set()
    for seed in range(5):
        state = GAME.setup(4, GAME.parse_options({"setup": "random"}), seed)
        assert all(GOODS[state.tokens[s]] == "gold" for s in range(N_SPACES) if SPACE_VALUE[s] == 8)
        assert Counter(state.tokens) == Counter({g: 6 for g in range(6)})
        layouts.add(state.tokens)
    assert len(layouts) == 5 and STANDARD_TOKEN_GOODS not in layouts


def test_alternative_setup_shuffles_one_of_each_number_within_its_zone():
    # «Возьмите по 1 бонусному жетону с каждым номером и разделите эти жетоны на 3 стопки в
    # соответствии с указанными на них буквами [А/Б/В].» «Перетасуйте стопку А и разложите
    # жетоны из неё случайным образом на деления в соответствующей зоне трека бонусных
    # жетонов.» «Сделайте то же самое со стопками Б и В.» «Затем возьмите оставшиеся бонусные
    # жетоны и разложите их на соответствующие деления трека бонусных жетонов.»
    state = GAME.setup(4, GAME.parse_options({"setup": "random"}), 3)
    numbers = state.track_numbers
    assert sorted(numbers) == list(range(1, 31)) and numbers != STANDARD_TRACK
    assert all(ZONE_OF[n] == ZONE_OF[space] for space, n in enumerate(numbers, 1))
    # the copies lie on the space where their number now lies
    for space, n in enumerate(numbers, 1):
        assert state.track[space - 1] == bonus_copies(n, 4)


@pytest.mark.parametrize("players, total", [(2, 30), (3, 36), (4, 42)])
def test_bonus_tiles_by_player_count_on_their_numbers(players, total):
    # «В случае, если играют три человека, уберите все бонусные жетоны с символом на
    # рубашке.» «Если играют двое, уберите все жетоны с символами и .» «Рассортируйте
    # бонусные жетоны по номерам и разложите их лицевой стороной вверх на соответствующие
    # деления трека бонусных жетонов.» «Жетоны с одинаковыми номерами складывайте в стопки.»
    state = start(players)
    assert state.track_numbers == STANDARD_TRACK
    assert sum(state.track) == total
    icons = {n: BONUS_TILES[n]["copies"] for n in BONUS_NUMBERS}
    for n in BONUS_NUMBERS:
        want = 1 + icons[n].count("p3") * (players >= 3) + icons[n].count("p4") * (players == 4)
        assert state.track[n - 1] == want
    view = GAME.view(state, None)
    assert [t.tiles for t in view.track] == list(state.track)


def test_end_game_tiles_face_down_and_vp_tiles_face_up():
    # «Положите жетоны конца игры лицевой стороной вниз рядом с полем.»
    # «Положите жетоны ПО лицевой стороной вверх рядом с полем.»
    state = start()
    view = GAME.view(state, 0)
    assert view.end_game_stack == 12 and view.browsing is None
    assert "E1" not in view.model_dump_json()
    assert set(view.vp_tiles) == {t for t, _ in VP_TILES}


@pytest.mark.parametrize("players, keys", [(2, 10), (3, 9), (4, 7)])
def test_keys_behind_the_screen_and_two_in_reserve(players, keys):
    # «Положите ключи вашего цвета за свою ширму игрока.» «Количество ключей, которые вы
    # получаете, зависит от количества игроков:» «10 в партии на 2 игроков» «9 в партии на 3
    # игроков» «7 в партии на 4 игроков» «Возьмите из оставшихся ключей по 2 ключа каждого
    # цвета и положите в общий запас рядом с полем.» «Остальные ключи верните в коробку.»
    state = start(players)
    assert state.hand == (keys,) * players
    assert state.reserve == (2,) * players
    assert keys + 2 <= KEYS_PER_COLOUR
    assert state.keys == ((),) * players
    assert GAME.view(state, None).table[0].keys_behind_screen == keys


def test_standard_token_layout():
    # «Разложите жетоны ресурсов и жетоны престижа в каждом районе игрового поля, как
    # показано на рисунке.» (the picture is reconstructed: prestige beside 1/2/3, resources
    # beside 4/5/8, gold beside every 8)
    state = start()
    assert state.tokens == STANDARD_TOKEN_GOODS
    for s in range(N_SPACES):
        kind = "prestige" if SPACE_VALUE[s] <= 3 else "resource"
        assert (state.tokens[s] >= 3) == (kind == "prestige")
    assert Counter(state.tokens) == Counter({g: 6 for g in range(6)})
    assert GAME.view(state, None).districts[0].spaces[0].token == GOODS[state.tokens[0]]


def test_resources_cannot_be_bought_at_the_start():
    # «Обратите внимание, что ресурсы нельзя купить в начале игры, потому что все фишки
    # ресурсов выложены на поле.»
    state = start()
    assert state.supply == (0, 0, 0)
    assert GAME.view(state, None).resource_supply == {"wood": 0, "marble": 0, "gold": 0}


def test_seed_is_deterministic_and_arrangement_round_trips():
    a = GAME.setup(3, GAME.parse_options({"setup": "random"}), 11)
    b = GAME.setup(3, GAME.parse_options({"setup": "random"}), 11)
    assert GAME.snapshot(a) == GAME.snapshot(b)
    again = GAME.setup(3, GAME.parse_options({"setup": "random"}), 99, GAME.arrangement(a))
    assert GAME.snapshot(again) == GAME.snapshot(a)


@pytest.mark.parametrize(
    "patch, options",
    [
        ({"first": 4}, {}),
        ({"removed": REMOVED[:2]}, {}),
        ({"stacks": [[], [], []]}, {}),
        ({"track": list(range(30, 0, -1))}, {"setup": "random"}),
        ({"track": [2, 1] + list(range(3, 31))}, {}),
        ({"tokens": {name: "wood" for name in SPACE_NAMES}}, {"setup": "random"}),
        ({"colour": "red"}, {}),
    ],
)
def test_bad_arrangements_are_refused(patch, options):
    arr = {**arrangement(), **patch}
    with pytest.raises(IllegalAction) as info:
        GAME.setup(4, GAME.parse_options(options), 0, arr)
    assert info.value.key == "paris.bad_arrangement"


def test_ignore_districts_keeps_all_36_tiles():
    # «Выбрав этот вариант игры, не убирайте 3 жетона зданий в коробку на этапе подготовки.»
    state = GAME.setup(2, GAME.parse_options({"ignore_districts": True}), 4)
    assert state.removed == ()
    assert [len(s) for s in state.stacks] == [12, 12, 12]

"""Rule sentences the rules-coverage audit found untested (docs/rules_coverage/city_of_light.md).

Each test quotes the sentence it checks (RU: GaGa rulebook, DE: Kosmos rulebook).
"""

from __future__ import annotations

from games.city_of_light.board import idx
from games.city_of_light.data import BUILDINGS, POSTCARDS, STARRED, TILES
from games.city_of_light.scoring import score
from games.city_of_light.state import LIGHT
from tests.city_of_light.helpers import ALL, FLAT, GAME, board, flat
from tests.city_of_light.playing import act, build, play, refused
from tests.city_of_light.scores import card_points, lights, player

# --- postcards: activation and declining


def test_declining_is_listed_exactly_when_it_is_accepted():
    # RU: "вы можете активировать открытку действия, но не выполнять само действие."
    # Bug found by the audit: `decline` was accepted for Metropolitain, Sacré-Cœur and Chartier
    # though legal_actions never listed it, and a declined Sacré-Cœur still cancelled the
    # unbuilt penalty. Those three cards have no effect to carry out on the activation turn
    # (the delayed ones are optional later: "вы можете …"), so activating them *is* the
    # choice; `decline` is refused for them and listed for every other card.
    s = flat(cards=["metropolitain", "sacre_coeur", "chartier"] + ALL[:5])
    legal = GAME.legal_actions(s, 0)
    for card in s.cards:
        declined = GAME.parse_action(act(card, decline=True))
        if card in ("metropolitain", "sacre_coeur", "chartier"):
            assert declined not in legal
            refused(s, 0, act(card, decline=True), "effect_fields")
            assert GAME.parse_action(act(card)) in legal
        else:
            assert declined in legal
            GAME.apply(s, 0, declined)
    assert player(s, 0)["unbuilt"]["points"] == -9


def test_activation_is_the_whole_turn_and_uses_a_token():
    # RU: "Затем переверните открытку и положите сверху один из своих жетонов действий"
    # DE: "Drehe dann die Karte um und lege deinen Aktionsmarker darauf."
    s = flat()
    s2, events = GAME.apply(s, 0, GAME.parse_action(act("lampadaire", x=0, y=0)))
    assert s2.turn == 1 and [e.kind for e in events] == ["postcard_activated"]
    assert s2.tokens.count(0) == 1
    view = GAME.view(s2, None)
    card = view.postcards[s2.cards.index("lampadaire")]
    assert card.used and card.token == 0
    assert view.seats[0].tokens_left == 3


# --- components and setup


def test_building_sizes_are_two_threes_four_fours_four_fives_two_sixes():
    # RU: "два здания на 3 клетки, четыре здания на 4 клетки, четыре здания на 5 клеток и два
    # здания на 6 клеток."
    sizes = sorted(len(cells) for cells in BUILDINGS.values())
    assert sizes == [3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6]


def test_each_player_has_eight_four_cell_tiles():
    # RU: "16 КВАДРАТНЫХ ТАЙЛОВ МОСТОВОЙ … (по 8 на каждого). Лицевая сторона тайлов разделена на
    # четыре клетки, в которых может быть ваш цвет, цвет противника, общий цвет или фонарь."
    assert sorted(TILES) == list(range(1, 9))
    letters = [c for grid in TILES.values() for row in grid for c in row]
    assert len(letters) == 32 and set(letters) == {"O", "R", "M", "L"}
    # [S] data: 16 own, 7 rival, 5 mixed, 4 streetlights per player
    assert [letters.count(k) for k in "ORML"] == [16, 7, 5, 4]


def test_twelve_postcards_eight_in_play_eight_starred():
    # RU: "12 ОТКРЫТОК ДЕЙСТВИЙ"; "Сначала выберите восемь открыток действий"
    assert len(POSTCARDS) == 12 and len(STARRED) == 8
    assert len(flat().cards) == 8


def test_the_hand_is_hidden_from_the_rival():
    # RU: "Затем каждый игрок берет верхний тайл из своей стопки, не показывая его сопернику."
    s = GAME.setup(2, GAME.parse_options({}), 4)
    assert GAME.view(s, 0).hand == list(s.hands[0])
    assert GAME.view(s, 1).hand == list(s.hands[1])
    assert GAME.view(s, None).hand is None
    assert all(p.hand_size == 1 for p in GAME.view(s, None).seats)


def test_the_first_player_is_seat_zero():
    # RU: "Игру начинает тот, кто проиграл в «Париж» в прошлый раз." In software the host seats
    # the players; seat 0 opens phase 1.
    s = GAME.setup(2, GAME.parse_options({}), 9)
    assert GAME.to_act(s) == frozenset({0})


# --- free spaces


def test_printed_streetlights_are_free_spaces():
    # RU: "Клетки с фонарями на тайлах мостовой также считаются свободными."
    # DE: "Straßen-Abschnitte mit Straßenlaternen sind also auch freie Flächen."
    s = flat(["oooooooo"] * 3 + FLAT[3:])
    assert s.free >> idx(3, 3) & 1 and s.cells[idx(3, 3)] == LIGHT
    # the statue's front may be a streetlight, and that light counts as a free neighbour
    s = play(s, 0, act("le_penseur", x=3, y=2, facing="S"))
    assert card_points(s, 0, "le_penseur") == {
        "card": "le_penseur",
        "front_free": True,
        "points": 12,
    }


# --- phase 2: building


def test_mixed_cells_are_open_to_both_players():
    # RU: "Клетки общего цвета могут занимать оба игрока."
    s = board(FLAT, reserves=(("LINE",), ("CORNER",)))
    orange = play(s, 0, build("LINE", 4, 3))  # (4,3) (5,3) (6,3): mixed
    assert orange.built[0] == (0, (idx(4, 3), idx(5, 3), idx(6, 3)))
    blue = play(s, 1, build("CORNER", 3, 2, rotation=3))  # (3,2) (4,2) (4,3): mixed
    assert blue.built[1][0] == 1
    refused(orange, 1, build("CORNER", 3, 2, rotation=3), "cannot_build_there")  # (4,3) taken


def test_chimney_marks_the_owner():
    # RU: "Разместив одно из зданий на поле, поставьте на него дымоход своего цвета, чтобы
    # обозначить владельца здания."
    s = play(flat(), 1, build("CORNER", 0, 4))
    (view,) = [b for b in GAME.view(s, None).buildings]
    assert view.owner == 1 and view.building == "CORNER"
    assert player(s, 1)["buildings"][0]["building"] == "CORNER"
    assert player(s, 0)["buildings"] == []


# --- scoring


ROWS = ["oooooooo", "oLoooooo", "oooooooo", "mmmmmmmm"] + ["bbbbbbbb"] * 4


def test_a_streetlight_lights_orthogonal_cells_only_and_unlit_buildings_score_nothing():
    # RU: "Каждый фонарь освещает четыре клетки, граничащие с ним, но не по диагонали."
    # RU: "Здание, которое не освещает ни один фонарь, не приносит очков."
    s = board(ROWS, reserves=(("SQUARE", "LINE"), ()))
    s = play(s, 0, build("SQUARE", 2, 2))  # (2,2) is diagonal to the light (1,1)
    assert player(s, 0)["buildings"] == [
        {"building": "SQUARE", "size": 4, "lights": 0, "points": 0}
    ]
    s = play(s, 0, build("LINE", 0, 0))  # (1,0) is above the light
    assert lights(s, 0) == {"LINE": 1, "SQUARE": 0}
    assert player(s, 0)["lit_buildings"] == 3


def test_a_district_joins_one_players_buildings_by_a_side_lit_or_not():
    # RU: "Здания образуют квартал, если принадлежат одному игроку и соприкасаются хотя бы
    # одной стороной занятой ими клетки (но не по диагонали). … При этом не важно, освещены
    # здания фонарями или нет."
    rows = ["oooooooo"] * 4 + ["mmmmmmmm"] + ["bbbbbbbb"] * 3
    s = board(rows, reserves=(("SQUARE", "LINE", "CORNER"), ("BIG_L",)))
    s = play(s, 0, build("SQUARE", 0, 0))  # (0,0)-(1,1)
    s = play(s, 0, build("LINE", 2, 2))  # (2,2): only diagonal to (1,1)
    assert player(s, 0)["district"]["points"] == 4
    assert all(b["lights"] == 0 for b in player(s, 0)["buildings"])  # unlit, still counted
    s = play(s, 1, build("BIG_L", 0, 2, rotation=0) | {"y": 4})  # blue, on the mixed row
    s = play(s, 0, build("CORNER", 1, 2, rotation=1))  # (1,2) (1,3) (2,3): joins both
    assert player(s, 0)["district"] == {"buildings": ["LINE", "CORNER", "SQUARE"], "points": 10}
    # the blue building touching orange ones does not join orange's district
    assert player(s, 1)["district"]["points"] == 6


def test_tie_break_counts_cells_left_free_pieces_included():
    # RU: "…победителем считается тот игрок, чей цвет чаще встречается на оставшихся свободными
    # клетках тайлов мостовой."
    even = ["oooooooo"] * 4 + ["bbbbbbbb"] * 4
    s = board(even, options={"postcards": "chosen", "chosen_postcards": ALL})
    assert [p["free_own_spaces"] for p in score(s)[1]] == [32, 32]
    s = play(s, 0, act("lampadaire", x=0, y=0))  # a piece: the cell is no longer free
    assert [p["free_own_spaces"] for p in score(s)[1]] == [31, 32]


# --- postcards


def test_metropolitain_is_used_but_not_flipped_until_it_is_spent():
    # RU: "Положите жетон действия на эту открытку (она будет считаться использованной), но пока
    # не переворачивайте ее. … после чего переверните открытку."
    s = board(["ooLooooo"] + ["oooooooo"] * 3 + ["bbbbbbbb"] * 4, reserves=(("LINE",), ()))
    s = play(s, 0, act("metropolitain"))
    card = GAME.view(s, None).postcards[s.cards.index("metropolitain")]
    assert card.used and card.pending and card.token == 0
    refused(s, 1, act("metropolitain"), "postcard_unavailable")
    s = play(s, 0, build("LINE", 1, 0))  # (2,0) is the streetlight
    card = GAME.view(s, None).postcards[s.cards.index("metropolitain")]
    assert card.used and not card.pending


def test_a_pending_metropolitain_counts_when_asking_who_can_still_build():
    # RU: "Второй этап игры заканчивается, когда оба игрока больше не могут размещать здания"
    # Spec §11.4 [R]: a pending Metropolitain counts for "can place a building".
    rows = ["ooLbbbbb"] + ["bbbbbbbb"] * 7
    s = board(rows, reserves=(("LINE",), ()))
    s = s.replace(cards=s.cards, tokens=(-1, 0, 0, 0, 1, 1, 1, 1))
    s = play(s, 0, act("levitation", decline=True))
    assert GAME.is_over(s)  # all tokens used, nobody can build
    s = board(rows, reserves=(("LINE",), ())).replace(tokens=(0, -1, 0, 0, 1, 1, 1, 1))
    s = play(s, 0, act("metropolitain"))
    assert not GAME.is_over(s) and s.turn == 1
    assert [a.type for a in GAME.legal_actions(s, 1)] == ["pass"]
    s = play(s, 1, {"type": "pass"})
    refused(s, 0, {"type": "pass"}, "must_act")
    s = play(s, 0, build("LINE", 0, 0))  # (0,0) (1,0) and the streetlight (2,0)
    assert GAME.is_over(s)


def test_levitation_may_use_a_pending_metropolitain():
    # RU: "Сразу же поместите здание на поле в соответствии с обычными правилами." Spec §11.3
    # [R]: the normal rules include a pending Metropolitain or Chartier effect.
    s = board(["ooLooooo"] + ["oooooooo"] * 3 + ["bbbbbbbb"] * 4, reserves=(("SQUARE",), ()))
    s = play(s, 0, act("metropolitain"))
    s2, events = GAME.apply(
        s.replace(turn=0),
        0,
        GAME.parse_action(act("levitation", give="SQUARE", building="LINE", rotation=0, x=1, y=0)),
    )
    assert events[0].params["effect"] == "metropolitain" and s2.metro == -1


def test_chartier_token_is_held_until_used_and_not_for_the_garden():
    # RU: "Возьмите жетон мостовой общего цвета. В любой свой следующий ход вы можете закрыть им
    # клетку мостовой цвета вашего соперника и сразу же поместить сверху здание или фонтан."
    s = flat(cards=["chartier", "jardin_des_plantes"] + ALL[:6])
    s = play(s, 0, act("chartier"))
    card = GAME.view(s, None).postcards[s.cards.index("chartier")]
    assert card.used and card.pending
    # [R] the garden is neither "здание" (a building tile) nor the fountain: no Chartier
    refused(s, 0, act("jardin_des_plantes", rotation=1, x=0, y=3), "bad_piece_cell")


def test_moulin_rouge_painter_lampadaire_only_on_own_colour():
    # RU (Moulin Rouge): "…чтобы она заняла клетку мостовой вашего цвета."
    # RU (Le Peintre): "Поместите фигурку художника на свободную клетку мостовой вашего цвета."
    # RU (Lampadaire): "…поместите его на клетку мостовой вашего цвета."
    s = flat()
    for card in ("moulin_rouge", "le_peintre", "lampadaire"):
        refused(s, 0, act(card, x=2, y=2), "bad_piece_cell")  # mixed
        refused(s, 0, act(card, x=0, y=4), "bad_piece_cell")  # blue
        refused(s, 0, act(card, x=3, y=3), "bad_piece_cell")  # streetlight
        play(s, 0, act(card, x=0, y=0))
        play(s, 1, act(card, x=0, y=4))
    taken = play(s, 0, build("SQUARE", 0, 0))
    refused(taken, 0, act("moulin_rouge", x=0, y=0), "bad_piece_cell")  # not free


def test_le_penseur_only_on_a_free_cell_of_own_colour():
    # RU: "Возьмите тайл статуи и сразу же поместите на клетку мостовой вашего цвета"
    # DE: "auf einem freien Straßen-Abschnitt in deiner Farbe"
    s = flat()
    refused(s, 0, act("le_penseur", x=2, y=2, facing="N"), "bad_piece_cell")  # mixed
    refused(s, 0, act("le_penseur", x=1, y=5, facing="N"), "bad_piece_cell")  # blue
    play(s, 1, act("le_penseur", x=1, y=5, facing="N"))


def test_fontaine_des_mers_ignores_diagonal_buildings():
    # RU: "…за каждое из своих зданий, граничащее с фонтаном (но не по диагонали)."
    s = flat()
    s = play(s, 0, act("fontaine_des_mers", rotation=0, x=2, y=1))  # (2,1) (3,1)
    s = play(s, 0, build("LINE", 4, 0))  # (4,0): diagonal to (3,1)
    assert card_points(s, 0, "fontaine_des_mers")["points"] == 0


def test_grande_lumiere_rays_pass_other_pieces():
    # RU: "Все остальные компоненты не блокируют свет."
    # DE: "Gebäude blockieren das Licht, andere Spezialplättchen hingegen nicht."
    s = flat()
    s = play(s, 0, build("LINE", 5, 3))  # (5,3): two cells east of the light (3,3)
    s = play(s, 0, act("fontaine_des_mers", rotation=1, x=4, y=2))  # (4,2) (4,3)
    s = play(s, 0, act("grande_lumiere", x=3, y=3))
    assert lights(s, 0)["LINE"] == 1  # the fountain on (4,3) did not stop the east ray
    assert s.occ[idx(4, 3)] != -1


def test_the_annex_lights_and_joins_its_building():
    # RU: "Флигель увеличивает размер здания на 1 клетку." [R] the annex cell is part of the
    # building: lights next to it light the building, and it joins districts.
    rows = ["oooooooo", "oooLoooo"] + ["oooooooo"] * 2 + ["bbbbbbbb"] * 4
    s = flat(rows)
    s = play(s, 0, build("LINE", 0, 0))  # (0,0) (1,0) (2,0): not next to the light (3,1)
    s = play(s, 0, build("SQUARE", 4, 0))  # (4,0) (5,0) (4,1) (5,1): next to the light
    assert lights(s, 0) == {"LINE": 0, "SQUARE": 1}
    assert player(s, 0)["district"]["points"] == 4
    s = play(s, 0, act("bouquinistes", x=3, y=0, building="LINE"))  # above the light
    assert lights(s, 0) == {"LINE": 1, "SQUARE": 1}
    assert player(s, 0)["district"] == {"buildings": ["LINE", "SQUARE"], "points": 8}

"""Rule sentences the rules-coverage audit found untested (docs/rules_coverage/city_of_light.md).

Each test quotes the sentence it checks (RU: GaGa rulebook, DE: Kosmos rulebook).
"""

from __future__ import annotations

from games.city_of_light.data import BUILDINGS, POSTCARDS, STARRED, TILES
from games.city_of_light.geometry import idx
from games.city_of_light.scoring import score
from games.city_of_light.state import LIGHT
from tests.city_of_light.helpers import GAME, board, play, refused

FLAT = ["oooooooo", "oooooooo", "oommmooo", "mmmLmmmm"] + ["bbbbbbbb"] * 4
ALL = ["moulin_rouge", "fontaine_des_mers", "le_penseur", "grande_lumiere",
       "le_peintre", "lampadaire", "levitation", "bouquinistes"]  # fmt: skip
RES = (("SQUARE", "LINE", "BIG_L"), ("CORNER", "SMALL_T"))


def flat(rows=FLAT, cards=ALL, reserves=RES, **kw):
    return board(rows, reserves=reserves,
                 options={"postcards": "chosen", "chosen_postcards": cards}, **kw)


def act(card, **fields):
    return {"type": "activate", "card": card, **fields}


def build(b, x, y, rotation=0):
    return {"type": "build", "building": b, "rotation": rotation, "x": x, "y": y}


def player(s, seat):
    return score(s)[1][seat]


def lights(s, seat):
    return {b["building"]: b["lights"] for b in player(s, seat)["buildings"]}


def card_points(s, seat, card):
    return next(c for c in player(s, seat)["postcards"] if c["card"] == card)


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
    assert view.players[0].tokens_left == 3


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
    assert all(p.hand_size == 1 for p in GAME.view(s, None).players)


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
    assert card_points(s, 0, "le_penseur") == {"card": "le_penseur", "front_free": True,
                                               "points": 12}


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

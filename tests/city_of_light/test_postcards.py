"""Each postcard's placement and its end-game scoring."""

from __future__ import annotations

from games.city_of_light.board import idx
from games.city_of_light.scoring import dancer_area, painter_area
from games.city_of_light.state import ANNEX, GARDEN, GRAND, LAMP
from tests.city_of_light.helpers import ALL, GAME, flat
from tests.city_of_light.playing import act, build, play, refused
from tests.city_of_light.scores import card_points, lights, player


def test_decline_and_token_rules():
    # RU: "вы можете активировать открытку действия, но не выполнять само действие"
    s = flat()
    s2, events = GAME.apply(s, 0, GAME.parse_action(act("lampadaire", decline=True)))
    assert s2.tokens[s2.cards.index("lampadaire")] == 0 and s2.occ == s.occ
    assert events[0].params["declined"] is True
    # "До конца игры этой открыткой больше никто не может пользоваться."
    refused(s2, 1, act("lampadaire", x=0, y=5), "postcard_unavailable")
    refused(s, 0, act("sacre_coeur"), "postcard_unavailable")  # not in play
    refused(s, 0, act("lampadaire"), "effect_fields")
    refused(s, 0, act("lampadaire", x=0, y=0, facing="N"), "effect_fields")
    refused(s, 0, act("lampadaire", decline=True, x=0, y=0), "effect_fields")
    spent = s.replace(tokens=(-1, -1, -1, -1, 0, 0, 0, 0))
    assert s.cards.index("lampadaire") < 4
    refused(spent, 0, act("lampadaire", x=0, y=0), "no_tokens")
    assert GAME.legal_actions(spent.replace(reserves=((), ())), 0) == [
        GAME.parse_action({"type": "pass"})
    ]


def test_levitation_swaps_and_places_at_once():
    # RU: "Обменяйте одно из зданий в вашем запасе на любое другое из общего запаса. Сразу же
    # поместите здание на поле в соответствии с обычными правилами."
    s = flat()
    lev = act("levitation", give="BIG_L", building="CROSS", rotation=0, x=0, y=0)
    s2 = play(s, 0, lev)
    assert s2.built[8] == (0, (idx(1, 0), idx(0, 1), idx(1, 1), idx(2, 1), idx(1, 2)))
    assert 11 in s2.supply and 8 not in s2.supply and s2.reserves[0] == (0, 2)
    refused(s, 0, lev | {"y": 3}, "cannot_build_there")  # (1,4) is blue
    refused(s, 0, lev | {"give": "CROSS"}, "building_not_in_reserve")
    refused(s, 0, lev | {"building": "CORNER"}, "building_not_in_supply")
    options = [
        a
        for a in GAME.legal_actions(s, 0)
        if a.type == "activate" and a.card == "levitation" and not a.decline
    ]
    assert options and all(GAME.apply(s, 0, a) for a in options[::37])


def test_jardin_des_plantes_is_a_size_two_building():
    # RU: "Ботанический сад обладает свойствами здания из 2 клеток … свободные клетки мостовой
    # вашего или общего цвета"
    s = flat(cards=["jardin_des_plantes"] + ALL[:7])
    refused(s, 0, act("jardin_des_plantes", rotation=1, x=0, y=3), "bad_piece_cell")  # blue
    s = play(s, 0, act("jardin_des_plantes", rotation=0, x=1, y=3))  # mixed, next to light
    assert s.built[GARDEN] == (0, (idx(1, 3), idx(2, 3)))
    terms = player(s, 0)["buildings"]
    assert terms == [{"building": "GARDEN", "size": 2, "lights": 1, "points": 2}]
    s = play(s, 0, build("SQUARE", 2, 1))  # touches the garden: one district
    assert player(s, 0)["district"] == {"buildings": ["SQUARE", "GARDEN"], "points": 6}
    assert any(b.building == "GARDEN" and b.owner == 0 for b in GAME.view(s, None).buildings)


def test_sacre_coeur_cancels_unbuilt_penalty():
    # RU: "Игрок, который использовал эту открытку, в конце игры не теряет очки за
    # неразмещенные здания."
    s = flat(cards=["sacre_coeur"] + ALL[:7])
    assert player(s, 0)["unbuilt"]["points"] == -9
    s = play(s, 0, act("sacre_coeur"))
    assert player(s, 0)["unbuilt"] == {"count": 3, "sacre_coeur": True, "points": 0}
    assert player(s, 1)["unbuilt"]["points"] == -6


def test_le_peintre_area_is_bounded_by_buildings_only():
    # RU: "2 дополнительных очка за каждый фонарь … Эта область определяется границами поля и
    # зданиями. Другие компоненты не ограничивают область художника"
    s = flat()
    refused(s, 0, act("le_peintre", x=2, y=2), "bad_piece_cell")  # mixed
    refused(s, 0, act("le_peintre", x=3, y=3), "bad_piece_cell")  # streetlight
    s = play(s, 0, act("le_peintre", x=7, y=0))
    s = play(s, 0, act("lampadaire", x=0, y=0))
    s = play(s, 1, act("moulin_rouge", x=3, y=4))  # next to the light: not a boundary
    assert card_points(s, 0, "le_peintre") == {"card": "le_peintre", "lights": 2, "points": 4}
    s = play(s, 0, build("SQUARE", 5, 0))  # (5,0) (6,0) (5,1) (6,1)
    s = play(s, 0, build("LINE", 5, 2))  # (5,2) (6,2) (7,2): (7,0) (7,1) closed off
    assert painter_area(s) == [idx(7, 0), idx(7, 1)]
    assert card_points(s, 0, "le_peintre")["points"] == 0


def test_bouquinistes_annex_grows_an_own_building():
    # RU: "поместите его на клетку мостовой вашего цвета таким образом, чтобы он продолжил одно
    # из ваших зданий. Флигель увеличивает размер здания на 1 клетку."
    s = flat()
    s = play(s, 0, build("LINE", 2, 1))  # (2,1) (3,1) (4,1)
    s = play(s, 1, build("SMALL_T", 0, 4))
    refused(s, 0, act("bouquinistes", x=0, y=0, building="LINE"), "bad_piece_cell")
    refused(s, 0, act("bouquinistes", x=2, y=2, building="LINE"), "bad_piece_cell")  # mixed
    refused(s, 0, act("bouquinistes", x=0, y=3, building="SMALL_T"), "annex_target")
    refused(s, 0, act("bouquinistes", x=1, y=1, building="SQUARE"), "annex_target")
    assert player(s, 0)["buildings"][0]["size"] == 3
    s2 = play(s, 0, act("bouquinistes", x=1, y=1, building="LINE"))
    assert s2.occ[idx(1, 1)] == ANNEX and s2.annex == (0, idx(1, 1))
    assert player(s2, 0)["buildings"][0]["size"] == 4
    assert [b.annex for b in GAME.view(s2, None).buildings if b.building == "LINE"] == [(1, 1)]


def test_lampadaire_lights_its_four_neighbours():
    # RU: "Возьмите жетон фонаря и сразу же поместите его на клетку мостовой вашего цвета."
    s = flat()
    s = play(s, 0, build("SQUARE", 0, 0))
    assert player(s, 0)["buildings"][0]["lights"] == 0
    refused(s, 0, act("lampadaire", x=2, y=2), "bad_piece_cell")  # mixed
    s = play(s, 0, act("lampadaire", x=2, y=1))
    assert s.occ[idx(2, 1)] == LAMP
    assert player(s, 0)["buildings"][0] == {
        "building": "SQUARE",
        "size": 4,
        "lights": 1,
        "points": 4,
    }


def test_moulin_rouge_area_is_bounded_by_every_piece_and_light():
    # RU: "1 дополнительное очко за каждую свободную клетку мостовой в ее области (клетка с
    # танцовщицей также считается свободной). Область определяется границами поля, зданиями,
    # фонарями и любыми другими компонентами игры"
    rows = ["oooooooo", "oooooooo", "oLoooooo", "mmmLmmmm"] + ["bbbbbbbb"] * 4
    s = flat(rows)
    s = play(s, 0, act("moulin_rouge", x=0, y=0))
    s = play(s, 0, act("lampadaire", x=2, y=0))
    s = play(s, 0, build("SQUARE", 2, 1))  # (2,1) (3,1) (2,2) (3,2)
    s = play(s, 0, build("LINE", 0, 3))  # (0,3) (1,3) (2,3)
    # pocket x 0..1, y 0..2, minus the light (1,2): 5 cells with the dancer's own
    assert len(dancer_area(s)) == 5
    assert card_points(s, 0, "moulin_rouge") == {"card": "moulin_rouge", "spaces": 5, "points": 5}
    s = play(s, 0, act("le_peintre", x=1, y=1))
    assert card_points(s, 0, "moulin_rouge")["points"] == 4


def test_fontaine_des_mers_scores_own_buildings_beside_it():
    # RU: "поместите на клетки мостовой вашего или общего цвета. … 3 очка за каждое из своих
    # зданий, граничащее с фонтаном (но не по диагонали)"
    s = flat()
    refused(s, 0, act("fontaine_des_mers", rotation=1, x=0, y=3), "bad_piece_cell")
    s = play(s, 0, act("fontaine_des_mers", rotation=0, x=2, y=1))  # (2,1) (3,1)
    s = play(s, 0, build("SQUARE", 0, 0))  # (1,1) touches (2,1)
    s = play(s, 0, build("LINE", 4, 0, rotation=1))  # (4,1) touches (3,1)
    s = play(s, 1, build("CORNER", 1, 2))  # blue (2,2) touches (2,1): not counted
    assert card_points(s, 0, "fontaine_des_mers") == {
        "card": "fontaine_des_mers",
        "buildings": ["LINE", "SQUARE"],
        "points": 6,
    }


def test_le_penseur_needs_a_free_front_and_scores_free_neighbours():
    # RU: "оставив перед ним как минимум одну свободную клетку … 2 дополнительных очка за
    # каждую свободную клетку … граничащую со сторонами статуи, и 1 … по диагонали. Если
    # клетка перед статуей занята, статуя не приносит очков."
    s = flat()
    refused(s, 0, act("le_penseur", x=0, y=0, facing="N"), "statue_front_blocked")
    s2 = play(s, 0, build("SQUARE", 0, 0))
    refused(s2, 0, act("le_penseur", x=2, y=0, facing="W"), "statue_front_blocked")
    s = play(s, 0, act("le_penseur", x=2, y=1, facing="S"))
    assert s.statue_facing == "S"
    assert card_points(s, 0, "le_penseur") == {
        "card": "le_penseur",
        "front_free": True,
        "points": 12,
    }
    s = play(s, 0, build("LINE", 3, 0))  # covers the diagonal neighbour (3,0)
    assert card_points(s, 0, "le_penseur")["points"] == 11
    s = play(s, 0, act("lampadaire", x=1, y=1))  # a piece: (1,1) is no longer free
    assert card_points(s, 0, "le_penseur")["points"] == 9
    s = play(s, 0, act("fontaine_des_mers", rotation=0, x=2, y=2))  # covers the front
    assert card_points(s, 0, "le_penseur") == {
        "card": "le_penseur",
        "front_free": False,
        "points": 0,
    }


def test_grande_lumiere_lights_along_rays_stopped_by_buildings():
    # RU: "Большой фонарь освещает все клетки, указанные на открытке. Здания блокируют свет для
    # всех зданий, расположенных за ними. Все остальные компоненты не блокируют свет."
    s = flat()
    refused(s, 0, act("grande_lumiere", x=0, y=0), "bad_piece_cell")
    s = play(s, 0, build("SQUARE", 4, 1))  # (4,2) diagonal to (3,3)
    s = play(s, 0, build("LINE", 5, 3))  # (5,3): two cells east
    assert lights(s, 0) == {"SQUARE": 0, "LINE": 0}
    g = play(s, 0, act("grande_lumiere", x=3, y=3))
    assert g.occ[idx(3, 3)] == GRAND
    assert lights(g, 0) == {"SQUARE": 1, "LINE": 1}
    g = play(g, 0, act("lampadaire", x=4, y=0))  # a second light for the SQUARE
    blocked = play(g, 1, build("CORNER", 3, 3))  # blue (4,3) (3,4) (4,4): in the east ray
    assert lights(blocked, 0) == {"SQUARE": 2, "LINE": 0}
    assert player(blocked, 1)["buildings"][0]["lights"] == 1  # lit once, by two rays
    plus = flat(options={"grande_lumiere": "plus2"})
    plus = play(play(plus, 0, build("SQUARE", 4, 1)), 0, act("grande_lumiere", x=3, y=3))
    assert player(plus, 0)["buildings"][0]["lights"] == 0  # no diagonal rays in "plus2"

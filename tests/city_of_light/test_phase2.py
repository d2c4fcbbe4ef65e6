"""Phase 2: placing buildings, passing, the end of the game, Metropolitain and Chartier."""

from __future__ import annotations

from games.city_of_light.board import SHAPES, idx, normalise
from games.city_of_light.data import BUILDINGS
from games.city_of_light.scoring import score
from games.city_of_light.state import MIXED
from tests.city_of_light.helpers import GAME, board
from tests.city_of_light.playing import act, build, play, refused
from tests.city_of_light.scores import lights

MAP = [
    "oooobbbb",  # y0
    "oooobbbb",  # y1
    "ooLbmmbb",  # y2: streetlight (2,2)
    "ooLommbb",  # y3: streetlight (2,3)
    "mmmmmmmm",  # y4
    "bbbbLooo",  # y5: streetlight (4,5)
    "bbbbbooo",  # y6
    "bbbbbooo",  # y7
]
RESERVES = (("SQUARE", "LINE", "BIG_L"), ("CORNER", "SMALL_T", "CROSS"))


def test_buildings_go_on_own_colour_or_mixed():
    # RU: "расположить одно из своих зданий … чтобы оно занимало только свободные клетки вашего
    # либо общего цвета. … Здания нельзя размещать на клетках с фонарями."
    s = board(MAP, reserves=RESERVES)
    s2 = play(s, 0, build("SQUARE", 0, 0))
    assert s2.built[2] == (0, (idx(0, 0), idx(1, 0), idx(0, 1), idx(1, 1)))
    assert s2.reserves[0] == (0, 11) and s2.turn == 1
    play(s, 0, build("LINE", 0, 4))  # mixed cells
    play(s, 1, build("CORNER", 4, 3))  # (5,3) mixed, (4,4) (5,4) mixed
    refused(s, 0, build("SQUARE", 3, 0), "cannot_build_there")  # blue cells
    refused(s, 0, build("LINE", 0, 2), "cannot_build_there")  # streetlight (2,2)
    refused(s, 0, build("LINE", 1, 3), "cannot_build_there")  # streetlight (2,3)
    refused(s2, 0, build("LINE", 0, 1), "cannot_build_there")  # occupied
    refused(s, 0, build("LINE", 6, 0), "off_board")
    refused(s, 0, build("CROSS", 0, 0), "building_not_in_reserve")
    refused(s, 1, build("CORNER", 4, 3), "turn.not_yours")
    refused(s, 0, {"type": "take_building", "building": "CHONK"}, "wrong_phase")
    refused(s, 0, {"type": "place_tile", "tile": 1, "tx": 0, "ty": 0}, "wrong_phase")


def test_buildings_rotate_but_never_mirror():
    # README default: "Buildings rotate, never mirror." (the chiral pieces keep their hand)
    for shape in SHAPES:
        cells = BUILDINGS[shape.key]
        mirror = normalise([(-x, y) for x, y in cells])
        chiral = shape.key in ("SMALL_L", "ZIGZAG", "CHONK", "BIG_L")
        assert (mirror not in shape.rotations) == chiral, shape.key
    assert len(SHAPES[2].distinct) == 1 and len(SHAPES[8].distinct) == 1  # SQUARE, CROSS


def test_legal_builds_are_exactly_the_accepted_ones():
    s = board(MAP, reserves=RESERVES)
    builds = [a for a in GAME.legal_actions(s, 0) if a.type == "build"]
    assert builds
    for a in builds:
        GAME.apply(s, 0, a)
    placed = {(a.building, a.rotation, a.x, a.y) for a in builds}
    for r in range(4):
        for x in range(8):
            for y in range(8):
                data = build("LINE", x, y, r)
                if ("LINE", r, x, y) not in placed and r in SHAPES[0].distinct:
                    try:
                        GAME.apply(s, 0, GAME.parse_action(data))
                    except Exception as exc:  # noqa: BLE001 - any refusal is fine here
                        assert getattr(exc, "key", "").startswith("city_of_light.")
                    else:
                        raise AssertionError(f"accepted but not listed: {data}")


def _all_used(s, seat0_cards=4):
    return s.replace(tokens=tuple(0 if i < seat0_cards else 1 for i in range(8)))


def test_stuck_player_passes_and_game_ends_when_nobody_can_build():
    # RU: "Второй этап игры заканчивается, когда оба игрока больше не могут размещать здания,
    # и при этом все 8 жетонов действий были использованы."
    rows = ["bbbbbbbb"] * 7 + ["bbbbbooo"]
    s = _all_used(board(rows, reserves=(("BIG_L",), ("LINE", "SQUARE"))))
    assert [a.type for a in GAME.legal_actions(s, 0)] == ["pass"]
    s, events = GAME.apply(s, 0, GAME.parse_action({"type": "pass"}))
    assert s.turn == 1 and s.phase == 2 and events[0].kind == "passed"
    s, _ = GAME.apply(s, 1, GAME.parse_action(build("SQUARE", 0, 0)))
    assert s.phase == 2 and s.turn == 0  # blue can still build the LINE
    s, _ = GAME.apply(s, 0, GAME.parse_action({"type": "pass"}))
    s, events = GAME.apply(s, 1, GAME.parse_action(build("LINE", 0, 2)))
    assert s.phase == 3 and GAME.is_over(s) and GAME.to_act(s) == frozenset()
    assert events[-1].kind == "game_over"
    assert GAME.result(s).scores == GAME.scores(s)
    assert GAME.legal_actions(s, 0) == [] and GAME.view(s, None).scores is not None
    refused(s, 0, {"type": "pass"}, "game.over")


def test_pass_is_refused_while_a_player_can_act():
    # Spec [R]: "A player who *can* act must act; voluntary passing is not allowed."
    s = board(MAP, reserves=RESERVES)
    refused(s, 0, {"type": "pass"}, "must_act")  # has tokens
    refused(_all_used(s), 0, {"type": "pass"}, "must_act")  # can still build


def test_game_goes_on_while_tokens_remain():
    s = board(MAP, reserves=((), ()))
    s = s.replace(tokens=(0, 0, 0, 1, 1, 1, -1, -1))
    s = play(s, 0, act(s.cards[6], decline=True))
    assert s.phase == 2
    s = play(s, 1, act(s.cards[7], decline=True))
    assert s.phase == 3


def test_metropolitain_any_later_turn():
    # RU: "В любой свой следующий ход вы можете расположить здание таким образом, чтобы оно
    # занимало свободную клетку с фонарем, после чего переверните открытку."
    s = board(MAP, reserves=RESERVES)
    s = play(s, 0, act("metropolitain"))
    assert s.metro == 0 and s.tokens[s.cards.index("metropolitain")] == 0
    s = play(s, 1, act("sacre_coeur"))
    s = play(s, 0, act("levitation", decline=True))
    s = play(s, 1, build("CORNER", 4, 3))
    assert s.metro == 0
    refused(s, 0, build("LINE", 2, 1, rotation=1), "cannot_build_there")  # two lights
    s = s.replace(turn=0)
    s, events = GAME.apply(s, 0, GAME.parse_action(build("LINE", 0, 2)))
    assert events[0].params["effect"] == "metropolitain" and s.metro == -1
    assert GAME.view(s, None).postcards[s.cards.index("metropolitain")].pending is False


def test_metropolitain_german_window_is_the_next_turn_only():
    # DE: "In deinem nächsten Zug ⌚ darfst du ein Gebäude auch auf einem Abschnitt mit einer
    # Straßenlaterne platzieren."
    s = board(MAP, reserves=RESERVES, options={"metropolitain": "next_turn"})
    s = play(s, 0, act("metropolitain"))
    s = play(s, 1, act("sacre_coeur"))
    nxt = play(s, 0, build("LINE", 0, 2))  # the very next turn: allowed
    assert nxt.metro == -1
    s = s.replace(turn=0)
    s, events = GAME.apply(s, 0, GAME.parse_action(act("levitation", decline=True)))
    assert s.metro == -1 and events[-1].kind == "metropolitain_expired"
    s = play(s, 1, build("CORNER", 4, 3))
    refused(s.replace(turn=0), 0, build("LINE", 0, 2), "cannot_build_there")


def test_covered_streetlight_no_longer_lights():
    # Spec Q6 default: a streetlight covered through Metropolitain stops existing.
    s = board(MAP, reserves=RESERVES)
    s = play(s, 0, build("SQUARE", 0, 2))  # (1,2) and (1,3) touch the lights (2,2), (2,3)
    assert score(s)[1][0]["buildings"][0]["lights"] == 2
    s = play(s, 0, act("metropolitain"))
    s = play(s, 0, build("LINE", 2, 1, rotation=1) | {"y": 0})  # (2,0) (2,1) (2,2)
    assert lights(s, 0) == {"SQUARE": 1, "LINE": 1}  # only (2,3) is left, touching both


def test_chartier_lets_one_building_cover_one_rival_cell():
    # RU: "В любой свой следующий ход вы можете закрыть им клетку мостовой цвета вашего
    # соперника и сразу же поместить сверху здание или фонтан."
    s = board(MAP, reserves=RESERVES)
    refused(s, 0, build("LINE", 2, 0), "cannot_build_there")
    s = play(s, 0, act("chartier"))
    assert s.chartier == 0
    refused(s, 0, build("SQUARE", 3, 0), "cannot_build_there")  # two blue cells
    s2, events = GAME.apply(s.replace(turn=0), 0, GAME.parse_action(build("LINE", 2, 0)))
    assert events[0].params["effect"] == "chartier"
    assert s2.chartier == -1 and s2.chartier_cell == idx(4, 0) and s2.cells[idx(4, 0)] == MIXED
    pieces = {p.piece: p for p in GAME.view(s2, None).pieces}
    assert pieces["mixed_token"].cells == [(4, 0)] and pieces["mixed_token"].owner == 0
    # the token is spent: a second rival cell is refused again
    refused(s2.replace(turn=0), 0, build("SQUARE", 4, 0), "cannot_build_there")


def test_chartier_and_metropolitain_not_on_one_building():
    # Spec Q7 default: one exception per building.
    s = board(MAP, reserves=RESERVES)
    s = play(s, 0, act("chartier"))
    s = play(s, 0, act("metropolitain"))
    # (2,2) is a streetlight and (3,2) blue: each alone would do, not both together
    refused(s, 0, build("SQUARE", 2, 1), "cannot_build_there")
    play(s, 0, build("SQUARE", 2, 0))  # (3,0) (3,1) orange, (2,0) (2,1) orange: fine
    play(s, 0, build("SQUARE", 1, 1))  # (2,2) light only: Metropolitain


def test_chartier_with_the_fountain():
    # RU: "… и сразу же поместить сверху здание или фонтан."
    s = board(MAP, reserves=RESERVES, options={"postcards": "random"})
    s = s.replace(cards=("chartier", "fontaine_des_mers") + s.cards[2:])
    s = s.replace(cards=tuple(dict.fromkeys(s.cards))[:8])
    fountain = act("fontaine_des_mers", rotation=0, x=3, y=0)  # (3,0) orange, (4,0) blue
    refused(s, 0, fountain, "bad_piece_cell")
    s = play(s, 0, act("chartier"))
    s = play(s, 0, fountain)
    assert s.chartier == -1 and s.cells[idx(4, 0)] == MIXED


def test_seven_chimneys_cap_the_buildings_a_player_can_place():
    # DE: "Nehmt euch dann die passenden 8 Straßen-Plättchen, 7 Schornsteine und 4
    # Aktionsmarker." / "Wenn du ein Gebäude platziert hast, stelle einen deiner Schornsteine
    # darauf." — with all 7 on buildings, an 8th building cannot be placed.
    rows = ["oooooooo"] * 8
    s = board(rows, reserves=(("LINE",), ()))
    assert any(a.type == "build" for a in GAME.legal_actions(s, 0))
    built = tuple((0, (56 + i,)) for i in range(7)) + (None,) * 6  # 7 buildings of seat 0
    capped = s.replace(built=built)
    assert not any(a.type == "build" for a in GAME.legal_actions(capped, 0))
    refused(capped, 0, build("LINE", 0, 0), "no_chimney")
    # The Jardin des Plantes and Levitation place a building too: only declining remains.
    cards = ("jardin_des_plantes", "levitation") + capped.cards[2:]
    capped = capped.replace(cards=cards, supply=(2,))
    offered = [
        a
        for a in GAME.legal_actions(capped, 0)
        if a.type == "activate" and a.card in ("jardin_des_plantes", "levitation")
    ]
    assert offered and all(a.decline for a in offered)
    refused(capped, 0, act("jardin_des_plantes", rotation=0, x=0, y=0), "no_chimney")

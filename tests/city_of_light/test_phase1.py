"""Phase 1: lay tiles, take buildings, pass when out of tiles; the end at the 16th tile."""

from __future__ import annotations

from games.city_of_light.board import idx
from games.city_of_light.state import LIGHT, MIXED
from tests.city_of_light.helpers import GAME, new
from tests.city_of_light.playing import refused

ORDER = {"stacks": [[1, 2, 3, 4, 5, 6, 7, 8], [8, 7, 6, 5, 4, 3, 2, 1]]}


def tile(t, tx, ty, rotation=0):
    return GAME.parse_action(
        {"type": "place_tile", "tile": t, "tx": tx, "ty": ty, "rotation": rotation}
    )


def test_place_tile_colours_cells_by_owner_and_draws():
    # RU: "Расположите тайл мостовой лицом вверх на пустом квадрате поля и выберите, в какую
    # сторону он будет повернут. … Разместив тайл, возьмите следующий из своей стопки"
    s = new(arrangement=ORDER)
    s, events = GAME.apply(s, 0, tile(1, 1, 2))  # tile 1 = R O / M O for orange
    assert [s.cells[idx(x, y)] for y in (4, 5) for x in (2, 3)] == [1, 0, MIXED, 0]
    assert s.hands[0] == (2,) and len(s.stacks[0]) == 6 and s.turn == 1
    drawn = [e for e in events if e.kind == "tile_drawn"]
    assert drawn[0].to == (0,) and drawn[0].params["tile"] == 2
    assert all(e.to is None for e in events if e.kind != "tile_drawn")
    # blue's tile 8 (O O / O R) turned once clockwise: [[O, O], [R, O]]
    s, _ = GAME.apply(s, 1, tile(8, 0, 0, rotation=1))
    assert [s.cells[idx(x, y)] for y in (0, 1) for x in (0, 1)] == [1, 1, 0, 1]
    s, _ = GAME.apply(s, 0, tile(2, 3, 3, rotation=2))  # M O / O R turned twice: R O / O M
    assert [s.cells[idx(x, y)] for y in (6, 7) for x in (6, 7)] == [1, 0, 0, MIXED]


def test_tile_legal_moves_are_every_square_and_rotation():
    s = new()
    placements = [a for a in GAME.legal_actions(s, 0) if a.type == "place_tile"]
    assert len(placements) == 16 * 4
    s2 = new({"hand_size": 2})
    assert len([a for a in GAME.legal_actions(s2, 0) if a.type == "place_tile"]) == 2 * 16 * 4
    assert GAME.legal_actions(s, 1) == []


def test_illegal_phase1_actions_leave_state_unchanged():
    s = new(arrangement=ORDER)
    refused(s, 0, {"type": "place_tile", "tile": 5, "tx": 0, "ty": 0}, "tile_not_in_hand")
    refused(s, 1, {"type": "place_tile", "tile": 8, "tx": 0, "ty": 0}, "turn.not_yours")
    refused(s, 0, {"type": "pass"}, "must_place_tile")
    refused(s, 0, {"type": "build", "building": "LINE", "x": 0, "y": 0}, "wrong_phase")
    refused(s, 0, {"type": "activate", "card": "sacre_coeur"}, "wrong_phase")
    s, _ = GAME.apply(s, 0, tile(1, 0, 0))
    refused(s, 1, {"type": "place_tile", "tile": 8, "tx": 0, "ty": 0}, "square_taken")
    s, _ = GAME.apply(s, 1, GAME.parse_action({"type": "take_building", "building": "LINE"}))
    refused(s, 0, {"type": "take_building", "building": "LINE"}, "building_not_in_supply")


def test_take_building_moves_it_to_the_reserve():
    # RU: "Возьмите здание из общего запаса и положите его перед собой."
    s = new()
    s, events = GAME.apply(s, 0, GAME.parse_action({"type": "take_building", "building": "CROSS"}))
    assert s.reserves[0] == (8,) and 8 not in s.supply
    assert events[0].kind == "building_taken"


def test_german_hand_chooses_either_tile_and_refills():
    # DE: "In Phase 1 dürft ihr immer zwei Straßen-Plättchen in der Hand halten"
    s = new({"hand_size": 2}, arrangement=ORDER)
    s, _ = GAME.apply(s, 0, tile(2, 0, 0))
    assert s.hands[0] == (1, 3)


def _play_out(s, seat_order_first_takes=False):
    """Both players lay tiles in order, square by square; returns the state and squares."""
    squares = [(tx, ty) for ty in range(4) for tx in range(4)]
    if seat_order_first_takes:
        s, _ = GAME.apply(s, 0, GAME.parse_action({"type": "take_building", "building": "LINE"}))
    while s.phase == 1:
        seat = s.turn
        if not s.hands[seat]:
            assert GAME.legal_actions(s, seat)[-1].type == "pass"
            assert all(a.type != "place_tile" for a in GAME.legal_actions(s, seat))
            s, _ = GAME.apply(s, seat, GAME.parse_action({"type": "pass"}))
            continue
        tx, ty = squares.pop(0)
        s, events = GAME.apply(s, seat, tile(s.hands[seat][0], tx, ty))
    return s, events


def test_phase1_ends_at_sixteenth_tile_and_first_finisher_starts_phase2():
    # RU: "Этап заканчивается, когда все 16 квадратов на поле заняты тайлами мостовой."
    # RU: "Игрок, первым разместивший все 8 тайлов мостовой на первом этапе игры, ходит первым
    # на втором этапе."
    s, events = _play_out(new(arrangement=ORDER))
    assert s.phase == 2 and s.first_done == 0 and s.turn == 0
    assert events[-1].kind == "phase_started"
    assert s.kinds[LIGHT].bit_count() == 8
    s, _ = _play_out(new(arrangement=ORDER), seat_order_first_takes=True)
    assert s.phase == 2 and s.first_done == 1 and s.turn == 1


def test_player_out_of_tiles_may_take_buildings_or_pass():
    # DE: "Wenn ein Spieler keine Straßen-Plättchen mehr hat, darf er in seinem Zug weiterhin
    # Gebäude-Plättchen nehmen oder passen"
    s = new(arrangement=ORDER)
    s = s.replace(hands=((), s.hands[1]), stacks=((), s.stacks[1]))
    kinds = {a.type for a in GAME.legal_actions(s, 0)}
    assert kinds == {"take_building", "pass"}
    s, events = GAME.apply(s, 0, GAME.parse_action({"type": "pass"}))
    assert s.turn == 1 and events[0].kind == "passed"

"""The City of Light table picture, checked on decoded pixels and on the text it draws: cells
where the tiles lie, buildings in their owner's colours and shapes, highlights of the last
move, free squares named, reserve shapes big enough, postcards with their effect, the winner
marked, every word 11 px or more in a 520 px embed, determinism, no secrets, size and speed."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest
from PIL import Image

from bot.games.city_of_light import layout
from bot.games.city_of_light.adapter import CityOfLightAdapter
from bot.games.city_of_light.colours import (
    CELL_COLOURS,
    CHIMNEY,
    EMPTY_SQUARE,
    HIGHLIGHT,
    ROOF,
    WATER,
)
from bot.games.city_of_light.render import render_table
from bot.games.city_of_light.steps import paths
from bot.render.drawing import Canvas, safe_name
from bot.render.marks import label_id
from bot.render.palette import GOLD
from games.city_of_light import actions as A
from games.city_of_light.engine import CityOfLight
from tests.city_of_light.helpers import board
from tests.render.colour_vision import closest_pair, delta_e, keys_for_words, text_calls
from tests.render.pixels import at, decode

GAME = CityOfLight()
ADAPTER = CityOfLightAdapter()
NAMES = ["Alice", "Bob"]
STACKS = {"stacks": [[3, 1, 8, 2, 7, 5, 4, 6], [1, 2, 3, 4, 5, 6, 7, 8]]}
VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")
CATALOGUE = json.loads(
    resources.files("bot.games.city_of_light").joinpath("i18n", "en.json").read_text("utf-8")
)


def pixels(png: bytes) -> Image.Image:
    image = decode(png)
    assert image.size == (layout.WIDTH, layout.HEIGHT) == (1040, 780)
    return image


def corner(x: int, y: int) -> tuple[float, float]:
    """A point inside cell (x, y), clear of the lamp, the labels and the square outlines."""
    _, y0, x1, _ = layout.cell_box(x, y)
    return (x1 - 8, y0 + 8)


def played(options: dict, seed: int, until) -> tuple[object, list]:
    """A random game from `seed` up to the first state where `until(state)` holds, and the
    events of the last move."""
    state = GAME.setup(2, options, seed)
    rng = random.Random(seed)
    events: list = []
    while not until(state):
        seat = min(GAME.to_act(state))
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state, events


def phase2(state) -> bool:
    return state.phase == 2


def test_a_laid_tile_shows_its_cells_where_it_lies():
    state = GAME.setup(2, {}, 1, STACKS)
    # Orange's tile 3 is O L / O R; turned once clockwise it reads O O / R L.
    state, _ = GAME.apply(state, 0, A.place_tile(3, 2, 1, 1))
    image = pixels(render_table(GAME.view(state, None), NAMES))
    assert at(image, corner(4, 2)) == CELL_COLOURS["orange"]
    assert at(image, corner(5, 2)) == CELL_COLOURS["orange"]
    assert at(image, corner(4, 3)) == CELL_COLOURS["blue"]
    assert at(image, corner(5, 3)) == CELL_COLOURS["light"]
    assert at(image, corner(0, 0)) == EMPTY_SQUARE  # no tile there yet


def test_the_free_squares_are_named_in_phase_1(monkeypatch):
    state = GAME.setup(2, {}, 1, STACKS)
    state, _ = GAME.apply(state, 0, A.place_tile(3, 2, 1, 1))  # C3–D4 is taken
    with text_calls(monkeypatch) as calls:
        render_table(GAME.view(state, None), NAMES)
    drawn = {c.text for c in calls}
    assert "A1–B2" in drawn and "G7–H8" in drawn and "E3–F4" not in drawn
    assert sum("–" in text for text in drawn) == 15


def test_free_cells_are_named_in_phase_2(monkeypatch):
    state, _ = played({}, 3, phase2)
    view = GAME.view(state, None)
    with text_calls(monkeypatch) as calls:
        render_table(view, NAMES)
    drawn = {c.text for c in calls}
    free = [
        (x, y)
        for y, row in enumerate(view.cells)
        for x, kind in enumerate(row)
        if kind not in (None, "light")
    ]
    taken = {tuple(c) for b in view.buildings for c in b.cells}
    named = [(x, y) for x, y in free if (x, y) not in taken]
    assert named
    for x, y in named:
        assert f"{'ABCDEFGH'[x]}{y + 1}" in drawn


def test_buildings_carry_their_owners_colours_and_marks():
    state, _ = played({}, 3, lambda s: len([b for b in s.built if b]) >= 2)
    view = GAME.view(state, None)
    image = pixels(render_table(view, NAMES))
    checked = 0
    for b in view.buildings:
        if b.building == "GARDEN":
            continue
        cells = sorted((tuple(c) for c in b.cells), key=lambda p: (p[1], p[0]))
        x0, y0, x1, y1 = layout.cell_box(*cells[0])
        assert at(image, (x1 - 17, y0 + 17)) == CHIMNEY[b.owner], b  # the owner's mark
        assert at(image, (x0 + 9, y1 - 9)) == ROOF[b.owner], b
        checked += 1
    assert checked >= 1


def test_seat_colours_and_cells_stay_apart_with_colour_vision_deficiencies():
    for vision in VISIONS:
        assert closest_pair(CHIMNEY, vision) >= 40, vision
        assert closest_pair(ROOF, vision) >= 20, vision
        assert delta_e(CELL_COLOURS["orange"], CELL_COLOURS["blue"], vision) >= 25, vision
        assert delta_e(CELL_COLOURS["mixed"], CELL_COLOURS["blue"], vision) >= 15, vision


def test_mixed_cells_are_hatched():
    """Mixed cells carry a pattern, a cue that needs no colour at all."""
    state, _ = played({}, 3, phase2)
    view = GAME.view(state, None)
    image = pixels(render_table(view, NAMES))
    mixed = [
        (x, y) for y, row in enumerate(view.cells) for x, kind in enumerate(row) if kind == "mixed"
    ]
    assert mixed
    for x, y in mixed[:3]:
        x0, y0, x1, y1 = layout.cell_box(x, y, 14)
        inside = {
            at(image, (i, j))
            for i in range(int(x0), int(x1), 3)
            for j in range(int(y0), int(y1), 3)
        }
        assert CELL_COLOURS["mixed"] in inside and len(inside) > 3, (x, y)


def test_a_highlight_rings_the_cells_of_a_move():
    state = GAME.setup(2, {}, 1, STACKS)
    view = GAME.view(state, None)
    plain = pixels(render_table(view, NAMES))
    ringed = pixels(render_table(view, NAMES, highlight={"6,7", "junk", "9,9", "card:nope"}))
    x0, y0, _, _ = layout.cell_box(6, 7, 4)
    assert at(ringed, (x0, y0 + 30)) == HIGHLIGHT
    assert at(plain, (x0, y0 + 30)) != HIGHLIGHT


def test_last_move_highlights_what_was_placed():
    state = GAME.setup(2, {}, 1, STACKS)
    state, events = GAME.apply(state, 0, A.place_tile(3, 2, 1, 1))
    marks = ADAPTER.last_move(events)
    assert marks == {"4,2", "5,2", "4,3", "5,3"}
    image = pixels(render_table(GAME.view(state, None), NAMES, highlight=marks))
    for x, y in ((4, 2), (5, 3)):
        x0, y0, _, _ = layout.cell_box(x, y, 4)
        assert at(image, (x0, y0 + 30)) == HIGHLIGHT
    state, events = GAME.apply(state, 1, A.take_building("CROSS"))
    assert ADAPTER.last_move(events) == {"take:CROSS"}


def test_last_postcard_used_is_highlighted():
    state, events = played({}, 4, lambda s: -1 not in s.tokens[:1] or s.tokens.count(-1) < 8)
    card = next(e.params["card"] for e in events if e.kind == "postcard_activated")
    marks = ADAPTER.last_move(events)
    assert f"card:{card}" in marks
    view = GAME.view(state, None)
    n = [c.card for c in view.postcards].index(card)
    x0, y0, _, _ = layout.postcard_box(n)
    image = pixels(render_table(view, NAMES, highlight=marks))
    assert at(image, (x0 + 20, y0 - 2)) == HIGHLIGHT


def test_reserve_shapes_are_big_enough_to_read(monkeypatch):
    """Each cell of a reserve's building shapes is 16 px (8 px in the embed), 12 at least
    with a long reserve; the same for the supply."""
    state, _ = played({}, 3, phase2)
    view = GAME.view(state, None)
    cells: list[tuple[float, float, float, float]] = []
    real = Canvas.rect

    def spy(self, box, fill, *args, **kwargs):
        if fill in ROOF and box[0] >= layout.PANEL_X:
            cells.append(box)
        return real(self, box, fill, *args, **kwargs)

    monkeypatch.setattr(Canvas, "rect", spy)
    render_table(view, NAMES)
    reserve = sum(len(p.reserve) for p in view.seats)
    assert reserve and cells
    sides = {round(x1 - x0) for x0, _, x1, _ in cells}
    assert min(sides) >= 12 and max(sides) == layout.MINI == 16
    for x0, y0, x1, y1 in cells:  # inside a player's block
        assert layout.PANEL_X <= x0 and x1 <= layout.PANEL_X + layout.PANEL_W
        assert any(top <= y0 and y1 <= top + layout.PLAYER_H for top in layout.PLAYER_Y)


def test_every_postcard_shows_its_effect(monkeypatch):
    state, _ = played({"postcards": "random"}, 6, phase2)
    view = GAME.view(state, None)
    with text_calls(monkeypatch) as calls:
        render_table(view, NAMES)
    drawn = " ".join(c.text for c in calls)
    for card in view.postcards:
        effect = CATALOGUE[f"col.img.effect.{card.card}"]
        assert effect.split()[0] in drawn, card.card
        assert CATALOGUE[f"col.img.card.{card.card}"] in {c.text.rstrip("…") for c in calls} or (
            any(
                CATALOGUE[f"col.img.card.{card.card}"].startswith(c.text.rstrip("…"))
                for c in calls
                if c.text.endswith("…")
            )
        )


def _views():
    out = []
    for label, until in (
        ("start", lambda s: sum(t is not None for t in s.squares) >= 3),
        ("phase2", phase2),
        ("end", GAME.is_over),
    ):
        for options in ({}, {"hand_size": 2, "fountain_cells": 1}):
            state, events = played(options, 3, until)
            out.append(
                (f"{label}-{len(options)}", GAME.view(state, None), ADAPTER.last_move(events))
            )
    return out


@pytest.mark.parametrize("case", _views(), ids=lambda c: c[0])
def test_every_word_is_11px_or_more_in_a_520px_embed(case, monkeypatch):
    _, view, marks = case
    with text_calls(monkeypatch) as calls:
        render_table(view, NAMES, highlight=marks)
    assert calls
    small = [
        (c.text, round(c.embed_px(layout.WIDTH), 1)) for c in calls if c.embed_px(layout.WIDTH) < 11
    ]
    assert not small, small


def test_every_word_comes_from_the_catalogue(monkeypatch):
    """With every catalogue sentence replaced by its key, what is left is keys, names, numbers
    and the board's coordinates (A–H, 1–8, as the turn panel names cells)."""
    state, events = played({"postcards": "random"}, 5, GAME.is_over)
    keys_for_words(monkeypatch, "bot.games.city_of_light")
    with text_calls(monkeypatch) as calls:
        render_table(GAME.view(state, None), NAMES, highlight=ADAPTER.last_move(events))
    names = {safe_name(n) for n in NAMES}
    for call in calls:
        text = call.text.rstrip("\u2026")
        coordinate = (
            len(text) <= 2 and text[:1] in "ABCDEFGH12345678" and text[1:] in ("", *"12345678")
        )
        ok = (
            text.startswith("«")
            or text in names
            or text.isdigit()
            or coordinate
            or text in ("+1", "\u2014")
        )
        assert ok, call.text


def test_a_finished_game_renders_small():
    state, _ = played({"postcards": "random"}, 5, GAME.is_over)
    view = GAME.view(state, None)
    assert view.scores is not None
    png = render_table(view, ["Zoë 🎲 " * 5, "\u202e\x00bob"])
    assert len(png) < 300_000
    image = pixels(png)
    assert image.getextrema() != ((0, 0), (0, 0), (0, 0))


def test_the_final_picture_marks_the_winner(monkeypatch):
    state, _ = played({}, 3, GAME.is_over)
    view = GAME.view(state, None)
    [winner] = view.result.winners
    with text_calls(monkeypatch) as calls:
        png = render_table(view, NAMES)
    assert CATALOGUE["col.img.winner"] in [c.text for c in calls]
    image = pixels(png)

    def gold_in_block(seat: int) -> int:
        top = layout.PLAYER_Y[seat]
        block = image.crop(
            (layout.PANEL_X, top, layout.PANEL_X + layout.PANEL_W, top + layout.PLAYER_H)
        )
        return sum(
            sum(abs(p - q) for p, q in zip(px, GOLD, strict=True)) < 30
            for px in block.get_flattened_data()
        )

    assert gold_in_block(winner) > 200
    assert gold_in_block(1 - winner) == 0
    unfinished = GAME.view(played({}, 3, phase2)[0], None)
    with text_calls(monkeypatch) as calls:
        render_table(unfinished, NAMES)
    assert CATALOGUE["col.img.winner"] not in [c.text for c in calls]


def test_the_fountain_covers_one_cell_or_two():
    # fountain_cells 2 (RU «на клетки») is a 1×2 basin; 1 (DE «auf einem Straßen-Abschnitt»)
    # fills its one cell.
    from tests.city_of_light.helpers import flat
    from tests.city_of_light.playing import play

    for cells, fields in ((2, {"rotation": 0}), (1, {})):
        state = play(
            flat(fountain_cells=cells),
            0,
            {"type": "activate", "card": "fontaine_des_mers", "x": 2, "y": 1, **fields},
        )
        image = pixels(render_table(GAME.view(state, None), NAMES))
        inside = [(layout.cell_box(x, 1)[0] + 30, layout.cell_box(x, 1)[1] + 20) for x in (2, 3)]
        assert at(image, inside[0]) == WATER
        assert (at(image, inside[1]) == WATER) == (cells == 2)


def test_final_picture_marks_lit_buildings_and_the_largest_districts():
    """The end picture agrees with the scoring: a lamp-coloured border inside every lit
    building, and each player's largest district traced in that player's colour."""
    from bot.games.city_of_light.colours import LAMP
    from bot.games.city_of_light.scoring_picture import building_cells

    state, _ = played({}, 3, GAME.is_over)
    view = GAME.view(state, None)
    image = pixels(render_table(view, ["a", "b"]))
    cells_of = building_cells(view)

    def near(colour, box):
        x0, y0, x1, y1 = (int(v) for v in box)
        found = [image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)]
        return any(sum(abs(p - q) for p, q in zip(px, colour, strict=True)) < 40 for px in found)

    checked = 0
    for player in view.result.details["players"]:
        seat = player["seat"]
        for term in player["buildings"]:
            cells = sorted(cells_of[(seat, term["building"])])
            x, y = cells[0]
            x0, y0, x1, y1 = layout.cell_box(x, y, 7)
            edge = (x0, y0 + 10, x0 + 5, y1 - 10)  # the left inner edge of its first cell
            if term["lights"]:
                assert near(LAMP, edge), term
                checked += 1
        district = set().union(*(cells_of[(seat, k)] for k in player["district"]["buildings"]))
        if district:
            x, y = min(district)  # the leftmost cell: its left side is on the border
            x0, y0, x1, y1 = layout.cell_box(x, y, 0)
            assert near(CHIMNEY[seat], (x0, y0 + 10, x0 + 5, y1 - 10)), player["district"]
    assert checked > 0


def test_a_panel_tag_is_written_in_its_cell_clear_of_the_cell_name(monkeypatch):
    # Issue 20, item 3: the panel's picture tags each offered cell with its button's tag.
    state, _ = played({}, 3, phase2)
    view = GAME.view(state, None)
    taken = {tuple(c) for b in view.buildings for c in b.cells}
    free = [
        (x, y)
        for y, row in enumerate(view.cells)
        for x, kind in enumerate(row)
        if kind not in (None, "light") and (x, y) not in taken
    ][:3]
    tags = {cell: str(n) for n, cell in enumerate(free, 1)}
    with text_calls(monkeypatch) as calls:
        render_table(view, NAMES, highlight={label_id(t, f"{x},{y}") for (x, y), t in tags.items()})
    for (x, y), tag in tags.items():
        x0, y0, x1, y1 = layout.cell_box(x, y)
        (drawn,) = [c for c in calls if c.text == tag and x0 <= c.x < x1 and y0 < c.baseline < y1]
        assert drawn.embed_px(layout.WIDTH) >= 11
        (name,) = [c for c in calls if c.text == f"{'ABCDEFGH'[x]}{y + 1}"]
        assert drawn.baseline < name.baseline - name.px / 2  # above the name, not on it
    # Without label ids, no tags: the table picture is unchanged.
    plain = render_table(view, NAMES)
    assert plain == render_table(view, NAMES, highlight={"label:1@9,9", "label:@0,0"})


def test_the_top_row_step_tags_each_row_it_offers(monkeypatch):
    # Issue 20, item 3: "the panel's picture marks each offered place with the same short
    # label as its button". A placement with more than 25 cells first asks for its top row
    # (steps.py): each row offered is a place too, tagged beside the row.
    # A board all orange: the Line fits at 48 places, far more than one select holds.
    state = board(["oooooooo"] * 8, reserves=(("LINE",), ()))
    view = GAME.view(state, 0)
    rows = {
        step.code: step
        for path in paths(view, GAME.legal_actions(state, 0), NAMES, None)
        for step in path
        if step.code.startswith("y")
    }
    assert len(rows) == 8
    tags = {}
    for code, step in rows.items():
        assert step.place == f"row:{code[1:]}", step
        tags[step.place] = str(len(tags) + 1)
    with text_calls(monkeypatch) as plain:
        render_table(GAME.view(state, None), NAMES)
    with text_calls(monkeypatch) as calls:
        render_table(
            GAME.view(state, None), NAMES, highlight={label_id(t, p) for p, t in tags.items()}
        )
    added = [c for c in calls if c not in plain]  # (the row numbers are drawn anyway)
    for place, tag in tags.items():
        y = int(place.removeprefix("row:"))
        _, y0, _, y1 = layout.cell_box(0, y)
        drawn = [
            c for c in added if c.text == tag and c.x < layout.BOARD_X and y0 < c.baseline < y1
        ]
        assert len(drawn) == 1, (place, tag)
        assert drawn[0].embed_px(layout.WIDTH) >= 11

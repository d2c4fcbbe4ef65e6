"""The City of Light table picture, checked on decoded pixels: cells where the tiles lie,
buildings in their owner's colours, highlights, determinism, no secrets, size and speed."""

from __future__ import annotations

import io
import random
import time

from PIL import Image

from bot.games.city_of_light.layout import HEIGHT, WIDTH, cell_box
from bot.games.city_of_light.render import (
    CELL_COLOURS,
    CHIMNEY,
    EMPTY_SQUARE,
    HIGHLIGHT,
    ROOF,
    WATER,
    render_table,
)
from games.city_of_light import actions as A
from games.city_of_light.engine import CityOfLight

GAME = CityOfLight()
NAMES = ["Alice", "Bob"]
STACKS = {"stacks": [[3, 1, 8, 2, 7, 5, 4, 6], [1, 2, 3, 4, 5, 6, 7, 8]]}


def pixels(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    return image


def at(image: Image.Image, point: tuple[float, float]) -> tuple[int, int, int]:
    return image.getpixel((round(point[0]), round(point[1])))  # type: ignore[return-value]


def corner(x: int, y: int) -> tuple[float, float]:
    """A point inside cell (x, y), clear of the lamp, the labels and the square outlines."""
    x0, _, _, y1 = cell_box(x, y)
    return (x0 + 12, y1 - 12)


def played(options: dict, seed: int, until) -> object:
    """A random game from `seed` up to the first state where `until(state)` holds."""
    state = GAME.setup(2, options, seed)
    rng = random.Random(seed)
    while not until(state):
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


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


def test_buildings_carry_their_owners_colours():
    state = played({}, 3, lambda s: len([b for b in s.built if b]) >= 2)
    view = GAME.view(state, None)
    image = pixels(render_table(view, NAMES))
    checked = 0
    for b in view.buildings:
        if b.building == "GARDEN":
            continue
        cells = sorted((tuple(c) for c in b.cells), key=lambda p: (p[1], p[0]))
        x0, y0, x1, y1 = cell_box(*cells[0])
        assert at(image, (x1 - 22, y0 + 23)) == CHIMNEY[b.owner], b
        assert at(image, (x0 + 14, y1 - 14)) == ROOF[b.owner], b
        checked += 1
    assert checked >= 1


def test_a_highlight_rings_the_cells_of_a_move():
    state = GAME.setup(2, {}, 1, STACKS)
    view = GAME.view(state, None)
    plain = pixels(render_table(view, NAMES))
    ringed = pixels(render_table(view, NAMES, highlight={"6,7", "junk", "9,9"}))
    x0, y0, _, _ = cell_box(6, 7, 4)
    assert at(ringed, (x0, y0 + 30)) == HIGHLIGHT
    assert at(plain, (x0, y0 + 30)) != HIGHLIGHT


def test_same_view_same_bytes_and_a_seat_view_draws_the_public_picture():
    state = played({"hand_size": 2}, 4, lambda s: sum(t is not None for t in s.squares) >= 5)
    public = render_table(GAME.view(state, None), NAMES)
    assert render_table(GAME.view(state, None), NAMES) == public
    for seat in (0, 1):
        assert GAME.view(state, seat).hand
        assert render_table(GAME.view(state, seat), NAMES) == public


def test_a_finished_game_renders_small_and_fast():
    state = played({"postcards": "random"}, 5, GAME.is_over)
    view = GAME.view(state, None)
    assert view.scores is not None
    render_table(view, NAMES)  # warm the font cache
    start = time.perf_counter()
    png = render_table(view, ["Zoë 🎲 " * 5, "\u202e\x00bob"])
    elapsed = time.perf_counter() - start
    assert len(png) < 300_000
    assert elapsed < 1.0  # ~50 ms on a laptop; generous for loaded CI machines
    image = pixels(png)
    assert image.getextrema() != ((0, 0), (0, 0), (0, 0))


def test_the_fountain_covers_one_cell_or_two():
    # fountain_cells 2 (RU «на клетки») is a 1×2 basin; 1 (DE «auf einem Straßen-Abschnitt»)
    # fills its one cell.
    from tests.city_of_light.helpers import play
    from tests.city_of_light.test_fountain_cells import flat

    for cells, fields in ((2, {"rotation": 0}), (1, {})):
        state = play(flat(cells), 0, {"type": "activate", "card": "fontaine_des_mers",
                                      "x": 2, "y": 1, **fields})  # fmt: skip
        image = pixels(render_table(GAME.view(state, None), NAMES))
        inside = [(cell_box(x, 1)[0] + 15, (cell_box(x, 1)[1] + cell_box(x, 1)[3]) / 2)
                  for x in (2, 3)]  # fmt: skip
        assert at(image, inside[0]) == WATER
        assert (at(image, inside[1]) == WATER) == (cells == 2)


def test_final_picture_marks_lit_buildings_and_the_largest_districts():
    """The end picture agrees with the scoring: a lamp-coloured border inside every lit
    building, and each player's largest district traced in that player's colour."""
    from bot.games.city_of_light.layout import cell_box
    from bot.games.city_of_light.render import CHIMNEY, LAMP, render_table
    from bot.games.city_of_light.scoring_picture import building_cells
    from games.registry import get_game

    game = get_game("city-of-light")
    state = game.setup(2, game.parse_options({}), seed=3)
    rng = random.Random(3)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    view = game.view(state, None)
    image = Image.open(io.BytesIO(render_table(view, ["a", "b"]))).convert("RGB")
    cells_of = building_cells(view)

    def near(colour, box):
        x0, y0, x1, y1 = (int(v) for v in box)
        pixels = [image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)]
        return any(sum(abs(p - q) for p, q in zip(px, colour, strict=True)) < 40 for px in pixels)

    checked = 0
    for player in view.result.details["players"]:
        seat = player["seat"]
        for term in player["buildings"]:
            cells = sorted(cells_of[(seat, term["building"])])
            x, y = cells[0]
            x0, y0, x1, y1 = cell_box(x, y, 5)
            edge = (x0, y0 + 10, x0 + 5, y1 - 10)  # the left inner edge of its first cell
            if term["lights"]:
                assert near(LAMP, edge), term
                checked += 1
        district = set().union(*(cells_of[(seat, k)] for k in player["district"]["buildings"]))
        if district:
            x, y = min(district)  # the leftmost cell: its left side is on the border
            x0, y0, x1, y1 = cell_box(x, y, 0)
            assert near(CHIMNEY[seat], (x0, y0 + 10, x0 + 5, y1 - 10)), player["district"]
    assert checked > 0

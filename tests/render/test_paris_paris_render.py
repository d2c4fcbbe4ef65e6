"""The Paris Paris table picture, checked by decoding the PNG and reading pixels.

The renderer draws in logical pixels of a 1000x750 picture, so the layout's station and slot
coordinates are exactly where a test should find each shop, token and line.
"""

from __future__ import annotations

import io
import random
import time

import pytest
from PIL import Image

from bot.games.paris_paris.layout import STATION_XY, slot_centres
from bot.games.paris_paris.render import (
    HEIGHT,
    LINE_COLOURS,
    SEAT_COLOURS,
    WIDTH,
    render_table,
    token_centres,
)
from bot.render.drawing import safe_name
from games.paris_paris.data import LINES, STATIONS
from games.paris_paris.views import PublicView
from games.registry import get_game

GAME = get_game("paris-paris")
NAMES = ["Amélie", "Bastien", "Zoë", "Ngũgĩ"]


def play(players: int, actions: int, seed: int = 1):
    """A state after `actions` random legal actions (fewer if the game ends first)."""
    state = GAME.setup(players, GAME.parse_options({}), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        to_act = GAME.to_act(state)
        if not to_act:
            break
        seat = min(to_act)
        state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    return state


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def pixel(image: Image.Image, point: tuple[float, float]) -> tuple[int, int, int]:
    return image.getpixel((round(point[0]), round(point[1])))  # type: ignore[return-value]


def capacity(station: str) -> int:
    return 2 if len(STATIONS[station][1]) > 1 else 1


@pytest.fixture(scope="module")
def mid_game() -> PublicView:
    return GAME.view(play(3, 30), None)


def test_size_format_and_budget(mid_game: PublicView) -> None:
    png = render_table(mid_game, NAMES)
    assert decode(png).size == (WIDTH, HEIGHT) == (1000, 750)
    assert len(png) < 300_000
    start = time.perf_counter()
    render_table(mid_game, NAMES)
    assert time.perf_counter() - start < 0.5  # ~70 ms measured; generous for slow CI


def test_shop_is_drawn_in_its_owners_colour_in_its_slot(mid_game: PublicView) -> None:
    image = decode(render_table(mid_game, NAMES))
    checked = 0
    for station, owners in mid_game.board.items():
        slots = slot_centres(station, capacity(station))
        for seat, slot in zip(owners, slots, strict=False):
            assert close(pixel(image, slot), SEAT_COLOURS[seat]), (station, seat)
            checked += 1
    assert checked == sum(mid_game.shops_on_board)


def test_empty_station_shows_no_shop_colour(mid_game: PublicView) -> None:
    image = decode(render_table(mid_game, NAMES))
    empty = [s for s, owners in mid_game.board.items() if not owners]
    assert empty
    for station in empty:
        for slot in slot_centres(station, capacity(station)):
            colour = pixel(image, slot)
            assert not any(close(colour, seat) for seat in SEAT_COLOURS), station


def test_highlight_rings_the_station(mid_game: PublicView) -> None:
    plain = decode(render_table(mid_game, NAMES))
    ringed = decode(render_table(mid_game, NAMES, highlight={"pompidou"}))
    x, y = STATION_XY["pompidou"]
    ring = (x, y - 24)  # on the ring (crossing radius 17 + 7), inside the green line
    assert pixel(ringed, ring) != pixel(plain, ring)
    assert max(pixel(ringed, ring)) < 80  # dark ring
    far = STATION_XY["pantheon"]
    assert pixel(ringed, far) == pixel(plain, far)


def test_each_line_runs_between_consecutive_stations() -> None:
    """Every segment's midpoint shows its line colour: no label, token or shop covers it."""
    view = GAME.view(GAME.setup(3, GAME.parse_options({}), seed=7), None)
    image = decode(render_table(view, NAMES))
    for colour, stations in LINES.items():
        for a, b in zip(stations, stations[1:], strict=False):
            (xa, ya), (xb, yb) = STATION_XY[a], STATION_XY[b]
            mid = ((xa + xb) / 2, (ya + yb) / 2)
            assert close(pixel(image, mid), LINE_COLOURS[colour], 10), (colour, a, b)


def test_revealed_tokens_show_their_line_colour() -> None:
    state = play(4, 1)  # the first player has revealed a pile of 5
    view = GAME.view(state, None)
    assert len(view.display) == 5
    image = decode(render_table(view, NAMES))
    for token, centre in zip(view.display, token_centres(view), strict=True):
        assert close(pixel(image, centre), LINE_COLOURS[token.colour]), token


def test_same_view_gives_identical_bytes(mid_game: PublicView) -> None:
    assert render_table(mid_game, NAMES, highlight=["odeon"]) == render_table(
        mid_game, NAMES, highlight=("odeon",)
    )


@pytest.mark.parametrize("players", [2, 3])
def test_seat_view_renders_only_its_public_part(players: int) -> None:
    state = play(players, 17)
    public = render_table(GAME.view(state, None), NAMES)
    for seat in range(players):
        assert render_table(GAME.view(state, seat), NAMES) == public


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_renders(players: int) -> None:
    view = GAME.view(play(players, 12, seed=players), None)
    assert decode(render_table(view, NAMES[:players], title="Table 7")).size == (1000, 750)


def test_finished_game_shows_markers_and_winners() -> None:
    state = play(3, 10_000)
    view = GAME.view(state, None)
    assert view.phase == "over" and view.winners and view.markers
    image = decode(render_table(view, NAMES))
    assert image.size == (1000, 750)
    unfinished = decode(render_table(GAME.view(play(3, 40), None), NAMES))
    panel = (760, 200, 1000, 750)
    assert image.crop(panel).tobytes() != unfinished.crop(panel).tobytes()


def test_two_player_game_to_the_end() -> None:
    view = GAME.view(play(2, 10_000, seed=3), None)
    assert view.phase == "over"
    assert decode(render_table(view, ["A", "B"])).size == (1000, 750)


@pytest.mark.parametrize(
    "names",
    [
        ["😀😀😀", "🚌" * 80, "x" * 500],
        ["", "\u202eevil\u0000name\n\nline", "\ud800lone surrogate"],
        ["名前", "Ωμέγα", "Zoë"],
        [],  # missing names fall back to "Seat n"
    ],
)
def test_odd_names_never_crash(mid_game: PublicView, names: list[str]) -> None:
    assert decode(render_table(mid_game, names)).size == (1000, 750)


def test_safe_name_shortens_and_cleans() -> None:
    assert safe_name("x" * 40) == "x" * 15 + "\u2026"
    assert len(safe_name("😀" * 40)) == 16
    assert safe_name("a\nb\tc\u0000") == "a b c"
    assert safe_name("   ") == "?"
    assert safe_name("\ud800") == "?"

"""The Paris Paris table picture, checked by decoding the PNG and reading pixels, and by
recording the text it draws.

The renderer draws in logical pixels of a 1040x780 picture, which Discord shows about 520 px
wide: the layout's station and slot coordinates are exactly where a test should find each
shop and line, and every word must still be 11 px or more once shrunk to 520.
"""

from __future__ import annotations

import json
import math
import random
from importlib import resources

import pytest

from bot.games.paris_paris.adapter import ParisParisAdapter
from bot.games.paris_paris.colours import GLOW, LINE_COLOURS, SEAT_COLOURS
from bot.games.paris_paris.layout import (
    HEIGHT,
    LABELS,
    LINE_WIDTH,
    MAP_WIDTH,
    STATION_XY,
    WIDTH,
    label_lines,
    radius,
    slot_centres,
)
from bot.games.paris_paris.line_style import CASING
from bot.games.paris_paris.render import render_table
from bot.render.drawing import SUPERSAMPLE, safe_name
from bot.render.marks import label_id
from bot.render.palette import GOLD
from games.paris_paris.data import LINES, STATIONS
from games.paris_paris.views import ParisParisView
from games.registry import get_game
from tests.paris_paris.helpers import act, play_round, put, start, wait
from tests.render.colour_vision import as_embedded, closest_pair, keys_for_words, text_calls
from tests.render.pixels import NAMES, at, close_within, decode

GAME = get_game("paris-paris")
ADAPTER = ParisParisAdapter()
VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")


def play(players: int, actions: int, seed: int = 1):
    """A state after `actions` random legal actions (fewer if the game ends first), and the
    last move's events."""
    state = GAME.setup(players, GAME.parse_options({}), seed=seed)
    rng = random.Random(seed)
    events: list = []
    for _ in range(actions):
        to_act = GAME.to_act(state)
        if not to_act:
            break
        seat = min(to_act)
        action = rng.choice(list(GAME.legal_actions(state, seat)))
        state, events = GAME.apply(state, seat, action)
    return state, events


close = close_within(6)
EDGE = LINE_WIDTH / 2 - 1.5  # from a line's middle to its coloured edge


def capacity(station: str) -> int:
    return 2 if len(STATIONS[station][1]) > 1 else 1


def shop_body(slot: tuple[float, float]) -> tuple[float, float]:
    """A point on the wall of the shop in `slot`, beside the seat number written on it."""
    return (slot[0] - 9, slot[1] + 8)


@pytest.fixture(scope="module")
def mid_game() -> ParisParisView:
    return GAME.view(play(3, 30)[0], None)


def test_size_and_format(mid_game: ParisParisView) -> None:
    png = render_table(mid_game, NAMES)
    assert decode(png).size == (WIDTH, HEIGHT) == (1040, 780)
    assert len(png) < 300_000


def _views() -> list[tuple[str, ParisParisView, set[str]]]:
    out = []
    for players in (2, 3, 4):
        for label, actions in (("start", 1), ("middle", 12 * players), ("end", 10_000)):
            state, events = play(players, actions, seed=players)
            out.append((f"{players}p-{label}", GAME.view(state, None), ADAPTER.last_move(events)))
    return out


@pytest.mark.parametrize("case", _views(), ids=lambda c: c[0])
def test_every_word_is_11px_or_more_in_a_520px_embed(case, monkeypatch) -> None:
    _, view, marks = case
    with text_calls(monkeypatch) as calls:
        render_table(view, NAMES[: view.players], highlight=marks)
    assert calls
    small = [(c.text, round(c.embed_px(WIDTH), 1)) for c in calls if c.embed_px(WIDTH) < 11]
    assert not small, small


def test_every_station_is_named(mid_game: ParisParisView, monkeypatch) -> None:
    with text_calls(monkeypatch) as calls:
        render_table(mid_game, NAMES)
    drawn = {c.text for c in calls}
    for station in STATION_XY:
        for line in label_lines(STATIONS[station][0], station):
            assert line in drawn, station
    assert set(LABELS) == set(STATION_XY) == set(STATIONS)


def test_every_word_comes_from_the_catalogue(monkeypatch) -> None:
    """With every catalogue sentence replaced by its key, nothing English is left: what is
    drawn is keys, station names, player names and numbers."""
    state, events = play(4, 10_000, seed=2)
    keys_for_words(monkeypatch, "bot.games.paris_paris")
    with text_calls(monkeypatch) as calls:
        render_table(GAME.view(state, None), NAMES, highlight=ADAPTER.last_move(events))
    names = {safe_name(n) for n in NAMES}
    station_words = {line for s in STATION_XY for line in label_lines(STATIONS[s][0], s)}
    for call in calls:
        text = call.text.rstrip("\u2026")
        ok = (
            text.startswith("«")
            or text in names
            or text in station_words
            or text.isdigit()
            or any(n.startswith(text) for n in names)
        )
        assert ok, call.text


def test_shop_is_drawn_in_its_owners_colour_in_its_slot(mid_game: ParisParisView) -> None:
    image = decode(render_table(mid_game, NAMES))
    checked = 0
    for station, owners in mid_game.board.items():
        slots = slot_centres(station, capacity(station))
        for seat, (x, y) in zip(owners, slots, strict=False):
            assert close(at(image, shop_body((x, y))), SEAT_COLOURS[seat]), (station, seat)
            checked += 1
    assert checked == sum(mid_game.shops_on_board)


def test_every_shop_carries_its_seats_number(mid_game: ParisParisView, monkeypatch) -> None:
    """The second cue besides colour: the seat number on every shop (and on each player's
    shop in the panel)."""
    with text_calls(monkeypatch) as calls:
        render_table(mid_game, NAMES)
    drawn = [c.text for c in calls]
    for seat in range(mid_game.players):
        assert drawn.count(str(seat + 1)) >= mid_game.shops_on_board[seat] + 1


def test_seat_colours_stay_apart_with_colour_vision_deficiencies() -> None:
    for vision in VISIONS:
        assert closest_pair(SEAT_COLOURS, vision) >= 25, vision


def test_seat_colours_are_told_apart_in_a_520px_embed(mid_game: ParisParisView) -> None:
    """Shrunk to the embed, a shop's wall still shows its seat's colour."""
    image = as_embedded(render_table(mid_game, NAMES))
    scale = 520 / WIDTH
    for station, owners in mid_game.board.items():
        for seat, (x, y) in zip(owners, slot_centres(station, capacity(station)), strict=False):
            bx, by = shop_body((x, y))
            seen = at(image, (bx * scale, by * scale))
            nearest = min(range(4), key=lambda s: distance(seen, SEAT_COLOURS[s]))
            assert nearest == seat, (station, seat, seen)


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True))


def test_empty_station_shows_no_shop_colour(mid_game: ParisParisView) -> None:
    image = decode(render_table(mid_game, NAMES))
    empty = [s for s, owners in mid_game.board.items() if not owners]
    assert empty
    for station in empty:
        for slot in slot_centres(station, capacity(station)):
            colour = at(image, slot)
            assert not any(close(colour, seat) for seat in SEAT_COLOURS), station


def test_highlight_rings_the_station(mid_game: ParisParisView) -> None:
    plain = decode(render_table(mid_game, NAMES))
    ringed = decode(render_table(mid_game, NAMES, highlight={"pompidou"}))
    x, y = STATION_XY["pompidou"]
    ring = (x, y - radius(True) - 8)
    assert at(ringed, ring) != at(plain, ring)
    assert max(at(ringed, ring)) < 80  # dark ring
    far = STATION_XY["pantheon"]
    assert at(ringed, far) == at(plain, far)


def test_each_line_runs_between_consecutive_stations() -> None:
    """Along every segment the line's colour shows (a name may cross a line, not hide it)."""
    view = GAME.view(GAME.setup(3, GAME.parse_options({}), seed=7), None)
    image = decode(render_table(view, NAMES))
    for colour, stations in LINES.items():
        for a, b in zip(stations, stations[1:], strict=False):
            (xa, ya), (xb, yb) = STATION_XY[a], STATION_XY[b]
            # Along its edges: the middle carries the line's pattern of white marks.
            norm = math.hypot(xb - xa, yb - ya)
            ox, oy = -(yb - ya) / norm * EDGE, (xb - xa) / norm * EDGE
            middles = [(xa + (xb - xa) * k / 10, ya + (yb - ya) * k / 10) for k in range(2, 9)]
            seen = sum(
                any(
                    close(at(image, (x + side * ox, y + side * oy)), LINE_COLOURS[colour], 12)
                    for side in (1, -1)
                )
                for x, y in middles
            )
            assert seen >= 3, (colour, a, b)


def test_the_map_stays_left_of_the_panel() -> None:
    for station, (x, y) in STATION_XY.items():
        r = radius(capacity(station) == 2)
        assert r < x < MAP_WIDTH - r and r < y < HEIGHT - r, station


def test_revealed_tokens_are_listed_big_with_station_and_line(monkeypatch) -> None:
    state, _ = play(4, 1)  # the first player has revealed a pile of 5
    view = GAME.view(state, None)
    assert len(view.display) == 5
    with text_calls(monkeypatch) as calls:
        png = render_table(view, NAMES)
    drawn = [c.text for c in calls]
    for token in view.display:
        name = STATIONS[token.station][0]
        # In the panel, whole (the map may write it on two lines), with its line's colour.
        assert name in drawn, name
        assert json_colour(token.colour) in drawn, token.colour
    assert all(c.embed_px(WIDTH) >= 11 for c in calls)
    # Each token's station is ringed in its line colour on the map.
    image = decode(png)
    for token in view.display:
        ring = around(token.station, 10) + around(token.station, 19)  # a second token: further
        assert any(close(at(image, p), LINE_COLOURS[token.colour], 12) for p in ring), token


def around(station: str, gap: float) -> list[tuple[float, float]]:
    """Points on a circle `gap` px outside a station's disc."""
    x, y = STATION_XY[station]
    r = radius(capacity(station) == 2) + gap
    return [
        (x + r * math.cos(a / 8 * math.pi), y + r * math.sin(a / 8 * math.pi)) for a in range(16)
    ]


def json_colour(colour: str) -> str:
    catalogue = json.loads(
        resources.files("bot.games.paris_paris").joinpath("i18n", "en.json").read_text("utf-8")
    )
    return catalogue[f"pp.colour_word.{colour}"]


def test_same_view_gives_identical_bytes(mid_game: ParisParisView) -> None:
    assert render_table(mid_game, NAMES, highlight=["odeon"]) == render_table(
        mid_game, NAMES, highlight=("odeon",)
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_renders(players: int) -> None:
    view = GAME.view(play(players, 12, seed=players)[0], None)
    assert decode(render_table(view, NAMES[:players], title="Table 7")).size == (1040, 780)


# --- the last move ----------------------------------------------------------------------------


def excursion_round():
    """Round 1 of 3 players: the leftover green token meets a green one waiting on P, so the
    visit at Notre-Dame is followed by an excursion on the green line. The state after the
    round and the events of its last move."""
    takes = ["marais/orange", "pigalle/red", "invalides/pink"]
    state = put(
        start(3, [["notre_dame/green", *takes]]),
        {"pompidou": [0], "hotel_de_ville": [1], "les_halles": [2]},
    )
    state, _ = play_round(wait(state, "green"), 0, takes[:2])
    return act(state, {"type": "take", "station": "invalides", "colour": "pink"})


def test_last_move_marks_the_visit_the_scorers_and_the_line() -> None:
    state, events = excursion_round()
    marks = ADAPTER.last_move(events)
    assert marks == {
        "invalides",
        "visit:notre_dame",
        "scored:hotel_de_ville",
        "scored:pompidou",
        "line:green",
    }
    view = GAME.view(state, None)
    plain = decode(render_table(view, NAMES))
    image = decode(render_table(view, NAMES, highlight=marks))
    # Gold rings round the stations that scored.
    for station in ("hotel_de_ville", "pompidou"):
        ring = around(station, 4)  # the gold band is 8 px wide, outside the disc
        assert sum(close(at(image, p), GOLD, 30) for p in ring) >= 8, station
        assert not any(close(at(plain, p), GOLD, 30) for p in ring), station
    # The green line glows where it runs between two stations.
    (xa, ya), (xb, yb) = STATION_XY["gare_du_nord"], STATION_XY["montmartre"]
    dx, dy = xb - xa, yb - ya
    norm = math.hypot(dx, dy)
    out = LINE_WIDTH / 2 + CASING + 2  # outside the white casing
    side = ((xa + xb) / 2 - dy / norm * out, (ya + yb) / 2 + dx / norm * out)
    assert close(at(image, side), GLOW, 30)
    assert not close(at(plain, side), GLOW, 30)


def test_final_picture_marks_the_winner(monkeypatch) -> None:
    state, events = play(3, 10_000)
    view = GAME.view(state, None)
    assert view.phase == "over" and view.winners and view.markers
    with text_calls(monkeypatch) as calls:
        png = render_table(view, NAMES, highlight=ADAPTER.last_move(events))
    winner = json.loads(
        resources.files("bot.games.paris_paris").joinpath("i18n", "en.json").read_text("utf-8")
    )["pp.img.winner"]
    drawn = [c.text for c in calls]
    assert winner in drawn
    assert safe_name(NAMES[view.winners[0]]) in drawn
    image = decode(png)
    panel = image.crop((MAP_WIDTH + 8, 80, WIDTH, 190))
    # The banner and its star.
    assert sum(close(p, GOLD, 20) for p in panel.get_flattened_data()) > 100
    unfinished = GAME.view(play(3, 40)[0], None)
    with text_calls(monkeypatch) as calls:
        render_table(unfinished, NAMES)
    assert winner not in [c.text for c in calls]


def test_two_player_game_to_the_end() -> None:
    view = GAME.view(play(2, 10_000, seed=3)[0], None)
    assert view.phase == "over"
    assert decode(render_table(view, ["A", "B"])).size == (1040, 780)


@pytest.mark.parametrize(
    "names",
    [
        ["😀😀😀", "🚌" * 80, "x" * 500],
        ["", "\u202eevil\u0000name\n\nline", "\ud800lone surrogate"],
        ["名前", "Ωμέγα", "Zoë"],
        ["W" * 16, "M" * 16, "@" * 16],
        [],  # missing names fall back to "Seat n"
    ],
)
def test_odd_names_never_crash(mid_game: ParisParisView, names: list[str]) -> None:
    assert decode(render_table(mid_game, names)).size == (1040, 780)


def test_safe_name_shortens_and_cleans() -> None:
    assert safe_name("x" * 40) == "x" * 15 + "\u2026"
    assert len(safe_name("😀" * 40)) == 16
    assert safe_name("a\nb\tc\u0000") == "a b c"
    assert safe_name("   ") == "?"
    assert safe_name("\ud800") == "?"


def test_a_panel_tag_sits_by_its_station_outside_its_rings(monkeypatch):
    # Issue 20, item 3: the panel's picture tags each offered token's station with the tag
    # of its button; the tag is beside the station, never on it, and 11 px or more.
    for seed in range(1, 6):
        state, _ = play(4, 7 + seed, seed)
        view = GAME.view(state, None)
        stations = sorted({token.station for token in view.display})
        if not stations:
            continue
        tags = {station: str(n) for n, station in enumerate(stations, 1)}
        with text_calls(monkeypatch) as plain:
            render_table(view, NAMES[:4])
        with text_calls(monkeypatch) as calls:
            tagged = render_table(
                view, NAMES[:4], highlight={label_id(t, s) for s, t in tags.items()}
            )
        added = [c for c in calls if c not in plain]  # the tags (shops carry numbers too)
        assert sorted(c.text for c in added) == sorted(tags.values())
        for station, tag in tags.items():
            (call,) = [c for c in added if c.text == tag]
            size = call.px / SUPERSAMPLE  # the text's middle, roughly: tags are 1–2 digits
            point = (call.x + size * 0.3 * len(tag), call.baseline - size * 0.35)
            nearest = min(STATION_XY, key=lambda s: math.dist(point, STATION_XY[s]))
            assert nearest == station, (seed, station, point)
            rings = sum(token.station == station for token in view.display)
            outside = radius(capacity(station) == 2) + 10 + 9 * (rings - 1)
            assert math.dist(point, STATION_XY[station]) > outside
            assert point[0] < MAP_WIDTH and call.embed_px(WIDTH) >= 11
        assert tagged != render_table(view, NAMES[:4])

"""The Paris Paris table picture: the bus map with shops, plus a side panel.

Why it reads only the public fields of a `ParisParisView`: the table image is posted publicly,
so a seat's view draws the public picture too, and its marker and supply are never read
(tests/contract/test_pictures.py).

Why everything is big: Discord shows the picture about 520 px wide, half its 1040 px, so every
word is drawn at `TEXT` (22) logical pixels or more (11 px on screen), shops are 26 px houses
with their seat's number on them, and the tokens a player chooses from are listed large in the
panel (station and line) and ringed in their line's colour on the map.

Player colours are four Okabe–Ito colours (yellow, sky blue, near-black, vermilion: told apart
with the common colour-vision deficiencies too), and every shop also carries its seat number.

`highlight` ids: a station id (a preview's or the last move's shop), `visit:<station>` (the
last visit), `scored:<station>` (a station whose shops scored in the last visit or
excursion) and `line:<colour>` (a line whose bus ran); `ParisParisAdapter.last_move` builds
them from a move's public events.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field

from bot.games.paris_paris.layout import (
    HEIGHT,
    LABELS,
    LEGEND_XY,
    MAP_WIDTH,
    SEINE,
    SHOP,
    STATION_XY,
    WIDTH,
    direction,
    label_lines,
    radius,
    slot_centres,
)
from bot.i18n import t
from bot.render.drawing import Canvas, Colour, Point, safe_name
from games.paris_paris.data import COLOURS, LINES, STATIONS
from games.paris_paris.views import ParisParisView

BACKGROUND: Colour = (247, 242, 230)
PANEL: Colour = (236, 229, 212)
PANEL_EDGE: Colour = (210, 200, 180)
INK: Colour = (40, 38, 36)
SOFT_INK: Colour = (92, 86, 78)
WATER: Colour = (200, 222, 238)
WHITE: Colour = (255, 255, 255)
HIGHLIGHT: Colour = (20, 20, 20)
EMPTY: Colour = (176, 166, 146)
GOLD: Colour = (240, 180, 0)
GLOW: Colour = (255, 222, 90)
ACTING: Colour = (255, 250, 236)
WON: Colour = (252, 236, 170)

# The five bus lines (only green is a verified colour; see games/paris_paris/data.py).
LINE_COLOURS: dict[str, Colour] = {
    "green": (30, 150, 80),
    "red": (210, 40, 40),
    "blue": (40, 100, 210),
    "orange": (245, 140, 20),
    "pink": (230, 100, 180),
}

# Seat colours: Okabe–Ito yellow, sky blue, black (a dark grey here) and vermilion, which stay
# apart with protanopia, deuteranopia and tritanopia (tests/render checks it). They echo the
# rulebook's yellow, natural, grey and violet pieces as far as legibility allows; the seat's
# number on every shop is the second cue.
SEAT_COLOURS: tuple[Colour, ...] = ((240, 228, 66), (86, 180, 233), (50, 50, 50), (213, 94, 0))
SEAT_INK: tuple[Colour, ...] = (INK, INK, WHITE, WHITE)  # the number on the shop

TEXT = 22  # the smallest text: 11 px in a 520 px wide embed
BIG = 28
LINE_WIDTH = 9


@dataclass(frozen=True)
class Marks:
    """What `highlight` asks to emphasise, sorted by kind."""

    shops: set[str] = field(default_factory=set)
    visits: set[str] = field(default_factory=set)
    scored: set[str] = field(default_factory=set)
    lines: set[str] = field(default_factory=set)


def parse_marks(highlight: Collection[str]) -> Marks:
    marks = Marks()
    for item in highlight:
        kind, _, value = item.rpartition(":")
        target = {
            "": marks.shops,
            "shop": marks.shops,
            "visit": marks.visits,
            "scored": marks.scored,
            "line": marks.lines,
        }.get(kind)
        known = value in LINES if kind == "line" else value in STATION_XY
        if target is not None and known:
            target.add(value)
    return marks


def render_table(
    view: ParisParisView,
    names: list[str],
    *,
    highlight: Collection[str] = (),
    title: str | None = None,
) -> bytes:
    """The public table as a PNG: map, shops, revealed tokens, P spaces, players, scores.

    `highlight` marks the last move or a preview (see the module docstring); `names` are
    the seats' display names (any Unicode, shortened to fit).
    """
    canvas = Canvas(WIDTH, HEIGHT, BACKGROUND)
    marks = parse_marks(highlight)
    _draw_map(canvas, view, marks)
    _draw_panel(canvas, view, names, title, marks)
    return canvas.png()


def _crossing(station: str) -> bool:
    return len(STATIONS[station][1]) > 1


def _lines_through(station: str) -> list[str]:
    return [c for c in COLOURS if station in LINES[c]]


def seat_name(names: list[str], seat: int) -> str:
    return safe_name(names[seat]) if seat < len(names) else t("pp.img.seat", n=seat + 1)


def fit(canvas: Canvas, text: str, size: float, width: float, bold: bool = False) -> str:
    """`text`, cut with an ellipsis until it fits `width`."""
    if canvas.text_width(text, size, bold) <= width:
        return text
    while len(text) > 1 and canvas.text_width(text + "\u2026", size, bold) > width:
        text = text[:-1].rstrip()
    return text + "\u2026"


# --- the map -----------------------------------------------------------------------------


def _draw_map(canvas: Canvas, view: ParisParisView, marks: Marks) -> None:
    canvas.line(SEINE, WATER, 26)
    for colour in COLOURS:
        if colour in marks.lines:
            points = [STATION_XY[s] for s in LINES[colour]]
            canvas.line(points, INK, LINE_WIDTH + 16)
            canvas.line(points, GLOW, LINE_WIDTH + 11)
    for colour in COLOURS:
        points = [STATION_XY[s] for s in LINES[colour]]
        canvas.line(points, LINE_COLOURS[colour], LINE_WIDTH)
    for colour in COLOURS:
        _draw_start_arrow(canvas, colour)
    _draw_token_rings(canvas, view)
    for station in STATION_XY:
        _draw_marks(canvas, station, marks)
    for station in STATION_XY:
        _draw_station(canvas, station, view.board.get(station, []))
    for station in STATION_XY:
        _draw_label(canvas, station)
    _draw_legend(canvas, LEGEND_XY)


def _draw_legend(canvas: Canvas, corner: Point) -> None:
    """Line names by colour (markers, tokens and P spaces name lines by colour)."""
    x, y = corner
    words = [t(f"pp.colour_word.{c}") for c in COLOURS] + [t("pp.img.start")]
    width = 64 + max(canvas.text_width(w, TEXT) for w in words)
    canvas.rect((x, y, x + width, y + 182), (252, 249, 241), PANEL_EDGE, 1.5, 8)
    for i, colour in enumerate(COLOURS):
        row = y + 19 + i * 29
        canvas.line([(x + 12, row), (x + 44, row)], LINE_COLOURS[colour], LINE_WIDTH)
        canvas.text((x + 54, row), words[i], TEXT, INK, "lm")
    row = y + 19 + 5 * 29
    canvas.polygon([(x + 20, row - 9), (x + 20, row + 9), (x + 36, row)], SOFT_INK, INK, 1)
    canvas.text((x + 54, row), words[-1], TEXT, SOFT_INK, "lm")


def _draw_marks_legend(canvas: Canvas, marks: Marks, x: float, y: float) -> float:
    """What the last move's rings and glow mean (only those drawn), from `y` down."""
    rows: list[tuple[str, str]] = []
    if marks.visits:
        rows.append(("visit", t("pp.img.mark.visit")))
    if marks.scored:
        rows.append(("scored", t("pp.img.mark.scored")))
    if marks.lines:
        rows.append(("line", t("pp.img.mark.excursion")))
    for kind, word in rows:
        centre = (x + 18, y + 15)
        if kind == "line":
            canvas.line([(x + 10, y + 15), (x + 26, y + 15)], INK, LINE_WIDTH + 10)
            canvas.line([(x + 10, y + 15), (x + 26, y + 15)], GLOW, LINE_WIDTH + 6)
        elif kind == "visit":
            _dashed_ring(canvas, centre, 12, HIGHLIGHT, 4)
        else:
            canvas.circle(centre, 12, outline=GOLD, width=6)
        canvas.text((x + 46, y + 15), word, TEXT, INK, "lm")
        y += 30
    return y


def _draw_start_arrow(canvas: Canvas, colour: str) -> None:
    """A triangle in the line's colour just before its start station, pointing along it."""
    first, second = LINES[colour][0], LINES[colour][1]
    (x0, y0), (x1, y1) = STATION_XY[first], STATION_XY[second]
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    r = radius(_crossing(first))
    tip = (x0 - ux * (r + 4), y0 - uy * (r + 4))
    back = (x0 - ux * (r + 26), y0 - uy * (r + 26))
    half = 11
    canvas.polygon(
        [
            tip,
            (back[0] - uy * half, back[1] + ux * half),
            (back[0] + uy * half, back[1] - ux * half),
        ],
        LINE_COLOURS[colour],
        INK,
        2,
    )


def _dashed_ring(canvas: Canvas, centre: Point, r: float, colour: Colour, width: float) -> None:
    for k in range(12):
        start = k * 30
        canvas.arc(centre, r, start, start + 18, colour, width)


def _draw_token_rings(canvas: Canvas, view: ParisParisView) -> None:
    """Each displayed token rings its station in its line's colour (a second token of the
    same station rings it once more, further out)."""
    seen: dict[str, int] = {}
    for token in view.display:
        n = seen.get(token.station, 0)
        seen[token.station] = n + 1
        r = radius(_crossing(token.station)) + 10 + n * 9
        centre = STATION_XY[token.station]
        canvas.circle(centre, r + 4, outline=INK, width=2)
        canvas.circle(centre, r, outline=LINE_COLOURS[token.colour], width=7)


def _draw_marks(canvas: Canvas, station: str, marks: Marks) -> None:
    centre = STATION_XY[station]
    r = radius(_crossing(station))
    if station in marks.scored:
        canvas.circle(centre, r + 12, fill=WHITE, outline=INK, width=2)
        canvas.circle(centre, r + 8, outline=GOLD, width=8)
    if station in marks.visits:
        canvas.circle(centre, r + 10, fill=WHITE if station not in marks.scored else None)
        _dashed_ring(canvas, centre, r + 17, HIGHLIGHT, 5)
    if station in marks.shops:
        canvas.circle(centre, r + 11, fill=WHITE)
        canvas.circle(centre, r + 8, outline=HIGHLIGHT, width=5)


def _draw_station(canvas: Canvas, station: str, owners: list[int]) -> None:
    """A white disc (crossings ringed in both line colours) with its shop slots."""
    centre = STATION_XY[station]
    crossing = _crossing(station)
    r = radius(crossing)
    canvas.circle(centre, r, fill=WHITE, outline=INK, width=2.5)
    if crossing:
        first, second = _lines_through(station)
        canvas.arc(centre, r - 3.5, 180, 360, LINE_COLOURS[first], 5)
        canvas.arc(centre, r - 3.5, 0, 180, LINE_COLOURS[second], 5)
    capacity = 2 if crossing else 1
    for i, (x, y) in enumerate(slot_centres(station, capacity)):
        if i < len(owners):
            draw_shop(canvas, (x, y + 2), owners[i])
        else:
            h = SHOP / 2 - 4
            canvas.rect((x - h, y - h, x + h, y + h), None, EMPTY, 1.5, radius=3)


def draw_shop(canvas: Canvas, centre: Point, seat: int, size: float = SHOP) -> None:
    """A house in the seat's colour with the seat's number on it, body centred on `centre`."""
    x, y = centre
    h = size / 2
    roof = size * 0.42
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    canvas.polygon(
        [
            (x - h, y + h - 2),
            (x - h, y - h + 3),
            (x, y - h - roof + 3),
            (x + h, y - h + 3),
            (x + h, y + h - 2),
        ],
        colour,
        INK,
        1.8,
    )
    canvas.text((x, y + 3), str(seat + 1), TEXT * size / SHOP, SEAT_INK[seat % 4], "mm", bold=True)


def _draw_label(canvas: Canvas, station: str) -> None:
    side = LABELS[station][0]
    dx, dy = direction(side)
    x, y = STATION_XY[station]
    gap = radius(_crossing(station)) + 6
    lines = label_lines(STATIONS[station][0], station)
    step = TEXT + 2
    cx, cy = x + dx * gap, y + dy * gap
    # The block of lines sits on the named side: above for n, below for s, centred for e/w.
    h = step * len(lines)
    top = {
        "n": cy - h,
        "s": cy,
        "e": cy - h / 2,
        "w": cy - h / 2,
        "ne": cy - h,
        "nw": cy - h,
        "se": cy,
        "sw": cy,
    }[side]
    horizontal = {
        "n": "m",
        "s": "m",
        "e": "l",
        "w": "r",
        "ne": "l",
        "nw": "r",
        "se": "l",
        "sw": "r",
    }[side]
    for i, line in enumerate(lines):
        canvas.text(
            (cx, top + i * step + step / 2),
            line,
            TEXT,
            INK,
            anchor=horizontal + "m",
            outline=BACKGROUND,
            outline_width=3,
            bold=True,
        )


# --- the side panel ----------------------------------------------------------------------

PANEL_X = MAP_WIDTH + 14
PANEL_RIGHT = WIDTH - 12


def _draw_panel(
    canvas: Canvas, view: ParisParisView, names: list[str], title: str | None, marks: Marks
) -> None:
    x0 = PANEL_X
    canvas.rect((x0 - 6, 0, WIDTH, HEIGHT), PANEL)
    canvas.line([(x0 - 6, 0), (x0 - 6, HEIGHT)], PANEL_EDGE, 2)
    x = x0 + 4
    width = PANEL_RIGHT - x
    over = view.phase == "over"
    if over:
        status, piles = t("pp.img.game_over"), ""
    else:
        status = t("pp.img.round", round=view.round, rounds=view.rounds)
        piles = t("pp.piles_left", n=view.piles_left)
    status_width = canvas.text_width(status, TEXT, True)
    piles_width = canvas.text_width(piles, TEXT)
    # The piles go beside the round when both fit, else on the title's line.
    beside = status_width + piles_width + 16 <= width
    room = width if beside or not piles else width - piles_width - 16
    canvas.text(
        (x, 10), fit(canvas, title or t("game.paris-paris"), BIG, room, True), BIG, INK, bold=True
    )
    canvas.text((x, 62), fit(canvas, status, TEXT, width, True), TEXT, INK, "lm", bold=True)
    if piles:
        canvas.text((PANEL_RIGHT, 62 if beside else 26), piles, TEXT, SOFT_INK, "rm")
    if over:
        y = _draw_winners(canvas, view, names, x, 88)
    else:
        y = _draw_tokens(canvas, view, x, 88)
    if not view.display:
        y = _draw_marks_legend(canvas, marks, x, y)
    # Room for the most tokens a round shows (one more than the players), so the panel below
    # stays put during a round.
    y = _draw_p_spaces(canvas, view, x, max(y, 120 + 36 * (view.players + 1)) + 8)
    y = _draw_bag_or_marker(canvas, view, x, y + 8)
    _draw_players(canvas, view, names, x, y + 10)


def _draw_tokens(canvas: Canvas, view: ParisParisView, x: float, y: float) -> float:
    """The tokens to choose from, each big: its line's colour and its station's name."""
    if not view.display:
        canvas.text((x, y + 14), t("pp.img.no_tokens"), TEXT, SOFT_INK, "lm")
        return y + 30
    canvas.text((x, y + 14), t("pp.img.tokens"), TEXT, INK, "lm")
    y += 32
    for token in view.display:
        colour = LINE_COLOURS[token.colour]
        canvas.rect((x, y, x + 34, y + 30), colour, INK, 2, 6)
        name = STATIONS[token.station][0]
        word = t(f"pp.colour_word.{token.colour}")
        room = PANEL_RIGHT - (x + 44) - canvas.text_width(word, TEXT) - 10
        canvas.text(
            (x + 44, y + 15), fit(canvas, name, TEXT, room, True), TEXT, INK, "lm", bold=True
        )
        canvas.text((PANEL_RIGHT, y + 15), word, TEXT, SOFT_INK, "rm")
        y += 36
    return y


def _draw_winners(
    canvas: Canvas, view: ParisParisView, names: list[str], x: float, y: float
) -> float:
    """The final picture's banner: a trophy star and the winner's name (or names)."""
    winners = view.winners or []
    canvas.rect((x - 4, y, PANEL_RIGHT + 4, y + 84), WON, GOLD, 3, 10)
    draw_star(canvas, (x + 26, y + 42), 20)
    key = "pp.img.winner" if len(winners) == 1 else "pp.img.winners"
    canvas.text((x + 56, y + 24), t(key), TEXT, INK, "lm", bold=True)
    who = ", ".join(seat_name(names, s) for s in winners)
    canvas.text(
        (x + 56, y + 56),
        fit(canvas, who, BIG, PANEL_RIGHT - x - 60, True),
        BIG,
        INK,
        "lm",
        bold=True,
    )
    return y + 96


def _draw_p_spaces(canvas: Canvas, view: ParisParisView, x: float, y: float) -> float:
    canvas.text((x, y + 12), t("pp.img.waiting"), TEXT, INK, "lm")
    size, gap = 42, 10
    top = y + 30
    for i in range(5):
        left = x + i * (size + gap)
        box = (left, top, left + size, top + size)
        if i < len(view.waiting):
            canvas.rect(box, LINE_COLOURS[view.waiting[i]], INK, 2, 6)
        else:
            canvas.rect(box, BACKGROUND, EMPTY, 2, 6)
            canvas.text(
                (left + size / 2, top + size / 2), t("pp.img.p_space"), TEXT, EMPTY, "mm", bold=True
            )
    return top + size


def _draw_bag_or_marker(canvas: Canvas, view: ParisParisView, x: float, y: float) -> float:
    if view.players == 2:
        if view.face_up_marker is None:
            return y
        label = t("pp.img.face_up")
        canvas.text((x, y + 16), label, TEXT, INK, "lm")
        right = x + canvas.text_width(label, TEXT) + 34
        draw_marker(canvas, (right, y + 16), view.face_up_marker)
        canvas.text(
            (right + 26, y + 16),
            t(f"pp.colour_word.{view.face_up_marker}"),
            TEXT,
            INK,
            "lm",
            bold=True,
        )
        return y + 32
    _draw_bag(canvas, (x + 14, y + 16))
    canvas.text((x + 36, y + 16), t("pp.img.bag", n=view.bag_size), TEXT, INK, "lm")
    return y + 32


def _draw_bag(canvas: Canvas, centre: Point) -> None:
    x, y = centre
    canvas.rect((x - 12, y - 7, x + 12, y + 13), (165, 120, 80), INK, 1.5, 7)
    canvas.polygon(
        [(x - 6, y - 7), (x - 10, y - 14), (x + 10, y - 14), (x + 6, y - 7)],
        (165, 120, 80),
        INK,
        1.5,
    )


def draw_marker(canvas: Canvas, centre: Point, colour: str) -> None:
    """A final-excursion marker: a large oval in its line colour."""
    x, y = centre
    fill = LINE_COLOURS[colour]
    canvas.rect((x - 20, y - 11, x + 20, y + 11), fill, INK, 1.8, 11)


def _draw_players(
    canvas: Canvas, view: ParisParisView, names: list[str], x: float, y: float
) -> None:
    row = min(96.0, (HEIGHT - 8 - y) / max(1, view.players))
    for seat in range(view.players):
        _draw_player(canvas, view, seat, names, x, y + seat * row, row - 6)


def _draw_player(
    canvas: Canvas,
    view: ParisParisView,
    seat: int,
    names: list[str],
    x: float,
    y: float,
    height: float,
) -> None:
    acting = seat in view.to_act
    winner = view.winners is not None and seat in view.winners
    box = (x - 6, y, PANEL_RIGHT + 6, y + height)
    if winner:
        canvas.rect(box, WON, GOLD, 3, 8)
    elif acting:
        canvas.rect(box, ACTING, INK, 3, 8)
        canvas.polygon([(x - 14, y + 8), (x - 14, y + 30), (x - 3, y + 19)], INK)
    top = y + 20
    draw_shop(canvas, (x + 16, top + 2), seat, 28)
    score = str(view.scores[seat])
    right = PANEL_RIGHT - canvas.text_width(score, BIG, True) - 8
    if winner:
        draw_star(canvas, (right - 16, top), 14)
        right -= 36
    if seat == view.first_player and view.phase != "over":
        draw_bus(canvas, (right - 20, top))
        right -= 46
    name = fit(canvas, seat_name(names, seat), TEXT, right - (x + 38), True)
    canvas.text((x + 38, top), name, TEXT, INK, "lm", bold=True)
    canvas.text((PANEL_RIGHT, top), score, BIG, INK, "rm", bold=True)
    details = [t("pp.img.on_board", n=view.shops_on_board[seat])]
    if view.supplies is not None:
        details.append(t("pp.img.in_supply", n=view.supplies[seat]))
    if view.bag is not None and view.players > 2:
        details.append(t("pp.img.in_bag", n=view.bag[seat]))
    left = x + 38
    second = top + 32
    if view.markers is not None:
        left = x
        draw_marker(canvas, (left + 20, second), view.markers[seat])
        left += 48
    text = " · ".join(details)
    room = PANEL_RIGHT - left
    if canvas.text_width(text, TEXT) > room and len(details) > 1 and height >= 90:
        canvas.text(
            (left, second), fit(canvas, " · ".join(details[:-1]), TEXT, room), TEXT, SOFT_INK, "lm"
        )
        canvas.text((left, second + 28), fit(canvas, details[-1], TEXT, room), TEXT, SOFT_INK, "lm")
    else:
        canvas.text((left, second), fit(canvas, text, TEXT, room), TEXT, SOFT_INK, "lm")


def draw_bus(canvas: Canvas, centre: Point) -> None:
    """The bus that marks the first player: a small side view."""
    x, y = centre
    canvas.rect((x - 19, y - 11, x + 19, y + 8), (210, 60, 50), INK, 1.5, 4)
    for wx in (x - 14, x - 5, x + 4):
        canvas.rect((wx, y - 7, wx + 7, y - 1), (220, 235, 245))
    canvas.circle((x - 10, y + 8), 4, fill=INK)
    canvas.circle((x + 10, y + 8), 4, fill=INK)


def draw_star(canvas: Canvas, centre: Point, r: float) -> None:
    x, y = centre
    points = []
    for i in range(10):
        k = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + k * math.cos(a), y + k * math.sin(a)))
    canvas.polygon(points, GOLD, INK, 1.5)

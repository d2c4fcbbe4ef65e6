"""The Paris Paris table picture: the bus map with shops and tokens, plus a side panel.

Why it takes a `PublicView`: the table image is posted publicly, so it must be drawn from what
everybody may see. A `SeatView` is accepted (it is a `PublicView`) but cut back to the public
fields first, so its marker and supply can never leak into the picture.
"""

from __future__ import annotations

import math
from collections.abc import Collection

from bot.games.paris_paris.layout import (
    LABEL_SIDE,
    MAP_WIDTH,
    SEINE,
    STATION_XY,
    TOKEN_SIDE,
    direction,
    radius,
    slot_centres,
)
from bot.i18n import t
from bot.render.drawing import Canvas, Colour, Point, safe_name
from games.paris_paris.data import COLOURS, LINES, STATIONS
from games.paris_paris.views import PublicView

WIDTH, HEIGHT = 1000, 750

BACKGROUND: Colour = (247, 242, 230)
PANEL: Colour = (236, 229, 212)
INK: Colour = (45, 42, 40)
SOFT_INK: Colour = (110, 104, 96)
WATER: Colour = (200, 222, 238)
WHITE: Colour = (255, 255, 255)
HIGHLIGHT: Colour = (20, 20, 20)
EMPTY: Colour = (190, 180, 160)

# The five bus lines (only green is a verified colour; see games/paris_paris/data.py).
LINE_COLOURS: dict[str, Colour] = {
    "green": (40, 150, 80),
    "red": (205, 45, 45),
    "blue": (40, 100, 205),
    "orange": (240, 135, 25),
    "pink": (225, 95, 170),
}

# Player colours as in the rulebook: yellow, natural (unpainted wood), grey, violet.
PLAYER_COLOURS: dict[str, Colour] = {
    "yellow": (245, 200, 30),
    "natural": (222, 196, 150),
    "grey": (125, 125, 125),
    "violet": (125, 65, 170),
}
SEAT_COLOURS: tuple[Colour, ...] = tuple(PLAYER_COLOURS.values())  # seat 0 yellow, ...

LINE_WIDTH = 7
LABEL_SIZE = 13
CHIP = 12  # side of a revealed token chip
SHOP = 11  # width of a shop house


def render_table(
    view: PublicView,
    names: list[str],
    *,
    highlight: Collection[str] = (),
    title: str | None = None,
) -> bytes:
    """The public table as a PNG: map, shops, revealed tokens, P spaces, players, scores.

    `highlight` rings stations (a move's preview, the last visit or excursion); `names` are
    the seats' display names (any Unicode, shortened to fit).
    """
    public = _public_only(view)
    canvas = Canvas(WIDTH, HEIGHT, BACKGROUND)
    _draw_map(canvas, public, set(highlight))
    _draw_panel(canvas, public, names, title)
    return canvas.png()


def _public_only(view: PublicView) -> PublicView:
    """The public part of any view, so a `SeatView` renders exactly like its `PublicView`."""
    if type(view) is PublicView:
        return view
    return PublicView.model_construct(**{f: getattr(view, f) for f in PublicView.model_fields})


def _crossing(station: str) -> bool:
    return len(STATIONS[station][1]) > 1


def _lines_through(station: str) -> list[str]:
    return [c for c in COLOURS if station in LINES[c]]


# --- the map -----------------------------------------------------------------------------


def _draw_map(canvas: Canvas, view: PublicView, highlight: set[str]) -> None:
    canvas.line(SEINE, WATER, 24)
    for colour in COLOURS:
        points = [STATION_XY[s] for s in LINES[colour]]
        canvas.line(points, LINE_COLOURS[colour], LINE_WIDTH)
    for colour in COLOURS:
        _draw_start_arrow(canvas, colour)
    for station in STATION_XY:
        if station in highlight:
            _draw_highlight(canvas, station)
    for station in STATION_XY:
        _draw_station(canvas, station, view.board.get(station, []))
    for station in STATION_XY:
        _draw_label(canvas, station)
    _draw_tokens(canvas, view)
    _draw_legend(canvas, (16, 598))


def _draw_legend(canvas: Canvas, corner: Point) -> None:
    """Line names by colour (markers and P spaces name lines by colour alone)."""
    x, y = corner
    canvas.rect((x, y, x + 104, y + 138), (252, 249, 241), (215, 205, 185), 1, 6)
    for i, colour in enumerate(COLOURS):
        row = y + 16 + i * 22
        canvas.line([(x + 12, row), (x + 40, row)], LINE_COLOURS[colour], LINE_WIDTH)
        canvas.text((x + 50, row), t(f"pp.img.colour.{colour}"), 12, INK, "lm")
    row = y + 16 + 5 * 22
    canvas.polygon([(x + 20, row - 6), (x + 20, row + 6), (x + 31, row)], SOFT_INK)
    canvas.text((x + 50, row), t("pp.img.start"), 12, SOFT_INK, "lm")


def _draw_start_arrow(canvas: Canvas, colour: str) -> None:
    """A triangle in the line's colour just before its start station, pointing along it."""
    first, second = LINES[colour][0], LINES[colour][1]
    (x0, y0), (x1, y1) = STATION_XY[first], STATION_XY[second]
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    r = radius(_crossing(first))
    tip = (x0 - ux * (r + 3), y0 - uy * (r + 3))
    back = (x0 - ux * (r + 21), y0 - uy * (r + 21))
    half = 9
    canvas.polygon(
        [
            tip,
            (back[0] - uy * half, back[1] + ux * half),
            (back[0] + uy * half, back[1] - ux * half),
        ],
        LINE_COLOURS[colour],
        INK,
        1.5,
    )


def _draw_highlight(canvas: Canvas, station: str) -> None:
    r = radius(_crossing(station)) + 7
    canvas.circle(STATION_XY[station], r + 2, fill=WHITE)
    canvas.circle(STATION_XY[station], r, outline=HIGHLIGHT, width=3.5)


def _draw_station(canvas: Canvas, station: str, owners: list[int]) -> None:
    """A white disc (crossings ringed in both line colours) with its shop slots."""
    centre = STATION_XY[station]
    crossing = _crossing(station)
    r = radius(crossing)
    canvas.circle(centre, r, fill=WHITE, outline=INK, width=2)
    if crossing:
        first, second = _lines_through(station)
        canvas.arc(centre, r - 3, 180, 360, LINE_COLOURS[first], 4)
        canvas.arc(centre, r - 3, 0, 180, LINE_COLOURS[second], 4)
    capacity = 2 if crossing else 1
    for i, (x, y) in enumerate(slot_centres(station, capacity)):
        if i < len(owners):
            _draw_shop(canvas, (x, y), SEAT_COLOURS[owners[i] % len(SEAT_COLOURS)])
        else:
            h = SHOP / 2 - 1.5
            canvas.rect((x - h, y - h, x + h, y + h), None, (205, 200, 190), 1, radius=1.5)


def _draw_shop(canvas: Canvas, centre: Point, colour: Colour, size: float = SHOP) -> None:
    """A little house: square body centred on `centre` with a pointed roof."""
    x, y = centre
    h = size / 2
    roof = size * 0.45
    canvas.polygon(
        [
            (x - h, y + h),
            (x - h, y - h + 1),
            (x, y - h - roof + 1),
            (x + h, y - h + 1),
            (x + h, y + h),
        ],
        colour,
        INK,
        1.2,
    )


def _draw_label(canvas: Canvas, station: str) -> None:
    side = LABEL_SIDE[station]
    dx, dy = direction(side)
    x, y = STATION_XY[station]
    gap = radius(_crossing(station)) + 5
    anchor = {
        "n": "md",
        "s": "ma",
        "e": "lm",
        "w": "rm",
        "ne": "ld",
        "nw": "rd",
        "se": "la",
        "sw": "ra",
    }[side]
    canvas.text(
        (x + dx * gap, y + dy * gap),
        STATIONS[station][0],
        LABEL_SIZE,
        INK,
        anchor=anchor,
        outline=BACKGROUND,
        outline_width=2.5,
        bold=True,
    )


def token_centres(view: PublicView) -> list[Point]:
    """Where each revealed token's chip goes, in `view.display` order (several line up)."""
    placed: dict[str, int] = {}
    centres: list[Point] = []
    for token in view.display:
        n = placed.get(token.station, 0)
        placed[token.station] = n + 1
        dx, dy = direction(TOKEN_SIDE[token.station])
        x, y = STATION_XY[token.station]
        gap = radius(_crossing(token.station)) + 5 + CHIP / 2 + n * (CHIP + 3)
        centres.append((x + dx * gap, y + dy * gap))
    return centres


def _draw_tokens(canvas: Canvas, view: PublicView) -> None:
    """Revealed tokens as chips in their line colour, lined up beside their station."""
    h = CHIP / 2
    for token, (cx, cy) in zip(view.display, token_centres(view), strict=True):
        canvas.rect((cx - h, cy - h, cx + h, cy + h), LINE_COLOURS[token.colour], INK, 1.5, 3)


# --- the side panel ----------------------------------------------------------------------

PANEL_X = MAP_WIDTH + 14


def _draw_panel(canvas: Canvas, view: PublicView, names: list[str], title: str | None) -> None:
    x0 = PANEL_X
    canvas.rect((x0 - 4, 0, WIDTH, HEIGHT), PANEL)
    canvas.line([(x0 - 4, 0), (x0 - 4, HEIGHT)], (210, 200, 180), 2)
    x = x0 + 12
    canvas.text((x, 16), title or t("game.paris-paris"), 22, INK, bold=True)
    over = view.phase == "over"
    status = t("pp.img.game_over") if over else t("pp.img.round", round=view.round,
                                                  rounds=view.rounds)  # fmt: skip
    canvas.text((x, 48), status, 15, INK)
    if not over:
        piles = (t("pp.img.pile_left") if view.piles_left == 1
                 else t("pp.img.piles_left", n=view.piles_left))  # fmt: skip
        canvas.text((x, 68), piles, 13, SOFT_INK)
    y = _draw_p_spaces(canvas, view, x, 96)
    y = _draw_bag_or_marker(canvas, view, x, y + 12)
    _draw_players(canvas, view, names, x, y + 16)


def _draw_p_spaces(canvas: Canvas, view: PublicView, x: float, y: float) -> float:
    canvas.text((x, y), t("pp.img.waiting"), 13, SOFT_INK)
    size, gap = 34, 11
    top = y + 20
    for i in range(5):
        left = x + i * (size + gap)
        box = (left, top, left + size, top + size)
        if i < len(view.waiting):
            canvas.rect(box, LINE_COLOURS[view.waiting[i]], INK, 1.5, 5)
        else:
            canvas.rect(box, BACKGROUND, EMPTY, 1.5, 5)
            canvas.text((left + size / 2, top + size / 2), "P", 16, EMPTY, "mm", bold=True)
    return top + size


def _draw_bag_or_marker(canvas: Canvas, view: PublicView, x: float, y: float) -> float:
    if view.players == 2:
        if view.face_up_marker is None:
            return y
        canvas.text((x, y + 12), t("pp.img.face_up"), 13, SOFT_INK, "lm")
        _draw_marker(canvas, (x + 122, y + 12), view.face_up_marker)
        colour = t(f"pp.img.colour.{view.face_up_marker}")
        canvas.text((x + 144, y + 12), colour, 13, INK, "lm")
        return y + 24
    _draw_bag(canvas, (x + 11, y + 12))
    bag = t("pp.img.bag_one") if view.bag_size == 1 else t("pp.img.bag", n=view.bag_size)
    canvas.text((x + 28, y + 12), bag, 14, INK, "lm")
    return y + 24


def _draw_bag(canvas: Canvas, centre: Point) -> None:
    x, y = centre
    canvas.rect((x - 10, y - 6, x + 10, y + 11), (165, 120, 80), INK, 1.2, 6)
    canvas.polygon(
        [(x - 5, y - 6), (x - 8, y - 12), (x + 8, y - 12), (x + 5, y - 6)], (165, 120, 80), INK, 1.2
    )


def _draw_marker(canvas: Canvas, centre: Point, colour: str) -> None:
    """A final-excursion marker: a large oval in its line colour."""
    x, y = centre
    canvas.circle((x - 7, y), 9, fill=LINE_COLOURS[colour])
    canvas.circle((x + 7, y), 9, fill=LINE_COLOURS[colour])
    canvas.rect((x - 7, y - 9, x + 7, y + 9), LINE_COLOURS[colour])
    canvas.arc((x - 7, y), 9, 90, 270, INK, 1.2)
    canvas.arc((x + 7, y), 9, 270, 90, INK, 1.2)
    canvas.line([(x - 7, y - 9), (x + 7, y - 9)], INK, 1.2)
    canvas.line([(x - 7, y + 9), (x + 7, y + 9)], INK, 1.2)


def _draw_players(canvas: Canvas, view: PublicView, names: list[str], x: float, y: float) -> None:
    row = min(112.0, (HEIGHT - 20 - y) / max(1, view.players))
    for seat in range(view.players):
        _draw_player(canvas, view, seat, names, x, y + seat * row)


def _draw_player(
    canvas: Canvas, view: PublicView, seat: int, names: list[str], x: float, y: float
) -> None:
    acting = seat in view.to_act
    winner = view.winners is not None and seat in view.winners
    if acting or winner:
        fill = (255, 250, 236) if acting else (250, 240, 200)
        canvas.rect(
            (x - 8, y - 6, WIDTH - 10, y + 74),
            fill,
            INK if acting else (200, 170, 60),
            2 if acting else 1.5,
            8,
        )
    if acting:
        canvas.polygon([(x - 16, y + 4), (x - 16, y + 22), (x - 5, y + 13)], INK)
    _draw_shop(canvas, (x + 9, y + 15), SEAT_COLOURS[seat % len(SEAT_COLOURS)], 16)
    name = safe_name(names[seat]) if seat < len(names) else t("pp.img.seat", n=seat + 1)
    canvas.text((x + 26, y + 13), name, 16, INK, "lm", bold=acting or winner)
    canvas.text((WIDTH - 18, y + 13), str(view.scores[seat]), 22, INK, "rm", bold=True)
    details = [t("pp.img.on_board", n=view.shops_on_board[seat])]
    if view.supplies is not None:
        details.append(t("pp.img.in_supply", n=view.supplies[seat]))
    if view.bag is not None and view.players > 2:
        details.append(t("pp.img.in_bag", n=view.bag[seat]))
    canvas.text((x + 26, y + 36), " · ".join(details), 12, SOFT_INK, "lm")
    badges = x + 26
    if seat == view.first_player and view.phase != "over":
        _draw_bus(canvas, (badges + 14, y + 57))
        canvas.text((badges + 34, y + 57), t("pp.img.first_player"), 12, SOFT_INK, "lm")
        badges += 112
    if view.markers is not None:
        _draw_marker(canvas, (badges + 12, y + 57), view.markers[seat])
        colour = t(f"pp.img.colour.{view.markers[seat]}")
        canvas.text((badges + 34, y + 57), colour, 12, SOFT_INK, "lm")
        badges += 34 + canvas.text_width(colour, 12) + 14
    if winner:
        _draw_star(canvas, (badges + 8, y + 57))
        canvas.text((badges + 20, y + 57), t("pp.img.winner"), 13, INK, "lm", bold=True)


def _draw_bus(canvas: Canvas, centre: Point) -> None:
    """The bus that marks the first player: a small side view."""
    x, y = centre
    canvas.rect((x - 14, y - 8, x + 14, y + 6), (210, 60, 50), INK, 1.2, 3)
    for wx in (x - 10, x - 3, x + 4):
        canvas.rect((wx, y - 5, wx + 5, y - 1), (220, 235, 245))
    canvas.circle((x - 8, y + 6), 3, fill=INK)
    canvas.circle((x + 8, y + 6), 3, fill=INK)


def _draw_star(canvas: Canvas, centre: Point) -> None:
    x, y = centre
    points = []
    for i in range(10):
        r = 9 if i % 2 == 0 else 4
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(a), y + r * math.sin(a)))
    canvas.polygon(points, (245, 190, 20), INK, 1)

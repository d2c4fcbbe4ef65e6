"""The side panel of the Paris Paris picture: the title and round, the tokens to choose
from (or the winners), what the last move's marks mean, the P spaces, the bag or the face-up
marker, and a block per player."""

from __future__ import annotations

from bot.games.paris_paris.colours import (
    ACTING,
    BACKGROUND,
    EMPTY,
    GLOW,
    HIGHLIGHT,
    INK,
    LINE_COLOURS,
    PANEL,
    PANEL_EDGE,
    SOFT_INK,
)
from bot.games.paris_paris.layout import BIG, HEIGHT, LINE_WIDTH, MAP_WIDTH, TEXT, WIDTH
from bot.games.paris_paris.line_style import mark_box
from bot.games.paris_paris.marks import Marks
from bot.games.paris_paris.pieces import (
    dashed_ring,
    draw_bag,
    draw_bus,
    draw_marker,
    draw_shop,
    draw_star,
)
from bot.games.paris_paris.terms import station
from bot.i18n import t
from bot.render.drawing import Canvas, safe_name
from bot.render.palette import GOLD, WON
from games.paris_paris.views import ParisParisView

PANEL_X = MAP_WIDTH + 14
PANEL_RIGHT = WIDTH - 12


def seat_name(names: list[str], seat: int) -> str:
    return safe_name(names[seat]) if seat < len(names) else t("pp.img.seat", n=seat + 1)


def draw_panel(
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
        (x, 10), canvas.clip(title or t("game.paris-paris"), BIG, room, True), BIG, INK, bold=True
    )
    canvas.text((x, 62), canvas.clip(status, TEXT, width, True), TEXT, INK, "lm", bold=True)
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
        mark_box(canvas, (x + 1, y, x + 33, y + 30), token.colour)
        name = station(token.station)
        word = t(f"pp.colour_word.{token.colour}")
        room = PANEL_RIGHT - (x + 44) - canvas.text_width(word, TEXT) - 10
        canvas.text(
            (x + 44, y + 15), canvas.clip(name, TEXT, room, True), TEXT, INK, "lm", bold=True
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
        canvas.clip(who, BIG, PANEL_RIGHT - x - 60, True),
        BIG,
        INK,
        "lm",
        bold=True,
    )
    return y + 96


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
            dashed_ring(canvas, centre, 12, HIGHLIGHT, 4)
        else:
            canvas.circle(centre, 12, outline=GOLD, width=6)
        canvas.text((x + 46, y + 15), word, TEXT, INK, "lm")
        y += 30
    return y


def _draw_p_spaces(canvas: Canvas, view: ParisParisView, x: float, y: float) -> float:
    canvas.text((x, y + 12), t("pp.img.waiting"), TEXT, INK, "lm")
    size, gap = 42, 10
    top = y + 30
    for i in range(5):
        left = x + i * (size + gap)
        box = (left, top, left + size, top + size)
        if i < len(view.waiting):
            canvas.rect(box, LINE_COLOURS[view.waiting[i]], INK, 2, 6)
            mark_box(canvas, box, view.waiting[i])
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
    draw_bag(canvas, (x + 14, y + 16))
    canvas.text((x + 36, y + 16), t("pp.img.bag", n=view.bag_size), TEXT, INK, "lm")
    return y + 32


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
    name = canvas.clip(seat_name(names, seat), TEXT, right - (x + 38), True)
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
            (left, second), canvas.clip(" · ".join(details[:-1]), TEXT, room), TEXT, SOFT_INK, "lm"
        )
        canvas.text((left, second + 28), canvas.clip(details[-1], TEXT, room), TEXT, SOFT_INK, "lm")
    else:
        canvas.text((left, second), canvas.clip(text, TEXT, room), TEXT, SOFT_INK, "lm")

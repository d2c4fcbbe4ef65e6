"""The Moscow–Paris table picture: the four city lines with their wagons at both ends, each
city card (name, flag, limit, VP, capital), the piles, and a panel per player (hand size as
card backs, never the cards; the tableau; every city claimed; points or the team, and at the
end the terms of the score, so each player can check it).

Why it takes a `MoscowParisView`: the picture is posted for everybody, so it reads only what
everybody may see. A seat's view is a `MoscowParisView` too, and its hand is never read: it
draws the public picture (tests/contract/test_pictures.py).

Highlight ids (a move's preview, see `MoscowParisAdapter.highlight`):
`end:<row>:<side>` the outermost wagon of a side, `w:<row>:<side>:<slot>` a place in a line,
`row:<row>` a city card, `mine:<wagon>` a wagon in the active player's tableau, `hand` the
active player's hand, `seat:<seat>:<wagon>` a tableau wagon, `gave:<wagon>` / `got:<wagon>`
the two wagons of the last link of a chain exchange.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.moscow_paris.card_label import wrap
from bot.games.moscow_paris.flags import draw_flag
from bot.games.moscow_paris.layout import (
    CITIES_Y,
    CITY_LINE_H,
    CITY_LINES,
    HEADER,
    LABEL,
    LABEL_ROOM,
    LABEL_STEP,
    MARGIN,
    PANEL_W,
    PILES_Y,
    SLOTS,
    WHEEL,
    WIDTH,
    Box,
    city_box,
    hand_box,
    height,
    panel_box,
    tableau_box,
    wagon_box,
)
from bot.games.moscow_paris.terms import wagon_key
from bot.i18n import t
from bot.render import text as textlib
from bot.render.drawing import SUPERSAMPLE, Canvas, safe_name
from bot.render.header import winners_text
from bot.render.palette import WHITE, Colour
from games.core.contract import Result
from games.moscow_paris.data import WAGON_TYPES
from games.moscow_paris.views import CityView, MoscowParisView, PlayerView, RowView

BACKGROUND: Colour = (240, 234, 220)
INK: Colour = (36, 34, 40)
SOFT_INK: Colour = (105, 98, 90)
CARD: Colour = (255, 250, 238)
CARD_EDGE: Colour = (120, 104, 84)
EMPTY_SLOT: Colour = (222, 214, 198)
RAIL: Colour = (128, 116, 104)
SLEEPER: Colour = (186, 170, 150)
PANEL: Colour = (250, 246, 236)
PANEL_EDGE: Colour = (200, 190, 172)
CARD_BACK: Colour = (150, 40, 40)
HIGHLIGHT: Colour = (255, 214, 0)
CAPITAL: Colour = (190, 140, 20)
# Seat colours (the same order as the emoji of the text: red, blue, green, orange).
SEAT_COLOURS: tuple[Colour, ...] = ((200, 48, 48), (36, 102, 200), (40, 140, 70), (230, 130, 20))


def _hex(code: str) -> Colour:
    return (int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16))


WAGON_COLOURS: dict[str, Colour] = {w.id: _hex(w.ui_color) for w in WAGON_TYPES}


def _light(colour: Colour) -> bool:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def render_table(
    view: MoscowParisView, names: list[str], *, highlight: Collection[str] = ()
) -> bytes:
    """The public table as a PNG (800 px wide; 2 players: 780 px high, 3–4: 1040 px, the
    panels growing when a player claimed more cities than two lines hold)."""
    marks = set(highlight)
    chips = {p.seat: _chip_lines(p.cities) for p in view.seats}
    lines = city_lines(view)
    canvas = Canvas(WIDTH, height(view.players, lines), BACKGROUND)
    HEADER.draw(canvas, t("game.moscow-paris"), _status(view, names), INK, PANEL_EDGE)
    for row in view.rows:
        _draw_row(canvas, view, row, marks)
    _draw_piles(canvas, view, names)
    for p in view.seats:
        _draw_player(canvas, view, p, names, marks, lines)
        _draw_cities(canvas, panel_box(p.seat, lines), chips[p.seat])
    return canvas.png()


def city_lines(view: MoscowParisView) -> int:
    """The lines of cities every panel keeps room for: the most any player needs."""
    return max([CITY_LINES] + [len(_chip_lines(p.cities)) for p in view.seats])


def _status(v: MoscowParisView, names: list[str]) -> str:
    """The state of play: the turn, who acts and what they decide; the winners."""
    if v.phase == "over":
        return t("mp.img.over", names=winners_text(v.result, names))
    who = safe_name(names[v.turn])
    if v.phase == "chain" and v.pending is not None:
        status = t(
            "mp.img.chain",
            decider=safe_name(names[v.pending.decider or 0]),
            partner=safe_name(names[v.pending.partner or 0]),
        )
    elif v.phase == "claim":
        status = t("mp.img.claim", name=who)
    elif v.phase in ("swap_first", "swap_second"):
        status = t("mp.img.swap", name=who)
    else:
        status = t("mp.img.to_play", name=who)
    return t("mp.img.turn", turn=v.turns + 1) + " · " + status


# --- the city lines


def _draw_row(c: Canvas, v: MoscowParisView, row: RowView, marks: set[str]) -> None:
    r = row.row
    mid = wagon_box(r, "left", 1)[3] + 5
    # The track: a rail through the whole row, sleepers under each place.
    for side in ("left", "right"):
        for slot in range(1, SLOTS + 1):
            x0, y0, x1, y1 = wagon_box(r, side, slot)
            c.rect((x0 + 6, mid - 3, x1 - 6, mid + 3), fill=SLEEPER)
    c.line([(MARGIN, mid), (WIDTH - MARGIN, mid)], RAIL, 2.5)
    first = v.pending.first if v.pending is not None and v.pending.first else None
    for side, wagons in (("left", row.left), ("right", row.right)):
        for slot in range(1, SLOTS + 1):
            box = wagon_box(r, side, slot)
            if slot <= len(wagons):
                picked = bool(
                    first
                    and first.get("row") == r
                    and first.get("side") == side
                    and first.get("slot") == slot
                )
                _draw_wagon(c, box, wagons[slot - 1], picked=picked)
            elif row.city is not None and slot <= row.room + len(wagons):
                _empty_slot(c, box, 4, 6)
            if f"w:{r}:{side}:{slot}" in marks:
                c.ring(box, 4, INK, HIGHLIGHT)
        if wagons and f"end:{r}:{side}" in marks:
            c.ring(wagon_box(r, side, len(wagons)), 4, INK, HIGHLIGHT)
    box = city_box(r)
    if row.city is None:
        x0, y0, x1, y1 = box
        c.rect(box, fill=None, outline=PANEL_EDGE, width=2, radius=8)
        c.text(((x0 + x1) / 2, (y0 + y1) / 2), t("mp.img.no_city"), 12, SOFT_INK, anchor="mm")
    else:
        _draw_city(c, box, row.city, len(row.left) + len(row.right))
    if f"row:{r}" in marks:
        c.ring(box, 4, INK, HIGHLIGHT)


def _draw_wagon(c: Canvas, box: Box, name: str, *, picked: bool = False) -> None:
    """A wagon card: its colour, two wheels, its whole name (as the menus say it)."""
    x0, y0, x1, y1 = box
    colour = WAGON_COLOURS.get(name, (150, 150, 150))
    c.rect((x0, y0, x1, y1 - WHEEL), fill=colour, outline=INK, width=1.5, radius=6)
    for wx in (x0 + (x1 - x0) * 0.25, x0 + (x1 - x0) * 0.75):
        c.circle((wx, y1 - WHEEL), WHEEL, fill=(40, 40, 40), outline=(200, 200, 200), width=1)
    ink = INK if _light(colour) else WHITE
    lines = wrap(c, t(wagon_key(name)), LABEL, x1 - x0 - LABEL_ROOM, t("mp.img.hyphenation"))
    top = (y0 + y1 - 2 * WHEEL) / 2 - (len(lines) - 1) * LABEL_STEP / 2
    for n, line in enumerate(lines):
        c.text(((x0 + x1) / 2, top + n * LABEL_STEP), line, LABEL, ink, anchor="mm")
    if picked:
        c.ring(box, 3, INK, HIGHLIGHT)
        c.text(
            (x1 - 3, y0 + 2),
            t("mp.img.first_pick"),
            11,
            INK,
            anchor="ra",
            outline=HIGHLIGHT,
            outline_width=2,
        )


def _empty_slot(c: Canvas, box: Box, inset: float, radius: float) -> None:
    """A place that may still take a wagon: its outline."""
    x0, y0, x1, y1 = box
    c.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), None, EMPTY_SLOT, 2, radius)


def _draw_city(c: Canvas, box: Box, city: CityView, wagons: int) -> None:
    """A city card: flag and country, name, capital, VP, and the limit as pips (filled for
    the wagons already in its line)."""
    x0, y0, x1, y1 = box
    c.rect(
        box,
        fill=CARD,
        outline=CAPITAL if city.capital else CARD_EDGE,
        width=3.5 if city.capital else 2,
        radius=8,
    )
    fx0, fy0 = x0 + 8, y0 + 8
    draw_flag(c, (fx0, fy0, fx0 + 30, fy0 + 20), city.country)
    c.text((fx0 + 15, fy0 + 24), city.country or "—", 12, SOFT_INK, anchor="ma", bold=True)
    left, width = x0 + 46, x1 - x0 - 54
    name = safe_name(city.name, 20)
    size = c.fit_size(name, 18, width, 13, True)
    c.text((left, y0 + 7), c.clip(name, size, width, True), size, INK, bold=True)
    if city.capital:
        c.text((left, y0 + 30), "★ " + t("mp.img.capital"), 13, CAPITAL, bold=True)
    c.text((x1 - 8, y0 + 29), t("mp.img.vp", n=city.vp), 17, INK, anchor="ra", bold=True)
    px = left
    for i in range(city.limit):
        c.rect(
            (px, y1 - 19, px + 11, y1 - 8),
            fill=INK if i < wagons else None,
            outline=INK,
            width=1.5,
            radius=2,
        )
        px += 14
    c.text(
        (px + 2, y1 - 7),
        t("mp.img.limit", wagons=wagons, limit=city.limit),
        13,
        SOFT_INK,
        anchor="ld",
        bold=True,
    )


# --- piles


def _draw_piles(c: Canvas, v: MoscowParisView, names: list[str]) -> None:
    y = PILES_Y
    x = MARGIN
    for count, key, back in (
        (v.deck_size, "mp.img.deck", CARD_BACK),
        (v.discard_size, "mp.img.discard", (120, 120, 120)),
        (v.city_deck_size, "mp.img.city_deck", CARD_EDGE),
    ):
        for k in range(3 if count else 0):
            c.rect(
                (x + 2 * k, y + 6 - 2 * k, x + 2 * k + 22, y + 34 - 2 * k),
                fill=back,
                outline=WHITE,
                width=1,
                radius=3,
            )
        c.text((x + 32, y + 4), str(count), 18, INK, bold=True)
        c.text((x + 32, y + 24), t(key), 12, SOFT_INK)
        x += 128
    if v.removed:
        cities = ", ".join(safe_name(city.name, 14) for city in v.removed)
        label = c.clip(t("mp.img.removed", cities=cities), 13, WIDTH - MARGIN - x, False)
        c.text((WIDTH - MARGIN, y + 14), label, 13, SOFT_INK, anchor="ra")


# --- players


def _draw_player(
    c: Canvas, v: MoscowParisView, p: PlayerView, names: list[str], marks: set[str], lines: int
) -> None:
    box = panel_box(p.seat, lines)
    x0, y0, x1, y1 = box
    colour = SEAT_COLOURS[p.seat]
    acting = p.seat in v.to_act
    c.player_block(box, PANEL, PANEL_EDGE, colour, acting, 4, 9)
    c.circle((x0 + 20, y0 + 19), 8, fill=colour, outline=INK, width=1)
    right = x1 - 10
    if v.result is not None and p.seat in v.result.winners:
        label = t("mp.img.winner")
        c.text((right, y0 + 10), label, 15, colour, anchor="ra", bold=True)
        right -= c.text_width(label, 15, True) + 10
    if p.team is not None:
        label = t("mp.img.team", team="AB"[p.team], n=p.score)
    else:
        label = t("mp.img.points", n=p.score)
    c.text((right, y0 + 9), label, 18, INK, anchor="ra", bold=True)
    right -= c.text_width(label, 18, True) + 10
    if v.phase == "chain" and v.pending is not None and p.seat == v.pending.decider:
        label = t("mp.img.deciding")
        c.text((right, y0 + 11), label, 14, colour, anchor="ra", bold=True)
        right -= c.text_width(label, 14, True) + 10
    name = safe_name(names[p.seat])
    c.text((x0 + 34, y0 + 9), c.clip(name, 19, right - x0 - 38, True), 19, INK, bold=True)
    # The hand: its size as card backs, never its cards.
    hx0, hy0, hx1, hy1 = hand_box(p.seat, lines)
    c.text((hx0, hy0), t("mp.img.hand", n=p.hand_size), 15, INK, bold=True)
    for k in range(p.hand_size):
        bx = hx0 + k * 17
        c.rect((bx, hy0 + 22, bx + 14, hy0 + 42), fill=CARD_BACK, outline=WHITE, width=1, radius=2)
    if "hand" in marks and p.seat == v.turn:
        c.ring((hx0, hy0, hx1, hy1), 2, INK, HIGHLIGHT)
    # The tableau, up to 4 wagons.
    decider = exchanger = None
    if v.phase == "chain" and v.pending is not None:
        decider = v.pending.decider
        step = 1 if v.pending.direction == "left" else -1
        exchanger = ((decider or 0) - step) % v.players
    for i in range(4):
        tb = tableau_box(p.seat, i, lines)
        if i < len(p.tableau):
            w = p.tableau[i]
            _draw_wagon(c, tb, w)
            rung = (
                f"seat:{p.seat}:{w}" in marks
                or (f"mine:{w}" in marks and p.seat == v.turn)
                or (f"gave:{w}" in marks and p.seat == decider)
                or (f"got:{w}" in marks and p.seat == exchanger)
            )
            first = v.pending.first if v.pending is not None and v.pending.first else None
            if (
                first
                and first.get("row") is None
                and first.get("seat") == p.seat
                and first.get("wagon") == w
                and w not in p.tableau[:i]
            ):
                c.ring(tb, 3, INK, HIGHLIGHT)
            if rung and w not in p.tableau[:i]:
                c.ring(tb, 3, INK, HIGHLIGHT)
        else:
            _empty_slot(c, tb, 3, 5)
    if v.result is not None:
        _draw_terms(c, v.result, p, (hx1 + 10, hy0, x1 - 10, hy1))


def _draw_terms(c: Canvas, result: Result, p: PlayerView, box: Box) -> None:
    """The final score's terms beside the hand, so every player can check the result: the
    cities' VP plus the repeated flags, then the tie-breaks (capitals, city cards). Partners
    show their team's pooled pile."""
    d = result.details
    if p.team is not None and d.get("teams"):
        terms = d["teams"][p.team]
    elif p.seat < len(d.get("seats", [])):
        terms = d["seats"][p.seat]
    else:
        return
    x0, y0, x1, _ = box
    for n, key in enumerate(("mp.img.terms", "mp.img.tiebreaks")):
        label = t(
            key,
            vp=terms["vp"],
            repeated=terms["repeated_flags"],
            score=terms["score"],
            capitals=terms["capitals"],
            cards=terms["city_cards"],
        )
        size = c.fit_size(label, LABEL + 1, x1 - x0, LABEL)
        c.text((x1, y0 + 2 + n * 24), c.clip(label, size, x1 - x0), size, INK, anchor="ra")


# --- the cities claimed: a chip each (flag, name, VP), in as many lines as they need

CHIP_TEXT = LABEL
CHIP_ROOM = PANEL_W - 20


def _chip_label(city: CityView) -> str:
    return f"{safe_name(city.name, 20)} {city.vp}"


def _chip_width(city: CityView) -> float:
    return textlib.width(_chip_label(city), round(CHIP_TEXT * SUPERSAMPLE), True) / SUPERSAMPLE + 34


def _chip_lines(cities: list[CityView]) -> list[list[CityView]]:
    """The cities claimed, broken into lines that fit a panel: every one is shown."""
    lines: list[list[CityView]] = []
    room = 0.0
    for city in cities:
        chip = _chip_width(city)
        if not lines or room + chip > CHIP_ROOM:
            lines.append([])
            room = 0.0
        lines[-1].append(city)
        room += chip + 5
    return lines


def _draw_cities(c: Canvas, box: Box, lines: list[list[CityView]]) -> None:
    x0, y0, _, _ = box
    cy = y0 + CITIES_Y
    if not lines:
        c.text((x0 + 10, cy + 3), t("mp.img.no_cities"), 13, SOFT_INK)
    for line in lines:
        cx = x0 + 10
        for city in line:
            chip = _chip_width(city)
            c.rect(
                (cx, cy, cx + chip, cy + CITY_LINE_H - 4),
                fill=CARD,
                outline=CAPITAL if city.capital else CARD_EDGE,
                width=2 if city.capital else 1,
                radius=5,
            )
            draw_flag(c, (cx + 4, cy + 6, cx + 22, cy + 18), city.country)
            c.text((cx + 27, cy + 12), _chip_label(city), CHIP_TEXT, INK, anchor="lm", bold=True)
            cx += chip + 5
        cy += CITY_LINE_H

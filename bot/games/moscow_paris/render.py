"""The Moscow–Paris table picture: the four city lines with their wagons at both ends, each
city card (name, flag and country, VP, the limit), the piles, and a panel per player
(`panels.py`: hand size as card backs, never the cards; the tableau; every city claimed;
points or the team, and at the end the terms of the score, so each player can check it).

Why it takes a `MoscowParisView`: the picture is posted for everybody, so it reads only what
everybody may see. A seat's view is a `MoscowParisView` too, and its hand is never read: it
draws the public picture (tests/contract/test_pictures.py).

Highlight ids (a move's preview, see `MoscowParisAdapter.highlight`):
`end:<row>:<side>` the outermost wagon of a side, `w:<row>:<side>:<slot>` a place in a line,
`row:<row>` a city card, `mine:<wagon>` a wagon in the active player's tableau, `hand` the
active player's hand, `seat:<seat>:<wagon>` a tableau wagon, `gave:<wagon>` / `got:<wagon>`
the two wagons of the last link of a chain exchange. The turn panel's tags (label ids,
`bot.render.marks.label_id`) go at `w:…`, `row:…`, `seat:<seat>:<wagon>`, `seat:<seat>`
(a player's panel) and `col:<side>:<slot>:<rows>` (the wagons a column card discards),
drawn by `tags.py`.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.moscow_paris.card_label import wrap
from bot.games.moscow_paris.colours import (
    BACKGROUND,
    CAPITAL,
    CAPITAL_INK,
    CARD,
    CARD_BACK,
    CARD_EDGE,
    DISCARD_BACK,
    HIGHLIGHT,
    INK,
    PANEL_EDGE,
    RAIL,
    SLEEPER,
    SOFT_INK,
)
from bot.games.moscow_paris.flags import draw_flag
from bot.games.moscow_paris.layout import (
    CITY_LINE,
    CITY_PAD,
    HEADER,
    MARGIN,
    PILES_H,
    PILES_Y,
    SLOTS,
    TEXT,
    WIDTH,
    Box,
    Frame,
    city_box,
    wagon_box,
)
from bot.games.moscow_paris.panels import chip_lines, draw_player
from bot.games.moscow_paris.tags import draw_tags
from bot.games.moscow_paris.terms import city_view_name
from bot.games.moscow_paris.wagons import draw_wagon, empty_slot
from bot.i18n import t
from bot.render.drawing import Canvas, safe_name
from bot.render.header import winners_text
from bot.render.marks import labels
from bot.render.palette import WHITE
from games.moscow_paris.views import CityView, MoscowParisView, RowView


def render_table(
    view: MoscowParisView, names: list[str], *, highlight: Collection[str] = ()
) -> bytes:
    """The public table as a PNG, 800 px wide, as tall as its panels need (`frame`)."""
    marks = set(highlight)
    frame = frame_of(view)
    canvas = Canvas(WIDTH, frame.height, BACKGROUND)
    HEADER.draw(canvas, t("game.moscow-paris"), _status(view, names), INK, PANEL_EDGE)
    for row in view.rows:
        _draw_row(canvas, view, row, marks)
    _draw_piles(canvas, view)
    for p in view.seats:
        draw_player(canvas, view, p, names, marks, frame.panel(p.seat))
    draw_tags(canvas, view, frame, labels(marks))
    return canvas.png()


def frame_of(view: MoscowParisView) -> Frame:
    """The layout's parts that depend on the view: the lines of cities every panel keeps
    room for (the most any player needs), the final terms, the cities out of the game."""
    lines = max([0] + [len(chip_lines(p.cities)) for p in view.seats])
    return Frame(view.players, lines, view.result is not None, bool(view.removed))


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
                draw_wagon(c, box, wagons[slot - 1], picked=picked)
            elif row.city is not None and slot <= row.room + len(wagons):
                empty_slot(c, box, 4, 6)
            if f"w:{r}:{side}:{slot}" in marks:
                c.ring(box, 4, INK, HIGHLIGHT)
        if wagons and f"end:{r}:{side}" in marks:
            c.ring(wagon_box(r, side, len(wagons)), 4, INK, HIGHLIGHT)
    box = city_box(r)
    if row.city is None:
        _no_city(c, box)
    else:
        _draw_city(c, box, row.city, len(row.left) + len(row.right))
    if f"row:{r}" in marks:
        c.ring(box, 4, INK, HIGHLIGHT)


def _no_city(c: Canvas, box: Box) -> None:
    """A row whose city deck ran out: its outline and why it is empty, in a few lines."""
    x0, y0, x1, y1 = box
    c.rect(box, fill=None, outline=PANEL_EDGE, width=2, radius=8)
    lines = wrap(c, t("mp.img.no_city"), TEXT, x1 - x0 - 2 * CITY_PAD, t("mp.img.hyphenation"))
    top = (y0 + y1) / 2 - (len(lines) - 1) * (TEXT + 3) / 2
    for n, line in enumerate(lines):
        c.text(((x0 + x1) / 2, top + n * (TEXT + 3)), line, TEXT, SOFT_INK, anchor="mm")


def _draw_city(c: Canvas, box: Box, city: CityView, wagons: int) -> None:
    """A city card, in three lines: its name (a capital's led by ★, as the text's rows say
    it); its flag, country and VP; its limit as pips (filled for the wagons in its line)
    and in figures. The card's lower right corner stays free for the turn panel's tag."""
    x0, y0, x1, y1 = box
    c.rect(
        box,
        fill=CARD,
        outline=CAPITAL if city.capital else CARD_EDGE,
        width=3.5 if city.capital else 2,
        radius=8,
    )
    left, room = x0 + CITY_PAD, x1 - x0 - 2 * CITY_PAD
    name = city_view_name(city, None, markdown=False, with_flag=False)
    name = safe_name(("★ " if city.capital else "") + name, 24)
    size = c.fit_size(name, 20, room, TEXT, True)
    top = y0 + 5
    c.text(
        (left, top),
        c.clip(name, size, room, True),
        size,
        CAPITAL_INK if city.capital else INK,
        bold=True,
    )
    top += CITY_LINE
    draw_flag(c, (left, top + 1, left + 28, top + 19), city.country)
    c.text((left + 34, top), city.country or "—", TEXT, SOFT_INK, bold=True)
    c.text((x1 - CITY_PAD, top - 2), t("mp.img.vp", n=city.vp), 20, INK, anchor="ra", bold=True)
    top += CITY_LINE
    px = left
    for i in range(city.limit):
        c.rect(
            (px, top + 3, px + 12, top + 15),
            fill=INK if i < wagons else None,
            outline=INK,
            width=1.5,
            radius=2,
        )
        px += 15
    label = t("mp.img.limit", wagons=wagons, limit=city.limit)
    c.text((px + 3, top), label, TEXT, SOFT_INK, bold=True)


# --- piles


def _draw_piles(c: Canvas, v: MoscowParisView) -> None:
    """The three piles, each as card backs, its count and its name; under them, the cities
    out of the game."""
    y, x = PILES_Y, float(MARGIN + 2)
    for count, key, back in (
        (v.deck_size, "mp.img.deck", CARD_BACK),
        (v.discard_size, "mp.img.discard", DISCARD_BACK),
        (v.city_deck_size, "mp.img.city_deck", CARD_EDGE),
    ):
        for k in range(3 if count else 0):
            c.rect(
                (x + 2 * k, y + 6 - 2 * k, x + 2 * k + 20, y + 32 - 2 * k),
                fill=back,
                outline=WHITE,
                width=1,
                radius=3,
            )
        x += 32
        number = str(count)
        c.text((x, y + 6), number, 20, INK, bold=True)
        x += c.text_width(number, 20, True) + 6
        c.text((x, y + 8), t(key), TEXT, SOFT_INK)
        x += c.text_width(t(key), TEXT) + 26
    if v.removed:
        cities = ", ".join(
            city_view_name(city, None, markdown=False, with_flag=False) for city in v.removed
        )
        room = WIDTH - 2 * MARGIN - 4
        label = c.clip(t("mp.img.removed", cities=cities), TEXT, room)
        c.text((MARGIN + 2, y + PILES_H), label, TEXT, SOFT_INK)

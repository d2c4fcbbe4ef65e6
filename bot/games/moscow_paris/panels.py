"""A player's panel on the Moscow–Paris picture: the name and the score (in team play, the
team's), who won or decides the chain now, the hand as card backs (its size only, never its
cards) with the team beside it, the tableau, every city claimed as a chip, and at the end
the terms of the final score."""

from __future__ import annotations

from bot.games.moscow_paris.colours import (
    CAPITAL,
    CARD,
    CARD_BACK,
    CARD_EDGE,
    HIGHLIGHT,
    INK,
    PANEL,
    PANEL_EDGE,
    SEAT_COLOURS,
    SOFT_INK,
)
from bot.games.moscow_paris.flags import draw_flag
from bot.games.moscow_paris.layout import (
    CITIES_Y,
    CITY_LINE_H,
    PANEL_W,
    TERMS_H,
    TEXT,
    Box,
    back_box,
    hand_box,
    tableau_box,
)
from bot.games.moscow_paris.terms import city_view_name
from bot.games.moscow_paris.wagons import draw_wagon, empty_slot
from bot.i18n import t
from bot.render import text as textlib
from bot.render.drawing import SUPERSAMPLE, Canvas, safe_name
from bot.render.palette import WHITE, WON
from games.core.contract import Result
from games.moscow_paris.views import CityView, MoscowParisView, PlayerView


def draw_player(
    c: Canvas, v: MoscowParisView, p: PlayerView, names: list[str], marks: set[str], box: Box
) -> None:
    x0, y0, x1, y1 = box
    colour = SEAT_COLOURS[p.seat]
    c.player_block(box, PANEL, PANEL_EDGE, colour, p.seat in v.to_act, 4, 9)
    c.circle((x0 + 20, y0 + 20), 9, fill=colour, outline=INK, width=1)
    label = t("mp.img.points", n=p.score)
    c.text((x1 - 10, y0 + 9), label, 20, INK, anchor="ra", bold=True)
    room = x1 - x0 - 54 - c.text_width(label, 20, True)
    name = safe_name(names[p.seat])
    c.text((x0 + 36, y0 + 8), c.clip(name, 20, room, True), 20, INK, bold=True)
    _draw_badge(c, v, p, box)
    _draw_hand(c, v, p, marks, box)
    _draw_tableau(c, v, p, marks, box)
    _draw_cities(c, box, chip_lines(p.cities))
    if v.result is not None:
        _draw_terms(c, v.result, p, (x0 + 10, y1 - TERMS_H - 4, x1 - 10, y1 - 4))


def _draw_hand(c: Canvas, v: MoscowParisView, p: PlayerView, marks: set[str], panel: Box) -> None:
    """The hand's size in words and as card backs; at the right, the player's team."""
    x0, y0, x1, y1 = hand_box(panel)
    c.text((x0, y0), t("mp.img.hand", n=p.hand_size), TEXT, INK, bold=True)
    for k in range(p.hand_size):
        c.rect(back_box(panel, k), fill=CARD_BACK, outline=WHITE, radius=2)
    if "hand" in marks and p.seat == v.turn:
        c.ring((x0, y0, back_box(panel, p.hand_size)[0], y1), 2, INK, HIGHLIGHT)
    if p.team is not None:
        c.text((x1, y0), t("mp.img.team", team="AB"[p.team]), TEXT, INK, anchor="ra", bold=True)


def _draw_badge(c: Canvas, v: MoscowParisView, p: PlayerView, panel: Box) -> None:
    """Who won, or who decides the chain now: a word in a box astride the panel's top edge,
    at its right (the turn panel's tags for a player go in the middle)."""
    if v.result is not None and p.seat in v.result.winners:
        word, paper = t("mp.img.winner"), WON
    elif v.phase == "chain" and v.pending is not None and p.seat == v.pending.decider:
        word, paper = t("mp.img.deciding"), HIGHLIGHT
    else:
        return
    c.tag((panel[2] - 12, panel[1]), word, TEXT, INK, paper, "rm")


def _draw_tableau(c: Canvas, v: MoscowParisView, p: PlayerView, marks: set[str], box: Box) -> None:
    """Up to 4 wagons, ringed when a preview or the last move touched them."""
    decider = exchanger = None
    if v.phase == "chain" and v.pending is not None:
        decider = v.pending.decider
        step = 1 if v.pending.direction == "left" else -1
        exchanger = ((decider or 0) - step) % v.players
    first = v.pending.first if v.pending is not None and v.pending.first else None
    for i in range(4):
        tb = tableau_box(box, i)
        if i >= len(p.tableau):
            empty_slot(c, tb, 3, 5)
            continue
        w = p.tableau[i]
        again = w in p.tableau[:i]  # a second wagon of a type: rings go on the first
        picked = bool(
            first
            and first.get("row") is None
            and first.get("seat") == p.seat
            and first.get("wagon") == w
            and not again
        )
        draw_wagon(c, tb, w, picked=picked)
        rung = (
            f"seat:{p.seat}:{w}" in marks
            or (f"mine:{w}" in marks and p.seat == v.turn)
            or (f"gave:{w}" in marks and p.seat == decider)
            or (f"got:{w}" in marks and p.seat == exchanger)
        )
        if rung and not again:
            c.ring(tb, 3, INK, HIGHLIGHT)


def _draw_terms(c: Canvas, result: Result, p: PlayerView, box: Box) -> None:
    """The final score's terms, so every player can check the result: the cities' VP plus
    the repeated flags, then the tie-breaks (capitals, city cards). Partners show their
    team's pooled pile."""
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
        c.text((x0, y0 + n * TERMS_H / 2), c.clip(label, TEXT, x1 - x0), TEXT, INK)


# --- the cities claimed: a chip each (flag, name, VP), in as many lines as they need

CHIP_ROOM = PANEL_W - 20


def _chip_label(city: CityView) -> str:
    """A city as its chip says it: the name the menus use (a capital's led by ★, as on its
    card) and its VP."""
    name = city_view_name(city, None, markdown=False, with_flag=False)
    return ("★ " if city.capital else "") + f"{safe_name(name, 20)} {city.vp}"


def _chip_width(city: CityView) -> float:
    return textlib.width(_chip_label(city), TEXT * SUPERSAMPLE, True) / SUPERSAMPLE + 34


def chip_lines(cities: list[CityView]) -> list[list[CityView]]:
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
        c.text((x0 + 10, cy + 3), t("mp.img.no_cities"), TEXT, SOFT_INK)
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
            draw_flag(c, (cx + 4, cy + 7, cx + 22, cy + 19), city.country)
            mid = cy + (CITY_LINE_H - 4) / 2
            c.text((cx + 27, mid), _chip_label(city), TEXT, INK, anchor="lm", bold=True)
            cx += chip + 5
        cy += CITY_LINE_H

"""The turn panel's tags on the Moscow–Paris picture: each place a step offers gets the tag
of its choice ("3", "1/2" where two choices share a place) in a box of its own — in the
middle of an empty place of a line; on a wagon between its wheels, under its name; on a
city card in its free lower right corner; in a player's panel on the line of their hand —
so what it marks stays seen. A column card's choice (`col:<side>:<slot>:<rows>`, wagons one
above the other) tags each wagon it would discard, so a wagon several choices discard
carries all their tags ("1/2")."""

from __future__ import annotations

from bot.games.moscow_paris.colours import INK
from bot.games.moscow_paris.layout import (
    CITY_PAD,
    TAG,
    Frame,
    back_box,
    city_box,
    hand_box,
    tableau_box,
    wagon_box,
)
from bot.games.moscow_paris.wagons import tag_spot
from bot.render.drawing import Canvas
from bot.render.palette import WHITE
from games.moscow_paris.data import HAND_AND_TABLEAU
from games.moscow_paris.views import MoscowParisView

Spot = tuple[tuple[float, float], str]  # where a tag goes, and its anchor


def draw_tags(c: Canvas, view: MoscowParisView, frame: Frame, tags: dict[str, str]) -> None:
    at: dict[Spot, list[str]] = {}
    for place, tag in tags.items():
        if place.startswith("col:"):
            spots = _column(view, place)
        else:
            spot = _spot(view, frame, place)
            spots = [spot] if spot is not None else []
        for spot in spots:
            at.setdefault(spot, []).append(tag)
    for (xy, anchor), its in sorted(at.items()):
        c.tag(xy, "/".join(sorted(its, key=_numbers)), TAG, WHITE, INK, anchor)


def _numbers(tag: str) -> list[int]:
    """A tag ("3", "1/2") as its numbers, to order tags that share a wagon."""
    return [int(n) for n in tag.split("/") if n.isdigit()]


def _column(view: MoscowParisView, place: str) -> list[Spot]:
    """The wagons a column card's choice would discard, where they lie."""
    _, side, slot, rows = (place.split(":") + ["", "", ""])[:4]
    if side not in ("left", "right") or not slot.isdigit():
        return []
    spots = []
    for row in (int(r) for r in rows if r.isdigit() and int(r) < len(view.rows)):
        wagons = view.rows[row].left if side == "left" else view.rows[row].right
        if 1 <= int(slot) <= len(wagons):
            spots.append((tag_spot(wagon_box(row, side, int(slot))), "mm"))
    return spots


def _spot(view: MoscowParisView, frame: Frame, place: str) -> Spot | None:
    """Where the tag of `place` goes (None for a place this view does not have)."""
    kind, *parts = place.split(":")
    try:
        if kind == "w":
            row, side, slot = int(parts[0]), parts[1], int(parts[2])
            if side in ("left", "right") and 0 <= row < len(view.rows) and 1 <= slot <= 4:
                box = wagon_box(row, side, slot)
                wagons = view.rows[row].left if side == "left" else view.rows[row].right
                if slot > len(wagons):
                    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "mm"
                return tag_spot(box), "mm"
        elif kind == "row":
            row = int(parts[0])
            if 0 <= row < len(view.rows):
                _, _, x1, y1 = city_box(row)
                return (x1 - CITY_PAD, y1 - 6 - TAG / 2), "rm"
        elif kind == "seat":
            seat = int(parts[0])
            if not 0 <= seat < view.players:
                return None
            panel = frame.panel(seat)
            if len(parts) == 1:  # on the hand's line, after the most card backs a hand holds
                _, top, _, bottom = hand_box(panel)
                return (back_box(panel, HAND_AND_TABLEAU)[0] + 6, (top + bottom) / 2), "lm"
            tableau = view.seats[seat].tableau
            if parts[1] in tableau:
                return tag_spot(tableau_box(panel, tableau.index(parts[1]))), "mm"
    except (ValueError, IndexError):
        pass
    return None

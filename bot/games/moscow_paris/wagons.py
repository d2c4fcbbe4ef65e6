"""A wagon card, as the city lines and the tableaux draw it, and an empty place for one."""

from __future__ import annotations

from bot.games.moscow_paris.card_label import wrap
from bot.games.moscow_paris.colours import EMPTY_SLOT, HIGHLIGHT, INK, WAGON_COLOURS, light
from bot.games.moscow_paris.layout import LABEL, LABEL_ROOM, LABEL_STEP, TEXT, WHEEL, Box
from bot.games.moscow_paris.terms import wagon_key
from bot.i18n import t
from bot.render.drawing import Canvas
from bot.render.palette import WHITE


def draw_wagon(c: Canvas, box: Box, name: str, *, picked: bool = False) -> None:
    """A wagon card: its colour, two wheels, its whole name (as the menus say it); the
    first wagon of a swap wears a "1st" tag on its top edge."""
    x0, y0, x1, y1 = box
    colour = WAGON_COLOURS.get(name, (150, 150, 150))
    c.rect((x0, y0, x1, y1 - WHEEL), fill=colour, outline=INK, width=1.5, radius=6)
    for wx in (x0 + (x1 - x0) * 0.25, x0 + (x1 - x0) * 0.75):
        c.circle((wx, y1 - WHEEL), WHEEL, fill=(40, 40, 40), outline=(200, 200, 200), width=1)
    ink = INK if light(colour) else WHITE
    lines = wrap(c, t(wagon_key(name)), LABEL, x1 - x0 - LABEL_ROOM, t("mp.img.hyphenation"))
    top = (y0 + y1 - 2 * WHEEL) / 2 - (len(lines) - 1) * LABEL_STEP / 2
    for n, line in enumerate(lines):
        c.text(((x0 + x1) / 2, top + n * LABEL_STEP), line, LABEL, ink, anchor="mm")
    if picked:
        c.ring(box, 3, INK, HIGHLIGHT)
        c.tag(((x0 + x1) / 2, y0 - 3), t("mp.img.first_pick"), TEXT, INK, HIGHLIGHT, "mm")


def empty_slot(c: Canvas, box: Box, inset: float, radius: float) -> None:
    """A place that may still take a wagon: its outline."""
    x0, y0, x1, y1 = box
    c.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), None, EMPTY_SLOT, 2, radius)


def tag_spot(box: Box) -> tuple[float, float]:
    """Where a wagon's (or its place's) tag is centred: between its wheels, under its name."""
    x0, _, x1, y1 = box
    return ((x0 + x1) / 2, y1 - WHEEL)

"""The eight postcards along the bottom of the City of Light picture: name, a short effect,
the action token on it, an hourglass while a delayed effect waits, used ones greyed."""

from __future__ import annotations

from bot.games.city_of_light.colours import (
    CARD_FACE,
    CARD_USED,
    HIGHLIGHT,
    INK,
    PENDING,
    SOFT_INK,
)
from bot.games.city_of_light.layout import TEXT, postcard_box
from bot.games.city_of_light.pieces import seat_mark
from bot.i18n import t
from bot.render.drawing import Canvas
from games.city_of_light.views import CityOfLightView


def wrap(
    canvas: Canvas, text: str, size: float, width: float, lines: int, bold: bool = False
) -> list[str]:
    """At most `lines` lines of `text` that fit `width` (the last one cut if need be)."""
    out: list[str] = []
    for word in text.split():
        if out and canvas.text_width(out[-1] + " " + word, size, bold) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[: lines - 1] + [" ".join(out[lines - 1 :])]
    return [canvas.clip(line, size, width, bold) for line in out]


def draw_postcards(c: Canvas, v: CityOfLightView, cards: set[str]) -> None:
    for n, card in enumerate(v.postcards):
        x0, y0, x1, y1 = postcard_box(n)
        if card.card in cards:
            c.rect((x0 - 5, y0 - 5, x1 + 5, y1 + 5), fill=INK, radius=10)
            c.rect((x0 - 3, y0 - 3, x1 + 3, y1 + 3), fill=HIGHLIGHT, radius=9)
        outline = PENDING if card.pending else (150, 140, 128)
        c.rect(
            (x0, y0, x1, y1),
            fill=CARD_USED if card.used else CARD_FACE,
            outline=outline,
            width=5 if card.pending else 1.5,
            radius=6,
        )
        ink = SOFT_INK if card.used else INK
        room = x1 - x0 - 16
        c.text(
            (x0 + 8, y0 + 18),
            c.clip(t(f"col.img.card.{card.card}"), TEXT, room, True),
            TEXT,
            ink,
            anchor="lm",
            bold=True,
        )
        marked = card.token is not None or card.pending
        if card.token is not None:  # the action token, bottom right
            seat_mark(c, (x1 - 18, y1 - 18), card.token, 11)
        if card.pending:  # an hourglass: the delayed effect is still to be used
            hx, hy = x1 - (46 if card.token is not None else 18), y1 - 18
            c.polygon(
                [(hx - 8, hy - 11), (hx + 8, hy - 11), (hx - 8, hy + 11), (hx + 8, hy + 11)],
                fill=PENDING,
                outline=INK,
                width=1.5,
            )
        lines = wrap(c, t(f"col.img.effect.{card.card}"), TEXT, room, 2)
        if marked and len(lines) == 2:  # the second line stops short of the marks
            lines[1] = c.clip(
                lines[1], TEXT, room - (62 if card.pending and card.token is not None else 34)
            )
        for i, line in enumerate(lines):
            c.text((x0 + 8, y0 + 48 + 25 * i), line, TEXT, ink, anchor="lm")

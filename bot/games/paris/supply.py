"""Beside the Paris districts: the Arc, the building stacks, the end-game stack, the VP
tiles still to place, the general supply and the landmarks not yet built."""

from __future__ import annotations

from bot.games.paris.colours import (
    EMPTY_EDGE,
    HIGHLIGHT,
    INK,
    LANDMARK,
    PANEL,
    PANEL_EDGE,
    SOFT_INK,
    TILE_BACK,
    VP_TILE,
    key_disc,
)
from bot.games.paris.layout import (
    ARC_BOX,
    DIGIT_MIN,
    EGT_BOX,
    ICON,
    LANDMARK_ROW_H,
    LANDMARK_ROW_Y,
    MARGIN,
    SIDE_H,
    SIDE_Y,
    SUPPLY_BOX,
    TEXT_MIN,
    Box,
    arc_key,
    stack_box,
)
from bot.games.paris.terms import GOOD_ICON, KIND_ICON
from bot.i18n import t
from bot.render.drawing import Canvas
from bot.render.palette import WHITE
from games.paris.views import LandmarkView, ParisView


def draw_strip(c: Canvas, v: ParisView, marks: set[str]) -> None:
    x0, y0, x1, y1 = ARC_BOX
    c.rect(ARC_BOX, fill=PANEL, outline=PANEL_EDGE, width=1.5, radius=10)
    label = t("pa.img.arc")
    c.text((x0 + 10, y0 + 8), c.clip(label, TEXT_MIN, x1 - x0 - 14, True), TEXT_MIN, INK, bold=True)
    for k, seat in enumerate(v.arc[:4]):
        key_disc(c, arc_key(k), seat)
    if not v.arc:
        c.text((x0 + 10, y1 - 14), t("pa.img.nobody"), TEXT_MIN, SOFT_INK, anchor="ld")
    if "arc" in marks:
        c.ring(ARC_BOX, 3, INK, HIGHLIGHT)
    for i, stack in enumerate(v.stacks):
        box = stack_box(i)
        sx0, sy0, sx1, sy1 = box
        if stack.size:
            for k in range(min(stack.size, 3) - 1, -1, -1):
                c.rect(
                    (sx0 + 3 * k, sy0 + 3 * k, sx1 - 9 + 3 * k, sy1 - 9 + 3 * k),
                    fill=TILE_BACK,
                    outline=WHITE,
                    width=1.5,
                    radius=8,
                )
            ink = WHITE
            top = t(f"pa.district.{stack.top_district}")
            room = sx1 - sx0 - 20
            size = c.fit_size(top, 24, room, TEXT_MIN, True)
            c.text(
                (sx0 + 9, sy1 - 18),
                c.clip(top, size, room, True),
                size,
                WHITE,
                anchor="ld",
                bold=True,
            )
        else:
            c.rect((sx0, sy0, sx1 - 9, sy1 - 9), fill=None, outline=EMPTY_EDGE, width=1.5, radius=8)
            ink = SOFT_INK
        c.text((sx0 + 10, sy0 + 8), t("pa.img.stack", stack=i + 1), TEXT_MIN, ink, bold=True)
        c.text((sx1 - 18, sy0 + 6), str(stack.size), 26, ink, anchor="ra", bold=True)
        if f"stack:{i}" in marks:
            c.ring(box, 3, INK, HIGHLIGHT)
    _end_game_stack(c, v)


def _end_game_stack(c: Canvas, v: ParisView) -> None:
    """The end-game tiles, face down (the French flag on their backs), and how many."""
    ex0, ey0, ex1, ey1 = EGT_BOX
    if v.end_game_stack:
        c.rect(EGT_BOX, fill=TILE_BACK, outline=WHITE, width=1.5, radius=8)
        _flag(c, (ex1 - 104, ey0 + 12, ex1 - 64, ey1 - 12))
        ink = WHITE
    else:
        c.rect(EGT_BOX, fill=None, outline=EMPTY_EDGE, width=1.5, radius=8)
        ink = SOFT_INK
    mid = (ey0 + ey1) / 2
    label = t("pa.img.egt")
    c.text(
        (ex0 + 10, mid),
        c.clip(label, TEXT_MIN, ex1 - ex0 - 130, True),
        TEXT_MIN,
        ink,
        anchor="lm",
        bold=True,
    )
    c.text((ex1 - 14, mid), str(v.end_game_stack), 28, ink, anchor="rm", bold=True)


def _flag(c: Canvas, box: Box) -> None:
    """The French flag on the end-game tiles' backs."""
    x0, y0, x1, y1 = box
    w = (x1 - x0) / 3
    for k, colour in enumerate(((0, 85, 164), (255, 255, 255), (239, 65, 53))):
        c.rect((x0 + k * w, y0, x0 + (k + 1) * w, y1), fill=colour)
    c.rect(box, fill=None, outline=INK, width=1)


def draw_side(c: Canvas, v: ParisView, marks: set[str]) -> None:
    y0, y1 = SIDE_Y, SIDE_Y + SIDE_H
    x: float = MARGIN
    label = t("pa.img.vp_tiles")
    c.text((x, (y0 + y1) / 2), label, TEXT_MIN, INK, anchor="lm", bold=True)
    x += c.text_width(label, TEXT_MIN, True) + 10
    for points in v.vp_tiles.values():
        text = "·".join(str(p) for p in points)
        w = c.text_width(text, DIGIT_MIN, True) + 14
        c.rect((x, y0 + 6, x + w, y1 - 6), fill=VP_TILE, outline=INK, width=1.5, radius=6)
        c.text((x + w / 2, (y0 + y1) / 2), text, DIGIT_MIN, INK, anchor="mm", bold=True)
        x += w + 5
    if not v.vp_tiles:
        c.text((x, (y0 + y1) / 2), t("pa.img.none_left"), TEXT_MIN, SOFT_INK, anchor="lm")
    _supply(c, v, marks)
    _landmark_row(c, v)


def _supply(c: Canvas, v: ParisView, marks: set[str]) -> None:
    """The general supply: resources spent or sold, to be bought back."""
    px0, py0, px1, py1 = SUPPLY_BOX
    c.rect(SUPPLY_BOX, fill=PANEL, outline=PANEL_EDGE, width=1.5, radius=8)
    mid = (py0 + py1) / 2
    goods = 3 * (ICON + 36)
    label = t("pa.img.supply")
    room = px1 - px0 - 20 - goods
    c.text(
        (px0 + 10, mid), c.clip(label, TEXT_MIN, room, True), TEXT_MIN, INK, anchor="lm", bold=True
    )
    x = px1 - 6 - goods
    for g, n in v.resource_supply.items():
        c.icon((x + ICON / 2, mid), GOOD_ICON[g], ICON, INK)
        ink = INK if n else SOFT_INK
        c.text((x + ICON + 2, mid), str(n), 24, ink, anchor="lm", bold=True)
        x += ICON + 36
    if "supply" in marks:
        c.ring(SUPPLY_BOX, 3, INK, HIGHLIGHT)


def _landmark_row(c: Canvas, v: ParisView) -> None:
    """The landmarks beside the board (the landmark icon heads the row): each one's cost and
    resource price ("2🪨" for two marbles)."""
    y0, y1 = LANDMARK_ROW_Y, LANDMARK_ROW_Y + LANDMARK_ROW_H
    mid = (y0 + y1) / 2
    chips = landmark_chips(c, v)
    if not chips:
        c.text((MARGIN, mid), t("pa.img.landmarks_none"), TEXT_MIN, SOFT_INK, anchor="lm")
        return
    c.icon((MARGIN + ICON / 2, mid), KIND_ICON["landmark"], ICON, INK)
    by_id = {lm.id: lm for lm in v.landmarks}
    for lid, box in chips.items():
        lm = by_id[lid]
        c.rect(box, fill=LANDMARK, outline=INK, width=1.5, radius=6)
        ix = box[0] + 6
        c.text((ix, mid), str(lm.cost), 24, INK, anchor="lm", bold=True)
        ix += c.text_width(str(lm.cost), 24, True) + 4
        for good, n in lm.resources.items():
            if n > 1:
                c.text((ix, mid), str(n), DIGIT_MIN, INK, anchor="lm")
                ix += c.text_width(str(n), DIGIT_MIN)
            c.icon((ix + ICON / 2, mid), GOOD_ICON[good], ICON, INK)
            ix += ICON + 2


def landmark_chips(c: Canvas, v: ParisView) -> dict[str, Box]:
    """Where each landmark beside the board is drawn (the turn panel tags them too)."""
    y0, y1 = LANDMARK_ROW_Y + 5, LANDMARK_ROW_Y + LANDMARK_ROW_H - 5
    x: float = MARGIN + ICON + 8
    out: dict[str, Box] = {}
    for lm in v.landmarks:
        if lm.district is None:
            w = _chip_width(c, lm)
            out[lm.id] = (x, y0, x + w, y1)
            x += w + 6
    return out


def _chip_width(c: Canvas, lm: LandmarkView) -> float:
    width = 10 + c.text_width(str(lm.cost), 24, True)
    for n in lm.resources.values():
        width += ICON + 2 + (c.text_width(str(n), DIGIT_MIN) if n > 1 else 0)
    return width + 6

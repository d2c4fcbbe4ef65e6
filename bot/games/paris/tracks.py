"""The Paris picture's two tracks: the bonus track (a row per zone, its tiles, each seat's
meeple) and the VP track (each seat on its score)."""

from __future__ import annotations

from bot.games.paris.colours import (
    BUILT,
    HIGHLIGHT,
    INK,
    PANEL,
    PANEL_EDGE,
    SOFT_INK,
    ZONES,
    key_disc,
)
from bot.games.paris.layout import (
    BIG,
    DIGIT_MIN,
    KEY_R,
    MARGIN,
    TEXT_MIN,
    TRACK_ROW_H,
    TRACK_Y,
    TRACK_ZONE_W,
    VP_H,
    VP_Y,
    meeple_point,
    track_cell,
    track_tile_box,
    vp_point,
)
from bot.i18n import t
from bot.render.drawing import Canvas
from games.paris.views import ParisView


def draw_track(c: Canvas, v: ParisView, marks: set[str]) -> None:
    for row, zone in enumerate("ABC"):
        y0 = TRACK_Y + row * TRACK_ROW_H
        c.text(
            (MARGIN + TRACK_ZONE_W / 2, y0 + (TRACK_ROW_H - 4) / 2),
            zone,
            BIG,
            SOFT_INK,
            anchor="mm",
            bold=True,
        )
    start = track_cell(0)
    c.rect(start, fill=PANEL, outline=PANEL_EDGE, width=1.5, radius=6)
    at: dict[int, list[int]] = {}
    for p in v.table:
        at.setdefault(p.meeple, []).append(p.seat)
    for space in v.track:
        box = track_cell(space.space)
        c.rect(box, fill=ZONES.get(space.zone, PANEL), outline=PANEL_EDGE, width=1, radius=6)
        if space.tiles:
            tx0, ty0, tx1, ty1 = track_tile_box(space.space)
            for k in range(min(space.tiles, 3) - 1, 0, -1):
                c.rect(
                    (tx0 + 3 * k, ty0 - 3 * k, tx1 + 3 * k, ty1 - 3 * k),
                    fill=BUILT,
                    outline=SOFT_INK,
                    width=1,
                    radius=4,
                )
            c.rect((tx0, ty0, tx1, ty1), fill=BUILT, outline=INK, width=1.5, radius=4)
            c.text(
                ((tx0 + tx1) / 2, (ty0 + ty1) / 2),
                str(space.number),
                22,
                INK,
                anchor="mm",
                bold=True,
            )
        if f"track:{space.space}" in marks:
            c.ring(box, 2, INK, HIGHLIGHT)
    for pos, seats in at.items():
        for k, seat in enumerate(seats):
            key_disc(
                c, meeple_point(pos, k, len(seats)), seat, KEY_R if len(seats) <= 2 else KEY_R - 1
            )


def draw_vp_track(c: Canvas, v: ParisView) -> None:
    y0 = VP_Y
    scores = [p.vp for p in v.table]
    if v.result is not None:
        scores = list(v.result.scores)
    top = max(100, ((max(scores, default=0) + 24) // 25) * 25)
    line_y = y0 + VP_H - KEY_R - 4
    c.text((MARGIN, line_y), t("pa.img.vp_track"), TEXT_MIN, INK, anchor="lm", bold=True)
    c.line([(vp_point(0, top), line_y), (vp_point(top, top), line_y)], PANEL_EDGE, 4)
    step = 25 if top <= 150 else 50
    for mark in range(0, top + 1, step):
        x = vp_point(mark, top)
        c.line([(x, line_y - 8), (x, line_y + 8)], SOFT_INK, 2)
        c.text((x, y0), str(mark), DIGIT_MIN, SOFT_INK, anchor="ma")
    # Each seat on its score; seats on close scores step aside so every number shows.
    last = -1e9
    for seat in sorted(range(len(scores)), key=lambda s: (scores[s], s)):
        x = max(vp_point(scores[seat], top), last + 2 * KEY_R + 2)
        key_disc(c, (x, line_y), seat)
        last = x

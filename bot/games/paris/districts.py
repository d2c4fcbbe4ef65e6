"""The six districts of the Paris picture: name, VP-tile space, bank, the six building
spaces (value, kind, the token still beside it, the keys on it), the landmarks built and,
on the bottom line, each seat's sum there, the leader first: who holds the majority reads
at a glance, as the VP tile will rank it."""

from __future__ import annotations

from bot.games.paris.colours import (
    BANK,
    BUILT,
    EMPTY,
    EMPTY_EDGE,
    HIGHLIGHT,
    INK,
    LANDMARK,
    PANEL,
    PANEL_EDGE,
    SOFT_INK,
    VP_TILE,
    key_disc,
)
from bot.games.paris.layout import (
    BIG,
    DIGIT_MIN,
    ICON,
    KEY_R,
    TEXT_MIN,
    bank_box,
    bank_key,
    cell_box,
    cell_key,
    district_box,
    landmark_box,
    sums_box,
    token_point,
    vp_slot_box,
)
from bot.games.paris.terms import GOOD_ICON, KIND_ICON, district_sums
from bot.i18n import t
from bot.render.drawing import Canvas
from games.paris.data import VP_TILES
from games.paris.views import DistrictView, ParisView, SpaceView

VP_POINTS = dict(VP_TILES)


def draw_district(c: Canvas, v: ParisView, d: int, dv: DistrictView, marks: set[str]) -> None:
    box = district_box(d)
    x0, y0, x1, y1 = box
    c.rect(box, fill=PANEL, outline=PANEL_EDGE, width=1.5, radius=10)
    if f"district:{dv.id}" in marks:
        c.ring(box, 2, INK, HIGHLIGHT)
    name = t(f"pa.district.{dv.id}")
    slot = vp_slot_box(d)
    size = c.fit_size(name, BIG, slot[0] - x0 - 16, TEXT_MIN, True)
    c.text((x0 + 10, y0 + 12), c.clip(name, size, slot[0] - x0 - 16, True), size, INK, bold=True)
    # The VP-tile space: the tile's points, or the keys counted toward placing one.
    if dv.vp_tile:
        c.rect(slot, fill=VP_TILE, outline=INK, width=1.5, radius=6)
        label = "·".join(str(p) for p in VP_POINTS[dv.vp_tile])
        c.text(
            ((slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2),
            label,
            c.fit_size(label, 24, slot[2] - slot[0] - 6, DIGIT_MIN, True),
            INK,
            anchor="mm",
            bold=True,
        )
    else:
        c.rect(slot, fill=None, outline=EMPTY_EDGE, width=1.5, radius=6)
        label = t("pa.img.keys_to_vp", n=min(dv.keys_on_buildings, 4))
        c.text(
            ((slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2),
            label,
            TEXT_MIN,
            SOFT_INK,
            anchor="mm",
            bold=True,
        )
    if f"vp:{dv.id}" in marks:
        c.ring(slot, 3, INK, HIGHLIGHT)
    # The bank: what it pays and the keys on it.
    bx = bank_box(d)
    c.rect(bx, fill=BANK, outline=EMPTY_EDGE, width=1, radius=6)
    c.text(
        (bx[0] + 8, (bx[1] + bx[3]) / 2),
        t("pa.img.bank", n=dv.bank),
        TEXT_MIN,
        INK,
        anchor="lm",
        bold=True,
    )
    for k, seat in enumerate(dv.bank_keys[:4]):
        key_disc(c, bank_key(d, k), seat)
    if f"bank:{dv.id}" in marks:
        c.ring(bx, 3, INK, HIGHLIGHT)
    for i, space in enumerate(dv.spaces):
        _building(c, d, i, space, marks)
    _landmarks(c, v, d, dv, marks)
    _sums(c, v, d)


def _sums(c: Canvas, v: ParisView, d: int) -> None:
    """ "Σ" then each seat's key and its sum, the highest first ("Σ —": no key yet)."""
    x0, y0, x1, y1 = sums_box(d)
    mid = (y0 + y1) / 2
    c.line([(x0, y0), (x1, y0)], EMPTY_EDGE, 1)
    c.text((x0 + 4, mid), "Σ", TEXT_MIN, SOFT_INK, anchor="lm", bold=True)
    sums = district_sums(v, d)
    if not sums:
        c.text((x0 + 30, mid), "—", TEXT_MIN, SOFT_INK, anchor="lm")
        return
    step = (x1 - x0 - 26) / max(len(sums), 3)
    x = x0 + 26 + KEY_R
    for seat, total in sorted(sums.items(), key=lambda kv: (-kv[1], kv[0])):
        key_disc(c, (x, mid), seat)
        c.text((x + KEY_R + 4, mid), str(total), DIGIT_MIN, INK, anchor="lm", bold=True)
        x += step


def _building(c: Canvas, d: int, i: int, s: SpaceView, marks: set[str]) -> None:
    box = cell_box(d, i)
    x0, y0, x1, y1 = box
    built = s.tile is not None
    c.rect(
        box,
        fill=BUILT if built else EMPTY,
        outline=INK if built else EMPTY_EDGE,
        width=1.5 if built else 1,
        radius=7,
    )
    c.text((x0 + 7, y0 + 4), str(s.value), 28, INK if built else SOFT_INK, bold=True)
    if built and s.kind:
        c.icon((x1 - 5 - ICON / 2, y0 + 6 + ICON / 2), KIND_ICON[s.kind], ICON, INK)
    if s.token:
        c.icon(token_point(d, i), GOOD_ICON[s.token], ICON, INK)
    keys = s.keys[:3]  # a second key of one's own (bonus 9) and a rival's (16): three
    for k, seat in enumerate(keys):
        if len(keys) <= 2:
            key_disc(c, cell_key(d, i, k), seat)
        else:
            kx, ky = cell_key(d, i, 1)
            key_disc(c, (kx - (2 - k) * 20, ky), seat)
    if f"loc:{s.space}" in marks:
        c.ring(box, 4, INK, HIGHLIGHT)
    elif f"from:{s.space}" in marks:
        c.rect(box, fill=None, outline=HIGHLIGHT, width=3, radius=7)


def _landmarks(c: Canvas, v: ParisView, d: int, dv: DistrictView, marks: set[str]) -> None:
    ids = dv.landmarks
    by_id = {lm.id: lm for lm in v.landmarks}
    if not ids:
        x0, y0, x1, y1 = landmark_box(d, 0, 1)
        c.text(
            ((x0 + x1) / 2, (y0 + y1) / 2), t("pa.img.no_landmark"), TEXT_MIN, SOFT_INK, anchor="mm"
        )
        return
    shown = ids if len(ids) <= 3 else ids[-2:]  # the dearest last: the ones still climbing
    slots = len(shown) + (1 if len(ids) > 3 else 0)
    k = 0
    if len(ids) > 3:
        x0, y0, x1, y1 = landmark_box(d, 0, slots)
        c.text(
            ((x0 + x1) / 2, (y0 + y1) / 2),
            f"+{len(ids) - 2}",
            BIG,
            SOFT_INK,
            anchor="mm",
            bold=True,
        )
        k = 1
    for lid in shown:
        lm = by_id[lid]
        box = landmark_box(d, k, slots)
        x0, y0, x1, y1 = box
        c.rect(box, fill=LANDMARK, outline=INK, width=1.5, radius=6)
        keys = lm.keys[:3]
        if len(keys) < 2:  # the icon, unless keys need its room
            c.icon((x0 + 17, (y0 + y1) / 2), KIND_ICON["landmark"], ICON - 4, INK)
        c.text(
            (x0 + (33 if len(keys) < 2 else 7), (y0 + y1) / 2),
            str(lm.cost),
            24,
            INK,
            anchor="lm",
            bold=True,
        )
        step = 2 * KEY_R + 1 if len(keys) <= 2 else 18
        for j, seat in enumerate(reversed(keys)):
            key_disc(c, (x1 - 4 - KEY_R - j * step, (y0 + y1) / 2), seat)
        if f"loc:{dv.id}/{lid}" in marks:
            c.ring(box, 3, INK, HIGHLIGHT)
        elif f"from:{dv.id}/{lid}" in marks:
            c.rect(box, fill=None, outline=HIGHLIGHT, width=3, radius=6)
        k += 1

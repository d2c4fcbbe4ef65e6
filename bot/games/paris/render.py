"""The Paris table picture: the six districts with their banks, buildings (value and kind),
the tokens still beside them, keys and landmarks, VP tiles; the Arc; the building stacks,
the end-game stack and the general supply; the VP tiles and landmarks still beside the board;
the bonus track with each meeple; the VP track; a panel per player with what the rules make
public about a screen (keys behind it, how many bonus and end-game tiles: never which).

It draws the view it is handed and reads only its public fields (never `screen` nor
`browsing`), so a seat's view draws the public picture (tests/contract/test_pictures.py). At
the end every screen is public: the players' francs are shown then.

Why everything is big: Discord shows the picture about 520 px wide, about half its 1000 px,
so words are drawn at 21 px or more and digits at 20 px or more (see layout.py). Seat
colours are Okabe–Ito vermilion, blue, yellow and black (apart with the common colour-vision
deficiencies); every key and meeple also carries its seat number.

Highlight ids (a move's preview, see `ParisAdapter.highlight`): `loc:<district>/<value>`
or `loc:<district>/<landmark>` (a building or landmark bought), `from:<location>` (where the
key came from), `bank:<district>`, `arc`, `track:<space>`, `vp:<district>` (its VP-tile
space), `district:<district>`, `supply`.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import Any

from PIL import Image

from bot.games.paris.layout import (
    ARC_BOX,
    DIGIT_MIN,
    EGT_BOX,
    HEADER_H,
    HEIGHT,
    KEY_R,
    LANDMARK_ROW_H,
    LANDMARK_ROW_Y,
    MARGIN,
    SIDE_H,
    SIDE_Y,
    SUPPLY_BOX,
    TEXT_MIN,
    TRACK_ROW_H,
    TRACK_Y,
    TRACK_ZONE_W,
    VP_H,
    VP_Y,
    WIDTH,
    Box,
    arc_key,
    bank_box,
    bank_key,
    cell_box,
    cell_key,
    district_box,
    landmark_box,
    meeple_point,
    player_box,
    stack_box,
    token_point,
    track_cell,
    track_tile_box,
    vp_point,
    vp_slot_box,
)
from bot.games.paris.terms import GOOD_ICON, KIND_ICON
from bot.i18n import t
from bot.render import text as textlib
from bot.render.drawing import Canvas, Colour, safe_name
from games.paris.data import VP_TILES
from games.paris.views import ParisView

BACKGROUND: Colour = (240, 234, 220)
INK: Colour = (36, 34, 40)
SOFT_INK: Colour = (100, 94, 86)
WHITE: Colour = (255, 255, 255)
PANEL: Colour = (251, 248, 240)
PANEL_EDGE: Colour = (196, 186, 166)
BUILT: Colour = (255, 253, 246)
EMPTY: Colour = (226, 219, 203)
EMPTY_EDGE: Colour = (184, 174, 154)
BANK: Colour = (232, 240, 228)
TILE_BACK: Colour = (60, 84, 140)  # building tiles and the end-game stack, face down
VP_TILE: Colour = (236, 196, 84)
LANDMARK: Colour = (236, 228, 250)
HIGHLIGHT: Colour = (255, 214, 0)
ZONES: dict[str, Colour] = {"A": (246, 236, 214), "B": (236, 224, 200), "C": (224, 210, 184)}
# Seat colours: Okabe–Ito vermilion, blue, yellow and black (a dark grey), which stay apart
# with protanopia, deuteranopia and tritanopia (tests/render checks it); the text's seat
# discs are the nearest emoji (🟠 🔵 🟡 ⚫).
SEAT_COLOURS: tuple[Colour, ...] = ((213, 94, 0), (0, 114, 178), (240, 228, 66), (50, 50, 50))
SEAT_INK: tuple[Colour, ...] = (WHITE, WHITE, INK, WHITE)

WORD = TEXT_MIN  # the smallest words
BIG = 26
VP_POINTS = dict(VP_TILES)


def render_table(view: ParisView, names: list[str], *, highlight: Collection[str] = ()) -> bytes:
    """The public table as a PNG, 1000 px wide."""
    marks = set(highlight)
    c = Canvas(WIDTH, HEIGHT, BACKGROUND)
    _header(c, view, names)
    for d, dv in enumerate(view.districts):
        _district(c, view, d, dv, marks)
    _strip(c, view, marks)
    _side(c, view, marks)
    _track(c, view, marks)
    _vp_track(c, view)
    for p in view.table:
        _player(c, view, p, names)
    return c.png()


# --- helpers


def _fit(
    c: Canvas, text: str, size: float, width: float, minimum: float = WORD, bold: bool = True
) -> float:
    while size > minimum and c.text_width(text, size, bold) > width:
        size -= 0.5
    return size


def _clip(c: Canvas, text: str, size: float, width: float, bold: bool = True) -> str:
    if c.text_width(text, size, bold) <= width:
        return text
    while len(text) > 1 and c.text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _ring(c: Canvas, box: Box, pad: float = 4) -> None:
    x0, y0, x1, y1 = box
    c.rect((x0 - pad, y0 - pad, x1 + pad, y1 + pad), fill=None, outline=INK, width=7, radius=9)
    c.rect(
        (x0 - pad, y0 - pad, x1 + pad, y1 + pad), fill=None, outline=HIGHLIGHT, width=4, radius=9
    )


def key_disc(c: Canvas, centre: tuple[float, float], seat: int, r: float = KEY_R) -> None:
    """A key (or meeple): its seat's colour and number."""
    c.circle(centre, r, fill=SEAT_COLOURS[seat % 4], outline=INK, width=1.5)
    c.text(centre, str(seat + 1), DIGIT_MIN, SEAT_INK[seat % 4], anchor="mm", bold=True)


def _icon(c: Canvas, centre: tuple[float, float], icon: str, size: float = 24) -> None:
    """An emoji icon (a kind of building, a good), centred: drawn once per size and pasted,
    since a picture shows a hundred of them."""
    image = _icon_image(icon, round(size * c.scale))
    x = round(centre[0] * c.scale - image.width / 2)
    y = round(centre[1] * c.scale - image.height / 2)
    c.image.paste(image, (x, y), image)


@lru_cache(maxsize=256)
def _icon_image(icon: str, px: int) -> Image.Image:
    width = max(1, round(textlib.width(icon, px)))
    ascent, descent = textlib.metrics(px)
    image = Image.new("RGBA", (width, ascent + descent), (0, 0, 0, 0))
    textlib.draw(image, 0, ascent, icon, px, INK)
    box = image.getbbox()
    return image.crop(box) if box else image


# --- header


def _header(c: Canvas, v: ParisView, names: list[str]) -> None:
    c.text((MARGIN + 4, 12), t("game.paris"), 30, INK, bold=True)
    if v.phase == "over":
        winners = v.result.winners if v.result is not None else []
        status = t("pa.img.over", names=" & ".join(safe_name(names[s]) for s in winners))
    else:
        turn = v.turn if v.turn is not None else 0
        doing = t(f"pa.doing.{v.phase}")
        if v.phase == "place" and v.drawn_tile:
            d, _, value = v.drawn_tile.partition("/")
            doing = t(
                "pa.doing.place_tile",
                tile=t("pa.place.building", district=t(f"pa.district.{d}"), value=value),
            )
        status = t("pa.img.turn", round=v.round, name=safe_name(names[turn]), doing=doing)
        if v.final_turns is not None:
            key = "pa.img.final" if v.final_turns else "pa.img.last_turn"
            status += " · " + t(key, n=v.final_turns)
    size = _fit(c, status, 24, WIDTH - 140 - MARGIN)
    c.text(
        (WIDTH - MARGIN - 4, 16),
        _clip(c, status, size, WIDTH - 140 - MARGIN),
        size,
        INK,
        anchor="ra",
        bold=True,
    )
    c.line([(MARGIN, HEADER_H - 2), (WIDTH - MARGIN, HEADER_H - 2)], PANEL_EDGE, 1.5)


# --- districts


def _district(c: Canvas, v: ParisView, d: int, dv: Any, marks: set[str]) -> None:
    box = district_box(d)
    x0, y0, x1, y1 = box
    c.rect(box, fill=PANEL, outline=PANEL_EDGE, width=1.5, radius=10)
    if f"district:{dv.id}" in marks:
        _ring(c, box, 2)
    name = t(f"pa.district.{dv.id}")
    slot = vp_slot_box(d)
    size = _fit(c, name, BIG, slot[0] - x0 - 16)
    c.text((x0 + 10, y0 + 12), _clip(c, name, size, slot[0] - x0 - 16), size, INK, bold=True)
    # The VP-tile space: the tile's points, or the keys counted toward placing one.
    if dv.vp_tile:
        c.rect(slot, fill=VP_TILE, outline=INK, width=1.5, radius=6)
        label = "·".join(str(p) for p in VP_POINTS[dv.vp_tile])
        c.text(
            ((slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2),
            label,
            _fit(c, label, 21, slot[2] - slot[0] - 6, DIGIT_MIN),
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
            WORD,
            SOFT_INK,
            anchor="mm",
            bold=True,
        )
    if f"vp:{dv.id}" in marks:
        _ring(c, slot, 3)
    # The bank: what it pays and the keys on it.
    bx = bank_box(d)
    c.rect(bx, fill=BANK, outline=EMPTY_EDGE, width=1, radius=6)
    c.text(
        (bx[0] + 8, (bx[1] + bx[3]) / 2),
        t("pa.img.bank", n=dv.bank),
        WORD,
        INK,
        anchor="lm",
        bold=True,
    )
    for k, seat in enumerate(dv.bank_keys[:4]):
        key_disc(c, bank_key(d, k), seat)
    if f"bank:{dv.id}" in marks:
        _ring(c, bx, 3)
    for i, space in enumerate(dv.spaces):
        _building(c, d, i, space, marks)
    _landmarks(c, v, d, dv, marks)


def _building(c: Canvas, d: int, i: int, s: Any, marks: set[str]) -> None:
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
        _icon(c, (x1 - 20, y0 + 21), KIND_ICON[s.kind], 28)
    if s.token:
        _icon(c, token_point(d, i), GOOD_ICON[s.token], 26)
    keys = s.keys[:3]  # a second key of one's own (bonus 9) and a rival's (16): three
    for k, seat in enumerate(keys):
        if len(keys) <= 2:
            key_disc(c, cell_key(d, i, k), seat)
        else:
            kx, ky = cell_key(d, i, 1)
            key_disc(c, (kx - (2 - k) * 20, ky), seat)
    if f"loc:{s.space}" in marks:
        _ring(c, box)
    elif f"from:{s.space}" in marks:
        c.rect(box, fill=None, outline=HIGHLIGHT, width=3, radius=7)


def _landmarks(c: Canvas, v: ParisView, d: int, dv: Any, marks: set[str]) -> None:
    ids = dv.landmarks
    by_id = {lm.id: lm for lm in v.landmarks}
    if not ids:
        x0, y0, x1, y1 = landmark_box(d, 0, 1)
        c.text(((x0 + x1) / 2, (y0 + y1) / 2), t("pa.img.no_landmark"), WORD, SOFT_INK, anchor="mm")
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
            _icon(c, (x0 + 16, (y0 + y1) / 2), KIND_ICON["landmark"], 22)
        c.text(
            (x0 + (30 if len(keys) < 2 else 7), (y0 + y1) / 2),
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
            _ring(c, box, 3)
        elif f"from:{dv.id}/{lid}" in marks:
            c.rect(box, fill=None, outline=HIGHLIGHT, width=3, radius=6)
        k += 1


# --- the strip: the Arc, the stacks, the end-game stack, the supply


def _strip(c: Canvas, v: ParisView, marks: set[str]) -> None:
    x0, y0, x1, y1 = ARC_BOX
    c.rect(ARC_BOX, fill=PANEL, outline=PANEL_EDGE, width=1.5, radius=10)
    label = t("pa.img.arc")
    c.text((x0 + 10, y0 + 8), _clip(c, label, WORD, x1 - x0 - 14), WORD, INK, bold=True)
    for k, seat in enumerate(v.arc[:4]):
        key_disc(c, arc_key(k), seat)
    if not v.arc:
        c.text((x0 + 10, y1 - 14), t("pa.img.nobody"), WORD, SOFT_INK, anchor="ld")
    if "arc" in marks:
        _ring(c, ARC_BOX, 3)
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
            size = _fit(c, top, 22, sx1 - sx0 - 20)
            c.text(
                (sx0 + 9, sy1 - 18),
                _clip(c, top, size, sx1 - sx0 - 20),
                size,
                WHITE,
                anchor="ld",
                bold=True,
            )
        else:
            c.rect((sx0, sy0, sx1 - 9, sy1 - 9), fill=None, outline=EMPTY_EDGE, width=1.5, radius=8)
            ink = SOFT_INK
        c.text((sx0 + 10, sy0 + 8), t("pa.img.stack", stack=i + 1), WORD, ink, bold=True)
        c.text((sx1 - 18, sy0 + 6), str(stack.size), 26, ink, anchor="ra", bold=True)
    ex0, ey0, ex1, ey1 = EGT_BOX
    if v.end_game_stack:
        c.rect((ex0, ey0, ex1 - 9, ey1 - 9), fill=TILE_BACK, outline=WHITE, width=1.5, radius=8)
        _flag(c, (ex0 + 12, ey1 - 50, ex0 + 54, ey1 - 22))
        ink = WHITE
    else:
        c.rect((ex0, ey0, ex1 - 9, ey1 - 9), fill=None, outline=EMPTY_EDGE, width=1.5, radius=8)
        ink = SOFT_INK
    c.text((ex0 + 10, ey0 + 8), t("pa.img.egt"), WORD, ink, bold=True)
    c.text((ex1 - 20, ey1 - 18), str(v.end_game_stack), 28, ink, anchor="rd", bold=True)


def _flag(c: Canvas, box: Box) -> None:
    """The French flag on the end-game tiles' backs."""
    x0, y0, x1, y1 = box
    w = (x1 - x0) / 3
    for k, colour in enumerate(((0, 85, 164), (255, 255, 255), (239, 65, 53))):
        c.rect((x0 + k * w, y0, x0 + (k + 1) * w, y1), fill=colour)
    c.rect(box, fill=None, outline=INK, width=1)


# --- beside the board: VP tiles, landmarks in the supply


def _side(c: Canvas, v: ParisView, marks: set[str]) -> None:
    y0, y1 = SIDE_Y, SIDE_Y + SIDE_H
    x: float = MARGIN
    label = t("pa.img.vp_tiles")
    c.text((x, (y0 + y1) / 2), label, WORD, INK, anchor="lm", bold=True)
    x += c.text_width(label, WORD, True) + 10
    for points in v.vp_tiles.values():
        text = "·".join(str(p) for p in points)
        w = c.text_width(text, DIGIT_MIN, True) + 14
        c.rect((x, y0 + 7, x + w, y1 - 7), fill=VP_TILE, outline=INK, width=1.5, radius=6)
        c.text((x + w / 2, (y0 + y1) / 2), text, DIGIT_MIN, INK, anchor="mm", bold=True)
        x += w + 5
    if not v.vp_tiles:
        c.text((x, (y0 + y1) / 2), t("pa.img.none_left"), WORD, SOFT_INK, anchor="lm")
    # The general supply: resources spent or sold, to be bought back.
    px0, py0, px1, py1 = SUPPLY_BOX
    c.rect(SUPPLY_BOX, fill=PANEL, outline=PANEL_EDGE, width=1.5, radius=8)
    c.text((px0 + 10, (py0 + py1) / 2), t("pa.img.supply"), WORD, INK, anchor="lm", bold=True)
    x = px1 - 3 * 56 - 2
    for g, n in v.resource_supply.items():
        _icon(c, (x + 13, (py0 + py1) / 2), GOOD_ICON[g], 24)
        c.text(
            (x + 28, (py0 + py1) / 2), str(n), 24, INK if n else SOFT_INK, anchor="lm", bold=True
        )
        x += 56
    if "supply" in marks:
        _ring(c, SUPPLY_BOX, 3)
    # The landmarks beside the board: cost and resource price.
    y0, y1 = LANDMARK_ROW_Y, LANDMARK_ROW_Y + LANDMARK_ROW_H
    x = MARGIN
    supply = [lm for lm in v.landmarks if lm.district is None]
    if not supply:
        c.text((x, (y0 + y1) / 2), t("pa.img.landmarks_none"), WORD, SOFT_INK, anchor="lm")
        return
    room = WIDTH - MARGIN - x
    icons = 20 if _chips_width(supply, 20) + 5 * len(supply) <= room else 0
    for lm in supply:
        w = _chip_width(lm, icons)
        c.rect((x, y0 + 7, x + w, y1 - 7), fill=LANDMARK, outline=INK, width=1.5, radius=6)
        _icon(c, (x + 15, (y0 + y1) / 2), KIND_ICON["landmark"], 20)
        c.text((x + 27, (y0 + y1) / 2), str(lm.cost), 24, INK, anchor="lm", bold=True)
        ix = x + 62
        for good, n in lm.resources.items():
            for _ in range(n if icons else 0):
                _icon(c, (ix + icons / 2, (y0 + y1) / 2), GOOD_ICON[good], icons)
                ix += icons + 1
        x += w + 5


def _chip_width(lm: Any, icons: int) -> float:
    return 62 + (sum(lm.resources.values()) * (icons + 1) + 4 if icons else 0)


def _chips_width(landmarks: list[Any], icons: int) -> float:
    return sum(_chip_width(lm, icons) for lm in landmarks)


# --- the bonus track


def _track(c: Canvas, v: ParisView, marks: set[str]) -> None:
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
            _ring(c, box, 2)
    for pos, seats in at.items():
        for k, seat in enumerate(seats):
            key_disc(
                c, meeple_point(pos, k, len(seats)), seat, KEY_R if len(seats) <= 2 else KEY_R - 1
            )


# --- the VP track


def _vp_track(c: Canvas, v: ParisView) -> None:
    y0 = VP_Y
    scores = [p.vp for p in v.table]
    if v.result is not None:
        scores = list(v.result.scores)
    top = max(100, ((max(scores, default=0) + 24) // 25) * 25)
    line_y = y0 + VP_H - KEY_R - 4
    c.text((MARGIN, line_y), t("pa.img.vp_track"), WORD, INK, anchor="lm", bold=True)
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


# --- players


def _player(c: Canvas, v: ParisView, p: Any, names: list[str]) -> None:
    """Name; VP and the tiles held (how many: never which); keys behind the screen and in
    the reserve. At the end: the winner and the francs left (every screen is open then)."""
    box = player_box(p.seat, v.players)
    x0, y0, x1, y1 = box
    colour = SEAT_COLOURS[p.seat % 4]
    acting = p.seat in v.to_act
    c.rect(
        box,
        fill=PANEL,
        outline=colour if acting else PANEL_EDGE,
        width=5 if acting else 1.5,
        radius=10,
    )
    key_disc(c, (x0 + 12 + KEY_R, y0 + 10 + KEY_R), p.seat)
    name = safe_name(names[p.seat])
    room = x1 - x0 - 30 - 2 * KEY_R
    c.text((x0 + 20 + 2 * KEY_R, y0 + 11), _clip(c, name, 24, room), 24, INK, bold=True)
    score = p.vp if v.result is None else v.result.scores[p.seat]
    points = t("pa.img.vp", n=score)
    c.text((x0 + 12, y0 + 46), points, BIG, INK, bold=True)
    right = t("pa.img.tiles", bonus=p.bonus_tiles_held, egt=p.end_game_tiles_held)
    bottom = t("pa.img.keys", n=p.keys_behind_screen, reserve=p.reserve_keys)
    won = v.result is not None and p.seat in v.result.winners
    if v.result is not None:
        right = t("pa.img.winner") if won else ""
        screens = {sv.seat: sv for sv in v.screens or []}
        if p.seat in screens:
            bottom = t("pa.img.francs", n=screens[p.seat].francs)
    if right:
        room = x1 - x0 - 30 - c.text_width(points, BIG, True)
        size = _fit(c, right, 22, room)
        c.text((x1 - 10, y0 + 50), _clip(c, right, size, room), size, INK, anchor="ra", bold=won)
    size = _fit(c, bottom, 22, x1 - x0 - 20)
    c.text((x0 + 12, y0 + 84), _clip(c, bottom, size, x1 - x0 - 20), size, INK)

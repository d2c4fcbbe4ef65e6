"""The side panel of the City of Light picture: a block per player (mark, name, score, what
they hold, their reserve's shapes) and the supply of buildings, with the final picture's
legend."""

from __future__ import annotations

from collections.abc import Collection

from bot.games.city_of_light.colours import (
    CHIMNEY,
    CREAM,
    HIGHLIGHT,
    INK,
    LAMP,
    ROOF,
    SOFT_INK,
    SUPPLY_ROOF,
)
from bot.games.city_of_light.layout import (
    BIG,
    MINI,
    PANEL_W,
    PANEL_X,
    PLAYER_H,
    PLAYER_Y,
    SUPPLY_Y,
    TEXT,
)
from bot.games.city_of_light.pieces import seat_mark
from bot.games.city_of_light.recap import signed
from bot.i18n import t
from bot.render.drawing import Canvas, Colour, safe_name
from bot.render.palette import GOLD, WHITE, WON
from games.city_of_light.data import BUILDINGS
from games.city_of_light.views import CityOfLightView, PlayerView


def shape_width(key: str) -> int:
    return max(dx for dx, _ in BUILDINGS[key]) + 1


def _shapes(
    c: Canvas,
    keys: list[str],
    x: float,
    y: float,
    fill: Colour,
    width: float,
    rows: int,
    marked: Collection[str] = (),
) -> float:
    """Building shapes left to right in at most `rows` rows of `width` (cells shrunk to 12
    at the least when they do not fit); the bottom of what was drawn."""
    widths = [shape_width(k) for k in keys]
    mini = MINI
    while mini > 12 and _rows_needed(widths, mini, width) > rows:
        mini -= 1
    gap = 12
    cx, cy, bottom = x, y, y
    for key, w in zip(keys, widths, strict=True):
        if cx > x and cx + w * mini > x + width:
            cx, cy = x, bottom + gap
        h = max(dy for _, dy in BUILDINGS[key]) + 1
        if key in marked:
            c.ring((cx, cy, cx + w * mini, cy + h * mini), 5, INK, HIGHLIGHT, (5, 3), 4)
        for dx, dy in BUILDINGS[key]:
            c.rect(
                (cx + dx * mini, cy + dy * mini, cx + (dx + 1) * mini, cy + (dy + 1) * mini),
                fill=fill,
                outline=CREAM,
                width=1.5,
            )
        bottom = max(bottom, cy + h * mini)
        cx += w * mini + gap
    return bottom


def _rows_needed(widths: list[int], mini: float, width: float) -> int:
    rows, used = 1, 0.0
    for w in widths:
        if used and used + w * mini > width:
            rows, used = rows + 1, 0.0
        used += w * mini + 12
    return rows


def draw_players(c: Canvas, v: CityOfLightView, names: list[str], taken: set[str]) -> None:
    winners = v.result.winners if v.result is not None else []
    for p in v.seats:
        top = PLAYER_Y[p.seat]
        box = (PANEL_X, top, PANEL_X + PANEL_W, top + PLAYER_H)
        acting = p.seat in v.to_act
        won = p.seat in winners
        if won:
            c.rect(box, fill=WON, outline=GOLD, width=4, radius=8)
        else:
            c.rect(
                box,
                fill=(255, 252, 244),
                outline=INK if acting else (210, 200, 186),
                width=4 if acting else 1.5,
                radius=8,
            )
        x = PANEL_X + 14
        row1 = top + 24
        seat_mark(c, (x + 11, row1), p.seat, 11)
        right: float = PANEL_X + PANEL_W - 14
        if v.scores is not None:
            score = str(v.scores[p.seat])
            c.text((right, row1), score, BIG, INK, anchor="rm", bold=True)
            right -= c.text_width(score, BIG, True) + 10
        tag = t("col.img.winner") if won else t("col.img.to_play") if acting else ""
        if tag:
            tag_w = c.text_width(tag, TEXT, True) + 18
            fill = GOLD if won else INK
            c.rect((right - tag_w, row1 - 15, right, row1 + 15), fill=fill, radius=8)
            c.text(
                (right - tag_w / 2, row1), tag, TEXT, INK if won else WHITE, anchor="mm", bold=True
            )
            right -= tag_w + 10
        c.text(
            (x + 30, row1),
            c.clip(
                safe_name(names[p.seat]) if p.seat < len(names) else "?",
                TEXT + 2,
                right - x - 30,
                True,
            ),
            TEXT + 2,
            INK,
            anchor="lm",
            bold=True,
        )
        info, label = _info(v, p), _reserve_label(v, p)
        label_w = c.text_width(label, TEXT) + 12
        room = PANEL_W - 26
        widths = [shape_width(k) for k in p.reserve]
        # The shapes keep 16 px cells: beside the "reserve" label when they fit there, else
        # across the block with the label moved up to the end of the line above.
        # At the end the label is a score term: it stays, and the shapes shrink beside it.
        beside = v.result is not None or _rows_needed(widths, MINI, room - label_w) <= 1
        if not beside and c.text_width(f"{info} · {label}", TEXT) <= room:
            info = f"{info} · {label}"
        c.text((x, top + 56), c.clip(info, TEXT, room), TEXT, SOFT_INK, anchor="lm")
        left: float = x
        if beside:
            c.text((x, top + 92), label, TEXT, INK, anchor="lm")
            left += label_w
            if not p.reserve:
                c.text((left, top + 92), "\u2014", TEXT, SOFT_INK, anchor="lm")
        _shapes(
            c,
            p.reserve,
            left,
            top + 78,
            ROOF[p.seat],
            PANEL_X + PANEL_W - 12 - left,
            rows=1,
            marked=taken,
        )


def _info(v: CityOfLightView, p: PlayerView) -> str:
    """The line under a player's name: tiles (phase 1), tokens (phase 2), score terms (end:
    the unbuilt buildings' term heads the reserve, which holds them)."""
    if v.result is not None:
        d = v.result.details["players"][p.seat]
        return t(
            "col.img.terms",
            lit=d["lit_buildings"],
            district=d["district"]["points"],
            cards=d["postcard_points"],
        )
    if v.phase == "tiles":
        return t(
            "col.img.info.phase1",
            stack=t("col.img.stack", n=p.stack_size),
            hand=t("col.img.hand", n=p.hand_size),
        )
    return t("col.img.tokens", n=p.tokens_left)


def _reserve_label(v: CityOfLightView, p: PlayerView) -> str:
    """The reserve's label; at the end, the unbuilt buildings' term, as the final table names
    it, since the reserve is what is left unbuilt."""
    if v.result is None:
        return t("col.img.reserve")
    points = v.result.details["players"][p.seat]["unbuilt"]["points"]
    return t("col.img.unbuilt", points=signed(points))


def draw_supply(c: Canvas, v: CityOfLightView) -> None:
    x = PANEL_X + 2
    c.text((x, SUPPLY_Y), t("col.img.supply", n=len(v.supply)), TEXT, INK, bold=True)
    bottom = _shapes(c, v.supply, x, SUPPLY_Y + 34, SUPPLY_ROOF, PANEL_W - 4, rows=2)
    if v.result is not None:  # what the final picture's borders mean
        y = max(bottom + 14, SUPPLY_Y + 160)
        c.rect((x, y, x + 26, y + 22), fill=CREAM, outline=LAMP, width=5, radius=2)
        _legend(c, x + 36, y, t("col.img.legend.lit"))
        y += 32
        for seat in (0, 1):
            left = x + seat * 16
            c.rect((left, y, left + 26, y + 22), fill=None, outline=INK, width=6)
            c.rect((left + 2, y + 2, left + 24, y + 20), fill=None, outline=CHIMNEY[seat], width=3)
        _legend(c, x + 52, y, t("col.img.legend.district"))


def _legend(c: Canvas, left: float, top: float, text: str) -> None:
    """A line of the final picture's legend, beside its sample border."""
    c.text(
        (left, top + 11), c.clip(text, TEXT, PANEL_X + PANEL_W - 2 - left), TEXT, INK, anchor="lm"
    )

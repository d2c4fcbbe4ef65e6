"""The seat's own screen under the Paris picture, drawn only on that seat's own picture
(`render.render_own`: the turn panel's, while it trades): its francs, the goods behind it
and its bonus and end-game tiles, so the trader sees what it may sell beside the board."""

from __future__ import annotations

from bot.games.paris.colours import INK, PANEL, SEAT_COLOURS, SOFT_INK, key_disc
from bot.games.paris.layout import (
    BIG,
    ICON,
    KEY_R,
    MARGIN,
    SCREEN_H,
    TEXT_MIN,
    WIDTH,
    Box,
)
from bot.games.paris.terms import GOOD_ICON, GOOD_IDS
from bot.i18n import t
from bot.render.drawing import Canvas
from games.paris.views import ScreenView


def draw_screen(c: Canvas, screen: ScreenView, top: float) -> None:
    """Two rows under the table (which ends at `top`): the seat's disc, "Your screen",
    francs and each good's count; then its bonus tiles (by number) and end-game tiles."""
    box: Box = (MARGIN, top, WIDTH - MARGIN, top + SCREEN_H - MARGIN)
    x0, y0, x1, y1 = box
    c.rect(box, fill=PANEL, outline=SEAT_COLOURS[screen.seat % 4], width=4, radius=10)
    row = y0 + 28
    key_disc(c, (x0 + 12 + KEY_R, row), screen.seat)
    x: float = x0 + 20 + 2 * KEY_R
    label = t("pa.img.screen")
    c.text((x, row), label, BIG, INK, anchor="lm", bold=True)
    x += c.text_width(label, BIG, True) + 18
    money = t("pa.img.francs", n=screen.francs)
    c.text((x, row), money, TEXT_MIN + 2, INK, anchor="lm", bold=True)
    x += c.text_width(money, TEXT_MIN + 2, True) + 18
    step = (x1 - 10 - x) / len(GOOD_IDS)
    for g in GOOD_IDS:
        n = screen.goods.get(g, 0)
        c.icon((x + ICON / 2, row), GOOD_ICON[g], ICON, INK)
        c.text((x + ICON + 3, row), str(n), 24, INK if n else SOFT_INK, anchor="lm", bold=True)
        x += step
    tiles = t(
        "pa.img.tiles",
        bonus=", ".join(str(n) for n in screen.bonus_tiles) or "—",
        egt=", ".join(screen.end_game_tiles) or "—",
    )
    room = x1 - x0 - 24
    c.text((x0 + 12, y0 + 70), c.clip(tiles, TEXT_MIN, room), TEXT_MIN, INK, anchor="lm")

"""A panel per player on the Paris picture: name, VP, the tiles held (how many: never which)
and the keys behind the screen and in the reserve. At the end, every player's score
breakdown, so each can check the result on the final table: «Игроки складывают…» — the VP
won in play (the VP track), the VP of the districts' VP tiles and the VP of bonus tile 27
(a VP per franc), which add up to the total; then the francs left (the first tie-break:
every screen is open then)."""

from __future__ import annotations

from bot.games.paris.colours import INK, PANEL, PANEL_EDGE, SEAT_COLOURS, SOFT_INK, key_disc
from bot.games.paris.layout import BIG, KEY_R, ROW, TEXT_MIN, player_box
from bot.i18n import t
from bot.render.drawing import Canvas, safe_name
from games.core.contract import Result
from games.paris.views import ParisView, PlayerView

# The breakdown's terms, in the engine's final-scoring details (games/paris/scoring.py).
TERMS = (
    ("pa.img.score.play", "vp_during_game"),
    ("pa.img.score.districts", "district_vp"),
    ("pa.img.score.bonus27", "bonus_27"),
)


def breakdown(result: Result, seat: int) -> list[tuple[str, int]]:
    """(catalogue key, VP) of each term of the seat's final score; [] without details."""
    players = result.details.get("players", [])
    if seat >= len(players):
        return []
    return [(key, int(players[seat][field])) for key, field in TERMS]


def draw_player(c: Canvas, v: ParisView, p: PlayerView, names: list[str]) -> None:
    over = v.result is not None
    box = player_box(p.seat, v.players, over)
    x0, y0, x1, y1 = box
    acting = p.seat in v.to_act
    c.player_block(box, PANEL, PANEL_EDGE, SEAT_COLOURS[p.seat % 4], acting, 5, 10)
    key_disc(c, (x0 + 12 + KEY_R, y0 + 10 + KEY_R), p.seat)
    name = safe_name(names[p.seat])
    room = x1 - x0 - 30 - 2 * KEY_R
    c.text((x0 + 20 + 2 * KEY_R, y0 + 11), c.clip(name, 24, room, True), 24, INK, bold=True)
    score = p.vp if v.result is None else v.result.scores[p.seat]
    points = t("pa.img.vp", n=score)
    c.text((x0 + 12, y0 + 44), points, BIG, INK, bold=True)
    if v.result is None:
        tiles = t("pa.img.tiles", bonus=p.bonus_tiles_held, egt=p.end_game_tiles_held)
        keys = t("pa.img.keys", n=p.keys_behind_screen, reserve=p.reserve_keys)
        for row, line in ((2, tiles), (3, keys)):
            c.text(
                (x0 + 12, y0 + 14 + row * ROW), c.clip(line, TEXT_MIN, x1 - x0 - 20), TEXT_MIN, INK
            )
        return
    if p.seat in v.result.winners:
        room = x1 - x0 - 30 - c.text_width(points, BIG, True)
        won = t("pa.img.winner")
        c.text(
            (x1 - 10, y0 + 47),
            c.clip(won, TEXT_MIN, room, True),
            TEXT_MIN,
            INK,
            anchor="ra",
            bold=True,
        )
    _score(c, v.result, p.seat, box)


def _score(c: Canvas, result: Result, seat: int, box: tuple[float, float, float, float]) -> None:
    """The terms of the final score, a row each, their VP right-aligned under the total;
    then the francs left."""
    x0, y0, x1, y1 = box
    row = 2
    for key, vp in breakdown(result, seat):
        y = y0 + 14 + row * ROW
        c.text((x1 - 12, y), str(vp), TEXT_MIN, INK, anchor="ra", bold=True)
        room = x1 - x0 - 36 - c.text_width(str(vp), TEXT_MIN, True)
        c.text((x0 + 12, y), c.clip(t(key), TEXT_MIN, room), TEXT_MIN, SOFT_INK)
        row += 1
    francs = result.details.get("players", [])
    if seat < len(francs):
        line = t("pa.img.francs", n=francs[seat]["francs"])
        c.text((x0 + 12, y0 + 14 + row * ROW), c.clip(line, TEXT_MIN, x1 - x0 - 20), TEXT_MIN, INK)

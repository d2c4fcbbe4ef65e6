"""The Paris table picture: the six districts with their banks, buildings (value and kind),
the tokens still beside them, keys and landmarks, VP tiles; the Arc; the building stacks,
the end-game stack and the general supply; the VP tiles and landmarks still beside the board;
the bonus track with each meeple; the VP track; a panel per player with what the rules make
public about a screen (keys behind it, how many bonus and end-game tiles: never which).

It draws the view it is handed and reads only its public fields (never `screen` nor
`browsing`), so a seat's view draws the public picture (tests/contract/test_pictures.py). At
the end every screen is public: the players' francs are shown then. `render_own` adds the
seat's own screen under the table, for that seat's player alone (see screen.py).

Why everything is big: Discord shows the picture about 520 px wide, about half its 1000 px,
so words are drawn at 21 px or more and digits at 20 px or more (see layout.py). The parts
are drawn by `districts.py`, `supply.py` and `tracks.py`; the colours are in `colours.py`.

Highlight ids (a move's preview, see `ParisAdapter.highlight`): `loc:<district>/<value>`
or `loc:<district>/<landmark>` (a building or landmark bought), `from:<location>` (where the
key came from), `bank:<district>`, `arc`, `track:<space>`, `vp:<district>` (its VP-tile
space), `district:<district>`, `stack:<index>`, `supply`. The turn panel's picture adds label
ids (`bot.render.marks.label_id`) of those places: each gets its choice's tag (`tags.py`).
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.paris.colours import (
    BACKGROUND,
    INK,
    PANEL,
    PANEL_EDGE,
    SEAT_COLOURS,
    key_disc,
)
from bot.games.paris.districts import draw_district
from bot.games.paris.layout import (
    BIG,
    HEADER,
    HEIGHT,
    KEY_R,
    SCREEN_H,
    TEXT_MIN,
    WIDTH,
    player_box,
)
from bot.games.paris.screen import draw_screen
from bot.games.paris.supply import draw_side, draw_strip, landmark_chips
from bot.games.paris.tags import draw_tags
from bot.games.paris.tracks import draw_track, draw_vp_track
from bot.i18n import t
from bot.render.drawing import Canvas, safe_name
from bot.render.header import winners_text
from bot.render.marks import labels
from games.paris.views import ParisView, PlayerView


def render_table(view: ParisView, names: list[str], *, highlight: Collection[str] = ()) -> bytes:
    """The public table as a PNG, 1000 px wide."""
    c = Canvas(WIDTH, HEIGHT, BACKGROUND)
    _draw(c, view, names, set(highlight))
    return c.png()


def render_own(view: ParisView, names: list[str], *, highlight: Collection[str] = ()) -> bytes:
    """The public table with, under it, the screen of the seat whose view this is: that
    seat's own picture, for its player alone (the turn panel's while it trades)."""
    if view.screen is None:
        return render_table(view, names, highlight=highlight)
    c = Canvas(WIDTH, HEIGHT + SCREEN_H, BACKGROUND)
    _draw(c, view, names, set(highlight))
    draw_screen(c, view.screen)
    return c.png()


def _draw(c: Canvas, view: ParisView, names: list[str], marks: set[str]) -> None:
    HEADER.draw(c, t("game.paris"), _status(view, names), INK, PANEL_EDGE)
    for d, dv in enumerate(view.districts):
        draw_district(c, view, d, dv, marks)
    draw_strip(c, view, marks)
    draw_side(c, view, marks)
    draw_track(c, view, marks)
    draw_vp_track(c, view)
    for p in view.table:
        _player(c, view, p, names)
    draw_tags(c, view, landmark_chips(c, view), labels(marks))


def _status(v: ParisView, names: list[str]) -> str:
    """The state of play: the round, whose turn and what they are doing; the winners."""
    if v.phase == "over":
        return t("pa.img.over", names=winners_text(v.result, names))
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
    return status


def _player(c: Canvas, v: ParisView, p: PlayerView, names: list[str]) -> None:
    """Name; VP and the tiles held (how many: never which); keys behind the screen and in
    the reserve. At the end: the winner and the francs left (every screen is open then)."""
    box = player_box(p.seat, v.players)
    x0, y0, x1, y1 = box
    colour = SEAT_COLOURS[p.seat % 4]
    acting = p.seat in v.to_act
    c.player_block(box, PANEL, PANEL_EDGE, colour, acting, 5, 10)
    key_disc(c, (x0 + 12 + KEY_R, y0 + 10 + KEY_R), p.seat)
    name = safe_name(names[p.seat])
    room = x1 - x0 - 30 - 2 * KEY_R
    c.text((x0 + 20 + 2 * KEY_R, y0 + 11), c.clip(name, 24, room, True), 24, INK, bold=True)
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
        size = c.fit_size(right, 22, room, TEXT_MIN, True)
        c.text(
            (x1 - 10, y0 + 50), c.clip(right, size, room, True), size, INK, anchor="ra", bold=won
        )
    size = c.fit_size(bottom, 22, x1 - x0 - 20, TEXT_MIN, True)
    c.text((x0 + 12, y0 + 84), c.clip(bottom, size, x1 - x0 - 20, True), size, INK)

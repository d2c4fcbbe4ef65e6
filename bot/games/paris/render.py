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
    PANEL_EDGE,
)
from bot.games.paris.districts import draw_district
from bot.games.paris.layout import (
    HEADER,
    SCREEN_H,
    WIDTH,
    table_height,
)
from bot.games.paris.players import draw_player
from bot.games.paris.screen import draw_screen
from bot.games.paris.supply import draw_side, draw_strip, landmark_chips
from bot.games.paris.tags import draw_tags
from bot.games.paris.tracks import draw_track, draw_vp_track
from bot.i18n import t
from bot.render.drawing import Canvas, safe_name
from bot.render.header import winners_text
from bot.render.marks import labels
from games.paris.views import ParisView


def render_table(view: ParisView, names: list[str], *, highlight: Collection[str] = ()) -> bytes:
    """The public table as a PNG, 1000 px wide."""
    c = Canvas(WIDTH, table_height(view.result is not None), BACKGROUND)
    _draw(c, view, names, set(highlight))
    return c.png()


def render_own(view: ParisView, names: list[str], *, highlight: Collection[str] = ()) -> bytes:
    """The public table with, under it, the screen of the seat whose view this is: that
    seat's own picture, for its player alone (the turn panel's while it trades)."""
    if view.screen is None:
        return render_table(view, names, highlight=highlight)
    top = table_height(view.result is not None)
    c = Canvas(WIDTH, top + SCREEN_H, BACKGROUND)
    _draw(c, view, names, set(highlight))
    draw_screen(c, view.screen, top)
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
        draw_player(c, view, p, names)
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

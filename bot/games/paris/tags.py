"""The turn panel's tags on the Paris picture: each place a step offers (a district, a bank,
the Arc, a building space, a landmark, a key to move, a VP-tile space, a bonus-track space,
a building stack) gets the tag of its choice, in a box of its own (ink on the highlight
yellow) at that place, where it covers no value, icon or key that tells the place apart.

Places are the picture's highlight ids (see render.py), as `steps.py` sets `Step.place`.
"""

from __future__ import annotations

from bot.games.paris.colours import HIGHLIGHT, INK
from bot.games.paris.layout import (
    ARC_BOX,
    TEXT_MIN,
    Box,
    bank_box,
    cell_box,
    landmark_box,
    stack_box,
    track_cell,
    vp_slot_box,
)
from bot.render.drawing import Canvas, Point
from games.paris.views import ParisView

TAG = TEXT_MIN + 2  # the tags' digits, as legible as the picture's words


def draw_tags(c: Canvas, v: ParisView, chips: dict[str, Box], tags: dict[str, str]) -> None:
    """Each tag at its place (`chips`: where the landmarks beside the board are drawn); a
    place the picture does not know is left out."""
    for place, tag in sorted(tags.items()):
        spot = tag_point(v, chips, place)
        if spot is not None:
            c.tag(spot, tag, TAG, INK, HIGHLIGHT, anchor="mm")


def tag_point(v: ParisView, chips: dict[str, Box], place: str) -> Point | None:
    """The centre of the tag of `place`."""
    kind, _, value = place.partition(":")
    districts = {dv.id: d for d, dv in enumerate(v.districts)}
    if place in ("arc", "from:arc"):
        x0, y0, x1, y1 = ARC_BOX
        return (x1 - 30, y0 + 48)
    if kind in ("district", "bank") and value in districts:
        x0, y0, x1, y1 = bank_box(districts[value])
        return ((x0 + x1) / 2 + 10, (y0 + y1) / 2)
    if kind == "vp" and value in districts:
        return _centre(vp_slot_box(districts[value]))
    if kind == "stack" and value.isdigit() and int(value) < len(v.stacks):
        x0, y0, x1, y1 = stack_box(int(value))
        return (x1 - 36, (y0 + y1) / 2)
    if kind == "track" and value.isdigit() and 1 <= int(value) <= len(v.track):
        x0, y0, x1, y1 = track_cell(int(value))
        return (x0 + 58, (y0 + y1) / 2)
    if kind in ("loc", "from"):
        return _location(v, chips, districts, value)
    return None


def _location(
    v: ParisView, chips: dict[str, Box], districts: dict[str, int], loc: str
) -> Point | None:
    """A building space (its middle, between its value and kind above and its token and
    keys below), a landmark (in its district, or beside the board), or a district's bank."""
    district, _, spot = loc.partition("/")
    if district not in districts:
        return None
    d = districts[district]
    dv = v.districts[d]
    if spot == "bank":
        return tag_point(v, chips, f"bank:{district}")
    for i, s in enumerate(dv.spaces):
        if s.space == loc:
            x0, y0, x1, y1 = cell_box(d, i)
            return ((x0 + x1) / 2, (y0 + y1) / 2)
    if spot in dv.landmarks:
        k = dv.landmarks.index(spot)
        count = len(dv.landmarks)
        if count > 3:  # the two dearest are drawn, after a "+n"
            k, count = (k - count + 3, 3) if k >= count - 2 else (0, 3)
        x0, y0, x1, y1 = landmark_box(d, k, count)
        return ((x0 + x1) / 2, (y0 + y1) / 2)
    if spot in chips:
        return _centre(chips[spot])
    return None


def _centre(box: Box) -> Point:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

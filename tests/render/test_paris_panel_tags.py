"""Issue 20, item 3 ("the panel shows where"), for Paris: when a turn-panel step asks
*where* — the stack a building tile comes from, the district it goes to, the bank or the
Arc a key goes on, the district, building or landmark bought and the key that moves, the
VP tile's district, the bonus-track space — its picture tags each offered place with the
tag its button carries, at that place, as legible as the rest of the picture."""

from __future__ import annotations

import random

import pytest

from bot.games.paris.adapter import ParisAdapter
from bot.games.paris.layout import (
    ARC_BOX,
    LANDMARK_ROW_H,
    LANDMARK_ROW_Y,
    WIDTH,
    bank_box,
    cell_box,
    district_box,
    landmarks_box,
    stack_box,
    track_cell,
    vp_slot_box,
)
from bot.games.paris.render import render_table
from bot.render.drawing import Box, Canvas
from bot.render.legibility import EMBED_WIDTH, MINIMUM
from bot.render.marks import label_id
from bot.ui.screens import place_tags, tagged, tags_at
from games.paris.engine import Paris
from games.paris.views import ParisView

GAME = Paris()
ADAPTER = ParisAdapter()
NAMES = ["Amélie", "Bastien", "Zoë 🎲", "Ngũgĩ wa Thiong'o"]
KINDS = {"stack", "district", "bank", "arc", "loc", "landmark", "from", "track", "vp"}


def kind_of(place: str) -> str:
    """ "loc:montmartre/5" → "loc"; a landmark bought, "loc:montmartre/L12" → "landmark"."""
    if place.startswith("loc:") and place.partition("/")[2].startswith("L"):
        return "landmark"
    return place.partition(":")[0] if ":" in place else place


def steps_with_places(seed: int, players: int):
    """(public view, {code: place}, {code: label}) of every step offering places that a
    random match from `seed` meets, the first time it meets each kind of place."""
    state = GAME.setup(players, GAME.parse_options({}), seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        actions = GAME.legal_actions(state, seat)
        moves = ADAPTER.moves(GAME.view(state, seat), actions, NAMES[:players], "en")
        prefixes = {m.codes[:depth] for m in moves for depth in range(len(m.codes))}
        for prefix in sorted(prefixes):
            places: dict[str, str] = {}
            labels: dict[str, str] = {}
            for m in moves:
                if m.codes[: len(prefix)] == prefix:
                    step = m.steps[len(prefix)]
                    places.setdefault(step.code, step.place)
                    labels.setdefault(step.code, step.label)
            new = {kind_of(p) for p in places.values() if p} - seen
            if new:
                seen |= new
                yield GAME.view(state, None), places, labels
        state, _ = GAME.apply(state, seat, rng.choice(actions))


def where(view: ParisView, place: str) -> Box:
    """The box on the picture of the thing a place names."""
    kind, _, value = place.partition(":")
    index = {dv.id: d for d, dv in enumerate(view.districts)}
    if place in ("arc", "from:arc"):
        return ARC_BOX
    if kind == "stack":
        return stack_box(int(value))
    if kind == "track":
        return track_cell(int(value))
    if kind == "district":
        return district_box(index[value])
    if kind == "vp":
        return vp_slot_box(index[value])
    if kind == "bank":
        return bank_box(index[value])
    district, _, spot = value.partition("/")
    d = index[district]
    if spot == "bank":
        return bank_box(d)
    if spot.startswith("L"):
        if spot in view.districts[d].landmarks:
            return landmarks_box(d)
        return (0, LANDMARK_ROW_Y, WIDTH, LANDMARK_ROW_Y + LANDMARK_ROW_H)  # beside the board
    (i,) = [i for i, s in enumerate(view.districts[d].spaces) if s.space == value]
    return cell_box(d, i)


@pytest.mark.parametrize("seed,players", [(3, 2), (5, 4)])
def test_each_offered_place_carries_its_buttons_tag(seed, players, monkeypatch):
    drawn: list[tuple[float, float, str, float]] = []
    real = Canvas.tag

    def spy(c, xy, text, size, ink, paper, anchor="la"):
        box = real(c, xy, text, size, ink, paper, anchor)
        drawn.append(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, text, size))
        return box

    monkeypatch.setattr(Canvas, "tag", spy)
    kinds: set[str] = set()
    for view, places, labels in steps_with_places(seed, players):
        tags = place_tags(list(places), places)
        at = tags_at(tags, places)
        drawn.clear()
        render_table(view, NAMES[:players], highlight={label_id(t, p) for p, t in at.items()})
        assert sorted(t for _, _, t, _ in drawn) == sorted(at.values())
        for code, tag in tags.items():
            assert tagged(tag, labels[code]).startswith(f"{tag} · ")  # the button's tag
            place = places[code]
            kinds.add(kind_of(place))
            (cx, cy, _, size) = next(d for d in drawn if d[2] == at[place])
            x0, y0, x1, y1 = where(view, place)
            assert x0 <= cx <= x1 and y0 <= cy <= y1, (place, tag, (cx, cy))
            assert size * EMBED_WIDTH / WIDTH >= MINIMUM
    assert kinds == KINDS

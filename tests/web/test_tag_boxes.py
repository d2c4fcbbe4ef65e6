"""Issue 22: "clicking a place makes the same choices as the panel's steps". Two choices at
one place are tagged together ("1/2"); on the board each gets its own half of that tag, so
both buttons can be clicked (found by a Moscow–Paris match clicked in Chromium: "Exchange
one wagon with bob (left)" and "(right)" share bob's wagon in a two-seat match)."""

from __future__ import annotations

import pytest

from bot.render.drawing import TagBox
from bot.web.seen import tag_boxes


def test_tags_drawn_together_share_their_box_side_by_side():
    boxes = tag_boxes([TagBox("1/2", (0.2, 0.5, 0.4, 0.6)), TagBox("3", (0.7, 0.1, 0.8, 0.2))])
    assert boxes == {
        "1": pytest.approx((0.2, 0.5, 0.3, 0.6)),
        "2": pytest.approx((0.3, 0.5, 0.4, 0.6)),
        "3": (0.7, 0.1, 0.8, 0.2),
    }


def test_a_tag_drawn_at_several_places_keeps_its_first():
    """A column card's choice tags every wagon it would discard; its button goes on the first."""
    boxes = tag_boxes([TagBox("1", (0.1, 0.1, 0.2, 0.2)), TagBox("1/2", (0.5, 0.5, 0.7, 0.6))])
    assert boxes == {"1": (0.1, 0.1, 0.2, 0.2), "2": pytest.approx((0.6, 0.5, 0.7, 0.6))}

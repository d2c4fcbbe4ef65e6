"""`games.core.drafts.copier`: the hot-path draft of one state class behaves as `draft`."""

from __future__ import annotations

import dataclasses

import pytest

from games.core.drafts import copier, draft, seal, state_class


@state_class
class Point:
    x: int
    ys: tuple[int, ...]


def test_a_copier_drafts_like_draft_and_leaves_the_original_alone() -> None:
    p = Point(1, (2, 3))
    d = copier(Point)(p)
    assert type(d) is type(draft(p)) and d is not p
    d.x = 5
    new = seal(d, Point)
    assert new == Point(5, (2, 3)) and new.ys is p.ys  # unchanged fields are shared
    assert p == Point(1, (2, 3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.x = 6

"""City of Light's views: counts in public, the hand only to its owner."""

from __future__ import annotations

from tests.city_of_light.helpers import GAME, new


def test_views_show_counts_publicly_and_the_hand_privately():
    s = new({"hand_size": 2}, arrangement={"stacks": [[1, 2, 3, 4, 5, 6, 7, 8]] * 2})
    public = GAME.view(s, None)
    assert public.hand is None and public.turn == 0 and public.phase == "tiles"
    assert [(p.stack_size, p.hand_size, p.tokens_left) for p in public.seats] == [(6, 2, 4)] * 2
    assert GAME.view(s, 1).hand == [1, 2]
    assert len(public.supply) == 12 and len(public.postcards) == 8 and public.scores is None
    assert all(not c.used and c.token is None for c in public.postcards)
    assert public.cells == [[None] * 8] * 8

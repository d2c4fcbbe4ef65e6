"""Issue 20, item 2 ("Done means"): every text and icon of every game's pictures — the
public table at the start, middle and end of a seeded match for 2 and the most players,
and the turn panel's tagged board — is at least 11 px tall when Discord shows the picture
520 px wide, in all four languages, with the hard names (`python -m bot pictures --check`).
"""

from __future__ import annotations

import pytest

from bot.cli import pictures_check
from bot.games import adapters
from bot.render.legibility import MINIMUM


@pytest.fixture(scope="module")
def pictures() -> list[pictures_check.Picture]:
    return list(pictures_check.measured(seed=11))


@pytest.mark.parametrize("key", sorted(adapters()))
def test_every_text_and_icon_is_legible_at_discords_width(pictures, key):
    small = {
        (p.seats, p.stage, p.language, m.role, m.text, round(m.height, 1))
        for p in pictures
        if p.game == key
        for m in p.measures
        if m.height < MINIMUM
    }
    assert not small, sorted(small, key=lambda s: s[-1])[:10]

"""The notation document's examples parse, and views show only what each seat may see."""

from __future__ import annotations

import json
import re
from pathlib import Path

from games.city_of_light.options import CityOfLightOptions
from tests.city_of_light.helpers import GAME, new

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation" / "city_of_light.md"


def test_every_action_example_in_the_notation_parses():
    examples = re.findall(r"`(\{\"type\".*?\})`", DOC.read_text(encoding="utf-8"))
    assert len(examples) >= 19
    for text in examples:
        action = GAME.parse_action(text)
        assert GAME.parse_action(json.dumps(GAME.dump_action(action))) == action


def test_default_options_match_the_document():
    text = (Path(__file__).resolve().parents[2] / "docs/notation/city_of_light.md").read_text()
    block = text.split("## Options", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    assert CityOfLightOptions().model_dump() == json.loads(block)


def test_views_show_counts_publicly_and_the_hand_privately():
    s = new({"hand_size": 2}, arrangement={"stacks": [[1, 2, 3, 4, 5, 6, 7, 8]] * 2})
    public = GAME.view(s, None)
    assert public.hand is None and public.turn == 0 and public.phase == "tiles"
    assert [(p.stack_size, p.hand_size, p.tokens_left) for p in public.seats] == [(6, 2, 4)] * 2
    assert GAME.view(s, 1).hand == [1, 2]
    assert len(public.supply) == 12 and len(public.postcards) == 8 and public.scores is None
    assert all(not c.used and c.token is None for c in public.postcards)
    assert public.cells == [[None] * 8] * 8

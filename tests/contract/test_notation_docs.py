"""Every game's notation document (`docs/notation/<game>.md`, linked from
`docs/notation.md`) says what the engine does: its action examples parse and dump back to
the same JSON and cover every action type, its options are the real ones with every option
and edition named, and its example match record replays. The action JSON round trip over
every move of random matches is in `test_round_trips.py`."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games.core.record import MatchRecord
from games.core.replay import replay
from games.registry import get_game
from tests.contract.games import ROOT, built_in, game_cases, module_name


def document(key: str) -> str:
    path = ROOT / "docs" / "notation" / f"{module_name(key)}.md"
    if not built_in(key):
        assert not path.exists(), "a test-only game has no notation document"
        pytest.skip(f"{key} is a test-only game: its notation is not documented")
    assert path.is_file(), f"{key} has no docs/notation/{path.name}"
    assert f"(notation/{path.name})" in (ROOT / "docs" / "notation.md").read_text("utf-8")
    return path.read_text(encoding="utf-8")


def json_examples(text: str) -> list[Any]:
    """Every JSON object the document shows, in ```json blocks or inline `{…}` code."""
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    inline = re.findall(r"`(\{\"[^`]*\})`", text)
    found = []
    for raw in blocks + inline:
        try:
            found.append(json.loads(raw))
        except json.JSONDecodeError:
            continue  # a block of several lines of JSON, or an elided example
    return found


def action_types(key: str) -> set[str]:
    return set(get_game(key).action_adapter().json_schema()["discriminator"]["mapping"])


@pytest.mark.parametrize("key", game_cases())
def test_action_examples_parse_dump_back_and_cover_every_type(key: str) -> None:
    game = get_game(key)
    actions = [a for a in json_examples(document(key))
               if isinstance(a, dict) and set(a) >= {"type"} and "seat" not in a]  # fmt: skip
    assert actions, "no action example"
    for example in actions:
        action = game.parse_action(example)
        assert game.parse_action(json.dumps(game.dump_action(action))) == action
        assert game.dump_action(action) == {**game.dump_action(action), **example}, example
    assert {a["type"] for a in actions} == action_types(key)


@pytest.mark.parametrize("key", game_cases())
def test_options_and_editions_are_the_real_ones(key: str) -> None:
    text = document(key)
    game = get_game(key)
    defaults = game.Options().model_dump(mode="json")
    blocks = [b for b in json_examples(text) if isinstance(b, dict) and set(b) == set(defaults)]
    assert defaults in blocks, "the document shows the default options"
    for field in game.Options.model_fields:
        assert f"`{field}`" in text, field
    for name, preset in game.editions.items():
        game.parse_options(preset)
        if len(game.editions) > 1:
            assert f"`{name}`" in text, name


@pytest.mark.parametrize("key", game_cases())
def test_example_record_replays(key: str) -> None:
    records = [r for r in json_examples(document(key))
               if isinstance(r, dict) and r.get("format") == "lutece-match/1"]  # fmt: skip
    for record in records:
        state = replay(get_game(key), MatchRecord.model_validate(record))
        assert get_game(key).snapshot(state)
    if not records:
        assert "lutece-match/1" in document(key), "the document names the record format"



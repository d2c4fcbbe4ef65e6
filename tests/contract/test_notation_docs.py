"""Every game's notation document (`docs/notation/<game>.md`, linked from
`docs/notation.md`) says what the engine does: its action examples parse and dump back to
the same JSON and cover every action type, its options are the real ones with every option
and edition named, and its example match record replays. The action JSON round trip over
every move of random matches is in `test_round_trips.py`."""

from __future__ import annotations

import json

import pytest

from games.core.replay import replay
from games.registry import get_game
from tests.contract import documents
from tests.contract.games import ROOT, game_cases, module_name


def document(key: str) -> str:
    text = documents.document("notation", key)
    index = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    assert f"(notation/{module_name(key)}.md)" in index, "docs/notation.md links it"
    return text


def action_types(key: str) -> set[str]:
    return set(get_game(key).action_adapter().json_schema()["discriminator"]["mapping"])


@pytest.mark.parametrize("key", game_cases())
def test_action_examples_parse_dump_back_and_cover_every_type(key: str) -> None:
    game = get_game(key)
    actions = [
        a
        for a in documents.json_examples(document(key))
        if isinstance(a, dict) and set(a) >= {"type"} and "seat" not in a
    ]
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
    blocks = [
        b for b in documents.json_examples(text) if isinstance(b, dict) and set(b) == set(defaults)
    ]
    assert defaults in blocks, "the document shows the default options"
    for field in game.Options.model_fields:
        assert f"`{field}`" in text, field
    for name, preset in game.editions.items():
        game.parse_options(preset)
        if len(game.editions) > 1:
            assert f"`{name}`" in text, name


@pytest.mark.parametrize("key", game_cases())
def test_example_records_replay(key: str) -> None:
    assert "lutece-match/1" in document(key), "the document names the record format"
    for record in documents.example_records(key):
        assert get_game(key).snapshot(replay(get_game(key), record))

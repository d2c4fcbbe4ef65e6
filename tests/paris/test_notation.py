"""The notation document's examples parse and its example record replays."""

import json
import re
from pathlib import Path

from games.core.record import MatchRecord
from games.core.replay import replay
from games.paris.options import EDITIONS, ParisOptions

from .helpers import GAME

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation" / "paris.md"


def _json_blocks():
    return re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_action_examples_parse_and_dump_back():
    actions = [json.loads(b) for b in _json_blocks() if '"type"' in b and "seat" not in b]
    assert len(actions) >= 15
    kinds = {a["type"] for a in actions}
    assert kinds == set(GAME.action_adapter().json_schema()["discriminator"]["mapping"])
    for action in actions:
        assert GAME.dump_action(GAME.parse_action(action)) == action


def test_table_examples_parse():
    text = DOC.read_text(encoding="utf-8")
    for raw in re.findall(r"`(\{\"type\": [^`]*\})`", text):
        action = json.loads(raw)
        assert GAME.dump_action(GAME.parse_action(action)) == action


def test_options_and_editions():
    [options] = [json.loads(b) for b in _json_blocks() if '"setup"' in b and "type" not in b]
    assert options == ParisOptions().model_dump()
    assert list(EDITIONS)[0] == "standard"
    for name, preset in EDITIONS.items():
        assert f"`{name}`" in DOC.read_text(encoding="utf-8")
        GAME.parse_options(preset)


def test_example_record_replays():
    [record] = [b for b in _json_blocks() if "lutece-match/1" in b]
    state = replay(GAME, MatchRecord.model_validate_json(record))
    assert state.turn == 0 and state.francs == (13, 5) and state.vp == (0, 6)


def test_arrangement_keys_are_the_documented_ones():
    [arr] = [json.loads(b) for b in _json_blocks() if '"removed"' in b]
    state = GAME.setup(3, GAME.parse_options({}), 1)
    assert set(arr) == set(GAME.arrangement(state))

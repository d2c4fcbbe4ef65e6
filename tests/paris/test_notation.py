"""What the notation document's example record and arrangement mean for Paris (every game's
examples, options and editions: tests/contract/test_notation_docs.py)."""

import json
import re
from pathlib import Path

from games.core.record import MatchRecord
from games.core.replay import replay

from .helpers import GAME

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation" / "paris.md"


def _json_blocks():
    return re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_example_record_replays():
    [record] = [b for b in _json_blocks() if "lutece-match/1" in b]
    state = replay(GAME, MatchRecord.model_validate_json(record))
    assert state.turn == 0 and state.francs == (13, 5) and state.vp == (0, 6)


def test_arrangement_keys_are_the_documented_ones():
    [arr] = [json.loads(b) for b in _json_blocks() if '"removed"' in b]
    state = GAME.setup(3, GAME.parse_options({}), 1)
    assert set(arr) == set(GAME.arrangement(state))

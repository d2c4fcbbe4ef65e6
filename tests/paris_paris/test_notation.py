"""What the notation document's example record means for Paris Paris (every game's examples,
options and editions: tests/contract/test_notation_docs.py)."""

import re
from pathlib import Path

from games.core.record import MatchRecord
from games.core.replay import replay

from .helpers import GAME

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation" / "paris_paris.md"


def _json_blocks():
    return re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_example_record_replays():
    [record] = [b for b in _json_blocks() if "lutece-match/1" in b]
    state = replay(GAME, MatchRecord.model_validate_json(record))
    assert state.round == 2 and state.first == 1

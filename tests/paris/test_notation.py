"""What the notation document's example record and arrangement mean for Paris (every game's
examples, options and editions: tests/contract/test_notation_docs.py)."""

from games.core.replay import replay
from tests.contract.documents import document, example_records, json_examples

from .helpers import GAME

KEY = "paris"


def test_example_record_replays():
    [record] = example_records(KEY)
    state = replay(GAME, record)
    assert state.turn == 0 and state.francs == (13, 5) and state.vp == (0, 6)


def test_arrangement_keys_are_the_documented_ones():
    [arr] = [b for b in json_examples(document("notation", KEY)) if "removed" in b]
    state = GAME.setup(3, GAME.parse_options({}), 1)
    assert set(arr) == set(GAME.arrangement(state))

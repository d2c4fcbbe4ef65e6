"""What the notation document's example record means for Paris Paris (every game's examples,
options and editions: tests/contract/test_notation_docs.py)."""

from games.core.replay import replay
from tests.contract.documents import example_records

from .helpers import GAME

KEY = "paris-paris"


def test_example_record_replays():
    [record] = example_records(KEY)
    state = replay(GAME, record)
    assert state.round == 2 and state.first == 1

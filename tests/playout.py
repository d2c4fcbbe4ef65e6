"""What every game's property tests check of a random match played to its end: a result that
ranks every seat once with the engine's own scores, a snapshot that survives JSON, and a
record that survives JSON and replays to the same state, from its seed and from the final
state's arrangement under another seed."""

from __future__ import annotations

import json
from typing import Any

from games.core.contract import Game
from games.core.record import MatchRecord
from games.core.replay import replay


def assert_sound_ending(game: Game[Any, Any], state: Any, record: MatchRecord) -> None:
    result = game.result(state)
    assert result is not None and result.scores == game.scores(state)
    assert sorted(s for place in result.ranking for s in place) == list(range(record.seats))
    snapshot = game.snapshot(state)
    assert json.loads(json.dumps(snapshot)) == snapshot
    again = MatchRecord.model_validate_json(record.model_dump_json())
    assert again == record and game.snapshot(replay(game, again)) == snapshot
    arranged = record.model_copy(
        update={"seed": record.seed + 1, "arrangement": game.arrangement(state)}
    )
    arranged = MatchRecord.model_validate(json.loads(arranged.model_dump_json()))
    assert game.snapshot(replay(game, arranged)) == snapshot

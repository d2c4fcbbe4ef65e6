"""`replay` and `export`: match records in and out."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from bot.cli.databases import open_store
from bot.cli.errors import EXIT_USAGE, CliError, load_json_file
from bot.cli.simulate import format_summary, result_summary
from games.core.errors import first_error
from games.core.record import MatchRecord
from games.core.replay import replay
from games.host import MatchHost
from games.registry import get_game
from storage.codec import parse_url


def replay_file(path: str, as_json: bool) -> int:
    """Replay a record; print the result, or where and why it stops being legal (exit 2)."""
    try:
        record = MatchRecord.model_validate(load_json_file(path))
    except ValidationError as exc:
        raise CliError(
            f"{path} is not a match record ({first_error(exc, 'record')})", EXIT_USAGE
        ) from None
    game = get_game(record.game)
    state = replay(game, record)
    result = game.result(state)
    if result is None:
        to_act = sorted(game.to_act(state))
        summary = {
            "finished": False,
            "actions": len(record.actions),
            "to_act": to_act,
            "scores": game.scores(state),
        }
        print(
            json.dumps(summary)
            if as_json
            else f"not finished after {len(record.actions)} actions; scores "
            f"{summary['scores']}; to act: {', '.join(f'seat {s}' for s in to_act)}"
        )
        return 0
    summary = result_summary("replay", result.model_dump(mode="json"), len(record.actions))
    print(json.dumps(summary) if as_json else format_summary(summary))
    return 0


async def export(match_id: str, db: str) -> int:
    kind, path = parse_url(db)
    if kind == "sqlite" and not Path(path).is_file():
        raise CliError(f"no database file at {db} (--db)", EXIT_USAGE)
    store = await open_store(db, "--db")
    try:
        record = await MatchHost(store).record(match_id)
    finally:
        await store.close()
    print(record.model_dump_json(indent=2, exclude_none=True))
    return 0

"""`simulate`: whole matches with AI seats, through the real host and SQLite."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from bot.cli.databases import open_store
from games.host import MatchHost
from games.registry import game_keys, get_game
from storage import SeatRow


def result_summary(match_id: str, result: dict[str, Any], actions: int) -> dict[str, Any]:
    """The figures printed per match (also the JSON line with --json)."""
    return {
        "match": match_id,
        "scores": result["scores"],
        "winners": result["winners"],
        "ranking": result["ranking"],
        "tiebreak": result.get("tiebreak"),
        "actions": actions,
    }


def format_summary(summary: dict[str, Any], seed: int | None = None) -> str:
    winners = ", ".join(f"seat {w}" for w in summary["winners"])
    shared = " (shared win)" if len(summary["winners"]) > 1 else ""
    tiebreak = f", tie-break: {summary['tiebreak']}" if summary.get("tiebreak") else ""
    head = f"match {summary['match']}" + (f" seed {seed}" if seed is not None else "")
    return (
        f"{head}: scores {summary['scores']}, winner {winners}{shared}{tiebreak}, "
        f"{summary['actions']} actions"
    )


def seats_text(low: int, high: int) -> str:
    """ "2 players", or "2–4 players" when the game allows a range."""
    return f"{low} players" if low == high else f"{low}–{high} players"


def list_games() -> int:
    """One line per installed game: key, title, seats, editions (the default first)."""
    for key in game_keys():
        game = get_game(key)
        print(
            f"{key}: {game.title}, {seats_text(game.min_seats, game.max_seats)}, editions: "
            f"{', '.join(game.editions)}"
        )
    return 0


async def simulate(
    game: str,
    players: int,
    seed: int,
    matches: int,
    ai: str,
    edition: str | None,
    options: dict[str, Any],
    db: str | None,
    as_json: bool,
) -> int:
    with tempfile.TemporaryDirectory(prefix="lutece-sim-") as tmp:
        store = await open_store(db or Path(tmp) / "simulate.db", "--db")
        try:
            # No one waits for an answer here: every AI move gets its full time.
            host = MatchHost(store, ai_call_seconds=float("inf"))
            for n in range(matches):
                seats = [SeatRow(i, f"{ai} {i}", ai=ai) for i in range(players)]
                outcome = await host.create(
                    game, seats, edition=edition, options=options, seed=seed + n
                )
                match = outcome.info
                result = {} if match.result is None else match.result.model_dump(mode="json")
                summary = result_summary(match.id, result, match.version)
                summary["seed"] = seed + n
                print(json.dumps(summary) if as_json else format_summary(summary, seed + n))
        finally:
            await store.close()
    return 0

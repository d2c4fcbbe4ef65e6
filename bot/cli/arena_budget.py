"""The bot's thinking budget as search iterations, for the arena (`arena --budget bot`).

Why iterations and not the bot's 1 s: a seeded search with an iteration budget plays the same
moves on any machine under any load, so an arena line is reproducible; and on a shared machine
a wall-clock budget is starved by other processes, measuring a weaker AI than the bot plays.
So `arena_budget.json` holds, per arena line (game, seats, edition), the iterations the strong
seat's search runs in `default_seconds()` on this machine. `arena --calibrate` measures them:
a seeded greedy match of that line, the search timed on positions spread over it, in *CPU*
seconds (`time.process_time`, so another process's load is not charged to it), the median
taken; `--write` stores them. Refresh them on a quiet machine whenever the engines or the
search change speed (README, "AI seats").
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.cli.errors import EXIT_USAGE, CliError
from games.core.ai import default_seconds, get_player
from games.core.contract import Game
from games.core.rng import derive_rng
from games.core.search import Budget, Search
from games.registry import get_game

BUDGET_FILE = Path(__file__).with_name("arena_budget.json")
POSITIONS = 7  # positions timed per line: the median is robust to the slow and the quick


def line_name(key: str, players: int, edition: str | None) -> str:
    """How the budget file names a line: `game/players`, `/edition` when not the default."""
    return f"{key}/{players}" + (f"/{edition}" if edition else "")


def bot_iterations(key: str, players: int, edition: str | None) -> int:
    """The iterations that equal the bot's time per move for this line; a CliError naming
    the command that measures them when the file has none."""
    table = _load().get("iterations", {})
    name = line_name(key, players, edition)
    if name not in table:
        raise CliError(
            f"no bot budget measured for {name} (`arena --calibrate --write` measures the "
            "table's lines): give --iterations",
            EXIT_USAGE,
        )
    return int(table[name])


def _load() -> dict[str, Any]:
    try:
        data = json.loads(BUDGET_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data if isinstance(data, dict) else {}


def decisions(game: Game[Any, Any], players: int, edition: str | None, seed: int) -> list[Any]:
    """(state, seat) of every real choice (more than one legal move) of a seeded match
    between greedy seats: the positions an arena's strong seat meets."""
    options = game.parse_options(game.edition_options(edition))
    state = game.setup(players, options, seed)
    greedy = get_player("greedy")
    found = []
    n = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        if len(game.legal_actions(state, seat)) > 1:
            found.append((state, seat))
        state, _ = game.apply(
            state, seat, greedy.choose(game, state, seat, derive_rng(seed, "arena", n))
        )
        n += 1
    return found


def measure(key: str, players: int, edition: str | None, seconds: float, seed: int = 1) -> int:
    """The median, over positions spread across a seeded match, of the iterations the strong
    search runs in `seconds` of CPU time."""
    game = get_game(key)
    found = decisions(game, players, edition, seed)
    picks = [found[len(found) * k // POSITIONS] for k in range(POSITIONS)]
    rates = []
    for state, seat in picks:
        search = Search(game)
        start = time.process_time()
        search.choose(state, seat, random.Random(seed), Budget(seconds=seconds))
        cpu = time.process_time() - start
        rates.append(search.iterations / max(cpu, 1e-6))
    return max(1, round(statistics.median(rates) * seconds))


def calibrate(lines: list[tuple[str, int, str | None]], write: bool, as_json: bool) -> int:
    """Measure every line's iterations per `default_seconds()`, print them, and with `write`
    store them in the budget file."""
    seconds = default_seconds()
    measured = {}
    for key, players, edition in lines:
        name = line_name(key, players, edition)
        measured[name] = measure(key, players, edition, seconds)
        print(f"calibrate {name}: {measured[name]} iterations", file=sys.stderr, flush=True)
    data = {
        "about": f"search iterations in {seconds} s of CPU per move (arena --calibrate: the "
        f"median over {POSITIONS} positions of a seeded greedy match; a quiet machine)",
        "measured": datetime.now(UTC).strftime("%Y-%m-%d"),
        "iterations": {**_load().get("iterations", {}), **measured},  # re-measured lines win
    }
    if write:
        BUDGET_FILE.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if as_json:
        print(json.dumps(data))
    else:
        for name, count in measured.items():
            print(f"{name}: {count} iterations a move ≈ {seconds} s")
    return 0

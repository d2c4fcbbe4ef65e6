"""The bot's thinking budget as search iterations, for the arena (`arena --budget bot`).

Why iterations and not the bot's 1 s: a seeded search with an iteration budget plays the same
moves on any machine under any load, so an arena line is reproducible; and on a shared machine
a wall-clock budget is starved by other processes, measuring a weaker AI than the bot plays.
So each game's package holds `arena_budget.json`: per line (seats, and `/edition` for an
edition the table plays apart, such as teams) the iterations the strong seat's search runs in
`default_seconds()` on the machine it was measured on. `arena --calibrate` measures them: a
seeded greedy match of that line, the search timed on positions spread over it in *CPU*
seconds (`time.process_time`, so another process's load is not charged to it), the median
taken; `--write` stores them. Refresh them on a quiet machine whenever the engines or the
search change speed (README, "AI seats"). A file per game, in the game's own package: the
platform names no game.
"""

from __future__ import annotations

import importlib
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

BUDGET_FILE = "arena_budget.json"  # in each game's engine package
POSITIONS = 7  # positions timed per line: the median is robust to the slow and the quick


def budget_file(key: str) -> Path:
    """Where a game's bot budget is kept: beside its engine."""
    module = importlib.import_module(type(get_game(key)).__module__)
    assert module.__file__ is not None
    return Path(module.__file__).with_name(BUDGET_FILE)


def line_name(players: int, edition: str | None) -> str:
    """How a budget file names a line: the seats, `/edition` when not the default."""
    return f"{players}" + (f"/{edition}" if edition else "")


def bot_iterations(key: str, players: int, edition: str | None) -> int:
    """The iterations that equal the bot's time per move for this line; a CliError naming
    the command that measures them when the file has none."""
    table = _load(key).get("iterations", {})
    name = line_name(players, edition)
    if name not in table:
        raise CliError(
            f"no bot budget measured for {key} {name} (`arena --calibrate --write` measures "
            "the table's lines): give --iterations",
            EXIT_USAGE,
        )
    return int(table[name])


def _load(key: str) -> dict[str, Any]:
    try:
        data = json.loads(budget_file(key).read_text(encoding="utf-8"))
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
    store them in their games' budget files (lines not measured now are kept)."""
    seconds = default_seconds()
    measured: dict[str, dict[str, int]] = {}
    for key, players, edition in lines:
        name = line_name(players, edition)
        count = measure(key, players, edition, seconds)
        measured.setdefault(key, {})[name] = count
        print(f"calibrate {key} {name}: {count} iterations", file=sys.stderr, flush=True)
    about = (
        f"search iterations in {seconds} s of CPU per move, by seats[/edition] (arena "
        f"--calibrate: the median over {POSITIONS} positions of a seeded greedy match; a "
        "quiet machine)"
    )
    day = datetime.now(UTC).strftime("%Y-%m-%d")
    if write:
        for key, counts in measured.items():
            data = {
                "about": about,
                "measured": day,
                "iterations": {**_load(key).get("iterations", {}), **counts},
            }
            budget_file(key).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if as_json:
        print(json.dumps({"about": about, "measured": day, "iterations": measured}))
    else:
        for key, counts in measured.items():
            for name, count in counts.items():
                print(f"{key} {name}: {count} iterations a move ≈ {seconds} s")
    return 0

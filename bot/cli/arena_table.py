"""`arena --table`: strong against greedy on every line (game × seats, teams included) at the
bot's own budget, all lines' matches in one pool of processes, and one table: A's win rate,
its 95% interval, the bar that interval must clear (`arena_lines`), pass or fail.

Lines with two sides come first: they are the cheapest demanding ones. `--game` and
`--players` play part of the table (a run that must fit in an evening, or a line re-measured
after a change); a line's results do not depend on which other lines ran with it.
"""

from __future__ import annotations

import json
import time

from bot.cli.arena import budget_for, check_kinds, describe, run_lines, summarise
from bot.cli.arena_lines import table_lines
from bot.cli.errors import EXIT_USAGE, CliError
from games.core.search import Budget


def table(
    matches: int,
    a: str = "strong",
    b: str = "greedy",
    seconds: float | None = None,
    iterations: int | None = 0,
    seed: int = 1,
    jobs: int = 1,
    key: str | None = None,
    players: int | None = None,
    as_json: bool = False,
) -> int:
    """Play `matches` per line (`iterations` 0: the bot's budget) and print the table."""
    check_kinds(a, b)
    lines = table_lines(key, players)
    if not lines:
        raise CliError("no arena line has that game and seat count", EXIT_USAGE)
    budgets: list[Budget] = [budget_for(line, seconds, iterations) for line in lines]
    start = time.perf_counter()
    results = run_lines(
        [(line, budget, matches) for line, budget in zip(lines, budgets, strict=True)],
        a,
        b,
        seed,
        jobs,
    )
    rows = []
    for line, budget, done in zip(lines, budgets, results, strict=True):
        row = summarise(line, a, b, budget, done)
        row["bar"] = round(line.bar, 3)
        row["passed"] = row["a_ci95"][0] > line.bar
        rows.append(row)
    elapsed = round(time.perf_counter() - start, 1)
    if as_json:
        print(json.dumps({"lines": rows, "elapsed_s": elapsed}))
        return 0
    print(f"{a} against {b}, {matches} matches a line, {a} on one side (a seat or a team)")
    print(f"{'line':<24} {'budget':>10} {'wins':>6}  {'95% interval':<13} {'bar':>5}  result")
    for line, row in zip(lines, rows, strict=True):
        low, high = row["a_ci95"]
        spend = row["budget"]["iterations"] or f"{row['budget']['seconds']} s"
        print(
            f"{describe(line):<24} {spend:>10} {row['a_win_rate']:>6.1%}  "
            f"{low:>5.1%}–{high:<6.1%} {line.bar:>5.1%}  {'pass' if row['passed'] else 'FAIL'}"
        )
    print(f"{elapsed:.0f} s")
    return 0

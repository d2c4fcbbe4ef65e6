"""`arena`: seeded matches between two AI kinds, sides rotated, with win rates and their 95%
Wilson intervals — how the AI levels' strength is measured (README, "AI seats").

Kind A takes one side of each match — a seat, or in a team game a whole team (`Game.teams`:
partners win or lose together) — side `m % sides` in match m; kind B every other seat. Match
m is dealt from seed `seed + m` and every move's generator derives from it, so with an
iteration budget (`--iterations`, or `--budget bot`: the iterations that equal the bot's
second, `arena_budget`) a run is reproducible; with a time budget (`--budget SECONDS`) it is
as strong as the machine is fast. `--jobs` plays matches in parallel processes, and a line on
stderr follows each finished match. A shared win counts as a share (two winners: half a win
each; a team's two winners, one whole win).
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from bot.cli.arena_budget import bot_iterations
from bot.cli.arena_lines import Line, sides_of
from bot.cli.arena_progress import Progress
from bot.cli.errors import EXIT_USAGE, CliError
from games.core.ai import PLAYERS, get_player
from games.core.rng import derive_rng
from games.core.search import Budget
from games.registry import get_game


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (wins of n)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclasses.dataclass(frozen=True, slots=True)
class Match:
    """One match to play (picklable: it crosses to a worker process)."""

    line: Line
    a: str
    b: str
    budget: Budget
    seed: int
    index: int  # the match's number in its line: A plays side `index % sides`


def play_match(match: Match) -> dict[str, Any]:
    """One match: A on its side, B elsewhere. The winners' shares and A's thinking time."""
    line = match.line
    game = get_game(line.key)
    options = game.parse_options(game.edition_options(line.edition))
    state = game.setup(line.players, options, match.seed)
    sides = sides_of(game, state)
    mine = frozenset(sides[match.index % len(sides)])
    kinds = [get_player(match.a if s in mine else match.b) for s in range(line.players)]
    moves = thinking = 0.0
    n = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        rng = derive_rng(match.seed, "arena", n)
        start = time.perf_counter()
        action = kinds[seat].choose(game, state, seat, rng, match.budget)
        if seat in mine:
            thinking += time.perf_counter() - start
            moves += 1
        state, _ = game.apply(state, seat, action)
        n += 1
    result = game.result(state)
    assert result is not None
    share = 1.0 / len(result.winners)
    won = sum(1 for w in result.winners if w in mine)
    return {
        "a": share * won,
        "b": share * (len(result.winners) - won),
        "actions": n,
        "a_moves": moves,
        "a_seconds": thinking,
    }


def play_all(work: Sequence[Match], jobs: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(position in `work`, result) of every match, as each finishes."""
    if jobs == 1:
        for n, match in enumerate(work):
            yield n, play_match(match)
        return
    with ProcessPoolExecutor(jobs) as pool:
        futures = {pool.submit(play_match, match): n for n, match in enumerate(work)}
        for future in as_completed(futures):
            yield futures[future], future.result()


def run_lines(
    lines: Sequence[tuple[Line, Budget, int]], a: str, b: str, seed: int, jobs: int
) -> list[list[dict[str, Any]]]:
    """Every line's matches (budget, count) in one pool, with progress; per line, the
    results in match order (so a report does not depend on which worker finished first)."""
    work = [
        Match(line, a, b, budget, seed + m, m)
        for line, budget, matches in lines
        for m in range(matches)
    ]
    owner = [n for n, (_, _, matches) in enumerate(lines) for _ in range(matches)]
    results: list[dict[int, dict[str, Any]]] = [{} for _ in lines]
    progress = Progress(len(work))
    for position, result in play_all(work, jobs):
        done = results[owner[position]]
        done[work[position].index] = result
        wins = sum(r["a"] for r in done.values())
        progress.match_done(describe(work[position].line), wins, len(done))
    return [[done[m] for m in sorted(done)] for done in results]


def describe(line: Line) -> str:
    """A line's short name in progress and tables: `<game> 3p`, `<game> 4p <edition>`."""
    return f"{line.key} {line.players}p" + (f" {line.edition}" if line.edition else "")


def budget_for(line: Line, seconds: float | None, iterations: int | None) -> Budget:
    """The strong seat's budget: seconds and/or iterations; `iterations` 0 means the bot's
    own (the calibrated iterations of its second)."""
    if iterations == 0:
        return Budget(iterations=bot_iterations(line.key, line.players, line.edition))
    if seconds is None and iterations is None:
        seconds = 0.1
    return Budget(seconds=seconds, iterations=iterations)


def summarise(
    line: Line, a: str, b: str, budget: Budget, results: list[dict[str, Any]]
) -> dict[str, Any]:
    """One line's report: win rates, A's 95% interval, its fair share, A's time per move."""
    matches = len(results)
    a_wins = sum(r["a"] for r in results)
    a_moves = sum(r["a_moves"] for r in results)
    return {
        "game": line.key,
        "players": line.players,
        "edition": line.edition,
        "teams": line.teams,
        "matches": matches,
        "a": a,
        "b": b,
        "budget": {"seconds": budget.seconds, "iterations": budget.iterations},
        "a_win_rate": round(a_wins / matches, 3),
        "a_ci95": [round(x, 3) for x in wilson(a_wins, matches)],
        "b_win_rate": round(sum(r["b"] for r in results) / matches, 3),
        "fair_share": round(1 / line.sides, 3),
        "a_seconds_per_move": round(sum(r["a_seconds"] for r in results) / max(a_moves, 1), 4),
        "actions_per_match": round(sum(r["actions"] for r in results) / matches, 1),
    }


def check_kinds(a: str, b: str) -> None:
    for kind in (a, b):
        if kind not in PLAYERS:
            raise CliError(f"unknown AI {kind!r} (known: {', '.join(PLAYERS)})", EXIT_USAGE)


def arena(
    key: str,
    players: int,
    matches: int,
    a: str,
    b: str,
    seconds: float | None,
    iterations: int | None,
    seed: int = 1,
    jobs: int = 1,
    edition: str | None = None,
    as_json: bool = False,
) -> int:
    """One line: `matches` seeded matches of `key` at `players` seats (an edition played in
    teams gives A a whole team). `iterations` 0: the bot's budget."""
    game = get_game(key)
    game.check_seats(players)
    check_kinds(a, b)
    state = game.setup(players, game.parse_options(game.edition_options(edition)), seed)
    if edition == next(iter(game.editions)):
        edition = None  # the default edition: the line the budget file and table name so
    line = Line(key, players, edition, len(game.teams(state)))
    budget = budget_for(line, seconds, iterations)
    start = time.perf_counter()
    (results,) = run_lines([(line, budget, matches)], a, b, seed, jobs)
    report = summarise(line, a, b, budget, results)
    report["elapsed_s"] = round(time.perf_counter() - start, 1)
    if as_json:
        print(json.dumps(report))
        return 0
    low, high = report["a_ci95"]
    spend = f"{budget.seconds} s" if budget.seconds is not None else "no time limit"
    if budget.iterations is not None:
        spend += f", {budget.iterations} iterations"
    side = "a team" if line.teams else "a seat"
    print(
        f"{game.title}, {players} players{' in teams' if line.teams else ''}, {matches} "
        f"matches ({spend} per move, {a} on {side}, sides rotated): {a} wins "
        f"{report['a_win_rate']:.1%} [95% CI {low:.1%}–{high:.1%}], {b} "
        f"{report['b_win_rate']:.1%} (fair share {report['fair_share']:.1%}); {a} thought "
        f"{report['a_seconds_per_move']} s per move; {report['elapsed_s']:.0f} s"
    )
    return 0

"""`arena`: seeded matches between two AI kinds, seats rotated, with win rates and their 95%
Wilson intervals — how the AI levels' strength is measured (README, "AI seats").

Kind A takes one seat of each match (seat `m % players` in match m), kind B every other one.
Match m is dealt from seed `seed + m` and every move's generator derives from it, so with an
iteration budget (`--iterations`) a run is reproducible; with a time budget (`--budget`,
seconds per move) it is as strong as the machine is fast. `--jobs` plays matches in
parallel processes. A shared win counts as a share (two winners: half a win each).
"""

from __future__ import annotations

import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

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


def play_match(
    key: str,
    players: int,
    a: str,
    b: str,
    budget: Budget,
    seed: int,
    a_seat: int,
    edition: str | None = None,
) -> dict[str, Any]:
    """One match: A at `a_seat`, B elsewhere. The winners' shares and A's thinking time."""
    game = get_game(key)
    options = game.parse_options(game.edition_options(edition))
    state = game.setup(players, options, seed)
    kinds = [get_player(a if s == a_seat else b) for s in range(players)]
    moves = thinking = 0.0
    n = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        rng = derive_rng(seed, "arena", n)
        start = time.perf_counter()
        action = kinds[seat].choose(game, state, seat, rng, budget)
        if seat == a_seat:
            thinking += time.perf_counter() - start
            moves += 1
        state, _ = game.apply(state, seat, action)
        n += 1
    result = game.result(state)
    assert result is not None
    share = 1.0 / len(result.winners)
    return {
        "a": share if a_seat in result.winners else 0.0,
        "b": share * sum(1 for w in result.winners if w != a_seat),
        "actions": n,
        "a_moves": moves,
        "a_seconds": thinking,
    }


def _play(job: tuple[Any, ...]) -> dict[str, Any]:
    return play_match(*job)


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
    game = get_game(key)
    game.check_seats(players)
    for kind in (a, b):
        if kind not in PLAYERS:
            raise CliError(f"unknown AI {kind!r} (known: {', '.join(PLAYERS)})", EXIT_USAGE)
    if seconds is None and iterations is None:
        seconds = 0.1
    budget = Budget(seconds=seconds, iterations=iterations)
    work = [(key, players, a, b, budget, seed + m, m % players, edition) for m in range(matches)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_play, work, chunksize=1))
    else:
        results = [_play(job) for job in work]
    elapsed = time.perf_counter() - start
    a_wins = sum(r["a"] for r in results)
    b_wins = sum(r["b"] for r in results)
    a_moves = sum(r["a_moves"] for r in results)
    report = {
        "game": key,
        "players": players,
        "matches": matches,
        "a": a,
        "b": b,
        "budget": {"seconds": seconds, "iterations": iterations},
        "a_win_rate": round(a_wins / matches, 3),
        "a_ci95": [round(x, 3) for x in wilson(a_wins, matches)],
        "b_win_rate": round(b_wins / matches, 3),
        "fair_share": round(1 / players, 3),
        "a_seconds_per_move": round(sum(r["a_seconds"] for r in results) / max(a_moves, 1), 4),
        "actions_per_match": round(sum(r["actions"] for r in results) / matches, 1),
        "elapsed_s": round(elapsed, 1),
    }
    if as_json:
        print(json.dumps(report))
        return 0
    low, high = report["a_ci95"]
    spend = f"{seconds} s" if seconds is not None else "no time limit"
    if iterations is not None:
        spend += f", {iterations} iterations"
    print(
        f"{game.title}, {players} players, {matches} matches ({spend} per move, seats "
        f"rotated): {a} wins {report['a_win_rate']:.1%} [95% CI {low:.1%}–{high:.1%}], "
        f"{b} {report['b_win_rate']:.1%} (fair share {report['fair_share']:.1%}); "
        f"{a} thought {report['a_seconds_per_move']} s per move; {elapsed:.0f} s"
    )
    return 0

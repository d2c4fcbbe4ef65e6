"""`bench`'s engine and AI parts: complete random games and seeded searches per CPU second,
the same seeded work every round and the best round reported, so that other processes on a
shared machine are not charged to the figures."""

from __future__ import annotations

import gc
import random
import time
from typing import Any

from games.registry import get_game


def bench_seats(key: str) -> int:
    game = get_game(key)
    return game.bench_seats or game.max_seats


ENGINE_ROUNDS = 10  # rounds of the same seeded games; the best one is the figure
# Further rounds of them with each legal_actions call timed: as many, so that each of its
# figures is a best of ten too (one call is timed on the wall clock, which neighbours inflate).
LEGAL_ROUNDS = ENGINE_ROUNDS


def engine_playouts(
    key: str, seats: int, seconds: float, rounds: int = ENGINE_ROUNDS
) -> dict[str, Any]:
    """Random complete games per second of CPU time, and the cost of legal_actions.

    The same games every run (seeds 0..n-1), played `rounds` times; the figure is the best
    round's (the usual best-of-k timing: interference only ever slows a round down), and the
    spread across rounds says how much the others lost. n is what a first, uncounted round
    (the warm-up) plays in its share of `seconds`, rounded down to a round count (`_round_count`),
    so a run lasts about `seconds` and two runs on one machine mostly play the same games.
    CPU time (`time.process_time`), not the wall clock: while another process of this machine
    holds the core, this one is not charged (a virtual machine's neighbours still are).

    legal_actions is timed call by call in `LEGAL_ROUNDS` further rounds of the same games,
    not in the counted ones: two clock reads and a list append per move are the bench's own
    work, which would be charged to the engine (2-3 % of a Paris game's time). Each
    legal_actions figure is the lowest of those rounds' (best-of-k as well)."""
    game = get_game(key)
    options = game.parse_options({})

    def play(seed: int, timings: list[float] | None = None) -> int:
        """One seeded random game, its number of actions; with `timings`, the time of each
        legal_actions call added to it."""
        rng = random.Random(seed)
        state = game.setup(seats, options, seed=seed)
        actions = 0
        while not game.is_over(state):
            seat = next(iter(game.to_act(state)))
            if timings is None:
                legal = game.legal_actions(state, seat)
            else:
                t = time.perf_counter()  # one call: too short for CPU time's resolution
                legal = game.legal_actions(state, seat)
                timings.append(time.perf_counter() - t)
            state, _ = game.apply(state, seat, rng.choice(legal))
            actions += 1
        return actions

    warm = 0
    start = time.process_time()
    timed_rounds = min(rounds, LEGAL_ROUNDS)
    while not warm or time.process_time() - start < seconds / (rounds + timed_rounds):
        play(warm)
        warm += 1
    count = _round_count(warm)
    gc.collect()
    gc.freeze()  # as the bot does after start-up: caches, the warm-up's too, are not GC work
    per_round: list[tuple[float, int]] = []  # (games/s, actions)
    for _ in range(rounds):
        start = time.process_time()
        actions = sum(play(seed) for seed in range(count))
        elapsed = max(time.process_time() - start, 1e-9)
        per_round.append((count / elapsed, actions))
    rates = [rate for rate, _ in per_round]
    best = max(rates)
    actions = per_round[0][1]  # the same games every round
    # Each legal_actions figure is the best round's too: one call is timed on the wall clock
    # (see `play`), which a busy machine inflates in some rounds.
    laps: list[list[float]] = []
    for _ in range(timed_rounds):
        laps.append([])
        for seed in range(count):
            play(seed, laps[-1])
    return {
        "game": key,
        "seats": seats,
        "games_per_s": round(best, 1),
        "actions_per_game": round(actions / count, 1),
        "legal_actions_mean_us": round(min(sum(t) / len(t) for t in laps) * 1e6, 1),
        "legal_actions_p99_us": round(min(percentile(t, 0.99) for t in laps) * 1e6, 1),
        "legal_actions_max_us": round(min(max(t) for t in laps) * 1e6, 1),
        "games_per_round": count,  # seeds 0..games_per_round-1, the same every run
        "rounds": rounds,
        "games_per_s_by_round": [round(rate, 1) for rate in rates],
        # How far the slowest round fell below the best, in per cent of the best.
        "spread_pct": round((best - min(rates)) / best * 100, 1),
    }


# The game counts a round may have, per decade: a step of at most a third, so a round lasts
# three quarters of its share of the time or more, and runs mostly land on the same count.
AI_ROUNDS = 3  # rounds of the same seeded searches; the best is reported
AI_WARM_UP = 40  # iterations per position that size a round
_ROUND_COUNTS = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)


def _round_count(n: int) -> int:
    """The largest of 1..9 and 10, 12, 15, 20, … 80, 100, 120, … not above `n` (at least 1)."""
    if n < 10:
        return max(n, 1)
    scale = 1
    while n >= 100 * scale:
        scale *= 10
    return max(c * scale for c in _ROUND_COUNTS if c * scale <= n)


def ai_playouts(key: str, seats: int, seconds: float, rounds: int = AI_ROUNDS) -> dict[str, Any]:
    """The strong AI's search speed: playouts (iterations: a determinisation, a walk down
    the tree, a playout cut by the evaluation) per CPU second, on one core, over positions
    from the start to the end of a random game — what its per-move budget buys.

    As for the engines: the same searches every round (an iteration budget sized by a
    warm-up, seeded), the best round reported, CPU time (other processes not charged)."""
    from games.core.search import Budget, Search, search_positions

    game = get_game(key)
    picks = search_positions(game, seats, 0, 5)

    def searches(budget: Budget) -> tuple[int, int, float]:
        iterations = actions = 0
        start = time.process_time()
        for position, seat in picks:
            search = Search(game)
            search.choose(position, seat, random.Random(1), budget)
            iterations += search.iterations
            actions += search.playout_actions
        return iterations, actions, max(time.process_time() - start, 1e-9)

    warm, _, took = searches(Budget(iterations=AI_WARM_UP))
    each = _round_count(round(warm / took * seconds / rounds / len(picks)))
    rates: list[float] = []
    for _ in range(rounds):
        iterations, actions, elapsed = searches(Budget(iterations=each))
        rates.append(iterations / elapsed)
    best = max(rates)
    return {
        "game": key,
        "seats": seats,
        "playouts_per_s": round(best),
        "playout_actions_per_s": round(best * actions / max(iterations, 1)),
        "actions_per_playout": round(actions / max(iterations, 1), 1),
        "iterations_per_search": each,  # the same every run on a machine of this speed
        "playouts_per_s_by_round": [round(rate) for rate in rates],
    }


def print_ai(figures: list[dict[str, Any]]) -> None:
    for a in figures:
        line = (
            f"ai {a['game']} ({a['seats']} seats): {a['playouts_per_s']} search iterations/s "
            "(each a determinisation, a walk down the search tree, "
        )
        if a["actions_per_playout"]:
            line += (
                f"about {a['actions_per_playout']} random playout moves, then an evaluation); "
                f"{a['playout_actions_per_s']} random playout moves/s"
            )
        else:  # a game whose search hints cut every playout at once (rollout_actions 0)
            line += "then an evaluation: this game's search plays no random playout moves)"
        print(line)


def percentile(samples: list[float], fraction: float) -> float:
    """The value `fraction` of the way up `samples` (nearest rank), for every bench part."""
    ordered = sorted(samples)
    return ordered[max(0, int(len(ordered) * fraction) - 1)]

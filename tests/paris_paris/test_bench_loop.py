"""The benchmark loop of the bench runs complete games (not timed here)."""

import random

from games.registry import get_game


def test_bench_loop_completes_games():
    g = get_game("paris-paris")
    opts = g.parse_options({})
    for n in range(30):
        rng = random.Random(n)
        s = g.setup(4, opts, seed=n)
        steps = 0
        while not g.is_over(s):
            seat = next(iter(g.to_act(s)))
            s, _ = g.apply(s, seat, rng.choice(g.legal_actions(s, seat)))
            steps += 1
        assert steps == 12 * 5
        assert g.result(s) is not None

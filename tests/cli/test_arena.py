"""`python -m bot arena` and `bench --ai`: small runs, the real code paths."""

from __future__ import annotations

import json

from bot.cli.arena import arena, wilson
from bot.cli.bench import ai_playouts


def test_wilson_interval():
    low, high = wilson(130, 200)
    assert 0.58 < low < 0.65 < high < 0.72
    assert wilson(0, 0) == (0.0, 1.0)


def test_arena_plays_seeded_matches_with_rotated_seats(capsys):
    assert arena("paris-paris", 2, 2, "strong", "random", None, 5, as_json=True) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["matches"] == 2 and report["budget"] == {"seconds": None, "iterations": 5}
    assert 0 <= report["a_win_rate"] <= 1 and report["fair_share"] == 0.5
    assert arena("paris-paris", 2, 2, "strong", "random", None, 5, as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["a_win_rate"] == report["a_win_rate"]


def test_bench_reports_search_playouts_per_second():
    figures = ai_playouts("paris-paris", 2, 0.3)
    assert figures["playouts_per_s"] > 0 and figures["actions_per_playout"] > 0

"""`python -m bot arena` and `bench --ai`: small runs, the real code paths."""

from __future__ import annotations

import json

import pytest

from bot.cli import arena_budget
from bot.cli.arena import Match, arena, play_match, wilson
from bot.cli.arena_lines import Line, table_lines
from bot.cli.bench_engines import ai_playouts
from bot.cli.main import main
from games.core.search import Budget
from games.registry import get_game


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


def _budget_files(tmp_path, monkeypatch, iterations):
    """Bot budget files of our own (game -> line -> iterations), so a test never reads (or
    writes) the measured ones beside the engines."""
    monkeypatch.setattr(arena_budget, "budget_file", lambda key: tmp_path / f"{key}.json")
    for key, lines in iterations.items():
        (tmp_path / f"{key}.json").write_text(json.dumps({"iterations": lines}), "utf-8")
    return tmp_path


def test_arena_prints_progress_as_each_match_finishes(capsys):
    """Issue 21 §2: the arena prints progress (matches done of all, A's running win rate) on
    stderr, and keeps standard output for the report. Its elapsed time and ETA are not
    checked: they are wall-clock figures."""
    assert arena("paris-paris", 2, 3, "strong", "random", None, 2, as_json=True) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert [line.split()[1] for line in lines] == ["1/3", "2/3", "3/3"]
    assert all("paris-paris 2p: A won" in line for line in lines)
    wins = round(json.loads(out)["a_win_rate"] * 3, 1)
    assert f"A won {wins:g} of 3" in lines[-1]


class _Recorder:
    """An AI that plays at random and notes which seats it played for."""

    def __init__(self, name: str, seats: set[int]) -> None:
        self.name = name
        self.seats = seats

    def choose(self, game, state, seat, rng, budget=None):
        self.seats.add(seat)
        return rng.choice(game.legal_actions(state, seat))


@pytest.mark.parametrize(("index", "team"), [(0, {0, 2}), (1, {1, 3}), (2, {0, 2})])
def test_in_a_team_game_the_measured_ai_takes_a_whole_team(monkeypatch, index, team):
    """Issue 21 §2 (Moscow–Paris teams included): «партнёры» win or lose together, so the
    measured AI plays both seats of one team (teams rotate by match) and wins all or nothing."""
    played: dict[str, set[int]] = {"a": set(), "b": set()}
    monkeypatch.setattr("bot.cli.arena.get_player", lambda name: _Recorder(name, played[name]))
    line = Line("moscow-paris", 4, "teams", teams=2)
    result = play_match(Match(line, "a", "b", Budget(iterations=1), 5 + index, index))
    assert played == {"a": team, "b": {0, 1, 2, 3} - team}
    assert result["a"] in (0.0, 1.0) and result["a"] + result["b"] == 1.0


def test_table_lines_include_teams_with_the_two_sided_bar():
    """The table's lines: every seat count, teams as a line of two sides held to 80%; three
    sides to twice the fair share (2/3), four to 1/2."""
    lines = {(ln.key, ln.players, ln.edition): ln for ln in table_lines()}
    assert lines[("moscow-paris", 4, "teams")].sides == 2
    assert lines[("moscow-paris", 4, "teams")].bar == 0.8
    assert lines[("moscow-paris", 4, None)].bar == 0.5
    assert lines[("paris", 3, None)].bar == pytest.approx(2 / 3)
    assert [ln.players for ln in table_lines("city-of-light")] == [2]
    assert lines[("paris-paris", 2, None)].bar == 0.8


def test_bot_budget_is_the_calibrated_iteration_count(capsys, tmp_path, monkeypatch):
    _budget_files(tmp_path, monkeypatch, {"paris-paris": {"2": 3}})
    assert (
        main(["arena", "--game", "paris-paris", "--matches", "1", "--budget", "bot", "--json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["budget"] == {"seconds": None, "iterations": 3}
    code = main(["arena", "--game", "paris-paris", "--players", "3", "--budget", "bot"])
    err = capsys.readouterr().err
    assert code == 2 and "no bot budget measured for paris-paris 3" in err


def test_calibrate_measures_and_merges_the_bot_budget(capsys, tmp_path, monkeypatch):
    """`arena --calibrate --write` re-measures the lines asked for and keeps the others."""
    folder = _budget_files(tmp_path, monkeypatch, {"paris-paris": {"3": 7}})
    monkeypatch.setenv("LUTECE_AI_SECONDS", "0.01")
    args = ["arena", "--calibrate", "--write", "--game", "paris-paris", "--players", "2"]
    assert main(args) == 0
    stored = json.loads((folder / "paris-paris.json").read_text("utf-8"))["iterations"]
    assert stored["3"] == 7 and stored["2"] >= 1
    assert f"paris-paris 2: {stored['2']} iterations" in capsys.readouterr().out


def test_table_mode_prints_every_line_with_its_bar_and_verdict(capsys, tmp_path, monkeypatch):
    """`arena --table`: every line of a game at the bot's budget, one table (here in JSON)."""
    _budget_files(tmp_path, monkeypatch, {"moscow-paris": {"4": 2, "4/teams": 2}})
    args = ["arena", "--table", "--game", "moscow-paris", "--players", "4", "--matches", "2"]
    assert main([*args, "--json"]) == 0
    out, err = capsys.readouterr()
    rows = json.loads(out)["lines"]
    assert [(r["edition"], r["teams"], r["bar"]) for r in rows] == [
        ("teams", 2, 0.8),
        (None, 0, 0.5),
    ]
    for row in rows:
        assert row["budget"]["iterations"] == 2 and row["matches"] == 2
        assert row["passed"] == (row["a_ci95"][0] > row["bar"])
    assert [line.split()[1] for line in err.splitlines()] == ["1/4", "2/4", "3/4", "4/4"]
    assert main(args) == 0
    table_text = capsys.readouterr().out
    assert "moscow-paris 4p teams" in table_text and "80.0%" in table_text
    assert "moscow-paris 4p " in table_text and "50.0%" in table_text


def test_every_table_line_has_a_measured_bot_budget():
    """`arena --table` at the bot's budget finds every line's count beside its engine (the
    installed games; test doubles registered by other tests have none)."""
    for line in table_lines():
        if not type(get_game(line.key)).__module__.startswith("games."):
            continue
        assert arena_budget.bot_iterations(line.key, line.players, line.edition) >= 100

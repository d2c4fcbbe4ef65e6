"""`bench --only PART` runs one part, progress goes to stderr as it runs, and every figure says
what it counts (tiny sizes: these check what is printed, never how fast anything is)."""

from __future__ import annotations

import json
import os
import re
import time

import pytest

from bot.cli import bench, bench_engines, bench_load
from bot.cli.bench_web import print_web
from games.registry import game_keys
from tests.cli.running import run_cli

PROGRESS = re.compile(r"^bench +\d+\.\d s  (?P<part>[a-z]+): (?P<what>.+)$")


def progress(err: str) -> list[tuple[str, str]]:
    """(part, what) of each progress line; every stderr line must be one."""
    lines = err.strip().splitlines()
    found = [PROGRESS.match(line) for line in lines]
    assert all(found), lines
    return [(m["part"], m["what"]) for m in found if m]


def test_only_engines_prints_one_line_per_game_and_its_progress(capsys):
    code, out, err = run_cli(capsys, "bench", "--only", "engines", "--seconds", "0.05")
    assert code == 0
    lines = out.strip().splitlines()
    assert [line.split()[1] for line in lines] == game_keys()
    for line in lines:  # each figure names what it counts
        assert (
            line.startswith("engine ")
            and "complete random games per CPU second on one core" in line
        )
        assert "actions/game; one legal_actions call: mean " in line
    steps = progress(err)
    assert [part for part, _ in steps] == ["engines"] * len(game_keys()) + ["done"]
    assert [what.split(",")[0] for _, what in steps[:-1]] == game_keys()


def test_only_ai_says_what_each_figure_counts(capsys):
    code, out, err = run_cli(capsys, "bench", "--only", "ai", "--seconds", "0.05")
    assert code == 0
    lines = out.strip().splitlines()
    assert [line.split()[1] for line in lines] == game_keys()
    for line in lines:
        assert " search iterations/s (each a determinisation, a walk down the search tree" in line
        # A game whose search plays no random moves says so, not "0 actions/s".
        assert not re.search(r"\b0 (random playout moves|actions)/s", line), line
        assert "random playout moves/s" in line or "plays no random playout moves" in line
    assert [part for part, _ in progress(err)] == ["ai"] * len(game_keys()) + ["done"]


def test_the_game_without_playout_moves_says_so(capsys):
    """Moscow–Paris's search hints cut every playout at once (`rollout_actions` 0): its line
    read "0 actions/s"."""
    code, out, _ = run_cli(capsys, "bench", "--only", "ai", "--seconds", "0.05")
    (line,) = [line for line in out.splitlines() if line.startswith("ai moscow-paris ")]
    assert "this game's search plays no random playout moves" in line


def test_only_concurrent_on_each_backend_at_capacity_and_at_a_load(capsys, monkeypatch):
    """Tiny: four tables (one of each game) for a tenth of a second; PostgreSQL as on a
    machine without it."""

    def no_server(*args: object, **kwargs: object) -> None:
        raise bench.PgUnavailable("no PostgreSQL here")

    monkeypatch.setattr(bench, "PgTestServer", no_server)
    args = ("bench", "--only", "concurrent", "--tables", "4", "--seconds", "0.1")
    code, out, err = run_cli(capsys, *args)
    assert code == 0
    capacity, load, postgres = out.strip().splitlines()
    assert capacity.startswith("concurrent host+SQLite, 4 matches of every game, every table")
    assert "(capacity)" in capacity and "moves arriving at 1000/s in all (load)" in load
    for line in (capacity, load):
        assert re.search(r": [\d.]+ persisted moves/s over \d+ moves; one move waits p50", line)
        assert "the event loop stalled at most" in line
    assert postgres == "host+PostgreSQL: no figure (no PostgreSQL here)".replace(
        "host+", "concurrent host+"
    )
    assert [what for _, what in progress(err)] == [
        "4 tables on SQLite at capacity for 0.1 s",
        "4 tables on SQLite at 1000 moves/s for 0.1 s",
        "4 tables on PostgreSQL at capacity for 0.1 s",
        "every figure is printed",
    ]


def test_only_one_part_in_json(capsys):
    code, out, _ = run_cli(capsys, "bench", "--only", "engines", "--json", "--seconds", "0.05")
    report = json.loads(out)
    assert code == 0 and set(report) == {"machine", "engines"}
    assert [e["game"] for e in report["engines"]] == game_keys()


def test_only_host_on_each_backend(capsys, monkeypatch):
    """PostgreSQL as on a machine without its binaries (its server takes seconds to start;
    the full run's test has it): a line saying why there is no figure."""

    def no_server(*args: object, **kwargs: object) -> None:
        raise bench.PgUnavailable("no PostgreSQL here")

    monkeypatch.setattr(bench, "PgTestServer", no_server)
    code, out, err = run_cli(capsys, "bench", "--only", "host", "--actions", "5")
    assert code == 0
    lines = out.strip().splitlines()
    assert [line.split()[1].rstrip(":") for line in lines[:-1]] == game_keys()
    assert all("persisted actions/s (one match, one move after another)" in x for x in lines[:-1])
    assert lines[-1] == "host+PostgreSQL: no figure (no PostgreSQL here)"
    steps = progress(err)
    assert [what for _, what in steps] == [
        *(f"{key} on SQLite, 5 persisted actions" for key in game_keys()),
        f"{game_keys()[0]} on PostgreSQL, 5 persisted actions",
        "every figure is printed",
    ]


def test_the_old_ai_flag_is_that_part(capsys):
    code, _, err = run_cli(capsys, "bench", "--ai", "--seconds", "0.05")
    assert code == 0 and {part for part, _ in progress(err)} == {"ai", "done"}


def test_an_unknown_part_is_refused(capsys):
    code, _, err = run_cli(capsys, "bench", "--only", "everything")
    assert code == 2 and "invalid choice: 'everything'" in err


def test_the_engine_figure_is_the_best_of_rounds_of_the_same_seeded_games(monkeypatch):
    """A steady engine figure: every round plays the same seeded games (seeds 0..n-1), the
    figure is the fastest round's and the spread says how far the slowest fell below it; two
    runs with the same count play exactly the same games."""
    key = game_keys()[0]
    monkeypatch.setattr(bench_engines, "_round_count", lambda played: 3)
    first = bench_engines.engine_playouts(key, bench_engines.bench_seats(key), 0.01, rounds=4)
    again = bench_engines.engine_playouts(key, bench_engines.bench_seats(key), 0.01, rounds=4)
    assert first["games_per_round"] == again["games_per_round"] == 3
    assert first["rounds"] == 4 and len(first["games_per_s_by_round"]) == 4
    assert first["games_per_s"] == max(first["games_per_s_by_round"])
    slowest = min(first["games_per_s_by_round"])
    assert (
        0
        <= first["spread_pct"]
        == pytest.approx((first["games_per_s"] - slowest) / first["games_per_s"] * 100, abs=0.2)
    )
    assert first["actions_per_game"] == again["actions_per_game"]  # the same games


def test_the_counted_rounds_read_no_clock_per_move(monkeypatch):
    """legal_actions is timed in rounds of their own: the rounds that make the games/s
    figure read the clock per round, not twice per move (the bench's own work, which would
    be charged to the engine)."""
    key = game_keys()[0]
    monkeypatch.setattr(bench_engines, "_round_count", lambda played: 2)
    reads = 0
    clock = time.perf_counter

    def counted() -> float:
        nonlocal reads
        reads += 1
        return clock()

    monkeypatch.setattr(bench_engines.time, "perf_counter", counted)
    monkeypatch.setattr(bench_engines, "LEGAL_ROUNDS", 1)
    figures = bench_engines.engine_playouts(key, bench_engines.bench_seats(key), 0.01, rounds=5)
    moves = figures["actions_per_game"] * figures["games_per_round"]
    assert reads == 2 * moves  # the one timed round's, none of the five counted ones'


def test_a_round_has_a_round_number_of_games_close_below_what_the_warm_up_played():
    counts = {n: bench_engines._round_count(n) for n in (0, 1, 9, 10, 13, 99, 100, 149, 4999, 5000)}
    assert counts == {
        0: 1,
        1: 1,
        9: 9,
        10: 10,
        13: 12,
        99: 80,
        100: 100,
        149: 120,
        4999: 4000,
        5000: 5000,
    }
    assert all(bench_engines._round_count(n) > 0.75 * n for n in range(10, 3000))


@pytest.mark.skipif(
    os.environ.get("LUTECE_SOAK") != "1",
    reason="a whole match under load takes one to two minutes: opt-in with LUTECE_SOAK=1",
)
def test_only_load_plays_a_games_match_under_load_and_says_what_each_figure_means(
    capsys, monkeypatch
):
    """Issue 21 §4 through `bench`: one game only (each game is a whole demo match through
    the fake Discord, tens of seconds) while four other tables move."""
    key = bench_load.load_games()[0]
    monkeypatch.setattr(bench_load, "load_games", lambda: [key])
    code, out, err = run_cli(capsys, "bench", "--only", "load", "--tables", "4", "--json")
    assert code == 0
    report = json.loads(out)
    assert set(report) == {"machine", "load"}
    (figure,) = report["load"]
    assert figure["game"] == key and figure["matches"] == 4 and figure["interactions"] > 10
    assert 0 < figure["p50_ms"] <= figure["p99_ms"] <= figure["max_ms"]
    assert figure["load_moves"] > 0 and figure["loop_stall_max_ms"] >= 0
    assert [what for _, what in progress(err)] == [
        f"{key}, a whole match through the fake Discord while 4 tables move at 100 moves/s "
        "and 4 strong AIs think",
        "every figure is printed",
    ]
    bench_load.print_load(report["load"])
    (line,) = capsys.readouterr().out.strip().splitlines()
    assert line.startswith(f"discord under load {key} (AI workers: default, picture threads: 1)")
    assert re.search(r"click→answer p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms over \d+ ", line)
    assert "interactions of a whole match, while 4 other tables made " in line
    assert "the event loop stalled at most" in line


def test_a_whole_run_leaves_the_load_part_out_and_only_load_runs_it(capsys, monkeypatch):
    """Every game's whole match under load takes minutes no size option shortens: a whole
    run measures every other part; `--only load` that one (each part stubbed here)."""
    ran: list[str] = []

    def stub(part: str) -> tuple[str, object, object]:
        async def measure(run: bench.Run) -> list[object]:
            ran.append(part)
            return []

        return (part, measure, lambda figures: None)

    monkeypatch.setattr(bench, "MEASURES", {part: stub(part) for part in bench.PARTS})
    monkeypatch.setattr(bench, "machine", lambda: {})
    assert run_cli(capsys, "bench", "--json")[0] == 0
    assert ran == [part for part in bench.PARTS if part != "load"]
    ran.clear()
    assert run_cli(capsys, "bench", "--only", "load", "--json")[0] == 0
    assert ran == ["load"]


def test_only_web_times_every_update_on_every_open_page_and_says_what_each_figure_means(
    capsys, monkeypatch
):
    """Issue 22: "`bench` reports the WebSocket fan-out: time from a stored move to the update
    on 100 open pages". Tiny: three pages (seats and a spectator), four moves, in JSON; every
    page heard of every move; PostgreSQL as on a machine without it."""

    def no_server(*args: object, **kwargs: object) -> None:
        raise bench.PgUnavailable("no PostgreSQL here")

    monkeypatch.setattr(bench, "PgTestServer", no_server)
    args = ("bench", "--only", "web", "--pages", "3", "--actions", "4", "--json")
    code, out, err = run_cli(capsys, *args)
    assert code == 0
    sqlite, postgres = json.loads(out)["web"]
    assert sqlite["backend"] == "sqlite" and sqlite["game"] == game_keys()[0]
    assert (sqlite["pages"], sqlite["moves"], sqlite["updates"]) == (3, 4, 12)
    assert 0 < sqlite["p50_ms"] <= sqlite["p99_ms"] <= sqlite["max_ms"]
    assert sqlite["p50_ms"] <= sqlite["last_page_p50_ms"] <= sqlite["last_page_max_ms"]
    assert sqlite["max_ms"] == sqlite["last_page_max_ms"]
    assert sqlite["cpu_per_move_ms"] > 0 and "load_average" in sqlite
    assert postgres == {"backend": "postgres", "unavailable": "no PostgreSQL here"}
    assert [what for _, what in progress(err)] == [
        "3 open pages on SQLite, 4 moves",
        "3 open pages on PostgreSQL, 4 moves",
        "every figure is printed",
    ]

    print_web([sqlite, postgres])  # the lines a run without --json prints
    line, no_figure = capsys.readouterr().out.strip().splitlines()
    assert line.startswith(
        f"web fan-out host+SQLite, {game_keys()[0]} with 3 open pages, 4 moves one after "
        "another (12 updates): from a move stored (the host's commit) to its update on a page p50 "
    )
    assert re.search(r"until the last page has it p50 [\d.]+ ms, p99 [\d.]+ ms, max", line)
    cpu = r"the bot's CPU [\d.]+ ms per move from stored to its last page"
    assert re.search(cpu + r" \(load average [\d.]+\)$", line)
    assert no_figure == "web fan-out host+PostgreSQL: no figure (no PostgreSQL here)"

"""The command line: simulate, export, replay, bench, and one clear sentence for bad input."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.running import run_cli

ROOT = Path(__file__).resolve().parents[2]


def simulate(capsys: pytest.CaptureFixture[str], db: Path, *more: str) -> tuple[int, str, str]:
    """`simulate --game paris-paris MORE… --db DB`: the exit status, stdout and stderr."""
    return run_cli(capsys, "simulate", "--game", "paris-paris", *more, "--db", str(db))


def test_seeded_simulate_is_deterministic(capsys, tmp_path):
    runs = []
    for n in range(2):
        db = tmp_path / f"sim{n}.db"
        code, out, _ = simulate(
            capsys, db, "--players", "3", "--seed", "11", "--matches", "2", "--json"
        )
        assert code == 0
        runs.append([json.loads(line) for line in out.splitlines()])
    strip = [[{k: v for k, v in m.items() if k != "match"} for m in run] for run in runs]
    assert strip[0] == strip[1]
    assert len(runs[0]) == 2 and runs[0][0]["scores"] != runs[0][1]["scores"]
    assert all(m["actions"] == 60 for m in runs[0])  # 15 rounds x (1 reveal + 3 takes)


def test_export_replays_to_the_same_result(capsys, tmp_path):
    db = tmp_path / "sim.db"
    _, out, _ = simulate(capsys, db, "--players", "4", "--seed", "5", "--json")
    simulated = json.loads(out)
    code, record, _ = run_cli(capsys, "export", simulated["match"], "--db", str(db))
    assert code == 0
    path = tmp_path / "record.json"
    path.write_text(record)
    code, out, _ = run_cli(capsys, "replay", str(path), "--json")
    assert code == 0
    replayed = json.loads(out)
    assert replayed["scores"] == simulated["scores"]
    assert replayed["winners"] == simulated["winners"]
    assert replayed["tiebreak"] == simulated["tiebreak"]


def test_replay_names_the_first_illegal_action(capsys, tmp_path):
    db = tmp_path / "sim.db"
    _, out, _ = simulate(capsys, db, "--players", "2", "--seed", "3", "--json")
    _, record, _ = run_cli(capsys, "export", json.loads(out)["match"], "--db", str(db))
    data = json.loads(record)
    data["actions"][5]["seat"] = 1 - data["actions"][5]["seat"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, _, err = run_cli(capsys, "replay", str(path))
    assert code == 2
    assert err.startswith("error: action 5:") and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "is not valid JSON"),
        ('{"game": "paris-paris"}', "is not a match record"),
        ('{"game": "chess", "seats": 2, "seed": 1}', "unknown game 'chess'"),
        ('{"game": "paris-paris", "seats": 7, "seed": 1}', "played by 2 to 4 players"),
        (
            '{"game": "paris-paris", "seats": 2, "seed": 1, "actions": [{"seat": 0, '
            '"action": {"type": "fly"}}]}',
            "action 0: malformed action",
        ),
    ],
)
def test_bad_records_get_one_sentence_and_exit_2(capsys, tmp_path, content, expected):
    path = tmp_path / "r.json"
    path.write_text(content)
    code, _, err = run_cli(capsys, "replay", str(path))
    assert code == 2
    assert expected in err and err.count("\n") == 1


def test_bad_simulate_arguments(capsys):
    code, _, err = run_cli(capsys, "simulate", "--game", "chess")
    assert code == 2 and "unknown game 'chess'" in err
    code, _, err = run_cli(capsys, "simulate", "--game", "paris-paris", "--players", "9")
    assert code == 2 and "played by 2 to 4 players" in err
    code, _, err = run_cli(capsys, "simulate", "--game", "paris-paris", "--option", "colour=pink")
    assert code == 2 and "invalid option" in err


def test_export_from_missing_corrupt_or_future_database(capsys, tmp_path):
    code, _, err = run_cli(capsys, "export", "abc", "--db", str(tmp_path / "none.db"))
    assert code == 2 and "no database file" in err
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"garbage" * 1000)
    code, _, err = run_cli(capsys, "export", "abc", "--db", str(garbage))
    assert code == 2 and "not a usable Lutèce database" in err
    assert garbage.read_bytes() == b"garbage" * 1000
    future = tmp_path / "future.db"
    sqlite3.connect(future).execute("PRAGMA user_version = 99").connection.close()
    code, _, err = run_cli(capsys, "export", "abc", "--db", str(future))
    assert code == 2 and "newer than this Lutèce knows" in err


def test_export_of_unknown_match(capsys, tmp_path):
    db = tmp_path / "sim.db"
    simulate(capsys, db)
    code, _, err = run_cli(capsys, "export", "deadbeef", "--db", str(db))
    assert code == 2 and "there is no match 'deadbeef'" in err


@pytest.mark.long
@pytest.mark.usefixtures("tiny_pictures")  # the figures' shape is checked, not their speed
def test_bench_prints_every_figure(capsys):
    # Three stored matches: the many-matches figures work with fewer than they sample.
    code, out, _ = run_cli(
        capsys,
        "bench",
        "--json",
        "--seconds",
        "0.2",
        "--actions",
        "200",
        "--matches",
        "3",
        "--records",
        "40",
        "--tables",
        "4",
        "--pages",
        "3",
    )
    assert code == 0
    report = json.loads(out)
    concurrent = report["concurrent"]  # capacity and load on each backend
    assert [(c["backend"], c["mode"]) for c in concurrent] == [
        ("sqlite", "capacity"),
        ("sqlite", "load"),
        ("postgres", "capacity"),
        ("postgres", "load"),
    ]
    assert all(c["matches"] == 4 and 0 < c["p50_ms"] <= c["p99_ms"] for c in concurrent)
    assert {e["game"] for e in report["engines"]} >= {"paris-paris"}
    assert all(e["games_per_s"] > 0 for e in report["engines"])
    assert all(a["playouts_per_s"] > 0 for a in report["ai"])
    host = report["host"][0]
    assert host["actions"] == 200 and 0 < host["p50_ms"] <= host["p99_ms"]
    clicks = report["discord"]  # a whole match through the fake Discord
    assert clicks["interactions"] > 10 and 0 < clicks["p50_ms"] <= clicks["p99_ms"]
    assert report["machine"]["python"]
    web = report["web"]  # a stored move to its update on the open pages, on each backend
    assert [(w["backend"], w["pages"], w["updates"]) for w in web] == [
        ("sqlite", 3, 600),
        ("postgres", 3, 600),
    ]
    sqlite_many = report["many_matches"][0]
    assert sqlite_many["matches"] == 3 and sqlite_many["held_matches"] == 3
    assert 0 < sqlite_many["cold_action_p50_ms"] <= sqlite_many["cold_action_p99_ms"]
    assert [r["backend"] for r in report["records"]] == ["sqlite", "postgres"]
    for records in report["records"]:  # history and leaderboard with finished matches stored
        assert records["matches"] == 40
        assert 0 < records["leaderboard"]["p50_ms"] <= records["leaderboard"]["p99_ms"]
        assert 0 < records["history_player"]["p50_ms"] <= records["history_player"]["p99_ms"]


def test_bench_ratings_prints_the_leaderboard_and_history_figures_only(capsys):
    code, out, _ = run_cli(capsys, "bench", "--ratings", "--records", "30")
    lines = out.strip().splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].startswith("SQLite with 30 finished matches (stored in ")
    assert lines[1].startswith("PostgreSQL with 30 finished matches (stored in ")
    assert all("leaderboard p50 " in line and "history_player p50 " in line for line in lines)


def test_module_entry_point_has_no_traceback_on_errors(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(tmp_path / "nope.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"error: no such file: {tmp_path / 'nope.json'}"


def test_backup_copies_a_live_database_consistently(capsys, tmp_path):
    db = tmp_path / "live.db"
    code, _, _ = simulate(capsys, db, "--players", "3", "--seed", "2")
    assert code == 0
    copy = tmp_path / "copy.db"
    code, out, _ = run_cli(capsys, "backup", str(copy), "--db", str(db))
    assert code == 0 and "backed up" in out
    with sqlite3.connect(db) as a, sqlite3.connect(copy) as b:
        query = "SELECT match_id, seq, action FROM actions ORDER BY match_id, seq"
        assert a.execute(query).fetchall() == b.execute(query).fetchall() != []
    code, _, err = run_cli(capsys, "backup", str(copy), "--db", str(db))
    assert code == 2 and "exists already" in err


def test_invite_prints_the_link_with_exactly_the_needed_permissions(capsys):
    code, out, _ = run_cli(capsys, "invite", "--application-id", "123456789012345678")
    assert code == 0
    link = out.splitlines()[0]
    assert link.startswith("https://discord.com/oauth2/authorize?client_id=123456789012345678")
    assert "scope=bot+applications.commands" in link
    # View Channel, Send Messages, Embed Links, Attach Files, Read Message History,
    # Create Public Threads, Send Messages in Threads — and nothing else.
    bits = [10, 11, 14, 15, 16, 35, 38]
    assert f"permissions={sum(1 << b for b in bits)}" in link
    assert "No privileged intent" in out


def test_an_edition_is_chosen_by_name_on_the_command_line(capsys):
    # Issue 8: the edition presets live with the engine, so the command line can ask for one.
    code, out, _ = run_cli(
        capsys,
        "simulate",
        "--game",
        "city-of-light",
        "--edition",
        "german",
        "--seed",
        "4",
        "--json",
    )
    assert code == 0 and json.loads(out)["scores"]
    code, _, err = run_cli(capsys, "simulate", "--game", "city-of-light", "--edition", "klingon")
    assert code == 2 and "no edition 'klingon'" in err and "german" in err
    code, out, _ = run_cli(capsys, "games")
    assert code == 0 and "city-of-light" in out and "original, german, random-postcards" in out


def test_pictures_of_every_game_are_regenerated_by_one_command(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "pictures", "--out", str(tmp_path))
    assert code == 0
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    for key in ("paris-paris", "city-of-light"):
        for stage in ("start", "middle", "end"):
            assert any(n.startswith(key) and n.endswith(f"-{stage}.png") for n in pngs)
    assert all((tmp_path / n).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for n in pngs)
    index = (tmp_path / "README.md").read_text()
    assert all(n in index for n in pngs)


def test_every_game_has_a_demo_script_that_parses_and_plays_it():
    """`python -m bot demo --game KEY`: each game's own script, its lines in the fake's
    script language, opening a table of that game and playing it out."""
    from bot.demo import PLAY_OUT, PlayOut, _split, load_script
    from bot.games import adapter_for, adapters
    from bot.i18n import t

    for key in adapters():
        script = load_script(None, key)
        segments = _split(script)
        steps = [s for seg in segments if isinstance(seg, list) for s in seg]
        assert any(f"/{adapter_for(key).command} new" in s.text for s in steps), key
        assert any(isinstance(seg, PlayOut) for seg in segments) and PLAY_OUT in script
        secret_button = t(adapter_for(key).private_label)
        assert f'click "{secret_button}"' in script, (key, secret_button)


def test_demo_of_an_unknown_game_is_one_sentence(capsys):
    code, _, err = run_cli(capsys, "demo", "--game", "chess")
    assert code == 2 and "no game 'chess'" in err and "paris" in err

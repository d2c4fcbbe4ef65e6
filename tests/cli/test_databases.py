"""Issue 17 §3: `backup`, `migrate-db` and `export` name the setting the database came
from (`--db`, FROM, TO or LUTECE_DB), and a failed backup leaves no file behind."""

from __future__ import annotations

import pytest

from tests.cli.running import run_cli


@pytest.fixture
def no_settings(monkeypatch, tmp_path):
    """Settings from this test only: no .env file and no LUTECE_DB from the machine."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LUTECE_DB", raising=False)


def test_a_failed_backup_leaves_nothing_behind(capsys, tmp_path):
    not_a_database = tmp_path / "some.json"
    not_a_database.write_text("{}")
    code, _, err = run_cli(capsys, "backup", str(tmp_path / "x.db"), "--db", str(not_a_database))
    assert code == 1 and "file is not a database" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["some.json"]


def test_backup_names_the_option_the_database_came_from(capsys, tmp_path, no_settings):
    code, _, err = run_cli(capsys, "backup", "copy.db", "--db", "missing.db")
    assert code == 2 and "no database at missing.db (--db)" in err and "LUTECE_DB" not in err
    code, _, err = run_cli(capsys, "backup", "copy.db", "--db", "postgresql://h/db")
    assert code == 2 and err.startswith("error: --db names a PostgreSQL database")


def test_backup_names_lutece_db_when_the_database_came_from_it(capsys, monkeypatch, no_settings):
    monkeypatch.setenv("LUTECE_DB", "elsewhere.db")
    code, _, err = run_cli(capsys, "backup", "copy.db")
    assert code == 2 and "no database at elsewhere.db (LUTECE_DB)" in err


def test_migrate_db_names_from_and_to(capsys, tmp_path, no_settings):
    run_cli(capsys, "simulate", "--game", "paris-paris", "--db", "a.db")
    (tmp_path / "folder").mkdir()
    code, _, err = run_cli(capsys, "migrate-db", "a.db", "folder")
    assert code == 2 and "set TO to a file" in err and "LUTECE_DB" not in err
    # Nothing listens on port 1: the connection is refused at once.
    code, _, err = run_cli(capsys, "migrate-db", "postgresql://lutece@127.0.0.1:1/x", "b.db")
    assert code == 2 and "that FROM names the right host" in err and "LUTECE_DB" not in err


def test_export_and_simulate_name_their_db_option(capsys, tmp_path, no_settings):
    (tmp_path / "folder").mkdir()
    code, _, err = run_cli(capsys, "export", "abc", "--db", "missing.db")
    assert code == 2 and "no database file at missing.db (--db)" in err
    code, _, err = run_cli(capsys, "simulate", "--game", "paris-paris", "--db", "folder")
    assert code == 2 and "set --db to a file" in err and "LUTECE_DB" not in err

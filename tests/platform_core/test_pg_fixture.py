"""Without PostgreSQL's binaries the PostgreSQL store tests fail and say why; they are
skipped only when LUTECE_PG=0 asks for it (run in a child pytest, with the binaries
"missing" through LUTECE_PG_BINDIR, which is authoritative when set)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ONE_TEST = "tests/platform_core/test_storage.py::test_prefs_guild_settings_and_facts"


def _pytest(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", ONE_TEST],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )


def test_missing_binaries_fail_the_postgres_tests_with_a_sentence(tmp_path):
    proc = _pytest(LUTECE_PG_BINDIR=str(tmp_path), LUTECE_PG="1")
    assert proc.returncode == 1, proc.stdout
    assert "1 passed, 1 error" in proc.stdout  # SQLite passes, PostgreSQL errors at setup
    assert "PostgreSQL server binaries (initdb, postgres) were not found" in proc.stdout


def test_lutece_pg_0_skips_them_explicitly(tmp_path):
    proc = _pytest(LUTECE_PG_BINDIR=str(tmp_path), LUTECE_PG="0")
    assert proc.returncode == 0, proc.stdout
    assert "1 passed, 1 skipped" in proc.stdout

"""`python -m bot` itself, configured from the environment, against the fake Discord."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from fakediscord import FakeDiscord
from storage import Store

ROOT = Path(__file__).resolve().parents[2]


async def test_the_entry_point_connects_serves_a_command_and_stops_cleanly(tmp_path):
    fake = await FakeDiscord.start()
    guild = fake.add_guild("Lutèce", channels=("general",))
    alice = fake.add_user("alice")
    db = tmp_path / "prod.db"
    env = {
        **os.environ,
        "DISCORD_TOKEN": fake.token,
        "LUTECE_DB": str(db),
        "LUTECE_DEV_GUILD": str(guild.id),
        "LUTECE_DISCORD_ENDPOINT": fake.base_url,
        "LUTECE_LOG_LEVEL": "WARNING",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        await fake.wait_for(lambda: fake.connected and fake.commands(guild), timeout=30)
        result = await alice.slash(fake.channel("general"), "paris-paris new", players=2)
        assert result.responded and "Paris Paris" in result.embeds[0]["title"]
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
        await fake.stop()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    store = await Store.open(db)
    try:
        assert [m.status for m in await store.list_matches()] == ["lobby"]
    finally:
        await store.close()


def test_a_non_loopback_endpoint_is_refused_before_sending_the_token(tmp_path):
    proc = run_bot_process(
        tmp_path,
        DISCORD_TOKEN="secret",
        LUTECE_DB=str(tmp_path / "x.db"),
        LUTECE_DISCORD_ENDPOINT="http://10.1.2.3:80",
    )
    assert proc.returncode != 0
    assert "LUTECE_DISCORD_ENDPOINT must be a loopback" in proc.stderr
    assert "Traceback" not in proc.stderr


def run_bot_process(
    tmp_path: Path, *args: str, timeout: float = 60, **env_values: str
) -> subprocess.CompletedProcess:
    """`python -m bot ARGS…` in `tmp_path` with `env_values`; the Discord settings of the
    environment the tests run in are left out unless given."""
    env = {**os.environ, "LUTECE_LOG_LEVEL": "WARNING", **env_values}
    for key in ("DISCORD_TOKEN", "LUTECE_DEV_GUILD", "LUTECE_DISCORD_ENDPOINT"):
        if key not in env_values:
            env.pop(key, None)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def one_sentence(proc: subprocess.CompletedProcess, code: int, words: str) -> None:
    assert proc.returncode == code, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines
    assert "Traceback" not in proc.stderr


def test_the_worker_refuses_to_start_without_a_token(tmp_path):
    # The Procfile's worker: no demo nobody would see, one sentence instead.
    assert (ROOT / "Procfile").read_text().strip() == "worker: python -m bot run"
    one_sentence(run_bot_process(tmp_path, "run"), 1, "DISCORD_TOKEN is not set")


async def test_bad_database_paths_are_one_sentence(tmp_path):
    # Issue 7, finding 8: a folder, a path under a regular file, garbage, damaged pages.
    (tmp_path / "afile").write_text("x")
    (tmp_path / "garbage.db").write_bytes(b"not a database at all" * 100)
    damaged = tmp_path / "damaged.db"
    store = await Store.open(damaged)
    for n in range(3000):
        await store.set_fact(f"fact {n}", "x" * 100)
    await store.close()
    import sqlite3

    with sqlite3.connect(damaged) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with damaged.open("r+b") as handle:  # keep the header, smash pages in the middle
        handle.seek(4096 * 6)
        handle.write(b"\xff" * 4096 * 4)
    cases = {
        str(tmp_path): "is a folder",
        str(tmp_path / "afile" / "lutece.db"): "is a file, not a folder",
        str(tmp_path / "garbage.db"): "not a usable Lutèce database",
        str(damaged): "is damaged",
    }
    for path, words in cases.items():
        proc = run_bot_process(tmp_path, "run", DISCORD_TOKEN="x.y.z", LUTECE_DB=path)
        one_sentence(proc, 2, words)
    assert "restore the latest backup" in proc.stderr


async def test_a_wrong_token_or_no_route_to_discord_is_one_sentence(tmp_path):
    fake = await FakeDiscord.start()
    try:
        db = str(tmp_path / "ok.db")
        proc = await asyncio.to_thread(
            run_bot_process,
            tmp_path,
            "run",
            DISCORD_TOKEN="wrong",
            LUTECE_DB=db,
            LUTECE_DISCORD_ENDPOINT=fake.base_url,
        )
        one_sentence(proc, 1, "Discord refused the token")
        closed = fake.base_url.rsplit(":", 1)[0] + ":1"  # nothing listens on port 1
        proc = await asyncio.to_thread(
            run_bot_process,
            tmp_path,
            "run",
            DISCORD_TOKEN=fake.token,
            LUTECE_DB=db,
            LUTECE_DISCORD_ENDPOINT=closed,
        )
        one_sentence(proc, 1, "cannot reach Discord")
        # A sentence for whoever runs the bot, not the name of a library's exception.
        assert proc.stderr.strip() == (
            f"error: cannot reach Discord at {closed}: check the "
            "machine's network connection and try again"
        )
    finally:
        await fake.stop()


@pytest.mark.long
def test_the_bare_command_without_a_token_plays_the_offline_demo(tmp_path):
    # `make run` on a fresh machine: `python -m bot` with no token is the offline demo.
    proc = run_bot_process(tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "offline demo" in proc.stdout and "Traceback" not in proc.stderr
    # Issue 19 §7: once the match is over, the demo shows its summary and steps its replay.
    assert "-summary.gif]" in proc.stdout and "[Replay]" in proc.stdout
    assert "**Move 1 of " in proc.stdout and "**Move 2 of " in proc.stdout

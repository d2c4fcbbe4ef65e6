"""`python -m bot` itself, configured from the environment, against the fake Discord."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from fakediscord import FakeDiscord
from storage import Store

ROOT = Path(__file__).resolve().parents[2]


async def test_the_entry_point_connects_serves_a_command_and_stops_cleanly(tmp_path):
    fake = await FakeDiscord.start()
    guild = fake.add_guild("Lutèce", channels=("general",))
    alice = fake.add_user("alice")
    db = tmp_path / "prod.db"
    env = {**os.environ, "DISCORD_TOKEN": fake.token, "LUTECE_DB": str(db),
           "LUTECE_DEV_GUILD": str(guild.id), "LUTECE_DISCORD_ENDPOINT": fake.base_url,
           "LUTECE_LOG_LEVEL": "WARNING"}  # fmt: skip
    proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
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
    env = {**os.environ, "DISCORD_TOKEN": "secret", "LUTECE_DB": str(tmp_path / "x.db"),
           "LUTECE_DISCORD_ENDPOINT": "http://10.1.2.3:80"}  # fmt: skip
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert proc.returncode != 0
    assert "LUTECE_DISCORD_ENDPOINT must be a loopback" in proc.stderr
    assert "Traceback" not in proc.stderr

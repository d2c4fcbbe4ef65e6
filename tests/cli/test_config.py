"""Settings come from the environment and `.env` through pydantic-settings (issue 18 §5):
a bad value stops the start with one sentence naming the variable, and exit status 2."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.config import Config, ConfigError, Settings
from tests.cli.running import run_cli

SETTINGS = {name.upper() for name in Settings.model_fields}
BAD = {
    "LUTECE_SHARD": "abc",
    "LUTECE_DEV_GUILD": "my-server",
    "LUTECE_LOG_LEVEL": "LOUD",
    "LUTECE_DISCORD_ENDPOINT": "http://10.1.2.3:80",
    "LUTECE_AI_WORKERS": "-1",
    "LUTECE_PICTURE_THREADS": "0",
    "LUTECE_PUBLIC_URL": "http://board.example.org",
    "LUTECE_WEB_PORT": "99999",
    "DISCORD_CLIENT_ID": "my-app",
}


@pytest.fixture(autouse=True)
def clean(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env from the machine running the tests
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_value_stops_the_start_with_one_sentence_naming_it(name, capsys, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "x.y.z")
    monkeypatch.setenv(name, BAD[name])
    code, out, err = run_cli(capsys, "run")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"error: {name} must be "), err
    assert "x.y.z" not in err  # the token is a secret


def test_a_bad_value_in_the_env_file_is_named_too(capsys, tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x.y.z\nLUTECE_SHARD=2/2\n")
    code, _, err = run_cli(capsys, "run")
    assert code == 2 and err == "error: LUTECE_SHARD must be 'i/n' with 0 <= i < n, e.g. 0/2\n"


def test_the_env_file_takes_comments_quotes_and_export(tmp_path):
    (tmp_path / ".env").write_text(
        "# the bot\nexport DISCORD_TOKEN='a.b.c'\nLUTECE_LOG_LEVEL=warning  # quieter\n"
        'LUTECE_DB="db/x.db"\nLUTECE_DEV_GUILD=\nLUTECE_SHARD=1/3\nSOMETHING_ELSE=1\n'
    )
    config = Config.load()
    assert config == Config(
        token="a.b.c", db_path="db/x.db", log_level=logging.WARNING, shard=(1, 3)
    )


def test_workers_and_threads_are_read(monkeypatch):
    monkeypatch.setenv("LUTECE_AI_WORKERS", "0")
    monkeypatch.setenv("LUTECE_PICTURE_THREADS", "2")
    config = Config.load()
    assert (config.ai_workers, config.picture_threads) == (0, 2)


def test_the_environment_wins_over_the_env_file(tmp_path, monkeypatch):
    (tmp_path / ".env").write_text("LUTECE_DB=from-file.db\nLUTECE_LOG_LEVEL=ERROR\n")
    monkeypatch.setenv("LUTECE_DB", "from-env.db")
    config = Config.load()
    assert (config.db_path, config.log_level) == ("from-env.db", logging.ERROR)


def test_unset_and_empty_settings_have_their_defaults(tmp_path):
    (tmp_path / ".env").write_text("".join(f"{name}=\n" for name in SETTINGS))
    assert Config.load() == Config(token=None)
    assert Config(token=None).db_path == "data/lutece.db"


def test_the_example_file_documents_every_setting():
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    documented = {
        line.split("=")[0] for line in example.splitlines() if line and not line.startswith("#")
    }
    assert documented == SETTINGS


WEB = {
    "LUTECE_PUBLIC_URL": "https://board.example.org",
    "LUTECE_WEB_PORT": "8080",
    "LUTECE_WEB_SECRET": "s" * 32,
}


def test_the_web_board_is_off_unless_its_three_settings_are_set_together(tmp_path):
    """Issue 22, item 4: "with nothing set, the bot runs as today and offers no board
    button"; a half-configured board is one sentence naming the three settings."""
    assert Config.load({}, env_file=tmp_path / ".env").web is None
    web = Config.load(WEB, env_file=tmp_path / ".env").web
    assert web == ("https://board.example.org", 8080, "s" * 32)
    for left_out in WEB:
        with pytest.raises(
            ConfigError, match="LUTECE_PUBLIC_URL, LUTECE_WEB_PORT and LUTECE_WEB_SECRET"
        ):
            Config.load({k: v for k, v in WEB.items() if k != left_out}, env_file=tmp_path / ".env")
    with pytest.raises(ConfigError, match="LUTECE_WEB_SECRET must be at least 32 characters"):
        Config.load({**WEB, "LUTECE_WEB_SECRET": "short"}, env_file=tmp_path / ".env")
    with pytest.raises(ConfigError, match="origin only"):
        Config.load({**WEB, "LUTECE_PUBLIC_URL": "https://x.org/board"}, env_file=tmp_path / ".env")


def test_the_activitys_client_comes_as_a_pair_and_its_secret_stays_hidden(capsys, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "x.y.z")
    monkeypatch.setenv("DISCORD_CLIENT_SECRET", "s3cret")
    code, _, err = run_cli(capsys, "run")
    assert code == 2
    assert err == "error: DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together: set both\n"
    monkeypatch.setenv("DISCORD_CLIENT_ID", "123")
    config = Config.load()
    assert (config.client_id, config.client_secret) == (123, "s3cret")
    assert "s3cret" not in repr(config)
    assert not config.activity  # the web board's public address is missing
    for name, value in WEB.items():  # the web board, which the Activity opens
        monkeypatch.setenv(name, value)
    assert Config.load().activity and not Config.load().activity_mock
    monkeypatch.setenv("LUTECE_DISCORD_ENDPOINT", "http://127.0.0.1:9")
    assert Config.load().activity_mock  # the SDK's mock: against a local fake Discord only

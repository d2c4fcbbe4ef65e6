"""Issue 17 §3: `invite` without --application-id says why DISCORD_TOKEN gave no id —
without ever printing the token, which is a secret."""

from __future__ import annotations

import pytest

from tests.cli.running import run_cli


@pytest.fixture(autouse=True)
def no_env_file(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env from the machine running the tests


def test_a_token_that_cannot_be_read_is_named_as_the_problem(capsys, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-bot-token.x.y")
    code, out, err = run_cli(capsys, "invite")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "DISCORD_TOKEN does not look like a bot token" in err
    assert "set DISCORD_TOKEN" not in err and "not-a-bot-token" not in err


def test_a_missing_token_says_it_is_not_set(capsys, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    code, _, err = run_cli(capsys, "invite")
    assert code == 2 and "DISCORD_TOKEN is not set" in err and "--application-id" in err


def test_the_id_is_read_from_a_bot_token(capsys, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "MTIzNDU2Nzg5.x.y")  # base64 of 123456789
    code, out, _ = run_cli(capsys, "invite")
    assert code == 0 and "client_id=123456789&" in out

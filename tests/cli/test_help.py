"""Issue 17 §3: `python -m bot --help` is written for the people who run it, every command
and option says what it is for, and `games` reads like a game box."""

from __future__ import annotations

import argparse

import pytest

from bot.cli.main import build_parser
from tests.cli.running import run_cli, subcommands


def test_help_describes_the_program_for_its_users(capsys):
    with pytest.raises(SystemExit) as exit_:
        run_cli(capsys, "--help")
    out = capsys.readouterr().out
    assert exit_.value.code == 0
    assert "Discord bot" in out and "offline demo" in out and "DISCORD_TOKEN" in out
    assert "Argument parsing" not in out  # the module's docstring, written for developers


def test_every_subcommand_and_option_has_help():
    parser = build_parser()
    found = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = [f"command {c.dest}" for c in found._choices_actions if not c.help]
    for name, command in subcommands(parser).items():
        missing += [f"{name} {a.option_strings or a.dest}" for a in command._actions if not a.help]
    assert missing == []


def test_games_prints_a_fixed_player_count_as_one_number(capsys):
    code, out, _ = run_cli(capsys, "games")
    assert code == 0
    lines = {line.split(":")[0]: line for line in out.splitlines()}
    assert ", 2 players, " in lines["city-of-light"] and "2–2" not in out
    assert ", 2–4 players, " in lines["paris-paris"]

"""Issue 17 §3: every number on the command line is checked while it is parsed — one
sentence and exit 2 at once, never a traceback after minutes of work or a nonsense report."""

from __future__ import annotations

import pytest

from bot.cli.main import build_parser
from tests.cli.running import run_cli, subcommands

GAME = ("--game", "paris-paris")


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("arena", *GAME, "--matches", "0"), "--matches"),  # was a ZeroDivisionError
        (("arena", *GAME, "--matches", "-1"), "--matches"),  # was exit 0, "CI 135.2%–0.0%"
        (("arena", *GAME, "--iterations", "0"), "--iterations"),
        (("arena", *GAME, "--budget", "-1"), "--budget"),
        (("arena", *GAME, "--budget", "nan"), "--budget"),
        (("arena", *GAME, "--jobs", "0"), "--jobs"),
        (("arena", *GAME, "--players", "-2"), "--players"),
        (("bench", "--actions", "0"), "--actions"),
        (("bench", "--matches", "0"), "--matches"),
        (("bench", "--seconds", "0"), "--seconds"),  # was a traceback after 4.5 minutes
        (("bench", "--seconds", "inf"), "--seconds"),
        (("simulate", *GAME, "--matches", "0"), "--matches"),
        (("simulate", *GAME, "--players", "zero"), "--players"),
        (("invite", "--application-id", "-5"), "--application-id"),  # was a link with id -5
    ],
)
def test_a_bad_number_is_one_sentence_and_exit_2_before_any_work(capsys, args, option):
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and out == ""
    value = args[-1]
    assert err.startswith(f"error: argument {option}: must be ")
    assert f"not {value!r}" in err and err.count("\n") == 1


def test_every_numeric_option_is_checked_by_the_shared_types():
    """No subcommand reads a count or a duration as a bare int or float: those accept 0
    and negative numbers."""
    bare = []
    for name, command in subcommands(build_parser()).items():
        for action in command._actions:
            if action.type in (int, float) and action.dest != "seed":
                bare.append(f"{name} {action.option_strings}")
    assert bare == []

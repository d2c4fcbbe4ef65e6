"""Running the command line in-process, as `python -m bot` does, for the CLI tests."""

from __future__ import annotations

import argparse

import pytest

from bot.cli.main import main


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`python -m bot ARGS…`: the exit status, stdout and stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each subcommand's own parser, by name."""
    found = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(found.choices)

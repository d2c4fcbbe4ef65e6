"""`python -m bot arena`: which of its three modes the arguments ask for (one line, the
table, the calibration) and their defaults, kept out of the parser."""

from __future__ import annotations

import argparse

from bot.cli.arena import arena
from bot.cli.arena_budget import calibrate
from bot.cli.arena_lines import table_lines
from bot.cli.arena_table import table
from bot.cli.errors import EXIT_USAGE, CliError


def run_arena(args: argparse.Namespace) -> int:
    bot = args.budget == "bot"
    seconds = None if bot else args.budget
    if args.calibrate:
        lines = table_lines(args.game, args.players)
        return calibrate([(ln.key, ln.players, ln.edition) for ln in lines], args.write, args.json)
    if args.table:
        # The table is measured at the bot's budget unless a budget is given.
        iterations = args.iterations if args.iterations or seconds else 0
        return table(
            args.matches or 30,
            args.a,
            args.b,
            seconds,
            iterations,
            args.seed,
            args.jobs,
            args.game,
            args.players,
            args.json,
        )
    if args.game is None:
        raise CliError("arena needs --game (or --table, or --calibrate)", EXIT_USAGE)
    return arena(
        args.game,
        args.players or 2,
        args.matches or 200,
        args.a,
        args.b,
        seconds,
        0 if bot else args.iterations,
        args.seed,
        args.jobs,
        args.edition,
        args.json,
    )

"""Argument parsing and the one place that turns failures into a sentence and an exit code."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from bot.cli.arguments import positive_float, positive_int, seconds_or_bot
from bot.cli.bench_progress import PARTS as BENCH_PARTS
from bot.cli.errors import EXIT_USAGE, CliError
from bot.config import ConfigError
from bot.games import PresentationError
from games.core.errors import IllegalAction, ReplayError
from storage import StorageError

DESCRIPTION = """Lutèce: a Discord bot that hosts board games, and its tools.
With no command, run the bot when DISCORD_TOKEN is set (in the environment or .env),
else play the offline demo on a local fake Discord."""
SETTINGS = """settings (environment or .env, see .env.example): DISCORD_TOKEN the bot's token;
LUTECE_DB the database (a SQLite file, default data/lutece.db, or a postgresql:// URL).
`python -m bot COMMAND --help` describes a command."""
DB_HELP = "database file or postgresql:// URL"
SEED_HELP = "the first match's seed; match k uses seed + k (default 1)"


class _Parser(argparse.ArgumentParser):
    """Bad arguments are a CliError like any other failure: one sentence and exit 2 (not a
    usage dump), returned by `main` rather than exiting, so tests call it in-process."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see {self.prog} --help)", EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m bot",
        description=DESCRIPTION,
        epilog=SETTINGS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    invite = sub.add_parser("invite", help="print the link that adds the bot to a server")
    invite.add_argument(
        "--application-id",
        type=positive_int,
        metavar="ID",
        help="the application id (default: read from DISCORD_TOKEN)",
    )
    demo = sub.add_parser("demo", help="play a scripted match on a local fake Discord")
    demo.add_argument("script", nargs="?", help="a script file (default: the built-in one)")
    demo.add_argument("--game", help="play this game's built-in demo (a game key)")
    demo.add_argument(
        "--seed",
        type=int,
        default=7,
        help="the match's deal and the play-outs (default 7): one seed, one transcript",
    )

    sim = sub.add_parser("simulate", help="play whole matches with AI seats through the store")
    sim.add_argument("--game", required=True, help="a game key (python -m bot games lists them)")
    sim.add_argument("--edition", help="a named edition of the game (default: its first)")
    sim.add_argument("--players", type=positive_int, default=2, help="seats (default 2)")
    sim.add_argument("--seed", type=int, default=1, help=SEED_HELP)
    sim.add_argument("--matches", type=positive_int, default=1, help="matches (default 1)")
    sim.add_argument(
        "--ai",
        default="greedy",
        choices=["greedy", "strong", "random"],
        help="the AI in every seat (default greedy)",
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=JSON",
        help="a match option, e.g. --option hand_size=2",
    )
    sim.add_argument("--db", help=f"{DB_HELP} (default: a temporary SQLite file)")
    sim.add_argument("--json", action="store_true", help="one JSON object per match")

    sub.add_parser("games", help="list the installed games, their seats and editions")

    rep = sub.add_parser("replay", help="replay a match record and print its result")
    rep.add_argument("record", help="a match record file (JSON, as export prints)")
    rep.add_argument("--json", action="store_true", help="the result as one JSON object")

    pics = sub.add_parser("pictures", help="every game's table at start, middle and end")
    pics.add_argument("--out", default="docs/pictures", help="folder (default: docs/pictures)")
    pics.add_argument("--seed", type=int, default=3, help="the matches' seed (default 3)")
    pics.add_argument(
        "--check",
        action="store_true",
        help="write nothing: measure every text and icon as Discord shows the pictures, "
        "and exit 1 naming those too small to read",
    )

    back = sub.add_parser("backup", help="copy the match database safely, even while running")
    back.add_argument("destination", help="the copy's file name (must not exist yet)")
    back.add_argument("--db", help="the SQLite database file (default: LUTECE_DB)")

    exp = sub.add_parser("export", help="print the match record of a stored match")
    exp.add_argument("match_id", help="the match's id (as /lutece matches shows it)")
    exp.add_argument("--db", required=True, help=DB_HELP)

    mig = sub.add_parser(
        "migrate-db",
        help="copy every match and setting into another "
        "database (SQLite ⇄ PostgreSQL), then verify by replaying",
    )
    mig.add_argument("source", metavar="FROM", help=f"{DB_HELP} to copy")
    mig.add_argument("target", metavar="TO", help=f"{DB_HELP} to fill (empty)")
    mig.add_argument(
        "--force", action="store_true", help="empty TO first when it already holds data"
    )

    arena = sub.add_parser("arena", help="seeded matches between two AI kinds: win rates")
    arena.add_argument("--game", help="a game key (with --table: only its lines)")
    arena.add_argument(
        "--players", type=positive_int, help="seats (default 2; with --table: only those lines)"
    )
    arena.add_argument(
        "--matches",
        type=positive_int,
        help="matches to play (default 200; with --table, per line, default 30)",
    )
    arena.add_argument("--a", default="strong", help="the AI measured (one side per match)")
    arena.add_argument("--b", default="greedy", help="the AI in every other seat")
    arena.add_argument(
        "--budget",
        type=seconds_or_bot,
        default=None,
        metavar="SECONDS|bot",
        help="seconds per move (default 0.1 without --iterations), or `bot`: the iterations "
        "that equal the bot's second (each game's arena_budget.json, arena --calibrate)",
    )
    arena.add_argument(
        "--iterations",
        type=positive_int,
        default=None,
        help="search iterations per move (reproducible)",
    )
    arena.add_argument("--seed", type=int, default=1, help=SEED_HELP)
    arena.add_argument(
        "--jobs", type=positive_int, default=1, help="parallel processes (default 1)"
    )
    arena.add_argument("--edition", help="a named edition of the game (default: its first)")
    arena.add_argument(
        "--table",
        action="store_true",
        help="every game and seat count (teams too) at the bot's budget: the table of win "
        "rates, intervals and the bar each must clear",
    )
    arena.add_argument(
        "--calibrate",
        action="store_true",
        help="measure the iterations the bot's second buys on each table line (quiet machine)",
    )
    arena.add_argument(
        "--write", action="store_true", help="with --calibrate: store them as the bot budget"
    )
    arena.add_argument("--json", action="store_true", help="the report as one JSON object")

    bench = sub.add_parser("bench", help="engine playouts/s, host actions/s and latency")
    bench.add_argument("--json", action="store_true", help="the figures as one JSON object")
    bench.add_argument(
        "--only",
        choices=BENCH_PARTS,
        help="run one part: engines (random games/s), ai (search iterations/s), host "
        "(persisted moves one by one), concurrent (many matches at once), startup (many "
        "stored matches), records (leaderboard and history), discord (click to answer), web "
        "(the web board's updates to open pages), load (click to answer in every game while "
        "many tables move; not in a whole run)",
    )
    bench.add_argument("--ai", action="store_true", help="the same as --only ai")
    bench.add_argument("--ratings", action="store_true", help="the same as --only records")
    bench.add_argument(
        "--seconds", type=positive_float, default=3.0, help="time per engine figure (default 3)"
    )
    bench.add_argument(
        "--actions",
        type=positive_int,
        default=3000,
        help="persisted actions to time (default 3000)",
    )
    bench.add_argument(
        "--matches",
        type=positive_int,
        default=10_000,
        help="active matches stored for the start-up figure (default 10000)",
    )
    bench.add_argument(
        "--records",
        type=positive_int,
        default=100_000,
        help="finished matches stored for the leaderboard and history figures (default 100000)",
    )
    bench.add_argument(
        "--tables",
        type=positive_int,
        default=200,
        help="matches moving at once for the concurrent figure (default 200)",
    )
    bench.add_argument(
        "--pages",
        type=positive_int,
        default=100,
        help="web board pages open on the match for the web figure (default 100)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return asyncio.run(_dispatch(args)) or 0
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except ReplayError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (IllegalAction, StorageError, ConfigError, PresentationError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


async def _dispatch(args: argparse.Namespace) -> int | None:
    command = args.command or "run"
    if command == "simulate":
        from bot.cli.simulate import simulate

        options = _options(args.option)
        return await simulate(
            args.game,
            args.players,
            args.seed,
            args.matches,
            args.ai,
            args.edition,
            options,
            args.db,
            args.json,
        )
    if command == "games":
        from bot.cli.simulate import list_games

        return list_games()
    if command == "replay":
        from bot.cli.records import replay_file

        return replay_file(args.record, args.json)
    if command == "export":
        from bot.cli.records import export

        return await export(args.match_id, args.db)
    if command == "arena":
        from bot.cli.arena_command import run_arena

        return run_arena(args)
    if command == "bench":
        from bot.cli.bench import bench

        only = args.only or ("ai" if args.ai else "records" if args.ratings else None)
        return await bench(
            args.json,
            args.seconds,
            args.actions,
            args.matches,
            args.records,
            only,
            args.tables,
            args.pages,
        )
    if command == "pictures" and args.check:
        from bot.cli.pictures_check import check

        return check(args.seed)
    if command == "pictures":
        from bot.cli.pictures import pictures

        return pictures(args.out, args.seed)
    if command == "migrate-db":
        from bot.cli.migrate_db import migrate_db

        return await migrate_db(args.source, args.target, args.force)
    if command == "backup":
        from bot.cli.backup import backup

        return backup(args.destination, args.db)
    if command == "invite":
        from bot.cli.invite import invite

        return invite(args.application_id)
    from bot.cli.run import demo, run

    if command == "demo":
        return await demo(args.script, args.game, args.seed)
    return await run(demo_without_token=args.command is None)  # bare `python -m bot`


def _options(pairs: list[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise CliError(f"--option takes KEY=VALUE, not {pair!r}", EXIT_USAGE)
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options

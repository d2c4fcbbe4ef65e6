"""`migrate-db FROM TO`: copy a whole Lutèce database into another (SQLite ⇄ PostgreSQL, or
between two of one kind), then prove the copy by replaying every match.

Both databases are opened (and migrated) as the bot opens them; stop the bot first so FROM
does not move during the copy. TO must be empty unless `--force`, which empties it first.
Every match is copied verbatim (row, seats, seat history, the action log with its sequence
numbers, request ids and times, its lobby and invitations, its result once it ended, its
web links' generations) in one transaction per match, then the ratings, user prefs, guild
settings and the bot's facts. Each copied match is then read back from TO, compared with
FROM, and its log replayed through its game's engine to the stored snapshot. An interrupted
copy leaves TO partly filled: run it again with `--force`.
"""

from __future__ import annotations

from pathlib import Path

from bot.cli.databases import open_store
from bot.cli.errors import EXIT_USAGE, CliError
from games.core.errors import IllegalAction, ReplayError
from games.core.replay import replay
from games.host.errors import as_json
from games.host.records import record_of
from games.registry import get_game
from storage import Store
from storage.codec import parse_url
from storage.transfer import MatchDump


async def migrate_db(source: str, target: str, force: bool) -> int:
    kind, path = parse_url(source)
    if kind == "sqlite" and not Path(path).is_file():
        raise CliError(f"no database at {source}: FROM must be an existing database", EXIT_USAGE)
    if parse_url(source) == parse_url(target):
        raise CliError("FROM and TO are the same database", EXIT_USAGE)
    src = await open_store(source, "FROM")
    try:
        dst = await open_store(target, "TO")
        try:
            return await _copy(src, dst, force)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: Store, dst: Store, force: bool) -> int:
    held = {table: n for table, n in (await dst.row_counts()).items() if n}
    if held and not force:
        rows = ", ".join(f"{n} {table}" for table, n in held.items())
        raise CliError(
            f"{dst.url} is not empty ({rows}): copy into an empty database, or "
            "pass --force to empty it first",
            EXIT_USAGE,
        )
    if held:
        await dst.wipe()
    ids = await src.match_ids()
    actions = 0
    for match_id in ids:
        dump = await src.dump_match(match_id)
        assert dump is not None  # nothing else writes FROM during the copy
        await dst.load_match(dump)
        actions += len(dump.actions)
        problem = _replay_problem(await dst.dump_match(match_id), dump)
        if problem:
            raise CliError(f"match {match_id} copied to {dst.url} {problem}")
    ratings, prefs, guilds, facts = (
        await src.all_ratings(),
        await src.all_prefs(),
        await src.all_guild_settings(),
        await src.all_facts(),
    )
    await dst.load_ratings(ratings)
    for pref in prefs:
        await dst.set_prefs(pref)
    for guild in guilds:
        await dst.set_guild_settings(guild)
    for key, value in facts.items():
        await dst.set_fact(key, value)
    copied = (
        await dst.all_ratings(),
        await dst.all_prefs(),
        await dst.all_guild_settings(),
        await dst.all_facts(),
    )
    if copied != (ratings, prefs, guilds, facts):
        raise CliError(
            f"the ratings, user prefs, guild settings or facts read back from {dst.url} "
            "differ from the original"
        )
    print(
        f"copied {len(ids)} matches ({actions} actions), {len(ratings)} ratings, "
        f"{len(prefs)} user prefs, "
        f"{len(guilds)} guild settings and {len(facts)} facts from {src.url} to {dst.url}; "
        "every match read back identical and replayed to its stored snapshot"
    )
    return 0


def _replay_problem(copy: MatchDump | None, original: MatchDump) -> str | None:
    """Why the copy of a match is not right, in a few words; None when it is."""
    if copy != original:
        return "reads back differently from the original"
    row = copy.row
    if row.status == "lobby" or row.snapshot is None:
        return None  # never started: no log, no snapshot
    try:
        game = get_game(row.game)
        record = record_of(row, copy.actions)
        state = replay(game, record)
    except ReplayError as exc:
        return f"has a log that cannot be replayed ({exc})"
    except IllegalAction as exc:
        return f"cannot be checked ({exc})"
    if as_json(game.snapshot(state)) != row.snapshot:
        return "has a log that does not replay to its stored snapshot"
    return None

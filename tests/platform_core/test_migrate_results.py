"""`migrate-db` copies migration 007's tables: every match's result (rated, casual, ended by an
admin), the ratings and the server's `rate_ai_matches`, SQLite → PostgreSQL → SQLite, and
the copy goes on rating from where the original stood."""

from __future__ import annotations

from bot.cli.migrate_db import migrate_db
from games.host import MatchHost
from storage import SeatRow, Store

GUILD = 5


async def _race(host: MatchHost, winner: int, **kw) -> str:
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2**62)]
    match_id = (await host.create("race", seats, seed=1, guild_id=GUILD, **kw)).info.id
    while (live := await host._loaded(match_id)).row.status == "active":
        seat = min(live.to_act())
        step = {"type": "step", "by": 2 if seat == winner else 1}
        await host.act(match_id, live.row.seat_rows[seat].user_id, step, key=f"k{live.row.version}")
    return match_id


async def _fill(url: str) -> None:
    store = await Store.open(url)
    host = MatchHost(store)
    await _race(host, winner=0)
    await _race(host, winner=1)
    await _race(host, winner=1, settings={"rated": False})
    ended = (
        await host.create(
            "race", [SeatRow(0, "ann", user_id=1), SeatRow(0, "AI", ai="random")], guild_id=GUILD
        )
    ).info.id
    await host.end(ended, "abandoned")
    await host.guilds.set_rate_ai_matches(GUILD, True)
    await store.close()


async def _results(url: str) -> tuple:
    store = await Store.open(url)
    try:
        return (
            [await store.result_of(i) for i in await store.match_ids()],
            await store.all_ratings(),
            await store.all_guild_settings(),
        )
    finally:
        await store.close()


async def test_results_ratings_and_the_setting_survive_a_round_trip(tmp_path, pg_url, capsys):
    source, back = str(tmp_path / "source.db"), str(tmp_path / "back.db")
    await _fill(source)
    assert await migrate_db(source, pg_url, force=False) == 0
    said = capsys.readouterr().out
    assert said.startswith("copied 4 matches (") and ", 2 ratings, " in said
    assert await migrate_db(pg_url, back, force=False) == 0
    original = await _results(source)
    assert original == await _results(pg_url) == await _results(back)
    results, ratings, settings = original
    assert [(r.rated, r.ended) for r in results] == [
        (True, False),
        (True, False),
        (False, False),
        (False, True),
    ]
    assert [(r.user_id, r.played, r.won) for r in ratings] == [(1, 2, 1), (2**62, 2, 1)]
    assert settings[0].rate_ai_matches
    # The copy rates on from where the original stood.
    store = await Store.open(pg_url)
    try:
        await _race(MatchHost(store), winner=0)
        assert (await store.rating(GUILD, "race", 1)).played == 3
    finally:
        await store.close()

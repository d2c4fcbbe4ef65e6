"""Migration 007: finished matches' results and ratings, on both backends (every test taking
`store` or `db_url` runs on SQLite and on PostgreSQL)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest

from games.host import MatchHost
from storage import GuildSettings, MatchRow, SeatRow, StaleVersion, Store
from storage.codec import MATCH_COLUMNS, match_values, write_seats
from storage.rows import MatchResult, Rating, ResultSeat
from storage.schema import latest

BIG = 2**63 - 1  # the largest snowflake: ids are BIGINT on PostgreSQL


def _match(match_id: str, guild_id: int | None = 5, users: tuple[int, ...] = (1, 2)) -> MatchRow:
    return MatchRow(
        id=match_id,
        game="race",
        status="active",
        seats=len(users),
        seed=7,
        created_at=1.0,
        updated_at=1.0,
        guild_id=guild_id,
        seat_rows=[SeatRow(n, f"p{u}", user_id=u) for n, u in enumerate(users)],
    )


def _result(
    match_id: str,
    at: float,
    *,
    guild_id: int | None = 5,
    game: str = "race",
    users: tuple[int, ...] = (1, 2),
    rated: bool = True,
) -> MatchResult:
    seats = tuple(
        ResultSeat(n, f"p{u}", u, None, score=10 - n, place=n + 1) for n, u in enumerate(users)
    )
    return MatchResult(match_id, game, guild_id, at, rated, False, seats)


def _count_rater(
    result: MatchResult, current: Mapping[int, Rating]
) -> tuple[MatchResult, list[Rating]]:
    """A stand-in rater: each person's `played` goes up by one, and the seats note it."""
    ratings, seats = [], []
    for s in result.seats:
        kept = current.get(s.user_id)
        played = (kept.played if kept else 0) + 1
        ratings.append(
            Rating(5, result.game, s.user_id, s.name, 25.0, 8.0, -played, played, 0, 1.0)
        )
        seats.append(dataclasses.replace(s, rating_before=0.0, rating_after=float(played)))
    return dataclasses.replace(result, seats=tuple(seats)), ratings


async def _finish(store: Store, match_id: str, at: float, **kw) -> MatchResult:
    """Create a match and store its one and last action with its result."""
    await store.create_match(_match(match_id, kw.get("guild_id", 5), kw.get("users", (1, 2))))
    result = _result(match_id, at, **kw)
    await store.append_action(
        match_id,
        expected_version=0,
        seat=0,
        action={"type": "step", "by": 2},
        request_id=f"k-{match_id}",
        user_id=1,
        snapshot={"v": 1},
        status="finished",
        result={"winners": [0]},
        finished=result,
        rater=_count_rater,
    )
    return result


async def test_the_last_action_stores_the_result_and_the_ratings_it_moves(store: Store):
    await _finish(store, "m1", 100.0, users=(1, BIG))
    stored = await store.result_of("m1")
    assert stored is not None and stored.rated and not stored.ended
    assert [(s.user_id, s.place, s.score, s.rating_after) for s in stored.seats] == [
        (1, 1, 10, 1.0),
        (BIG, 2, 9, 1.0),
    ]
    assert (await store.rating(5, "race", BIG)).played == 1
    assert (await store.get_match("m1")).status == "finished"


async def test_a_stale_last_action_stores_no_result(store: Store):
    """The result shares the action's transaction: a refused action leaves none behind."""
    await _finish(store, "m1", 100.0)
    with pytest.raises(StaleVersion):
        await store.append_action(
            "m1",
            expected_version=0,
            seat=0,
            action={"by": 1},
            request_id="other",
            user_id=1,
            snapshot={},
            status="finished",
            finished=_result("m1", 200.0, users=(1, 2)),
            rater=_count_rater,
        )
    assert (await store.result_of("m1")).finished_at == 100.0
    assert (await store.rating(5, "race", 1)).played == 1


async def test_recording_a_result_twice_changes_nothing(store: Store):
    await store.create_match(_match("m1"))
    assert await store.record_result(_result("m1", 5.0), _count_rater)
    assert not await store.record_result(_result("m1", 6.0), _count_rater)
    assert (await store.result_of("m1")).finished_at == 5.0
    assert (await store.rating(5, "race", 1)).played == 1


async def test_an_unrated_result_moves_no_rating(store: Store):
    await store.create_match(_match("m1"))
    await store.record_result(_result("m1", 5.0, rated=False), _count_rater)
    assert await store.rating(5, "race", 1) is None
    assert [s.rating_after for s in (await store.result_of("m1")).seats] == [None, None]


async def test_history_is_newest_first_paged_and_filtered(store: Store):
    for n in range(7):
        users = (1, 2) if n % 2 else (1, 3)
        await store.create_match(_match(f"m{n}", users=users))
        game = "race" if n < 5 else "other"
        await store.record_result(_result(f"m{n}", float(n), users=users, game=game))
    await store.create_match(_match("elsewhere", guild_id=6))
    await store.record_result(_result("elsewhere", 99.0, guild_id=6))

    async def ids(**kw) -> list[str]:
        return [r.match_id for r in await store.history(5, **kw)]

    assert await ids() == ["m6", "m5", "m4", "m3", "m2", "m1", "m0"]
    assert await ids(limit=3, offset=3) == ["m3", "m2", "m1"]
    assert await ids(user_id=2) == ["m5", "m3", "m1"]
    assert await ids(user_id=3, game="race") == ["m4", "m2", "m0"]
    assert await ids(game="other") == ["m6", "m5"]
    assert await ids(offset=7) == []
    page = await store.history(5, user_id=2, limit=1)
    assert [s.name for s in page[0].seats] == ["p1", "p2"]  # every seat, not only the user's


async def test_player_totals_count_finished_matches_and_wins(store: Store):
    await store.create_match(_match("m1"))
    await store.record_result(_result("m1", 1.0, rated=False))
    await store.create_match(_match("m2", users=(2, 1)))
    await store.record_result(_result("m2", 2.0, users=(2, 1)))
    await store.create_match(_match("m3"))
    await store.end_match("m3", "admin", _ended("m3"))
    assert await store.player_totals(5, 1) == [("race", 2, 1)]
    assert await store.player_totals(6, 1) == []


def _ended(match_id: str) -> MatchResult:
    seats = (ResultSeat(0, "p1", 1, None, None, None), ResultSeat(1, "p2", 2, None, None, None))
    return MatchResult(match_id, "race", 5, 3.0, False, True, seats)


async def test_an_admins_end_stores_the_status_and_the_result_together(store: Store):
    await store.create_match(_match("m1"))
    await store.update_match("m1", deadline_at=50.0)
    await store.end_match("m1", "abandoned", _ended("m1"))
    row = await store.get_match("m1")
    assert (row.status, row.end_reason, row.deadline_at) == ("ended", "abandoned", None)
    stored = await store.result_of("m1")
    assert stored.ended and not stored.rated and stored.seats[0].place is None


async def test_leaderboard_reads_best_first_and_ranks_a_rating(store: Store):
    ratings = [
        Rating(5, "race", user, f"p{user}", 25.0, 8.0, ordinal, 3, 1, 1.0)
        for user, ordinal in ((1, 4.0), (2, 9.5), (3, 4.0), (4, -2.0))
    ]
    await store.load_ratings([*ratings, dataclasses.replace(ratings[0], guild_id=6)])
    top = await store.top_ratings(5, "race", 3)
    assert [r.user_id for r in top] == [2, 1, 3]
    assert await store.rating_rank(5, "race", 4.0) == (2, 4)  # a tie shares the place
    assert await store.rating_rank(5, "race", -2.0) == (4, 4)
    assert await store.rating_rank(5, "nothing", 0.0) == (1, 0)
    assert await store.ratings_of(5, 1) == [ratings[0]]


async def test_rating_ai_matches_is_a_guild_setting_off_by_default(store: Store):
    assert not (await store.get_guild_settings(5)).rate_ai_matches
    await store.set_guild_settings(GuildSettings(5, rate_ai_matches=True))
    assert await store.get_guild_settings(5) == GuildSettings(5, rate_ai_matches=True)
    assert (await store.all_guild_settings())[0].rate_ai_matches


async def test_matches_that_ended_before_migration_7_get_their_results_once(db_url, store_at):
    """A database from before results were kept: its finished match (all people, in a
    server) is recorded and rated on the first read, its admin-ended one recorded unrated,
    its cancelled lobby not at all."""
    store = await store_at(6)
    finished = await _old_match(store, "finished")
    ended = await _old_match(store, "ended")
    await _create_old(store, dataclasses.replace(_match("lobby"), status="ended"))
    await store.close()
    store = await Store.open(db_url)
    try:
        assert store.schema_version == latest(store.backend)  # 7 and every later one
        assert await store.unrecorded_matches() == [finished, ended]
        host = MatchHost(store)
        page = await host.results.history(5)
        assert [(e.match_id, e.rated, e.ended) for e in page.entries] == [
            (ended, False, True),
            (finished, True, False),
        ]
        assert await store.unrecorded_matches() == []
        board = await host.ratings.leaderboard(5, "race", 2)
        assert [s.user_id for s in board.top] == [2, 1]  # bob won the old match
        assert board.reader is not None and board.reader.rank == 1
    finally:
        await store.close()


async def _create_old(store: Store, row: MatchRow) -> None:
    """`create_match` on a database at schema 6, whose turn reminder was one flag
    (`reminded`; migration 009 counts them in `reminders`)."""
    columns = MATCH_COLUMNS.split(", ")
    values = list(match_values(row))
    values[columns.index("reminders")] = bool(row.reminders)
    old = ", ".join("reminded" if c == "reminders" else c for c in columns)
    async with store._transaction() as conn:
        await conn.execute(
            f"INSERT INTO matches ({old}) VALUES ({','.join('?' * len(values))})", *values
        )
        await write_seats(conn, row.id, row.seat_rows)


async def _old_match(store: Store, status: str) -> str:
    """A Race match stored as Lutèce stored it before migration 7: bob (seat 1) won."""
    match_id = f"old-{status}"
    row = _match(match_id)
    row.snapshot = {"v": 1}
    await _create_old(store, row)
    won = {"scores": [9, 10], "ranking": [[1], [0]], "winners": [1]}
    await store.update_match(match_id, status=status, result=won if status == "finished" else None)
    return match_id

"""Finished matches' results and the players' ratings: written with the match's last action
(`write_result`, inside that action's transaction), read for `/lutece history`, `stats` and
`leaderboard`.

Part of `Store` (a mixin only to keep the store's file small), written against the same
`Conn` protocol as the rest. Every read is one indexed range (see migration 007): a page of
history is the newest rows of one index, then one query for their seats; a leaderboard is the
top of one index, and a player's rank one count over it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from storage.base import StoreBase
from storage.codec import lock_key
from storage.rows import MatchResult, Rater, Rating, ResultSeat

if TYPE_CHECKING:
    from storage.codec import Conn

RESULT_COLUMNS = "match_id, guild_id, game, finished_at, rated, ended"
SEAT_COLUMNS = "seat, name, user_id, ai, score, place, team, rating_before, rating_after, match_id"
RATING_COLUMNS = "guild_id, game, user_id, name, mu, sigma, ordinal, played, won, updated_at"
UPSERT_RATING = (
    f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?) "
    "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name, "
    "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
    "played = excluded.played, won = excluded.won, updated_at = excluded.updated_at"
)


async def write_result(
    conn: Conn, result: MatchResult, rater: Rater | None = None, key_lock: str = ""
) -> bool:
    """Store a match's result once (a second call for the match changes nothing and returns
    False); a rated one with a `rater` also moves its people's ratings, behind the backend's
    `key_lock` for that server and game (`StoreBase.key_lock`): two processes never rate from the
    same start."""
    inserted = await conn.execute(
        f"INSERT INTO match_results ({RESULT_COLUMNS}) VALUES (?,?,?,?,?,?) "
        "ON CONFLICT (match_id) DO NOTHING",
        result.match_id,
        result.guild_id,
        result.game,
        result.finished_at,
        result.rated,
        result.ended,
    )
    if inserted != 1:
        return False
    if result.rated and rater is not None and result.guild_id is not None:
        await lock_key(conn, key_lock, f"ratings:{result.guild_id}:{result.game}")
        people = sorted(s.user_id for s in result.seats if s.user_id is not None)
        current = await _ratings(conn, result.guild_id, result.game, people)
        result, ratings = rater(result, current)
        await conn.executemany(UPSERT_RATING, [_rating_values(r) for r in ratings])
    await conn.executemany(
        "INSERT INTO result_seats (match_id, seat, guild_id, game, finished_at, user_id, ai, "
        "name, score, place, team, rating_before, rating_after) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
        [
            (
                result.match_id,
                s.seat,
                result.guild_id,
                result.game,
                result.finished_at,
                s.user_id,
                s.ai,
                s.name,
                s.score,
                s.place,
                s.team,
                s.rating_before,
                s.rating_after,
            )
            for s in result.seats
        ],
    )
    return True


async def _ratings(conn: Conn, guild_id: int, game: str, users: Sequence[int]) -> dict[int, Rating]:
    if not users:
        return {}
    rows = await conn.fetch(
        f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? "
        f"AND user_id IN ({','.join('?' * len(users))})",
        guild_id,
        game,
        *users,
    )
    return {r[2]: _rating(r) for r in rows}


def _rating(r: Sequence[Any]) -> Rating:
    return Rating(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9])


def _rating_values(r: Rating) -> tuple[Any, ...]:
    return (
        r.guild_id,
        r.game,
        r.user_id,
        r.name,
        r.mu,
        r.sigma,
        r.ordinal,
        r.played,
        r.won,
        r.updated_at,
    )


def _seat(r: Sequence[Any]) -> ResultSeat:
    return ResultSeat(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8])


class ResultsMixin(StoreBase):
    """The results half of `Store`."""

    async def record_result(self, result: MatchResult, rater: Rater | None = None) -> bool:
        """`write_result` in a transaction of its own: a match that ended before results
        were kept (or an admin's end, see `Store.end_match`). False if it had one already."""
        async with self._transaction() as conn:
            return await write_result(conn, result, rater, self.key_lock)

    async def result_of(self, match_id: str) -> MatchResult | None:
        found = await self._results("WHERE match_id = ?", [match_id])
        return found[0] if found else None

    async def history(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        game: str | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> list[MatchResult]:
        """A server's finished matches (those `user_id` sat in, of `game`), newest first."""
        params: list[Any] = [guild_id]
        if user_id is None:
            source, where = "match_results", "guild_id = ?"
        else:
            source, where = "result_seats", "guild_id = ? AND user_id = ?"
            params.append(user_id)
        if game is not None:
            where += " AND game = ?"
            params.append(game)
        async with self._session() as conn:
            ids = [
                r[0]
                for r in await conn.fetch(
                    f"SELECT match_id FROM {source} WHERE {where} "
                    "ORDER BY finished_at DESC, match_id DESC LIMIT ? OFFSET ?",
                    *params,
                    limit,
                    offset,
                )
            ]
        if not ids:
            return []
        found = {
            r.match_id: r
            for r in await self._results(f"WHERE match_id IN ({','.join('?' * len(ids))})", ids)
        }
        return [found[i] for i in ids]

    async def _results(self, where: str, params: Sequence[Any]) -> list[MatchResult]:
        """The results `where` selects, each with its seats (one query for all seats)."""
        async with self._session() as conn:
            rows = await conn.fetch(f"SELECT {RESULT_COLUMNS} FROM match_results {where}", *params)
            if not rows:
                return []
            seats: dict[str, list[ResultSeat]] = {r[0]: [] for r in rows}
            for r in await conn.fetch(
                f"SELECT {SEAT_COLUMNS} FROM result_seats "
                f"WHERE match_id IN ({','.join('?' * len(seats))}) ORDER BY match_id, seat",
                *seats,
            ):
                seats[r[9]].append(_seat(r))
        return [
            MatchResult(r[0], r[2], r[1], r[3], bool(r[4]), bool(r[5]), tuple(seats[r[0]]))
            for r in rows
        ]

    async def player_totals(self, guild_id: int, user_id: int) -> list[tuple[str, int, int]]:
        """(game, matches finished, matches won) of a person on a server, rated or not; a
        match an admin ended is not counted (nobody finished it)."""
        rows = await self._all(
            "SELECT game, count(*), sum(CASE WHEN place = 1 THEN 1 ELSE 0 END) "
            "FROM result_seats WHERE guild_id = ? AND user_id = ? AND place IS NOT NULL "
            "GROUP BY game ORDER BY game",
            guild_id,
            user_id,
        )
        return [(r[0], int(r[1]), int(r[2])) for r in rows]

    async def ratings_of(self, guild_id: int, user_id: int) -> list[Rating]:
        """A person's ratings on a server, one per game they played rated."""
        return await self._select_ratings(
            "WHERE guild_id = ? AND user_id = ? ORDER BY game", guild_id, user_id
        )

    async def rating(self, guild_id: int, game: str, user_id: int) -> Rating | None:
        async with self._session() as conn:
            found = await _ratings(conn, guild_id, game, [user_id])
        return found.get(user_id)

    async def top_ratings(self, guild_id: int, game: str, limit: int) -> list[Rating]:
        """The best ratings of a game on a server, best first (equal ones by user id)."""
        return await self._select_ratings(
            "WHERE guild_id = ? AND game = ? ORDER BY ordinal DESC, user_id LIMIT ?",
            guild_id,
            game,
            limit,
        )

    async def rating_rank(self, guild_id: int, game: str, ordinal: float) -> tuple[int, int]:
        """(the rank of a rating of `ordinal`: 1 + how many are better, how many are rated)."""
        rows = await self._all(
            "SELECT sum(CASE WHEN ordinal > ? THEN 1 ELSE 0 END), count(*) FROM ratings "
            "WHERE guild_id = ? AND game = ?",
            ordinal,
            guild_id,
            game,
        )
        return 1 + int(rows[0][0] or 0), int(rows[0][1])

    async def unrecorded_matches(self, limit: int = 500) -> list[str]:
        """Matches that ended (by their rules, or by an admin after they started) and have
        no result yet: those that ended before results were kept. Oldest first."""
        rows = await self._all(
            "SELECT id FROM matches m WHERE (status = 'finished' OR (status = 'ended' "
            "AND snapshot IS NOT NULL)) AND NOT EXISTS "
            "(SELECT 1 FROM match_results r WHERE r.match_id = m.id) "
            "ORDER BY updated_at, id LIMIT ?",
            limit,
        )
        return [r[0] for r in rows]

    # --- migrate-db ---------------------------------------------------------------------

    async def all_ratings(self) -> list[Rating]:
        return await self._select_ratings("ORDER BY guild_id, game, user_id")

    async def _select_ratings(self, where: str, *args: Any) -> list[Rating]:
        """The ratings `where` selects (its WHERE, ORDER BY and LIMIT clauses)."""
        return [
            _rating(r)
            for r in await self._all(f"SELECT {RATING_COLUMNS} FROM ratings {where}", *args)
        ]

    async def load_ratings(self, ratings: Sequence[Rating]) -> None:
        """Write ratings verbatim (a copy of another database's), in one transaction."""
        async with self._transaction() as conn:
            await conn.executemany(UPSERT_RATING, [_rating_values(r) for r in ratings])

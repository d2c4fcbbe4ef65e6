"""Finished matches remembered: what a match's end stores (`finishing`, `ending`), and the
history and statistics the bot shows.

The result of a match that ends by its rules is stored in the transaction of its last
action (see `MatchHost._apply`), and that of a match an admin ends in the transaction that
ends it: nothing acknowledged is lost, and no crash leaves a finished match unrecorded or
unrated. Matches that ended before results were kept get theirs once, on this service's
first read (`_catch_up`), in the order they ended; recording is idempotent, so processes
sharing a database may do it at once.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

from games.core.contract import Result
from games.host.info import MatchSettings
from games.host.ratings import rate, shown
from games.host.settings import GuildSettingsService
from games.host.standings import GameStats, HistoryEntry, HistoryPage, Placed
from storage.rows import MatchResult, MatchRow, ResultSeat
from storage.store import Store

log = logging.getLogger(__name__)
PAGE = 5  # matches per page of history: five with four players each fit one message
CATCH_UP = 500  # unrecorded matches recorded per round


def places(ranking: Sequence[Sequence[int]]) -> dict[int, int]:
    """seat -> place, 1 the best; tied seats share a place and the next one skips
    (1, 1, 3): the usual way to count places."""
    found, ahead = {}, 0
    for group in ranking:
        for seat in group:
            found[seat] = ahead + 1
        ahead += len(group)
    return found


class Seated(Protocol):
    """A seat as any caller holds it (a stored row, or what the bot is shown of one)."""

    @property
    def user_id(self) -> int | None: ...


def rating_plan(settings: MatchSettings, seats: Sequence[Seated]) -> str:
    """What the table's end will do to ratings, as its seats stand: "rated", "casual", or
    "if_server_allows" (rated with AI seats, which only a server that rates them allows).
    Rated as chosen at `/new`, by default when every seat is a person."""
    people_only = all(s.user_id is not None for s in seats)
    wanted = people_only if settings.rated is None else settings.rated
    if not wanted:
        return "casual"
    return "rated" if people_only else "if_server_allows"


def is_rated(settings: MatchSettings, seats: Sequence[Seated], rate_ai_matches: bool) -> bool:
    """A seat played by an AI lets the match change nobody's rating unless the server allows
    it (see `rating_plan`)."""
    plan = rating_plan(settings, seats)
    return plan == "rated" or (plan == "if_server_allows" and rate_ai_matches)


class Results:
    """Record matches as they end; read a server's history and a player's statistics."""

    def __init__(self, store: Store, guilds: GuildSettingsService) -> None:
        self._store, self._guilds = store, guilds
        self._caught_up = False

    async def finishing(self, row: MatchRow, result: Result, at: float) -> MatchResult:
        """The result a match that ends by its rules stores with its last action."""
        rate_ai = (
            row.guild_id is not None and (await self._guilds.get(row.guild_id)).rate_ai_matches
        )
        rated = row.guild_id is not None and is_rated(
            MatchSettings.model_validate(row.settings), row.seat_rows, rate_ai
        )
        place = places(result.ranking)
        team = {seat: n for n, members in enumerate(result.teams) for seat in members}
        seats = tuple(
            ResultSeat(
                s.seat,
                s.name,
                s.user_id,
                s.ai,
                result.scores[s.seat],
                place[s.seat],
                team.get(s.seat),
            )
            for s in row.seat_rows
        )
        return MatchResult(row.id, row.game, row.guild_id, at, rated, False, seats)

    @staticmethod
    def ending(row: MatchRow, at: float) -> MatchResult:
        """The result of a started match an admin ends: who sat, no scores, not rated."""
        seats = tuple(
            ResultSeat(s.seat, s.name, s.user_id, s.ai, None, None) for s in row.seat_rows
        )
        return MatchResult(row.id, row.game, row.guild_id, at, False, True, seats)

    async def _catch_up(self) -> None:
        """Record every match that ended before results were kept (once per process). One
        whose stored result cannot be read is left out of the history, and said so."""
        if self._caught_up:
            return
        progress = True
        while progress:
            ids = await self._store.unrecorded_matches(CATCH_UP)
            progress = False
            for match_id in ids:
                row = await self._store.get_match(match_id)
                if row is None:
                    continue
                try:
                    if row.status == "finished" and row.result is not None:
                        result = Result.model_validate(row.result)
                        done = await self.finishing(row, result, row.updated_at)
                    else:
                        done = self.ending(row, row.updated_at)
                except (ValueError, IndexError, KeyError) as exc:
                    log.warning(
                        "match %s: its result cannot be read (%s); not in history", row.id, exc
                    )
                    continue
                await self._store.record_result(done, rate)
                progress = True
            progress = progress and len(ids) == CATCH_UP
        self._caught_up = True

    async def history(
        self, guild_id: int, user_id: int | None = None, game: str | None = None, page: int = 0
    ) -> HistoryPage:
        """A page of the server's finished matches, newest first: all of them, or those
        `user_id` played, of every game or of `game`. A page past the end is empty."""
        await self._catch_up()
        found = await self._store.history(
            guild_id, user_id=user_id, game=game, offset=page * PAGE, limit=PAGE + 1
        )
        entries = tuple(_entry(r) for r in found[:PAGE])
        return HistoryPage(entries=entries, page=page, more=len(found) > PAGE)

    async def stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        """Per game the person finished on the server: played, won, rating and rank."""
        await self._catch_up()
        ratings = {r.game: r for r in await self._store.ratings_of(guild_id, user_id)}
        out = []
        for game, played, won in await self._store.player_totals(guild_id, user_id):
            kept = ratings.get(game)
            rank, players = (None, 0)
            if kept is not None:
                rank, players = await self._store.rating_rank(guild_id, game, kept.ordinal)
            out.append(
                GameStats(
                    game=game,
                    played=played,
                    won=won,
                    rating=None if kept is None else shown(kept.ordinal),
                    rank=rank,
                    rated_players=players,
                )
            )
        return out

    async def ready(self) -> None:
        """Before a leaderboard is read: the matches that ended earlier are rated."""
        await self._catch_up()


def _entry(result: MatchResult) -> HistoryEntry:
    def change(seat: ResultSeat) -> int | None:
        if seat.rating_before is None or seat.rating_after is None:
            return None
        return shown(seat.rating_after) - shown(seat.rating_before)

    seats = sorted(result.seats, key=lambda s: (s.place is None, s.place or 0, s.seat))
    return HistoryEntry(
        match_id=result.match_id,
        game=result.game,
        finished_at=result.finished_at,
        rated=result.rated,
        ended=result.ended,
        seats=tuple(
            Placed(s.name, s.user_id, s.ai is not None, s.place, s.score, s.team, change(s))
            for s in seats
        ),
    )

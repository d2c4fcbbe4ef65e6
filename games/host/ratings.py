"""Ratings: the Weng-Lin Bayesian model of the kept library `openskill` (Plackett-Luce), which
rates 2 to 4 sides, ties (equal places) and teams; none of its mathematics is written here.

A person's rating is kept per server and game (`storage` table `ratings`). What players see
is the model's ordinal (mu − 3σ), rounded: it starts at 0 and grows as the model both thinks
better of a player and grows surer of it. `Ratings` answers the leaderboard; `rate` is the
`Rater` the store calls inside the transaction that stores a rated match's result.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Mapping

from openskill.models import PlackettLuce, PlackettLuceRating

from games.host.standings import Leaderboard, Standing
from storage.rows import MatchResult, Rating, ResultSeat
from storage.store import Store

MODEL = PlackettLuce()


def shown(ordinal: float) -> int:
    """The rating players see."""
    return round(ordinal)


def rate(result: MatchResult, current: Mapping[int, Rating]) -> tuple[MatchResult, list[Rating]]:
    """The new ratings of a rated match's people, and its seats with their shown rating
    before and after. Each side is a seat, or a team of partners who share its place; an AI
    seat (in a server that rates AI matches) plays with a new player's rating and keeps none."""
    sides: dict[int | None, list[ResultSeat]] = {}
    for n, seat in enumerate(result.seats):
        sides.setdefault(seat.team if seat.team is not None else -1 - n, []).append(seat)
    groups = list(sides.values())
    before = {
        s.seat: _model_rating(current.get(s.user_id)) if s.user_id is not None else MODEL.rating()
        for s in result.seats
    }
    ranks = [float(min(s.place or len(groups) for s in side)) for side in groups]
    after_sides = MODEL.rate([[before[s.seat] for s in side] for side in groups], ranks=ranks)
    after = {
        s.seat: new
        for side, news in zip(groups, after_sides, strict=True)
        for s, new in zip(side, news, strict=True)
    }
    seats, ratings = [], []
    for seat in result.seats:
        if seat.user_id is None:
            seats.append(seat)
            continue
        old, new = before[seat.seat], after[seat.seat]
        seats.append(
            dataclasses.replace(seat, rating_before=old.ordinal(), rating_after=new.ordinal())
        )
        kept = current.get(seat.user_id)
        ratings.append(
            Rating(
                guild_id=result.guild_id or 0,
                game=result.game,
                user_id=seat.user_id,
                name=seat.name,
                mu=new.mu,
                sigma=new.sigma,
                ordinal=new.ordinal(),
                played=(kept.played if kept else 0) + 1,
                won=(kept.won if kept else 0) + (seat.place == 1),
                updated_at=result.finished_at,
            )
        )
    return dataclasses.replace(result, seats=tuple(seats)), ratings


def _model_rating(kept: Rating | None) -> PlackettLuceRating:
    return MODEL.rating() if kept is None else MODEL.rating(mu=kept.mu, sigma=kept.sigma)


def standing(rank: int, rating: Rating) -> Standing:
    return Standing(
        rank=rank,
        user_id=rating.user_id,
        name=rating.name,
        rating=shown(rating.ordinal),
        played=rating.played,
        won=rating.won,
    )


class Ratings:
    """The leaderboards: read-only (ratings are written with the results that move them)."""

    def __init__(self, store: Store, ready: Callable[[], Awaitable[None]]) -> None:
        """`ready`: brings the ratings up to date first (`Results.ready`)."""
        self._store, self._ready = store, ready

    async def leaderboard(
        self, guild_id: int, game: str, reader_id: int, limit: int = 10
    ) -> Leaderboard:
        """The best `limit` players of `game` on the server, best first (equal ratings share
        a rank), and the reader's own standing (None: no rated match of that game yet)."""
        await self._ready()
        top = await self._store.top_ratings(guild_id, game, limit)
        if not top:
            return Leaderboard(game=game, top=(), reader=None, players=0)
        standings: list[Standing] = []
        for n, rating in enumerate(top):
            tied = n > 0 and rating.ordinal == top[n - 1].ordinal
            standings.append(standing(standings[-1].rank if tied else n + 1, rating))
        mine = next((s for s in standings if s.user_id == reader_id), None)
        kept = None if mine else await self._store.rating(guild_id, game, reader_id)
        rank, players = await self._store.rating_rank(guild_id, game, (kept or top[0]).ordinal)
        if kept is not None:
            mine = standing(rank, kept)
        return Leaderboard(game=game, top=tuple(standings), reader=mine, players=players)

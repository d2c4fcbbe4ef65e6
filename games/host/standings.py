"""What `/lutece history`, `stats` and `leaderboard` show, as the host hands it to the bot:
small frozen values holding exactly that (the bot reads no stored row). Ratings are the shown
ones (`games.host.ratings.shown`); every name is the player's, to be escaped where shown."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True, slots=True)
class Placed:
    """One seat of a finished match: how it ended. `place`/`score` are None when an admin
    ended the match; `change` is a person's shown rating change in a rated match."""

    name: str
    user_id: int | None
    ai: bool
    place: int | None
    score: int | None
    team: int | None
    change: int | None


@dataclasses.dataclass(frozen=True, slots=True)
class HistoryEntry:
    match_id: str
    game: str
    finished_at: float  # Unix time
    rated: bool
    ended: bool  # stopped by an admin before its end
    seats: tuple[Placed, ...]  # best place first


@dataclasses.dataclass(frozen=True, slots=True)
class HistoryPage:
    entries: tuple[HistoryEntry, ...]  # empty: no match (on this page)
    page: int  # from 0
    more: bool  # a next page exists


@dataclasses.dataclass(frozen=True, slots=True)
class GameStats:
    """A person's record in one game on one server; `rating`/`rank` None: never rated."""

    game: str
    played: int
    won: int
    rating: int | None
    rank: int | None
    rated_players: int


@dataclasses.dataclass(frozen=True, slots=True)
class Standing:
    rank: int  # 1 is the best; equal ratings share a rank
    user_id: int
    name: str
    rating: int
    played: int  # rated matches
    won: int


@dataclasses.dataclass(frozen=True, slots=True)
class Leaderboard:
    game: str
    top: tuple[Standing, ...]  # empty: no rated match of the game on the server
    reader: Standing | None  # the asker's own, if rated
    players: int  # rated players in all

"""Which arena lines the table plays, and the win rate each must clear.

A line is a game at a seat count: every game at each of its seat counts in its default
edition, and each edition played in teams at the seat counts it accepts (found through
`Game.teams`, so no game is named here).

The bar: with two sides the measured AI must win 80% of matches; with three or more, twice its
fair share (3 sides 2/3, 4 sides 1/2). A team game of two teams is a two-sided contest like a
2-player match, so the 80% line applies: twice a fair share of 1/2 would be 100%, which no
finite run can show above its interval, while 80% is the same demand as two players face.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from games.core.contract import Game
from games.core.errors import IllegalAction
from games.registry import game_keys, get_game


@dataclasses.dataclass(frozen=True, slots=True)
class Line:
    """One row of the table: a game, its seats, an edition (None: the default), and how
    many teams that edition plays in (0: every seat alone)."""

    key: str
    players: int
    edition: str | None = None
    teams: int = 0

    @property
    def sides(self) -> int:
        """Seats or teams: the sides that compete, each with an equal fair share."""
        return self.teams or self.players

    @property
    def bar(self) -> float:
        """The win rate the line's 95% interval must lie above."""
        return bar(self.sides)


def bar(sides: int) -> float:
    """80% with two sides; twice the fair share with more."""
    return 0.8 if sides == 2 else 2 / sides


def sides_of(game: Game[Any, Any], state: Any) -> list[list[int]]:
    """The match's sides: its teams, or each seat alone."""
    return game.teams(state) or [[seat] for seat in range(len(game.scores(state)))]


def table_lines(key: str | None = None, players: int | None = None) -> list[Line]:
    """Every line (or those of one game, one seat count), two sides first: the cheapest
    demanding lines finish early."""
    found = []
    for game_key in [key] if key else game_keys():
        game = get_game(game_key)
        default = next(iter(game.editions))
        for seats in range(game.min_seats, game.max_seats + 1):
            if players is not None and seats != players:
                continue
            found.append(Line(game_key, seats))
            for edition in game.editions:
                teams = _teams(game, seats, edition) if edition != default else 0
                if teams:
                    found.append(Line(game_key, seats, edition, teams))
    return sorted(found, key=lambda line: line.sides)


def _teams(game: Game[Any, Any], seats: int, edition: str) -> int:
    """How many teams `edition` plays in at `seats` (0: none, or not at that seat count)."""
    try:
        state = game.setup(seats, game.parse_options(game.edition_options(edition)), 0)
    except IllegalAction:  # an edition for other seat counts
        return 0
    return len(game.teams(state))

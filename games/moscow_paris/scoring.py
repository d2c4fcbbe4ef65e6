"""Scores, the end of the game, the tie-breaks and the result.

«каждый игрок суммирует очки с полученных им карт городов, затем откладывает в сторону по
карте города каждой страны и прибавляет к получившейся сумме очков количество оставшихся перед
ним карт городов» — so a pile scores its VP plus (cards − distinct countries). In team play
the partners' piles are pooled before scoring, and both partners carry the team's score.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.contract import Result, rank_by
from games.moscow_paris.data import (
    CITY_CAPITAL,
    CITY_COUNTRY,
    CITY_IDS,
    CITY_VP,
    END_CITIES,
    HOME_CODE,
)
from games.moscow_paris.layout import layout
from games.moscow_paris.state import NO_CITY, Config, State


def game_over(board: State) -> bool:
    """«Партия заканчивается, когда колода городов исчерпалась и на столе осталось 3 или
    меньше карт городов.»"""
    if board.city_deck:
        return False
    return len(board.cities) - board.cities.count(NO_CITY) <= END_CITIES


def country(cfg: Config, city: int) -> str:
    """The flag of a city card (the Home City's is chosen in the options)."""
    if city == HOME_CODE:
        return cfg.home_country or ""
    return CITY_COUNTRY[city]


def sides(cfg: Config) -> list[tuple[int, ...]]:
    """The scoring sides: each seat alone, or the two teams (seats 0+2 and 1+3)."""
    if cfg.teams:
        return [(0, 2), (1, 3)]
    return [(seat,) for seat in range(cfg.players)]


def pile_score(cfg: Config, pile: tuple[int, ...]) -> dict[str, Any]:
    """The breakdown of one pile of city cards."""
    flags = Counter(country(cfg, c) for c in pile)
    vp = sum(CITY_VP[c] for c in pile)
    repeated = len(pile) - len(flags)
    return {
        "cities": [CITY_IDS[c] for c in pile],
        "vp": vp,
        "flags": dict(sorted(flags.items())),
        "repeated_flags": repeated,
        "score": vp + repeated,
        "capitals": sum(CITY_CAPITAL[c] for c in pile),
        "city_cards": len(pile),
    }


def _piles(board: State) -> list[tuple[int, ...]]:
    return [sum((board.won[s] for s in side), ()) for side in sides(board.cfg)]


# The last scores worked out, with what they read: the claimed piles (by identity: a move
# that claims nothing keeps that very tuple) and the two options that count. The AI's search
# asks for the scores of the same piles over and over.
_last_scores: tuple[object, bool, str | None, tuple[int, ...]] = (None, False, None, ())


def scores(board: State) -> list[int]:
    """Running scores per seat (in team play, each partner shows the team's score)."""
    global _last_scores
    won, cfg = board.won, board.cfg
    last = _last_scores
    if last[0] is won and last[1] is cfg.teams and last[2] == cfg.home_country:
        return list(last[3])
    out = [0] * cfg.players
    for side, pile in zip(sides(cfg), _piles(board), strict=True):
        vp = sum(CITY_VP[c] for c in pile)
        total = vp + len(pile) - len({country(cfg, c) for c in pile})
        for seat in side:
            out[seat] = total
    _last_scores = (won, cfg.teams, cfg.home_country, tuple(out))
    return out


def final_result(board: State) -> Result:
    """Places by score, then more capitals, then more city cards; a remaining tie shares the
    place («претенденты делят победу»). `tiebreak` names the last rule that changed places."""
    cfg = board.cfg
    n = cfg.players
    breakdowns = [pile_score(cfg, pile) for pile in _piles(board)]
    keys: list[tuple[int, int, int]] = [(0, 0, 0)] * n
    for side, b in zip(sides(cfg), breakdowns, strict=True):
        for seat in side:
            keys[seat] = (b["score"], b["capitals"], b["city_cards"])
    by_score = rank_by([k[:1] for k in keys])
    by_capitals = rank_by([k[:2] for k in keys])
    places = rank_by(keys)
    tiebreak = (
        "cities" if places != by_capitals else "capitals" if by_capitals != by_score else None
    )
    seats = [{"seat": seat, **pile_score(cfg, board.won[seat])} for seat in range(n)]
    details: dict[str, Any] = {"seats": seats, "removed": [CITY_IDS[c] for c in board.removed]}
    if cfg.teams:
        details["teams"] = [
            {"team": t, "seats": list(side), **b}
            for t, (side, b) in enumerate(zip(sides(cfg), breakdowns, strict=True))
        ]
        details["winning_teams"] = sorted({seat % 2 for seat in places[0]})
    return Result(
        scores=[k[0] for k in keys],
        ranking=places,
        winners=list(places[0]),
        tiebreak=tiebreak,
        teams=[list(side) for side in sides(cfg)] if cfg.teams else [],
        details=details,
    )


def claimable_value(board: State, rows: tuple[int, ...]) -> int:
    """VP of the cities in `rows` (for the greedy evaluation)."""
    return sum(CITY_VP[board.cities[r]] for r in rows if board.cities[r] != NO_CITY)


# The last position valued, and its values (`side_values`): the search values one position
# for every seat in turn.
_last_values: tuple[object, tuple[tuple[tuple[int, ...], float], ...]] = (None, ())


def side_values(board: State) -> tuple[tuple[tuple[int, ...], float], ...]:
    """(side, value) of each scoring side for the greedy evaluation: its score plus half the
    VP of the cities its seats could claim now (their tableaux match the lines)."""
    global _last_values
    last = _last_values
    if last[0] is board:
        return last[1]
    points = scores(board)
    lines = layout(board)
    tableaux = board.tableaux
    out = []
    for side in sides(board.cfg):
        value = float(points[side[0]])
        for s in side:
            value += 0.5 * claimable_value(board, lines.claimable(tableaux[s]))
        out.append((side, value))
    values = tuple(out)
    _last_values = (board, values)
    return values

"""A Paris Paris picture in a few sentences, for its alt text: the round, the shops each
seat has along each line (what visits and excursions score), the tokens waiting on the P
spaces. Only what the public board shows."""

from __future__ import annotations

from bot.games.paris_paris.terms import line
from bot.games.text import t
from games.paris_paris.board import LINE_STATIONS, STATION_IDS
from games.paris_paris.data import COLOURS
from games.paris_paris.views import ParisParisView


def position_lines(view: ParisParisView, names: list[str], locale: str | None) -> list[str]:
    v = view
    piles = t("pp.piles_left", locale, n=v.piles_left)
    first = names[v.first_player]
    lines = [t("pp.alt.round", locale, round=v.round, rounds=v.rounds, piles=piles, first=first)]
    for colour, stations in zip(COLOURS, LINE_STATIONS, strict=True):
        shops = [0] * v.players
        for station in stations:
            for owner in v.board.get(STATION_IDS[station], []):
                shops[owner] += 1
        if any(shops):
            listed = ", ".join(f"{names[s]} {n}" for s, n in enumerate(shops) if n)
            lines.append(t("pp.alt.line", locale, line=line(colour, locale), shops=listed))
    if not any(v.board.values()):
        lines.append(t("pp.alt.no_shops", locale))
    if v.waiting:
        waiting = ", ".join(line(c, locale) for c in v.waiting)
        lines.append(t("pp.status.waiting", locale, colours=waiting))
    if v.face_up_marker:
        lines.append(t("pp.status.face_up", locale, line=line(v.face_up_marker, locale)))
    return lines

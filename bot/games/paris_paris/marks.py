"""What a Paris Paris picture is asked to emphasise (see render.py for the ids)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bot.games.paris_paris.layout import STATION_XY
from bot.render.marks import by_kind, labels
from games.paris_paris.data import LINES


@dataclass(frozen=True)
class Marks:
    """The stations and lines to emphasise, by how."""

    shops: set[str]
    visits: set[str]
    scored: set[str]
    lines: set[str]
    tags: dict[str, str]  # the turn panel's: station -> the tags of the choices there


def parse_marks(highlight: Collection[str]) -> Marks:
    kinds = by_kind(highlight)
    stations = STATION_XY.keys()
    return Marks(
        shops=(kinds[""] | kinds["shop"]) & stations,
        visits=kinds["visit"] & stations,
        scored=kinds["scored"] & stations,
        lines=kinds["line"] & LINES.keys(),
        tags={place: tag for place, tag in labels(highlight).items() if place in stations},
    )

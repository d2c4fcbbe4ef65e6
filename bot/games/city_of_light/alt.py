"""A City of Light picture in a few sentences, for its alt text: the phase, how much of the
city is laid, what each seat has built, and the postcards used. Only what the public board
shows (a seat's hand of tiles is never on it)."""

from __future__ import annotations

from bot.games.city_of_light.terms import seat_name
from bot.games.text import t
from games.city_of_light.views import CityOfLightView


def position_lines(view: CityOfLightView, names: list[str], locale: str | None) -> list[str]:
    v = view
    laid = sum(cell is not None for row in v.cells for cell in row)
    total = sum(len(row) for row in v.cells)
    lines = [
        t(f"col.status.phase.{v.phase}", locale),
        t("col.alt.cells", locale, laid=laid, total=total),
    ]
    built = []
    for seat in range(v.players):
        mine = [b for b in v.buildings if b.owner == seat]
        cells = t("col.alt.cells_built", locale, n=sum(b.size for b in mine))
        built.append(
            t("col.alt.built_by", locale, name=seat_name(seat, names), n=len(mine), cells=cells)
        )
    lines.append(t("col.alt.built", locale, built="; ".join(built)))
    used = [card.name for card in v.postcards if card.used]
    if used:
        lines.append(t("col.alt.postcards", locale, cards=", ".join(used)))
    return lines

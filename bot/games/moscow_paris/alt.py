"""A Moscow–Paris picture in a few sentences, for its alt text: each city line (its city,
what it is worth, its wagons and its room) and the cities each seat has claimed. Only what
the public table shows (never a hand)."""

from __future__ import annotations

from bot.games.moscow_paris.terms import city_view_name, wagon
from bot.games.text import t
from games.moscow_paris.views import MoscowParisView


def position_lines(view: MoscowParisView, names: list[str], locale: str | None) -> list[str]:
    v = view
    lines = []
    for row in v.rows:
        if row.city is None:
            lines.append(t("mp.status.row_empty", locale, row=row.row + 1))
            continue
        wagons = [wagon(w, locale) for w in (*reversed(row.left), *row.right)]
        lines.append(
            t(
                "mp.alt.row",
                locale,
                row=row.row + 1,
                city=city_view_name(row.city, locale),
                vp=row.city.vp,
                n=len(wagons),
                limit=row.city.limit,
                wagons=", ".join(wagons) or "—",
            )
        )
    claimed = "; ".join(
        f"{names[p.seat]}: " + (", ".join(city_view_name(c, locale) for c in p.cities) or "—")
        for p in v.seats
    )
    lines.append(t("mp.alt.cities", locale, claimed=claimed))
    return lines

"""Moscow–Paris recaps: each public event and the final scoring, in words.

Why a module of its own: every presentation package has the same file roles (adapter for
choices and status, recap for what happened, layout and render for the picture). The words
for a place in the play area (`side_slot`, `spot_text`) live here too: recaps and the
adapter's choices both name places that way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.moscow_paris.terms import (
    action,
    city_by_id,
    city_limit,
    city_view_name,
    city_vp,
    counted,
    flag,
    seat_name,
    t,
    team_letter,
    team_names,
    wagon,
    wagons_text,
)
from games.core.contract import Event, Result


def side_slot(side: str, slot: int, locale: str | None) -> str:
    return t(f"mp.side_slot.{side}", locale, slot=slot)


def spot_text(spot: Any, names: list[str], view: Any, locale: str | None) -> str:
    """A wagon of the play area named in a swap: in a line (by row and place) or in front of
    a player."""
    spot = dict(spot)
    w = wagon(spot["wagon"], locale) if spot.get("wagon") else "?"
    if spot.get("row") is not None:
        city = ""
        if view is not None and view.rows[spot["row"]].city is not None:
            city = city_view_name(view.rows[spot["row"]].city, locale)
        return t(
            "mp.spot.line_city" if city else "mp.spot.line",
            locale,
            wagon=w,
            city=city,
            row=spot["row"] + 1,
            place=side_slot(spot["side"], spot["slot"], locale),
        )
    return t("mp.spot.tableau", locale, wagon=w, name=seat_name(spot.get("seat"), names))


def describe(event: Event, names: list[str], locale: str | None) -> str | None:
    p = event.params
    kind = event.kind
    if kind == "drew_cards":  # private: the shared layer shows it to its seat only
        return t("mp.event.drew_cards", locale, cards=counted(p["cards"], locale))
    who = seat_name(p.get("seat"), names)
    if kind == "wagon_to_line":
        return t(
            "mp.event.to_line",
            locale,
            name=who,
            wagon=wagon(p["wagon"], locale),
            side=t(f"mp.side.{p['side']}", locale),
            city=city_by_id(p["city"], locale),
        )
    if kind == "wagon_to_tableau":
        return t("mp.event.to_tableau", locale, name=who, wagon=wagon(p["wagon"], locale))
    if kind == "wagon_taken_back":
        return t("mp.event.taken_back", locale, name=who, wagon=wagon(p["wagon"], locale))
    if kind == "drew":
        return t("mp.event.drew", locale, name=who, n=p["count"])
    if kind == "reshuffled":
        return t("mp.event.reshuffled", locale, n=p["cards"])
    if kind == "card_played":
        return _card_played(p, names, locale)
    if kind == "swap_picked":
        return t("mp.event.swap_picked", locale, spot=spot_text(p, names, None, locale))
    if kind == "wagons_swapped":
        return t(
            "mp.event.swapped",
            locale,
            name=who,
            first=spot_text(p["first"], names, None, locale),
            second=spot_text(p["second"], names, None, locale),
        )
    if kind == "swap_declined":
        return t("mp.event.swap_declined", locale, name=who)
    if kind == "chain_exchanged":
        return t(
            "mp.event.exchanged",
            locale,
            name=who,
            partner=seat_name(p["partner"], names),
            gave=wagon(p["gave"], locale),
            took=wagon(p["took"], locale),
        )
    if kind == "chain_offered":
        return t("mp.event.chain_offered", locale, name=who, partner=seat_name(p["partner"], names))
    if kind == "chain_ended":
        return t(f"mp.event.chain_ended.{p['reason']}", locale, name=who)
    if kind == "city_claimed":
        return t(
            "mp.event.claimed",
            locale,
            name=who,
            city=city_by_id(p["city"], locale),
            vp=city_vp(p["city"]),
            wagons=counted(p["line"], locale),
        )
    if kind == "city_revealed":
        return t(
            "mp.event.revealed",
            locale,
            city=city_by_id(p["city"], locale),
            row=p["row"] + 1,
            n=city_limit(p["city"]),
            vp=city_vp(p["city"]),
        )
    if kind == "turn_ended":
        key = "mp.event.no_claim" if not p.get("claims") else "mp.event.no_more_claims"
        return t(key, locale, name=who)
    if kind == "stalemate":
        return t("mp.event.stalemate", locale, n=p["reset"])
    if kind == "game_over":
        scores = ", ".join(f"{seat_name(s, names)} {n}" for s, n in enumerate(p["scores"]))
        return t("mp.event.over", locale, scores=scores)
    return None


def _card_played(p: Any, names: list[str], locale: str | None) -> str:
    who = seat_name(p["seat"], names)
    name = action(p["card"], locale)
    if p.get("declined"):
        return t("mp.event.card_declined", locale, name=who, card=name)
    kind = p["card"]
    if kind == "swap_two":
        return t("mp.event.card_swap", locale, name=who, card=name)
    if kind == "discard_city":
        return t(
            "mp.event.card_city",
            locale,
            name=who,
            card=name,
            city=city_by_id(p["city"], locale),
            wagons=wagons_text(p["wagons"], locale),
        )
    if kind == "chain_exchange":
        return t(
            "mp.event.card_chain",
            locale,
            name=who,
            card=name,
            partner=seat_name(p["partner"], names),
            direction=t(f"mp.dir.{p['direction']}", locale),
        )
    wagons = ", ".join(
        t("mp.event.row_wagon", locale, wagon=wagon(w["wagon"], locale), row=w["row"] + 1)
        for w in p["wagons"]
    )
    return t(
        "mp.event.card_column",
        locale,
        name=who,
        card=name,
        wagons=wagons,
        place=side_slot(p["side"], p["slot"], locale),
    )


def result_lines(result: Result, names: list[str], locale: str | None) -> list[str]:
    d = result.details
    seats = d.get("seats", [])
    teams = d.get("teams")
    lines: list[str] = []
    if teams:
        for place, group in enumerate(_team_places(result, teams), start=1):
            for team in group:
                lines.append(
                    t(
                        "mp.result.team_head",
                        locale,
                        place=place,
                        team=team_letter(team["team"]),
                        names=team_names(team["seats"], names),
                        n=team["score"],
                    )
                )
                for s in team["seats"]:
                    lines.append(
                        t(
                            "mp.result.partner",
                            locale,
                            name=seat_name(s, names),
                            cities=_cities(seats[s]["cities"], locale),
                        )
                    )
                lines.append(_terms(team, locale))
    else:
        for place, seats_here in enumerate(result.ranking, start=1):
            for s in seats_here:
                lines.append(
                    t(
                        "mp.result.head",
                        locale,
                        place=place,
                        name=seat_name(s, names),
                        n=result.scores[s],
                    )
                )
                if s < len(seats):
                    lines.append(
                        t("mp.result.cities", locale, cities=_cities(seats[s]["cities"], locale))
                    )
                    lines.append(_terms(seats[s], locale))
    if result.tiebreak and seats:
        sides = teams or [dict(b, seats=[b["seat"]]) for b in seats]
        tied = ", ".join(
            t(
                "mp.result.tied",
                locale,
                names=team_names(side["seats"], names),
                capitals=side["capitals"],
                cards=side["city_cards"],
            )
            for side in sides
            if side["score"] == max(x["score"] for x in sides)
        )
        lines.append(t(f"mp.result.tiebreak.{result.tiebreak}", locale, tied=tied))
    if d.get("removed"):
        lines.append(
            t(
                "mp.result.removed",
                locale,
                cities=", ".join(city_by_id(c, locale) for c in d["removed"]),
            )
        )
    if len(result.winners) > 1 and not (teams and len(d.get("winning_teams", [])) == 1):
        lines.append(
            t("result.shared", locale, names=", ".join(seat_name(s, names) for s in result.winners))
        )
    return lines


def _cities(ids: Sequence[str], locale: str | None) -> str:
    return ", ".join(f"{city_by_id(c, locale)} {city_vp(c)}" for c in ids) or "—"


def _terms(b: dict[str, Any], locale: str | None) -> str:
    flags = " ".join(f"{flag(code)}×{n}" for code, n in b["flags"].items() if n > 1)
    return t(
        "mp.result.terms",
        locale,
        vp=b["vp"],
        repeated=b["repeated_flags"],
        flags=flags or "—",
        score=b["score"],
        capitals=b["capitals"],
        cards=b["city_cards"],
    )


def _team_places(result: Result, teams: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The teams in the order of the result's places (partners share their place)."""
    out: list[list[dict[str, Any]]] = []
    for group in result.ranking:
        place = [team for team in teams if set(team["seats"]) & set(group)]
        place = [team for team in place if all(team not in g for g in out)]
        if place:
            out.append(place)
    return out

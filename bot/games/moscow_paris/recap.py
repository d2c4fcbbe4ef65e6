"""Moscow–Paris recaps: each public event and the final scoring, in words.

Why a module of its own: every presentation package has the same file roles (adapter for
choices and status, recap for what happened, layout and render for the picture). The words
for a place in the play area (`side_slot`, `spot_text`) live here too: recaps and the
adapter's choices both name places that way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games import sentences
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
from bot.games.sentences import Sentence, fact, named, number, scores, seat, value, word
from bot.games.text import place_lines, shared_win
from games.core.contract import Event, Result
from games.moscow_paris.views import MoscowParisView


def side_slot(side: str, slot: int, locale: str | None) -> str:
    return t(f"mp.side_slot.{side}", locale, slot=slot)


def spot_text(
    spot: Mapping[str, Any], names: Sequence[str], view: MoscowParisView | None, locale: str | None
) -> str:
    """A wagon of the play area named in a swap: in a line (by its city, as the picture and
    the menus name a line, and its place) or in front of a player."""
    spot = dict(spot)
    w = wagon(spot["wagon"], locale) if spot.get("wagon") else "?"
    if spot.get("row") is not None:
        return t(
            "mp.spot.line_city",
            locale,
            wagon=w,
            city=_line_city(spot, view, locale),
            place=side_slot(spot["side"], spot["slot"], locale),
        )
    return t("mp.spot.tableau", locale, wagon=w, name=seat_name(spot.get("seat"), names))


def _line_city(spot: Mapping[str, Any], view: MoscowParisView | None, locale: str | None) -> str:
    """The city of a spot's line: as the view shows it (the Home City by the name its host
    typed), else by the id the event carries."""
    if view is not None:
        city = view.rows[spot["row"]].city
        if city is not None and city.id == spot["city"]:
            return city_view_name(city, locale)
    return city_by_id(spot["city"], locale)


def _spot(field: str | None) -> sentences.Words:
    """A wagon of the play area the event names (a swap's; `None`: the event's own)."""
    return lambda p, speaker: spot_text(
        p if field is None else p[field], speaker.names, None, speaker.locale
    )


def _turn_ended(p: sentences.Params, speaker: sentences.Speaker) -> str:
    key = "mp.event.no_claim" if not p.get("claims") else "mp.event.no_more_claims"
    return speaker.say(key, name=speaker.name(p.get("seat")))


WAGON = word("wagon", wagon)
CITY = word("city", city_by_id)


def _column(p: sentences.Params, speaker: sentences.Speaker) -> str:
    """The wagons a column card discards, each with its line's city."""
    locale = speaker.locale
    return ", ".join(
        t(
            "mp.event.line_wagon",
            locale,
            wagon=wagon(w["wagon"], locale),
            city=city_by_id(w["city"], locale),
        )
        for w in p["wagons"]
    )


CARD = word("card", action)
CARD_SENTENCES = {
    "swap_two": Sentence("mp.event.card_swap", card=CARD),
    "discard_city": Sentence(
        "mp.event.card_city", card=CARD, city=CITY, wagons=word("wagons", wagons_text)
    ),
    "chain_exchange": Sentence(
        "mp.event.card_chain",
        card=CARD,
        partner=seat("partner"),
        direction=named("direction", "mp.dir"),
    ),
}
COLUMN_CARD = Sentence(
    "mp.event.card_column",
    card=CARD,
    wagons=_column,
    place=lambda p, speaker: side_slot(p["side"], p["slot"], speaker.locale),
)
DECLINED = Sentence("mp.event.card_declined", card=CARD)


def _card_played(p: sentences.Params, speaker: sentences.Speaker) -> str:
    if p.get("declined"):
        return DECLINED(p, speaker)
    return CARD_SENTENCES.get(p["card"], COLUMN_CARD)(p, speaker)


SENTENCES: dict[str, sentences.Say] = {
    # private: the shared layer shows it to its seat only
    "drew_cards": Sentence("mp.event.drew_cards", cards=word("cards", counted)),
    "wagon_to_line": Sentence(
        "mp.event.to_line", wagon=WAGON, side=named("side", "mp.side"), city=CITY
    ),
    "wagon_to_tableau": Sentence("mp.event.to_tableau", wagon=WAGON),
    "wagon_taken_back": Sentence("mp.event.taken_back", wagon=WAGON),
    "drew": Sentence("mp.event.drew", n=value("count")),
    "reshuffled": Sentence("mp.event.reshuffled", n=value("cards")),
    "card_played": _card_played,
    "swap_picked": Sentence("mp.event.swap_picked", spot=_spot(None)),
    "wagons_swapped": Sentence("mp.event.swapped", first=_spot("first"), second=_spot("second")),
    "swap_declined": Sentence("mp.event.swap_declined"),
    "chain_exchanged": Sentence(
        "mp.event.exchanged",
        partner=seat("partner"),
        gave=word("gave", wagon),
        took=word("took", wagon),
    ),
    "chain_offered": Sentence("mp.event.chain_offered", partner=seat("partner")),
    "chain_ended": Sentence("mp.event.chain_ended.{reason}"),
    "city_claimed": Sentence(
        "mp.event.claimed", city=CITY, vp=fact("city", city_vp), wagons=word("line", counted)
    ),
    "city_revealed": Sentence(
        "mp.event.revealed",
        city=CITY,
        row=number("row"),
        n=fact("city", city_limit),
        vp=fact("city", city_vp),
    ),
    "turn_ended": _turn_ended,
    "stalemate": Sentence("mp.event.stalemate", n=value("reset")),
    "game_over": Sentence("mp.event.over", scores=scores),
}


def describe(event: Event, names: list[str], locale: str | None) -> str | None:
    return sentences.describe(SENTENCES, event, sentences.Speaker(names, locale, seat_name))


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
        for s, head in place_lines(result, "mp.result.head", lambda s: seat_name(s, names), locale):
            lines.append(head)
            if s < len(seats):
                cities = _cities(seats[s]["cities"], locale)
                lines += [t("mp.result.cities", locale, cities=cities), _terms(seats[s], locale)]
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
    if not (teams and len(d.get("winning_teams", [])) == 1):  # a team's win is not shared
        lines += shared_win(result, lambda s: seat_name(s, names), locale)
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

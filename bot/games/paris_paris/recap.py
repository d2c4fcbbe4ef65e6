"""Paris Paris recaps: what each public event means, in words, with who scored what and why.

Why a module of its own: the rules' scoring (visits, excursions, the bag) reaches the table as
events with all their facts (`games/paris_paris/round_end.py`, `scoring.py`); turning those
facts into short sentences — which stations scored, on which line, how many stops away, how
many shops here and next door — is most of the game's text, and the adapter stays about
choices and status.

`describe` is one line per event, as the shared layer asks today. `recap_lines` reads a whole
move and joins what belongs in one sentence (a shop opened and the shop it pushed out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games import sentences
from bot.games.paris_paris.terms import (
    gains,
    line,
    lines_through,
    shared_line,
    shop_gains,
    station,
    token,
)
from bot.games.text import places, seat_name, shared_win
from bot.i18n import t
from games.core.contract import Event, Result

# --- one event, one line ---------------------------------------------------------------------


def _pile(p: sentences.Params, speaker: sentences.Speaker) -> str:
    tokens = ", ".join(
        f"{station(x['station'])} ({token(x['colour'], speaker.locale)})"
        for x in p.get("tokens", [])
    )
    return speaker.say("pp.event.pile", name=speaker.name(p["seat"]), tokens=tokens)


def _removed(p: sentences.Params, speaker: sentences.Speaker) -> str:
    victim = speaker.name(p["seat"])
    return speaker.say(
        f"pp.event.removed.{_removal(p)}", station=station(p["station"]), victim=victim
    )


def _waiting(p: sentences.Params, speaker: sentences.Speaker) -> str | None:
    if p.get("excursion"):
        return None  # the excursion's first line says why it runs
    return speaker.say("pp.event.waiting", token=token(p["colour"], speaker.locale))


def _excursion(p: sentences.Params, speaker: sentences.Speaker) -> str:
    colour, locale = p["line"], speaker.locale
    if p["reason"] == "tokens":
        return speaker.say(
            "pp.event.excursion", line=line(colour, locale), token=token(colour, locale)
        )
    if p["reason"] == "final":
        name = speaker.name(p["seat"])
        return speaker.say("pp.event.final_excursion", line=line(colour, locale), name=name)
    return speaker.say("pp.event.face_up_excursion", line=line(colour, locale))


def _excursion_ended(p: sentences.Params, speaker: sentences.Speaker) -> str:
    if not any(p["points"]):
        return speaker.say("pp.event.excursion_empty", line=line(p["line"], speaker.locale))
    scored = gains(p["points"], speaker.names, speaker.locale)
    return speaker.say("pp.event.excursion_total", scored=scored)


def _markers(p: sentences.Params, speaker: sentences.Speaker) -> str:
    markers = ", ".join(
        f"{speaker.name(s)} {token(c, speaker.locale)}" for s, c in enumerate(p["markers"])
    )
    if p.get("face_up"):
        face_up = token(p["face_up"], speaker.locale)
        return speaker.say("pp.event.markers_face_up", markers=markers, face_up=face_up)
    return speaker.say("pp.event.markers", markers=markers)


def _bag(p: sentences.Params, speaker: sentences.Speaker) -> str:
    counts = ", ".join(f"{speaker.name(s)} {n}" for s, n in enumerate(p["bag"]))
    seat = p.get("seat")
    if seat is None:
        return speaker.say("pp.event.bag_tie", counts=counts)
    return speaker.say("pp.event.bag", counts=counts, name=speaker.name(seat), n=p["points"][seat])


SENTENCES: dict[str, sentences.Say] = {
    "pile_revealed": _pile,
    "shop_opened": lambda p, speaker: opened(p, None, speaker.names, speaker.locale),
    "shop_removed": _removed,
    "visit": lambda p, speaker: visit(p, speaker.names, speaker.locale),
    "token_discarded": _waiting,
    "excursion_started": _excursion,
    "excursion_stop": lambda p, speaker: stop(p, speaker.names, speaker.locale),
    "excursion_ended": _excursion_ended,
    "markers_revealed": _markers,
    "bag_scored": _bag,
}


def describe(event: Event, names: Sequence[str], locale: str | None) -> str | None:
    return sentences.describe(SENTENCES, event, sentences.Speaker(names, locale, seat_name))


def _removal(p: Mapping[str, Any]) -> str:
    """How a pushed-out shop left: "bag", "supply" (another's, 2 players) or "own"."""
    if p["to"] == "bag":
        return "bag"
    return "own" if p["seat"] == p.get("by") else "supply"


def opened(
    p: Mapping[str, Any],
    removed: Mapping[str, Any] | None,
    names: Sequence[str],
    locale: str | None,
) -> str:
    """A shop opened (or moved), with the shop it pushed out of a full station if any."""
    key = "pp.event.moved" if p.get("moved_from") else "pp.event.opened"
    fields: dict[str, Any] = {"name": seat_name(p["seat"], names), "station": station(p["station"])}
    if p.get("moved_from"):
        fields["source"] = station(p["moved_from"])
    if removed is not None:
        key += "." + _removal(removed)
        fields["victim"] = seat_name(removed["seat"], names)
    return t(key, locale, **fields)


def visit(p: Mapping[str, Any], names: Sequence[str], locale: str | None) -> str:
    """Where the leftover token sent the visit, and who scored there."""
    here = p["station"]
    fields: dict[str, Any] = {"station": station(here), "token": token(p["colour"], locale)}
    places = p.get("scoring_stations") or []
    distance = p.get("distance")
    if distance is None or not places:
        n = len(lines_through(here)) or 1
        return t("pp.event.visit.nobody", locale, n=n, **fields)
    if distance == 0:
        return t(
            "pp.event.visit.here",
            locale,
            scored=shop_gains(places[0]["shops"], names, locale),
            **fields,
        )
    colours = [shared_line(here, s["station"]) for s in places]
    fields["distance"] = t("pp.distance", locale, n=distance)
    if len(set(colours)) == 1 and colours[0] is not None:
        joined = "; ".join(
            t(
                "pp.place",
                locale,
                scored=shop_gains(s["shops"], names, locale),
                station=station(s["station"]),
            )
            for s in places
        )
        return t(
            "pp.event.visit.near", locale, line=line(colours[0], locale), places=joined, **fields
        )
    joined = "; ".join(
        t(
            "pp.place_line",
            locale,
            scored=shop_gains(s["shops"], names, locale),
            station=station(s["station"]),
            line=line(c, locale) if c else "?",
        )
        for s, c in zip(places, colours, strict=True)
    )
    return t("pp.event.visit.near_lines", locale, places=joined, **fields)


def stop(p: Mapping[str, Any], names: Sequence[str], locale: str | None, why: bool = True) -> str:
    """One crossing of an excursion: each player there, with (`why`) their shops here and
    next door."""
    adjacent = {seat: n for seat, n in p.get("adjacent", [])}
    parts = []
    for seat, points in enumerate(p["points"]):
        if not points:
            continue
        if not why:
            parts.append(t("pp.gain", locale, name=seat_name(seat, names), n=points))
            continue
        reasons = []
        here = p["shops"].count(seat)
        if here:
            reasons.append(t("pp.why.here", locale, n=here))
        if adjacent.get(seat):
            reasons.append(t("pp.why.next", locale, n=adjacent[seat]))
        parts.append(
            t("pp.stop_gain", locale, name=seat_name(seat, names), n=points, why=", ".join(reasons))
        )
    joined = ("; " if why else ", ").join(parts)
    return t("pp.event.stop", locale, station=station(p["station"]), scored=joined)


# --- a whole move ----------------------------------------------------------------------------


# Room for a move's recap in one Discord message (2,000 characters), leaving some for the
# ping the shared layer adds after it.
BUDGET = 1800


def recap_lines(events: Sequence[Event], names: Sequence[str], locale: str | None) -> list[str]:
    """The public events of a move as lines, a removal joined to the opening that caused it.

    The last take of a game runs every final excursion at once: when the detailed lines
    would not fit one message, the crossings lose their "why" (shops here, next door), then
    the excursions' totals (the result lines list every total), and at last the crossings
    themselves, leaving each excursion's total."""
    public = [e for e in events if e.to is None]
    for stops, why, totals in (
        (True, True, True),
        (True, False, True),
        (True, False, False),
        (False, False, True),
    ):
        lines = _lines(public, names, locale, stops, why, totals)
        if len("\n".join(lines)) <= BUDGET:
            break
    return lines


def _lines(
    public: list[Event],
    names: Sequence[str],
    locale: str | None,
    stops: bool,
    why: bool,
    totals: bool,
) -> list[str]:
    lines: list[str] = []
    i = 0
    while i < len(public):
        event = public[i]
        following = public[i + 1] if i + 1 < len(public) else None
        if (
            event.kind == "shop_opened"
            and following is not None
            and following.kind == "shop_removed"
            and following.params.get("station") == event.params.get("station")
        ):
            lines.append(opened(dict(event.params), dict(following.params), names, locale))
            i += 2
            continue
        if event.kind == "excursion_stop":
            text: str | None = stop(dict(event.params), names, locale, why) if stops else None
        elif event.kind == "excursion_ended" and not totals and any(event.params["points"]):
            text = None
        else:
            text = describe(event, names, locale)
        if text:
            lines.append(text)
        i += 1
    return lines


# --- the end ----------------------------------------------------------------------------


def result_lines(result: Result, names: list[str], locale: str | None) -> list[str]:
    """The final scores with each term (visits, excursions, the bag), the markers and the
    tie-break on shops."""
    d = result.details
    lines = []
    for place, s in places(result):
        terms = ", ".join(
            t("pp.result.term", locale, term=t("pp.term." + term, locale), n=d[term][s])
            for term in ("visits", "excursions", "final_excursions", "bag")
            if d.get(term) and (term != "bag" or len(names) > 2)
        )
        shops = t("pp.result.shops", locale, n=d["shops_on_board"][s])
        lines.append(
            t(
                "pp.result.line",
                locale,
                place=place,
                name=names[s],
                score=result.scores[s],
                terms=terms,
                shops=shops,
            )
        )
    if d.get("markers"):
        markers = ", ".join(f"{names[s]} {token(c, locale)}" for s, c in enumerate(d["markers"]))
        lines.append(t("pp.result.markers", locale, markers=markers))
    if d.get("bag_counts"):
        counts = ", ".join(f"{names[s]} {n}" for s, n in enumerate(d["bag_counts"]))
        lines.append(t("pp.result.bag", locale, counts=counts))
    if result.tiebreak:
        top = max(result.scores)
        shops = ", ".join(
            f"{names[s]} {d['shops_on_board'][s]}"
            for s in range(len(result.scores))
            if result.scores[s] == top
        )
        lines.append(t("pp.result.tiebreak", locale, shops=shops))
    return lines + shared_win(result, lambda s: names[s], locale)

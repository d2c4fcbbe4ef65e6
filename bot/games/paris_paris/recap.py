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

from bot.i18n import t
from games.core.contract import Event, Result
from games.paris_paris.board import LINE_STATIONS, STATION_IDS, STATION_INDEX, STATION_NAMES
from games.paris_paris.data import COLOURS

STATION_NAME = dict(zip(STATION_IDS, STATION_NAMES, strict=True))
COLOUR_EMOJI = {"green": "🟢", "red": "🔴", "blue": "🔵", "orange": "🟠", "pink": "🩷"}


def station(sid: str) -> str:
    return STATION_NAME.get(sid, sid)


def line(colour: str, locale: str | None) -> str:
    """A line in words: "🔴 red line"."""
    return f"{COLOUR_EMOJI.get(colour, '')} {t('pp.colour.' + colour, locale)}".strip()


def token(colour: str, locale: str | None) -> str:
    """A token or marker by its colour, in words too: "🔴 red"."""
    return f"{COLOUR_EMOJI.get(colour, '')} {t('pp.colour_word.' + colour, locale)}".strip()


def name_of(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def gains(points: Sequence[int], names: Sequence[str], locale: str | None) -> str:
    """Every seat that scored: "alice +2, bob +1"."""
    return ", ".join(
        t("pp.gain", locale, name=name_of(s, names), n=n) for s, n in enumerate(points) if n
    )


def shop_gains(shops: Sequence[int], names: Sequence[str], locale: str | None) -> str:
    """Each shop scores 1 for its owner: "alice +2, bob +1", in seat order."""
    counts: dict[int, int] = {}
    for owner in shops:
        counts[owner] = counts.get(owner, 0) + 1
    return ", ".join(
        t("pp.gain", locale, name=name_of(s, names), n=counts[s]) for s in sorted(counts)
    )


def shared_line(a: str, b: str) -> str | None:
    """The line two stations are both on (two lines cross once, so there is one at most)."""
    i, j = STATION_INDEX.get(a), STATION_INDEX.get(b)
    for colour, stations in zip(COLOURS, LINE_STATIONS, strict=True):
        if i in stations and j in stations:
            return colour
    return None


def lines_through(sid: str) -> list[str]:
    i = STATION_INDEX.get(sid)
    return [c for c, stations in zip(COLOURS, LINE_STATIONS, strict=True) if i in stations]


# --- one event, one line ---------------------------------------------------------------------


def describe(event: Event, names: Sequence[str], locale: str | None) -> str | None:
    p = event.params
    kind = event.kind
    if kind == "pile_revealed":
        tokens = ", ".join(
            f"{station(x['station'])} ({token(x['colour'], locale)})" for x in p.get("tokens", [])
        )
        return t("pp.event.pile", locale, name=name_of(p["seat"], names), tokens=tokens)
    if kind == "shop_opened":
        return opened(p, None, names, locale)
    if kind == "shop_removed":
        how = _removal(p)
        return t(
            f"pp.event.removed.{how}",
            locale,
            station=station(p["station"]),
            victim=name_of(p["seat"], names),
        )
    if kind == "visit":
        return visit(p, names, locale)
    if kind == "token_discarded":
        if p.get("excursion"):
            return None  # the excursion's first line says why it runs
        return t("pp.event.waiting", locale, token=token(p["colour"], locale))
    if kind == "excursion_started":
        colour = p["line"]
        if p["reason"] == "tokens":
            return t(
                "pp.event.excursion", locale, line=line(colour, locale), token=token(colour, locale)
            )
        if p["reason"] == "final":
            return t(
                "pp.event.final_excursion",
                locale,
                line=line(colour, locale),
                name=name_of(p["seat"], names),
            )
        return t("pp.event.face_up_excursion", locale, line=line(colour, locale))
    if kind == "excursion_stop":
        return stop(p, names, locale)
    if kind == "excursion_ended":
        if not any(p["points"]):
            return t("pp.event.excursion_empty", locale, line=line(p["line"], locale))
        return t("pp.event.excursion_total", locale, scored=gains(p["points"], names, locale))
    if kind == "markers_revealed":
        markers = ", ".join(
            f"{name_of(s, names)} {token(c, locale)}" for s, c in enumerate(p["markers"])
        )
        if p.get("face_up"):
            return t(
                "pp.event.markers_face_up",
                locale,
                markers=markers,
                face_up=token(p["face_up"], locale),
            )
        return t("pp.event.markers", locale, markers=markers)
    if kind == "bag_scored":
        counts = ", ".join(f"{name_of(s, names)} {n}" for s, n in enumerate(p["bag"]))
        if p.get("seat") is None:
            return t("pp.event.bag_tie", locale, counts=counts)
        seat = p["seat"]
        return t(
            "pp.event.bag", locale, counts=counts, name=name_of(seat, names), n=p["points"][seat]
        )
    return None


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
    fields: dict[str, Any] = {"name": name_of(p["seat"], names), "station": station(p["station"])}
    if p.get("moved_from"):
        fields["source"] = station(p["moved_from"])
    if removed is not None:
        key += "." + _removal(removed)
        fields["victim"] = name_of(removed["seat"], names)
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
            parts.append(t("pp.gain", locale, name=name_of(seat, names), n=points))
            continue
        reasons = []
        here = p["shops"].count(seat)
        if here:
            reasons.append(t("pp.why.here", locale, n=here))
        if adjacent.get(seat):
            reasons.append(t("pp.why.next", locale, n=adjacent[seat]))
        parts.append(
            t("pp.stop_gain", locale, name=name_of(seat, names), n=points, why=", ".join(reasons))
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


def seat_list(seats: Sequence[int], names: list[str]) -> str:
    return ", ".join(names[s] for s in seats)


def result_lines(result: Result, names: list[str], locale: str | None) -> list[str]:
    """The final scores with each term (visits, excursions, the bag), the markers and the
    tie-break on shops."""
    d = result.details
    lines = []
    for place, seats in enumerate(result.ranking, start=1):
        for s in seats:
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
    if len(result.winners) > 1:
        lines.append(t("result.shared", locale, names=seat_list(result.winners, names)))
    return lines

"""Paris recaps: a sentence per event (who bought what where and paid what, the income, the
bonus and VP tiles), and the final result with each district's majority and the tie-break.

The events carry every fact (see docs/notation/paris.md, "Events"); a private event — the
end-game stack browsed, the tile kept — reaches its seat only, and its line says "You".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.paris.terms import (
    bonus,
    district,
    end_game,
    francs,
    good,
    item,
    items_text,
    kind,
    landmark,
    place,
    seat_name,
    t,
    tile_name,
    vp,
    vp_tile,
    who,
)
from games.core.contract import Event, Result
from games.paris.data import PRESTIGE_VP

# Bonus tiles whose use reports what it counted, by the engine's kind of tile.
_COUNTED = {
    "per_building": "pa.use.per_building",
    "per_landmark": "pa.use.per_landmark",
    "distinct_kinds": "pa.use.distinct_kinds",
    "per_unused_bonus": "pa.use.per_unused_bonus",
}


def prestige_vp(items: Sequence[str]) -> int:
    """The VP of prestige items cashed on a landmark's symbols."""
    from bot.games.paris.terms import item_good

    return sum(PRESTIGE_VP.get(item_good(i), 0) for i in items)


def describe(event: Event, names: Sequence[str], locale: str | None) -> str | None:
    p = event.params
    kind = event.kind
    players = len(names)
    name = who(p.get("seat"), names)
    if kind == "end_game_stack_seen":  # private: its seat only
        tiles = "; ".join(end_game(e, locale) for e in p["tiles"])
        return t("pa.event.egt_seen", locale, n=len(p["tiles"]), tiles=tiles)
    if kind == "end_game_tile_picked":  # private: its seat only
        return t("pa.event.egt_picked", locale, tile=end_game(p["tile"], locale))
    if kind in ("tile_placed", "tile_drawn"):
        return _tile(kind, p, name, locale)
    if kind == "tile_discarded":
        return t("pa.event.tile_discarded", locale, tile=tile_name(p["tile"], locale))
    if kind == "key_placed":
        if p["to"] == "arc":
            return t("pa.event.key_arc", locale, name=name)
        return t(
            "pa.event.key_bank",
            locale,
            name=name,
            place=place(p["to"], locale),
            francs=francs(p["francs"], locale),
        )
    if kind == "key_moved":
        return _moved(p, name, players, locale)
    if kind == "resources_paid":
        return t("pa.event.paid", locale, name=name, items=items_text(p["items"], locale))
    if kind == "token_taken":
        return t(
            "pa.event.token",
            locale,
            name=name,
            good=good(p["good"], locale),
            place=place(p["space"], locale),
        )
    if kind == "vp_scored":
        return t("pa.event.vp_8", locale, name=name, n=p["vp"])
    if kind == "bonus_taken":
        key = "pa.event.bonus_taken_paid" if p.get("francs") else "pa.event.bonus_taken"
        return t(
            key,
            locale,
            name=name,
            space=p["space"],
            tile=bonus(p["tile"], players, locale),
            francs=francs(p.get("francs", 0), locale),
        )
    if kind == "prestige_cashed":
        return t(
            "pa.event.cashed",
            locale,
            name=name,
            items=items_text(p["items"], locale),
            landmark=landmark(p["landmark"], locale),
            n=p["vp"],
        )
    if kind == "vp_tile_placed":
        return t(
            "pa.event.vp_tile",
            locale,
            name=name,
            trigger=district(p["trigger"], locale),
            tile=vp_tile(p["tile"]),
            district=district(p["district"], locale),
        )
    if kind == "step_skipped":
        return t(f"pa.event.skipped.{p['step']}", locale, name=name)
    if kind == "bought":
        return t(
            "pa.event.bought",
            locale,
            name=name,
            good=good(p["good"], locale),
            francs=francs(p["francs"], locale),
        )
    if kind == "sold":
        return t(
            "pa.event.sold",
            locale,
            name=name,
            item=item(p["item"], locale),
            francs=francs(p["francs"], locale),
        )
    if kind == "bonus_used":
        return _bonus_used(p, name, players, locale)
    if kind == "end_game_tile_used":
        return t("pa.event.egt_used", locale, name=name, tile=end_game(p["tile"], locale))
    if kind == "end_game_stack_browsed":
        return t("pa.event.egt_browsed", locale, name=name, n=p["size"])
    if kind == "end_game_tile_taken":
        return t("pa.event.egt_taken", locale, name=name, n=p["left"])
    if kind == "end_triggered":
        return t("pa.event.end_triggered", locale, name=name, n=p["turns_left"])
    if kind == "passed":
        return t("pa.event.passed", locale, name=name)
    if kind == "turn_ended":
        return t("pa.event.turn_ended", locale, name=name)
    if kind == "bonus_27_scored":
        return t(
            "pa.event.bonus_27", locale, name=name, francs=francs(p["francs"], locale), n=p["vp"]
        )
    if kind == "district_scored":
        return district_line(p, names, locale)
    if kind == "game_over":
        scores = ", ".join(f"{who(s, names)} {n}" for s, n in enumerate(p["scores"]))
        return t("pa.event.over", locale, scores=scores)
    return None


def _tile(kind: str, p: Any, name: str, locale: str | None) -> str:
    tile = tile_name(p["tile"], locale)
    building = _kind(p["kind"], locale)
    if kind == "tile_drawn":
        return t(
            "pa.event.tile_drawn",
            locale,
            name=name,
            tile=tile,
            kind=building,
            stack=p["stack"] + 1,
            next=_next(p, locale),
        )
    if "stack" not in p:  # the variant: placed after it was drawn
        if p["space"] == p["tile"]:
            return t("pa.event.tile_put_own", locale, name=name, tile=tile)
        return t("pa.event.tile_put", locale, name=name, tile=tile, place=place(p["space"], locale))
    return t(
        "pa.event.tile_placed",
        locale,
        name=name,
        tile=tile,
        kind=building,
        stack=p["stack"] + 1,
        next=_next(p, locale),
    )


def _kind(k: str, locale: str | None) -> str:
    from bot.games.paris.terms import kind as kind_text

    return kind_text(k, locale)


def _next(p: Any, locale: str | None) -> str:
    if p.get("next"):
        return t("pa.event.next", locale, district=district(p["next"], locale))
    return t("pa.event.stack_empty", locale)


def _moved(p: Any, name: str, players: int, locale: str | None) -> str:
    extras = []
    if p.get("resources"):
        counts: dict[str, int] = {}
        for g in p["resources"]:
            counts[g] = counts.get(g, 0) + 1
        price = " + ".join(good(g, locale) + (f" ×{n}" if n > 1 else "") for g, n in counts.items())
        extras.append(t("pa.event.moved_resources", locale, goods=price))
    if p.get("landmark_added"):
        d = p["to"].partition("/")[0]
        extras.append(t("pa.event.landmark_added", locale, district=district(d, locale)))
    for n in p.get("bonus_tiles") or ():
        extras.append(t("pa.event.moved_with", locale, tile=bonus(n, players, locale)))
    dst = place(p["to"], locale)
    if p.get("building"):  # what was bought there: 'Montmartre 5 (☕ café)'
        dst = f"{dst} ({kind(p['building'], locale)})"
    return t(
        "pa.event.key_moved",
        locale,
        name=name,
        src=place(p["from"], locale),
        dst=dst,
        francs=francs(p["francs"], locale),
        extras="".join(extras),
    )


def _bonus_used(p: Any, name: str, players: int, locale: str | None) -> str:
    from games.paris.board import BONUS_KIND

    n = p["tile"]
    kind = BONUS_KIND.get(n, "")
    gains = _gains(p.get("vp", 0), p.get("francs", 0), locale)
    if kind in _COUNTED:
        what = t(
            _COUNTED[kind],
            locale,
            n=p.get("count", p.get("kinds", 0)),
            value=p.get("value", "?"),
            gains=gains,
        )
    elif kind == "buy_key":
        what = t("pa.use.buy_key", locale, francs=francs(p.get("price", 0), locale))
    elif kind == "take_any":
        what = t(
            "pa.use.take_any", locale, tile=bonus(p["taken"], players, locale), space=p["space"]
        )
    elif kind == "step_back":
        what = t(
            "pa.use.step_back", locale, tile=bonus(p["taken"], players, locale), space=p["space"]
        )
    elif kind in ("per_prestige_pair", "per_resource_pair"):
        what = t(
            "pa.use.pairs",
            locale,
            items=items_text(p.get("items", ()), locale),
            n=p.get("pairs", 0),
            gains=gains,
        )
    else:
        what = gains
    return t("pa.event.bonus_used", locale, name=name, tile=n, what=what)


def _gains(vp_: int, francs_: int, locale: str | None) -> str:
    parts = []
    if francs_:
        parts.append(("+" if francs_ > 0 else "") + francs(francs_, locale))
    if vp_:
        parts.append("+" + vp(vp_, locale))
    return ", ".join(parts) or t("pa.nothing", locale)


# --- the end


def district_line(p: Any, names: Sequence[str], locale: str | None) -> str:
    """One district's majority: places, sums (with the values summed), ties, VP."""
    head = t(
        "pa.event.district",
        locale,
        district=district(p["district"], locale),
        tile=vp_tile(p["tile"]),
    )
    entries = list(p["players"])
    if not entries:
        return head + " " + t("pa.event.district_nobody", locale)
    parts = []
    for e in entries:
        values = f" ({'+'.join(str(x) for x in e['values'])})" if len(e["values"]) > 1 else ""
        notes = []
        tied = [o for o in entries if o is not e and o["sum"] == e["sum"]]
        if e.get("shared"):
            notes.append(t("pa.event.tie_shared", locale))
        elif e.get("tie_won_on_best"):
            notes.append(t("pa.event.tie_won", locale, best=e["best"]))
        elif tied:
            notes.append(t("pa.event.tie_lost", locale, best=e["best"]))
        if e.get("below_half"):
            notes.append(t("pa.event.below_half", locale))
        parts.append(
            t(
                "pa.event.district_player",
                locale,
                place=_ordinal(e["place"], locale),
                name=who(e["seat"], names),
                sum=e["sum"],
                values=values,
                notes="".join(notes),
                n=e["vp"],
            )
        )
    return head + " " + "; ".join(parts) + "."


def _ordinal(place_: int, locale: str | None) -> str:
    return t(f"pa.ordinal.{min(place_, 4)}", locale)


def result_lines(result: Result, names: Sequence[str], locale: str | None) -> list[str]:
    d = result.details
    players = d.get("players", [])
    lines: list[str] = []
    for place_, group in enumerate(result.ranking, start=1):
        for s in group:
            if s < len(players):
                b = players[s]
                lines.append(
                    t(
                        "pa.result.line",
                        locale,
                        place=place_,
                        name=who(s, names),
                        n=b["total"],
                        during=b["vp_during_game"],
                        districts=b["district_vp"],
                        bonus27=b["bonus_27"],
                        francs=francs(b["francs"], locale),
                        value=b["building_value"],
                    )
                )
            else:
                lines.append(
                    t(
                        "pa.result.short",
                        locale,
                        place=place_,
                        name=who(s, names),
                        n=result.scores[s],
                    )
                )
    scored = d.get("districts", [])
    if scored:
        lines.append(t("pa.result.districts", locale))
        lines += [district_line(p, names, locale) for p in scored]
    else:
        lines.append(t("pa.result.no_districts", locale))
    if result.tiebreak and players:
        totals = [b["total"] for b in players]
        tied = [b for b in players if totals.count(b["total"]) > 1]
        shown = ", ".join(
            t(
                "pa.result.tied",
                locale,
                name=who(b["seat"], names),
                francs=francs(b["francs"], locale),
                value=b["building_value"],
            )
            for b in tied
        )
        lines.append(t(f"pa.result.tiebreak.{result.tiebreak}", locale, tied=shown))
    if len(result.winners) > 1:
        lines.append(
            t("result.shared", locale, names=", ".join(seat_name(s, names) for s in result.winners))
        )
    return lines

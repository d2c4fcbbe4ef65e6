"""Paris recaps: a sentence per event (who bought what where and paid what, the income, the
bonus and VP tiles), and the final result with each district's majority and the tie-break.

The events carry every fact (see docs/notation/paris.md, "Events"); a private event — the
end-game stack browsed, the tile kept — reaches its seat only, and its line says "You".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games import sentences
from bot.games.paris.terms import (
    bonus,
    district,
    end_game,
    francs,
    good,
    item,
    item_good,
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
from bot.games.sentences import Sentence, fact, number, scores, value, word
from bot.games.text import places, shared_win
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
    return sum(PRESTIGE_VP.get(item_good(i), 0) for i in items)


def _bonus(field: str) -> sentences.Words:
    """A bonus tile by its number and what it does (which depends on the players)."""
    return lambda p, speaker: bonus(p[field], len(speaker.names), speaker.locale)


def _next(p: sentences.Params, speaker: sentences.Speaker) -> str:
    """The district on the back of the stack's next tile, or that the stack is empty."""
    if p.get("next"):
        return speaker.say("pa.event.next", district=district(p["next"], speaker.locale))
    return speaker.say("pa.event.stack_empty")


def _end_game_seen(p: sentences.Params, speaker: sentences.Speaker) -> str:
    tiles = "; ".join(end_game(e, speaker.locale) for e in p["tiles"])
    return speaker.say("pa.event.egt_seen", n=len(p["tiles"]), tiles=tiles)


TILE = word("tile", tile_name)
DRAWN = Sentence(
    "pa.event.tile_drawn", tile=TILE, kind=word("kind", kind), stack=number("stack"), next=_next
)
PLACED = Sentence(
    "pa.event.tile_placed", tile=TILE, kind=word("kind", kind), stack=number("stack"), next=_next
)
PUT = Sentence("pa.event.tile_put", tile=TILE, place=word("space", place))
PUT_OWN = Sentence("pa.event.tile_put_own", tile=TILE)
KEY_ARC = Sentence("pa.event.key_arc")
KEY_BANK = Sentence("pa.event.key_bank", place=word("to", place), francs=word("francs", francs))


def _tile_placed(p: sentences.Params, speaker: sentences.Speaker) -> str:
    if "stack" in p:
        return PLACED(p, speaker)
    # the ignore-districts variant: placed after it was drawn
    return PUT_OWN(p, speaker) if p["space"] == p["tile"] else PUT(p, speaker)


def _key_placed(p: sentences.Params, speaker: sentences.Speaker) -> str:
    return KEY_ARC(p, speaker) if p["to"] == "arc" else KEY_BANK(p, speaker)


def _bonus_taken(p: sentences.Params, speaker: sentences.Speaker) -> str:
    key = "pa.event.bonus_taken_paid" if p.get("francs") else "pa.event.bonus_taken"
    return speaker.say(
        key,
        name=speaker.name(p.get("seat")),
        space=p["space"],
        tile=bonus(p["tile"], len(speaker.names), speaker.locale),
        francs=francs(p.get("francs", 0), speaker.locale),
    )


def _moved(p: sentences.Params, speaker: sentences.Speaker) -> str:
    """A key moved onto what it bought: from where, for how much, and what came with it."""
    locale, players = speaker.locale, len(speaker.names)
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
        name=speaker.name(p.get("seat")),
        src=place(p["from"], locale),
        dst=dst,
        francs=francs(p["francs"], locale),
        extras="".join(extras),
    )


def _bonus_used(p: sentences.Params, speaker: sentences.Speaker) -> str:
    """A bonus tile used, and what it counted and gave."""
    locale, players = speaker.locale, len(speaker.names)
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
    return t("pa.event.bonus_used", locale, name=speaker.name(p.get("seat")), tile=n, what=what)


def _gains(vp_: int, francs_: int, locale: str | None) -> str:
    parts = []
    if francs_:
        parts.append(("+" if francs_ > 0 else "") + francs(francs_, locale))
    if vp_:
        parts.append("+" + vp(vp_, locale))
    return ", ".join(parts) or t("pa.nothing", locale)


SENTENCES: dict[str, sentences.Say] = {
    # private: its seat only
    "end_game_stack_seen": _end_game_seen,
    "end_game_tile_picked": Sentence("pa.event.egt_picked", tile=word("tile", end_game)),
    # public
    "tile_drawn": DRAWN,
    "tile_placed": _tile_placed,
    "tile_discarded": Sentence("pa.event.tile_discarded", tile=TILE),
    "key_placed": _key_placed,
    "key_moved": _moved,
    "resources_paid": Sentence("pa.event.paid", items=word("items", items_text)),
    "token_taken": Sentence("pa.event.token", good=word("good", good), place=word("space", place)),
    "vp_scored": Sentence("pa.event.vp_8", n=value("vp")),
    "bonus_taken": _bonus_taken,
    "prestige_cashed": Sentence(
        "pa.event.cashed",
        items=word("items", items_text),
        landmark=word("landmark", landmark),
        n=value("vp"),
    ),
    "vp_tile_placed": Sentence(
        "pa.event.vp_tile",
        trigger=word("trigger", district),
        tile=fact("tile", vp_tile),
        district=word("district", district),
    ),
    "step_skipped": Sentence("pa.event.skipped.{step}"),
    "bought": Sentence("pa.event.bought", good=word("good", good), francs=word("francs", francs)),
    "sold": Sentence("pa.event.sold", item=word("item", item), francs=word("francs", francs)),
    "bonus_used": _bonus_used,
    "end_game_tile_used": Sentence("pa.event.egt_used", tile=word("tile", end_game)),
    "end_game_stack_browsed": Sentence("pa.event.egt_browsed", n=value("size")),
    "end_game_tile_taken": Sentence("pa.event.egt_taken", n=value("left")),
    "end_triggered": Sentence("pa.event.end_triggered", n=value("turns_left")),
    "passed": Sentence("pa.event.passed"),
    "turn_ended": Sentence("pa.event.turn_ended"),
    "bonus_27_scored": Sentence("pa.event.bonus_27", francs=word("francs", francs), n=value("vp")),
    "district_scored": lambda p, speaker: district_line(p, speaker.names, speaker.locale),
    "game_over": Sentence("pa.event.over", scores=scores),
}


def describe(event: Event, names: Sequence[str], locale: str | None) -> str | None:
    return sentences.describe(SENTENCES, event, sentences.Speaker(names, locale, who))


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
    for place_, s in places(result):
        if s >= len(players):
            n = result.scores[s]
            lines.append(t("pa.result.short", locale, place=place_, name=who(s, names), n=n))
            continue
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
    return lines + shared_win(result, lambda s: seat_name(s, names), locale)

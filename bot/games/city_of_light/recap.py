"""City of Light recaps: each public event and the final scoring, in words.

Why a module of its own: every presentation package has the same file roles (adapter for
choices and status, recap for what happened, layout and render for the picture); the events
carry all their facts (`games/city_of_light/building.py`, `postcards.py`, `scoring.py`), and
turning them into sentences is most of the game's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.city_of_light.terms import (
    building_cells,
    building_label,
    cell_name,
    cells_text,
    piece_cells,
    seat_name,
    square_name,
    tile_rows,
)
from bot.i18n import t
from games.city_of_light.data import POSTCARD_NAMES
from games.core.contract import Event, Result


def describe(event: Event, names: list[str], locale: str | None) -> str | None:
    p = event.params
    kind = event.kind
    if kind == "tile_drawn":  # private: the shared layer shows it to its seat only
        rows = " / ".join(tile_rows(p["seat"], p["tile"], 0))
        return t("col.event.drawn", locale, tile=p["tile"], rows=rows)
    who = seat_name(p["seat"], names) if "seat" in p else ""
    if kind == "tile_placed":
        rows = " / ".join(tile_rows(p["seat"], p["tile"], p["rotation"]))
        return t(
            "col.event.tile", locale, name=who, square=square_name(p["tx"], p["ty"]), rows=rows
        )
    if kind == "tiles_done":
        return t("col.event.tiles_done", locale, name=who)
    if kind == "phase_started":
        return t("col.event.phase2", locale, name=seat_name(p["first"], names))
    if kind == "building_taken":
        return t(
            "col.event.taken", locale, name=who, building=building_label(p["building"], locale)
        )
    if kind == "building_placed":
        return t(
            "col.event.built",
            locale,
            name=who,
            effect=_effect(p, locale),
            building=building_label(p["building"], locale),
            cells=cells_text(p["cells"]),
        )
    if kind == "postcard_activated":
        return _card_event(p, who, locale)
    if kind == "metropolitain_expired":
        return t("col.event.metro_expired", locale, name=who)
    if kind == "passed":
        key = "col.event.passed1" if p.get("phase") == 1 else "col.event.passed2"
        return t(key, locale, name=who)
    if kind == "game_over":
        scores = ", ".join(f"{seat_name(s, names)} {n}" for s, n in enumerate(p["scores"]))
        return t("col.event.over", locale, scores=scores)
    return None


def _card_event(p: Mapping[str, Any], who: str, locale: str | None) -> str:
    card = p["card"]
    name = POSTCARD_NAMES[card]
    if p.get("declined"):
        return t("col.event.declined", locale, name=who, card=name)
    fields: dict[str, Any] = {"name": who, "card": name, "effect": _effect(p, locale)}
    if "x" in p:
        fields["cell"] = cell_name(p["x"], p["y"])
    if card == "levitation":
        fields.update(
            give=building_label(p["give"], locale),
            building=building_label(p["building"], locale),
            cells=cells_text(building_cells(p["building"], p["rotation"], p["x"], p["y"])),
        )
    elif card in ("jardin_des_plantes", "fontaine_des_mers"):
        fields["cells"] = cells_text(piece_cells(card, p.get("rotation"), p["x"], p["y"]))
    elif card == "bouquinistes":
        fields["building"] = building_label(p["building"], locale)
    elif card == "le_penseur":
        fields["direction"] = t(f"col.dir.{p['facing']}", locale)
    return t(f"col.event.card.{card}", locale, **fields)


def result_lines(result: Result, names: list[str], locale: str | None) -> list[str]:
    players = result.details.get("players", [])
    lines = []
    for place, seats in enumerate(result.ranking, start=1):
        for s in seats:
            d = players[s]
            lines.append(
                t(
                    "col.result.head",
                    locale,
                    place=place,
                    name=seat_name(s, names),
                    n=result.scores[s],
                )
            )
            lit = (
                " + ".join(
                    t(
                        "col.result.building",
                        locale,
                        building=_building_name(b["building"], locale),
                        size=b["size"],
                        lights=b["lights"],
                        points=b["points"],
                    )
                    for b in d["buildings"]
                )
                or "—"
            )
            lines.append(t("col.result.lit", locale, terms=lit, points=d["lit_buildings"]))
            district = (
                " + ".join(_building_name(b, locale) for b in d["district"]["buildings"]) or "—"
            )
            lines.append(
                t("col.result.district", locale, buildings=district, points=d["district"]["points"])
            )
            u = d["unbuilt"]
            key = (
                "col.result.unbuilt_sacre"
                if u["sacre_coeur"] and u["count"]
                else ("col.result.unbuilt")
            )
            lines.append(t(key, locale, n=u["count"], points=signed(u["points"])))
            cards = (
                ", ".join(
                    _card_term(c, locale)
                    for c in d["postcards"]
                    if c["points"] or c["card"] in _STAMPED
                )
                or "—"
            )
            lines.append(
                t("col.result.postcards", locale, cards=cards, points=d["postcard_points"])
            )
    if result.tiebreak:  # "free_own_spaces" (Russian) or "unbuilt_own_spaces" (German)
        free = ", ".join(
            f"{seat_name(s, names)} {players[s][result.tiebreak]}" for s in range(len(players))
        )
        lines.append(t(f"col.result.tiebreak.{result.tiebreak}", locale, free=free))
    if len(result.winners) > 1:
        lines.append(t("result.shared", locale, names=", ".join(names[s] for s in result.winners)))
    return lines


_STAMPED = {"le_peintre", "moulin_rouge", "fontaine_des_mers", "le_penseur"}


def signed(n: int) -> str:
    """A score term with a real minus sign, as the catalogue writes −3: "−9", "0", "12"."""
    return f"\u2212{-n}" if n < 0 else str(n)


def _building_name(key: str, locale: str | None) -> str:
    """A building's name without its size (the result lines give the size as a term)."""
    return t("col.garden_name", locale) if key == "GARDEN" else t(f"col.b.{key}", locale)


def _card_term(c: dict[str, Any], locale: str | None) -> str:
    """A stamped postcard's points and why: "Le Peintre: 9 lights × 2 = 18"."""
    card = c["card"]
    name = POSTCARD_NAMES[card]
    if card == "le_peintre" and "lights" in c:
        return t("col.result.card.le_peintre", locale, card=name, n=c["lights"], points=c["points"])
    if card == "moulin_rouge" and "spaces" in c:
        return t(
            "col.result.card.moulin_rouge", locale, card=name, n=c["spaces"], points=c["points"]
        )
    if card == "fontaine_des_mers" and "buildings" in c:
        return t(
            "col.result.card.fontaine_des_mers",
            locale,
            card=name,
            n=len(c["buildings"]),
            points=c["points"],
        )
    if card == "le_penseur" and "front_free" in c:
        key = "col.result.card.le_penseur" if c["front_free"] else "col.result.card.blocked"
        return t(key, locale, card=name, points=c["points"])
    if card in _STAMPED:  # its piece was never placed
        return t("col.result.card.unplaced", locale, card=name)
    return t("col.result.card.other", locale, card=name, points=c["points"])


def _effect(p: Mapping[str, Any], locale: str | None) -> str:
    effect = p.get("effect")
    if effect in ("metropolitain", "chartier"):
        return " " + t(f"col.effect.{effect}", locale)
    return ""

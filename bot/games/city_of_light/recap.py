"""City of Light recaps: each public event and the final scoring, in words.

Why a module of its own: every presentation package has the same file roles (adapter for
choices and status, recap for what happened, layout and render for the picture); the events
carry all their facts (`games/city_of_light/building.py`, `postcards.py`, `scoring.py`), and
turning them into sentences is most of the game's text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games import sentences
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
from bot.games.sentences import Sentence, fact, scores, seat, value, word
from bot.games.text import place_lines, shared_win
from bot.i18n import t
from games.city_of_light.data import POSTCARD_NAMES
from games.core.contract import Event, Result


def _who(seat: int | None, names: Sequence[str]) -> str:
    """A seat in a sentence: its colour square and its name (nothing for no seat)."""
    return seat_name(seat, list(names)) if seat is not None else ""


def _rows(p: sentences.Params, speaker: sentences.Speaker) -> str:
    """A tile as its two rows of coloured squares, turned as it lies (or as drawn)."""
    return " / ".join(tile_rows(p["seat"], p["tile"], p.get("rotation", 0)))


def _effect_words(p: sentences.Params, speaker: sentences.Speaker) -> str:
    return _effect(p, speaker.locale)


def _passed(p: sentences.Params, speaker: sentences.Speaker) -> str:
    key = "col.event.passed1" if p.get("phase") == 1 else "col.event.passed2"
    return speaker.say(key, name=speaker.name(p.get("seat")))


SENTENCES: dict[str, sentences.Say] = {
    # private: the shared layer shows it to its seat only
    "tile_drawn": Sentence("col.event.drawn", tile=value("tile"), rows=_rows),
    "tile_placed": Sentence(
        "col.event.tile", square=lambda p, speaker: square_name(p["tx"], p["ty"]), rows=_rows
    ),
    "tiles_done": Sentence("col.event.tiles_done"),
    "phase_started": Sentence("col.event.phase2", name=seat("first")),
    "building_taken": Sentence("col.event.taken", building=word("building", building_label)),
    "building_placed": Sentence(
        "col.event.built",
        effect=_effect_words,
        building=word("building", building_label),
        cells=fact("cells", cells_text),
    ),
    "postcard_activated": lambda p, speaker: _card_event(
        p, speaker.name(p.get("seat")), speaker.locale
    ),
    "metropolitain_expired": Sentence("col.event.metro_expired"),
    "passed": _passed,
    "game_over": Sentence("col.event.over", scores=scores),
}


def describe(event: Event, names: list[str], locale: str | None) -> str | None:
    return sentences.describe(SENTENCES, event, sentences.Speaker(names, locale, _who))


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
    for s, head in place_lines(result, "col.result.head", lambda s: seat_name(s, names), locale):
        d = players[s]
        lines.append(head)
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
        district = " + ".join(_building_name(b, locale) for b in d["district"]["buildings"]) or "—"
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
        lines.append(t("col.result.postcards", locale, cards=cards, points=d["postcard_points"]))
    if result.tiebreak:  # "free_own_spaces" (Russian) or "unbuilt_own_spaces" (German)
        free = ", ".join(
            f"{seat_name(s, names)} {players[s][result.tiebreak]}" for s in range(len(players))
        )
        lines.append(t(f"col.result.tiebreak.{result.tiebreak}", locale, free=free))
    return lines + shared_win(result, lambda s: names[s], locale)


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

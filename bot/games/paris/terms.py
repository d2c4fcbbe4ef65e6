"""Paris things as words: goods, building kinds, places, tiles and seats.

Shared by the turn steps, the recaps, the status lines and the screen of the Discord adapter,
and by the picture for its icons. A good is its icon and its name ("🪨 marble"), a building
is its value, icon and kind ("5 ☕ café"), a place is named with its district, a bonus tile
by its number and what it does, a seat by its colour disc (the colour the picture paints its
keys) and its name. Every word comes from the catalogue (`pa.*` keys); the icons are emoji.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from bot.games.text import seat_name, t
from games.paris.board import DISTRICT_IDS, LM_COST, LM_INDEX
from games.paris.data import BONUS_TILES, END_GAME_TILES, VP_TILES
from games.paris.goods import ITEMS
from games.paris.views import ParisView

GOOD_IDS = ("wood", "marble", "gold", "bronze", "silver", "gold_prestige")
RESOURCES = GOOD_IDS[:3]
GOOD_ICON = {
    "wood": "🪵",
    "marble": "🪨",
    "gold": "🟨",
    "bronze": "🥉",
    "silver": "🥈",
    "gold_prestige": "🥇",
}
GOOD_CODE = {
    "wood": "w",
    "marble": "m",
    "gold": "g",
    "bronze": "b",
    "silver": "s",
    "gold_prestige": "p",
}
KIND_ICON = {
    "bakery": "🥖",
    "cafe": "☕",
    "hotel": "🏨",
    "theatre": "🎭",
    "residence": "🏠",
    "restaurant": "🍽️",
    "landmark": "🏛️",
}
# Seat colours (Okabe–Ito vermilion, blue, yellow and black, which stay apart with the common
# colour-vision deficiencies) as the nearest emoji; the picture also writes the seat number.
SEAT_MARK = ("🟠", "🔵", "🟡", "⚫")
VP_POINTS = dict(VP_TILES)
DISTRICT_INDEX = {d: i for i, d in enumerate(DISTRICT_IDS)}
SCREEN_MARK = "🔒"  # heads the private screen: no public text ever starts a line with it


# --- seats


def who(seat: int | None, names: Sequence[str]) -> str:
    """A seat in a sentence: its colour disc and its name."""
    mark = SEAT_MARK[seat] if seat is not None and 0 <= seat < len(SEAT_MARK) else ""
    return f"{mark} {seat_name(seat, names)}".strip()


# --- goods and items


def good(name: str, locale: str | None) -> str:
    """'🪨 marble'."""
    return f"{GOOD_ICON.get(name, '')} {t(f'pa.good.{name}', locale)}".strip()


def goods_text(counts: dict[str, int], locale: str | None) -> str:
    """'🪵 wood ×2, 🥈 silver' (nothing: '—')."""
    parts = [
        good(g, locale) + (f" ×{n}" if n > 1 else "")
        for g in GOOD_IDS
        if (n := counts.get(g, 0)) > 0
    ]
    return ", ".join(parts) or "—"


def item_good(item: str) -> str:
    """The good an item stands for ('B10:gold' → 'gold', 'E8' → 'marble')."""
    found = ITEMS.get(item)
    return GOOD_IDS[found[1]] if found else item


def item(name: str, locale: str | None, short: bool = False) -> str:
    """One item that pays, cashes, pairs or sells: a token ('🪨 marble'), a tile that is one
    good ('bonus tile 3 (🪨 marble)') or a tile of the holder's choice ('bonus tile 10 as 🟨
    gold'). `short` (in choice labels): 'tile 3 🪨', 'tile 10 as 🟨', 'E8 🪨'."""
    if name in GOOD_ICON:
        return good(name, locale)
    tile, _, chosen = name.partition(":")
    kind = "pa.item.bonus" if tile.startswith("B") else "pa.item.end_game"
    if short:
        kind = "pa.item.short_bonus" if tile.startswith("B") else "pa.item.short_end_game"
    shown = GOOD_ICON.get(item_good(name), "") if short else good(item_good(name), locale)
    key = kind + ("_as" if chosen else "")
    return t(key, locale, tile=tile[1:] if tile.startswith("B") else tile, good=shown)


def items_text(names: Iterable[str], locale: str | None, short: bool = False) -> str:
    """Items with repeats folded: '🪨 marble ×2 + bonus tile 10 as 🟨 gold'."""
    counts = Counter(names)
    return (
        " + ".join(item(n, locale, short) + (f" ×{k}" if k > 1 else "") for n, k in counts.items())
        or "—"
    )


def item_code(name: str) -> str:
    """A short custom_id-safe code for an item: 'm', 'B3', 'E9', 'B10g'."""
    if name in GOOD_CODE:
        return GOOD_CODE[name]
    tile, _, chosen = name.partition(":")
    return tile + (GOOD_CODE[chosen] if chosen else "")


def items_code(names: Sequence[str]) -> str:
    """Items as one code: repeats folded ('mx2.B10g'); nothing is 'no'."""
    counts = Counter(names)
    return (
        ".".join(item_code(n) + (f"x{k}" if k > 1 else "") for n, k in sorted(counts.items()))
        or "no"
    )


def francs(n: int, locale: str | None) -> str:
    return t("pa.francs", locale, n=n)


def vp(n: int, locale: str | None) -> str:
    return t("pa.vp", locale, n=n)


# --- places


def district(d: str, locale: str | None) -> str:
    return t(f"pa.district.{d}", locale)


def kind(k: str | None, locale: str | None) -> str:
    """'☕ café'."""
    if k is None:
        return "—"
    return f"{KIND_ICON.get(k, '')} {t(f'pa.kind.{k}', locale)}".strip()


def landmark(lid: str, locale: str | None) -> str:
    """'Notre-Dame (12)'."""
    cost = LM_COST[LM_INDEX[lid]] if lid in LM_INDEX else "?"
    return t("pa.landmark", locale, name=t(f"pa.lm.{lid}", locale), cost=cost)


def place(loc: str, locale: str | None) -> str:
    """A key location of the notation in words: 'the Montmartre bank', 'the Arc de
    Triomphe', 'Montmartre 5', 'Notre-Dame (12) in Montmartre'."""
    if loc == "arc":
        return t("pa.place.arc", locale)
    d, _, spot = loc.partition("/")
    if spot == "bank":
        return t("pa.place.bank", locale, district=district(d, locale))
    if spot.startswith("L"):
        return t(
            "pa.place.landmark",
            locale,
            landmark=landmark(spot, locale),
            district=district(d, locale),
        )
    return t("pa.place.building", locale, district=district(d, locale), value=spot)


def tile_name(tile: str, locale: str | None) -> str:
    """A building tile by the space printed on it: 'Montmartre 5'."""
    d, _, value = tile.partition("/")
    return t("pa.place.building", locale, district=district(d, locale), value=value)


# --- tiles


def bonus_effect(n: int, players: int, locale: str | None) -> str:
    """What bonus tile `n` does, in a few words."""
    data = BONUS_TILES.get(n)
    if data is None:
        return "?"
    kind_ = data["kind"]
    params: dict[str, Any] = {}
    key = f"pa.bonus.{kind_}"
    if kind_ == "gain":
        key += "." + (
            "both" if data["francs"] and data["vp"] else "francs" if data["francs"] else "vp"
        )
        params = {"francs": francs(data["francs"], locale), "vp": data["vp"]}
    elif kind_ == "resource":
        params = {"good": good(data["good"], locale)}
    elif kind_ in ("resource_any", "prestige_any"):
        params = {"n": data["count"]}
    elif kind_ == "per_building":
        params = {"value": data["value"], "vp": data["vp"]}
    elif kind_ == "buy_key":
        params = {"price": francs(data["price"], locale)}
    elif kind_ in ("per_unused_bonus", "per_prestige_pair", "per_resource_pair"):
        table = data["vp"]
        params = {"vp": table.get(players, table[max(table)])}
    elif kind_ == "step_back":
        params = {"n": data["max_back"]}
    elif kind_ in ("vp_per_franc", "per_landmark"):
        params = {"vp": data["vp"]}
    elif kind_ == "distinct_kinds":
        params = {
            "kinds": "/".join(str(k) for k in data["vp"]),
            "vps": "/".join(str(v) for v in data["vp"].values()),
        }
    return t(key, locale, **params)


def bonus(n: int, players: int, locale: str | None) -> str:
    """'bonus tile 18 (5 VP per 4 you own)'."""
    return t("pa.bonus_tile", locale, n=n, effect=bonus_effect(n, players, locale))


def end_game_effect(tile: str, locale: str | None) -> str:
    data = END_GAME_TILES.get(tile)
    if data is None:
        return "?"
    if data["kind"] == "vp":
        return vp(data["vp"], locale)
    if data["kind"] == "francs":
        return francs(data["francs"], locale)
    return t("pa.egt.good", locale, good=good(data["good"], locale))


def end_game(tile: str, locale: str | None) -> str:
    """'end-game tile E3 (5 VP)'."""
    return t("pa.egt_tile", locale, tile=tile, effect=end_game_effect(tile, locale))


def vp_tile(tile: str) -> str:
    """'20/10/5'."""
    points = VP_POINTS.get(tile)
    return "/".join(str(p) for p in points) if points else tile


def district_sums(view: ParisView, d: int) -> dict[int, int]:
    """seat -> the sum of the values under its keys in district `d` (a ParisView's), what
    its VP tile ranks: «Игроки складывают стоимость зданий и достопримечательностей, на
    которых лежат их ключи» (a building under two of a seat's keys counts twice)."""
    dv = view.districts[d]
    sums: dict[int, int] = {}
    for s in dv.spaces:
        for k in s.keys:
            sums[k] = sums.get(k, 0) + s.value
    for lm in view.landmarks:
        if lm.district == dv.id:
            for k in lm.keys:
                sums[k] = sums.get(k, 0) + lm.cost
    return sums

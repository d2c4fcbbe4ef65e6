"""Paris on Discord: the table's status and the screen as text, what the picture rings for a
move, and the lobby's setup variants. The turn's choices are in `steps.py`.

The recaps and the result are in `recap.py`, the picture in `render.py`; Paris's words
(goods, places, tiles, seats) in `terms.py`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.games.contract import GameAdapter
from bot.games.paris.terms import (
    SCREEN_MARK,
    SEAT_MARK,
    bonus,
    district,
    end_game,
    francs,
    good,
    goods_text,
    place,
    seat_name,
    t,
    tile_name,
    vp_tile,
)
from games.core.contract import Event
from games.paris.views import ParisView, ScreenView

# The lobby: the rulebook's two setup variants, combinable.
SETUP_VARIANTS = {
    "random_setup": ("setup", "random", "standard"),
    "ignore_districts": ("ignore_districts", True, False),
}


class ParisAdapter(GameAdapter[ParisView]):
    key = "paris"
    catalogue = "pa"
    private_label = "pa.button.screen"
    shortcuts = ("trade", "use")
    own_picture_steps = ("trade",)  # the trader sees the goods behind its screen
    house_rules = SETUP_VARIANTS

    # --- what the picture rings

    def highlight(self, action: BaseModel) -> set[str]:
        """What a move touches, for the preview picture (see render.py for the ids)."""
        a: Any = action
        kind_ = a.type
        if kind_ == "place_key":
            return {"arc"} if a.to == "arc" else {f"bank:{a.to.partition('/')[0]}"}
        if kind_ == "move_key":
            return {f"loc:{a.to}", f"from:{a.from_}"}
        if kind_ == "take_bonus":
            return {f"track:{a.space}"}
        if kind_ == "use_bonus" and a.space is not None:
            return {f"track:{a.space}"}
        if kind_ == "place_vp_tile":
            return {f"vp:{a.district}"}
        if kind_ == "place_building":
            return {f"district:{a.district}"}
        if kind_ in ("buy", "sell"):
            return {"supply"}
        return set()

    def rings(self, event: Event) -> Iterable[str]:
        """The building tile placed, the key placed or moved (and where it came from), the
        bonus-track space, the VP tile."""
        p = event.params
        kind_ = event.kind
        if kind_ == "tile_placed":
            return {f"loc:{p['space']}"}
        if kind_ == "key_placed":
            return {"arc" if p["to"] == "arc" else f"bank:{p['to'].partition('/')[0]}"}
        if kind_ == "key_moved":
            return {f"loc:{p['to']}", f"from:{p['from']}"}
        if kind_ == "bonus_taken":
            return {f"track:{p['space']}"}
        if kind_ == "vp_tile_placed":
            return {f"vp:{p['district']}"}
        return ()

    # --- the table

    def scores(self, view: ParisView) -> list[int]:
        """Each seat's victory points, in seat order."""
        return [p.vp for p in sorted(view.table, key=lambda p: p.seat)]

    def status_lines(self, view: ParisView, names: list[str], locale: str | None) -> list[str]:
        v = view
        lines = [waiting_line(v, names, locale)]
        if v.final_turns is not None and v.phase != "over":
            key = "pa.status.final" if v.final_turns else "pa.status.last_turn"
            lines.append(t(key, locale, n=v.final_turns))
        for p in v.table:
            lines.append(
                t(
                    "pa.status.player",
                    locale,
                    mark=SEAT_MARK[p.seat],
                    name=seat_name(p.seat, names),
                    vp=p.vp,
                    keys=t("pa.status.keys", locale, n=p.keys_behind_screen),
                    reserve=p.reserve_keys,
                    tiles=t("pa.status.tiles", locale, n=p.bonus_tiles_held),
                    egt=t("pa.status.egt", locale, n=p.end_game_tiles_held),
                    meeple=p.meeple,
                )
            )
        stacks = " · ".join(
            t("pa.status.stack", locale, n=s.size, district=district(s.top_district, locale))
            if s.top_district is not None  # a stack with tiles: its top tile's back
            else t("pa.status.stack_empty", locale)
            for s in v.stacks
        )
        lines.append(
            t(
                "pa.status.stacks",
                locale,
                stacks=stacks,
                egt=t("pa.status.egt_stack", locale, n=v.end_game_stack),
            )
        )
        placed = [
            t(
                "pa.status.vp_placed",
                locale,
                district=district(d.id, locale),
                tile=vp_tile(d.vp_tile),
            )
            for d in v.districts
            if d.vp_tile
        ]
        free = ", ".join(vp_tile(tid) for tid in v.vp_tiles) or "—"
        lines.append(t("pa.status.vp_tiles", locale, free=free, placed=", ".join(placed) or "—"))
        supply = " · ".join(f"{good(g, locale)} {n}" for g, n in v.resource_supply.items())
        lines.append(t("pa.status.supply", locale, supply=supply))
        return lines

    def private_text(self, view: ParisView, names: list[str], locale: str | None) -> str:
        v = view
        if v.screen is None or v.seat is None:
            return t("pa.private.none", locale)
        me = v.table[v.seat]
        lines = [
            screen_line(v.screen, locale),
            t("pa.private.keys", locale, n=me.keys_behind_screen, reserve=me.reserve_keys),
        ]
        players = v.players
        if v.screen.bonus_tiles:
            tiles = "; ".join(
                bonus(n, players, locale)
                + (t("pa.private.half", locale) if n in v.screen.half_used else "")
                for n in v.screen.bonus_tiles
            )
            lines.append(t("pa.private.bonus", locale, n=len(v.screen.bonus_tiles), tiles=tiles))
        if v.screen.end_game_tiles:
            tiles = "; ".join(end_game(e, locale) for e in v.screen.end_game_tiles)
            lines.append(t("pa.private.egt", locale, n=len(v.screen.end_game_tiles), tiles=tiles))
        if v.browsing:
            tiles = "; ".join(end_game(e, locale) for e in v.browsing)
            lines.append(t("pa.private.browsing", locale, n=len(v.browsing), tiles=tiles))
        if v.phase != "over" and v.turn == v.seat:
            lines.append(t("pa.private.your_turn", locale))
        else:
            lines.append(t("pa.private.hint", locale))
        return "\n".join(lines)


# --- text helpers


def screen_line(screen: ScreenView, locale: str | None) -> str:
    """The first line of a seat's screen, as only its owner may read it."""
    return t(
        "pa.private.screen",
        locale,
        mark=SCREEN_MARK,
        francs=francs(screen.francs, locale),
        goods=goods_text(screen.goods, locale),
    )


def waiting_line(v: ParisView, names: list[str], locale: str | None) -> str:
    """Whose turn, and which decision the match waits for."""
    if v.turn is None:  # the match is over
        return t("pa.status.over", locale)
    name = seat_name(v.turn, names)
    doing = t(f"pa.doing.{v.phase}", locale)
    if v.phase == "place" and v.drawn_tile:
        doing = t("pa.doing.place_tile", locale, tile=tile_name(v.drawn_tile, locale))
    elif v.purchase and v.phase in ("pay", "bonus", "prestige", "vp_tile"):
        doing += t("pa.doing.buying", locale, place=place(v.purchase, locale))
    return t(
        "pa.status.turn", locale, round=v.round, mark=SEAT_MARK[v.turn], name=name, doing=doing
    )

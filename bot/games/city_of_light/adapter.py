"""City of Light on Discord: the table's status and the hand as text, what the picture rings
for a move, and the lobby's choice of postcards. The turn's choices are in `steps.py`.

The recaps and the result are in `recap.py`, the picture in `render.py`; the board's words
(cells, squares, tiles and shapes as emoji rows) in `terms.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from bot.games.city_of_light.terms import (
    SEAT_EMOJI,
    building_cells,
    piece_cells,
    seat_name,
    tile_rows,
)
from bot.games.contract import GameAdapter, LobbyChoice
from bot.i18n import t
from games.city_of_light.data import COLOURS, POSTCARD_NAMES, POSTCARDS, POSTCARDS_IN_PLAY
from games.city_of_light.views import CityOfLightView
from games.core.contract import Event


def _chosen(options: Mapping[str, Any]) -> list[str]:
    """The postcards the host picked, if the match plays chosen ones."""
    if options.get("postcards") != "chosen":
        return []
    return list(options.get("chosen_postcards") or [])


# The host picks the 8 postcards of the match (the engine's `postcards: "chosen"`).
POSTCARD_CHOICE = LobbyChoice(
    name="postcards",
    placeholder="col.lobby.postcards",
    summary="col.lobby.postcards_chosen",
    options=tuple((card, POSTCARD_NAMES[card]) for card in POSTCARDS),
    min_values=POSTCARDS_IN_PLAY,
    max_values=POSTCARDS_IN_PLAY,
    to_options=lambda values: {"postcards": "chosen", "chosen_postcards": values},
    current=_chosen,
)


class CityOfLightAdapter(GameAdapter[CityOfLightView]):
    key = "city-of-light"
    catalogue = "col"
    private_label = "col.button.tiles"
    lobby_choices = (POSTCARD_CHOICE,)

    # --- what the picture rings

    def highlight(self, action: BaseModel) -> set[str]:
        """Cells ("x,y") the action covers, for the preview picture."""
        a: Any = action
        cells: list[tuple[int, int]] = []
        if a.type == "place_tile":
            cells = [(2 * a.tx + dx, 2 * a.ty + dy) for dx in (0, 1) for dy in (0, 1)]
        elif a.type == "build":
            cells = building_cells(a.building, a.rotation, a.x, a.y)
        elif a.type == "activate" and not a.decline and a.x is not None:
            if a.card == "levitation":
                cells = building_cells(a.building, a.rotation, a.x, a.y)
            else:
                cells = piece_cells(a.card, a.rotation, a.x, a.y)
        return {f"{x},{y}" for x, y in cells}

    def rings(self, event: Event) -> Iterable[str]:
        """The cells of the tile, building or postcard piece a move placed, the postcard it
        used, the building it took into a reserve."""
        p = event.params
        out: set[str] = set()
        cells: list[tuple[int, int]] = []
        if event.kind == "tile_placed":
            cells = [(2 * p["tx"] + dx, 2 * p["ty"] + dy) for dx in (0, 1) for dy in (0, 1)]
        elif event.kind == "building_placed":
            cells = [(x, y) for x, y in p["cells"]]
        elif event.kind == "building_taken":
            out.add(f"take:{p['building']}")
        elif event.kind == "postcard_activated":
            out.add(f"card:{p['card']}")
            if p["card"] == "levitation" and "building" in p:
                cells = building_cells(p["building"], p["rotation"], p["x"], p["y"])
            elif "x" in p:
                cells = piece_cells(p["card"], p.get("rotation"), p["x"], p["y"])
        return out | {f"{x},{y}" for x, y in cells}

    # --- the table

    def status_lines(
        self, view: CityOfLightView, names: list[str], locale: str | None
    ) -> list[str]:
        v = view
        lines = [t(f"col.status.phase.{v.phase}", locale)]
        for p in v.seats:
            reserve = ", ".join(t(f"col.b.{b}", locale) for b in p.reserve) or "—"
            key = "col.status.player1" if v.phase == "tiles" else "col.status.player2"
            lines.append(
                t(
                    key,
                    locale,
                    name=seat_name(p.seat, names),
                    stack=t("col.count.stack", locale, n=p.stack_size),
                    hand=t("col.count.hand", locale, n=p.hand_size),
                    reserve=reserve,
                    tokens=t("col.count.tokens", locale, n=p.tokens_left),
                )
            )
        supply = ", ".join(t(f"col.b.{b}", locale) for b in v.supply) or "—"
        lines.append(t("col.status.supply", locale, supply=supply))
        for card in v.postcards:
            if card.pending and card.token is not None:  # a pending card bears its token
                lines.append(
                    t(
                        "col.status.pending",
                        locale,
                        card=card.name,
                        name=seat_name(card.token, names),
                    )
                )
        if v.to_act:
            lines.append(t("col.status.to_act", locale, name=seat_name(v.to_act[0], names)))
        return lines

    def private_text(self, view: CityOfLightView, names: list[str], locale: str | None) -> str:
        v = view
        seat = v.seat
        assert seat is not None  # a seat's own view: its hand
        me = v.seats[seat]
        head = t(
            "col.private.colour",
            locale,
            colour=SEAT_EMOJI[seat],
            name=t(f"col.colour.{COLOURS[seat]}", locale),
        )
        if not v.hand:
            return head + "\n" + t("col.private.no_tiles", locale)
        parts = [head, t("col.private.hand", locale, n=len(v.hand))]
        for tile in v.hand:
            rows = tile_rows(seat, tile, 0)
            parts.append(t("col.private.tile", locale, tile=tile) + "\n" + "\n".join(rows))
        parts.append(t("col.private.stack", locale, n=me.stack_size))
        return "\n".join(parts)

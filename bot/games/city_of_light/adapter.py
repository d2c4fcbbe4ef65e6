"""City of Light on Discord: turn choices in small steps, recaps, status and the hand, as text.

Why steps: a phase 2 position can have several hundred legal actions (Levitation alone often
has 200), far beyond a select's 25 options. Each action becomes a short path — what to do,
then which piece, how it is turned, where it goes — and a position with more than 25 cells
is split into "top row" then "cells". Codes are short so a whole path fits a custom_id.

Cells are named like a chess board seen from above: columns A–H left to right, rows 1–8 top
to bottom (the table picture prints the same letters and numbers).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from bot.games.city_of_light import recap
from bot.games.city_of_light.cells import (
    SEAT_EMOJI,
    building_cells,
    building_label,
    cell_name,
    cells_text,
    piece_cells,
    seat_name,
    shape_rows,
    square_name,
    tile_rows,
)
from bot.games.contract import OPTIONS_PER_STEP, GameAdapter, LobbyChoice, MoveOption, Step
from bot.i18n import t
from games.city_of_light.data import (
    COLOURS,
    FACINGS,
    POSTCARD_NAMES,
    POSTCARDS,
    POSTCARDS_IN_PLAY,
)
from games.core.contract import Event, Result

# Short codes of the postcards in custom_ids (a path must fit in 100 characters).
CARD_CODE = {
    "levitation": "lev",
    "metropolitain": "met",
    "jardin_des_plantes": "jdp",
    "sacre_coeur": "sac",
    "le_peintre": "pei",
    "chartier": "cha",
    "bouquinistes": "bou",
    "lampadaire": "lam",
    "moulin_rouge": "mou",
    "fontaine_des_mers": "fon",
    "le_penseur": "pen",
    "grande_lumiere": "gra",
}
CODE_CARD = {code: card for card, code in CARD_CODE.items()}
# The German one-cell fountain (`fountain_cells: 1`) goes straight to its cell: its own code,
# so the prompt after it asks for a cell, not an orientation.
ONE_CELL_FOUNTAIN = "fo1"
CODE_CARD[ONE_CELL_FOUNTAIN] = "fontaine_des_mers"
# What the select after a card's code asks for.
CARD_PROMPT = {
    "levitation": "col.prompt.give",
    "jardin_des_plantes": "col.prompt.orientation",
    "fontaine_des_mers": "col.prompt.orientation",
    "le_peintre": "col.prompt.cell",
    "lampadaire": "col.prompt.cell",
    "moulin_rouge": "col.prompt.cell",
    "le_penseur": "col.prompt.cell",
    "grande_lumiere": "col.prompt.cell",
    "bouquinistes": "col.prompt.extend",
}
DECLINE = "no"


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


class CityOfLightAdapter(GameAdapter):
    key = "city-of-light"
    command = "city-of-light"
    private_label = "col.button.tiles"
    lobby_choices = (POSTCARD_CHOICE,)

    # --- the turn panel

    def moves(
        self, view: BaseModel, actions: Sequence[BaseModel], names: list[str], locale: str | None
    ) -> list[MoveOption]:
        paths = [self._path(view, a, locale) for a in actions]
        # Positions: one step while it fits a select, else "top row" then the cells.
        groups: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for i, (head, place) in enumerate(paths):
            if place is not None:
                groups[tuple(s.code for s in head)].append(i)
        out: list[list[Step]] = [list(head) for head, _ in paths]
        for prefix, members in groups.items():
            siblings = {
                p[len(prefix)].code
                for p, _ in paths
                if len(p) > len(prefix) and tuple(s.code for s in p[: len(prefix)]) == prefix
            }
            split = len(members) + len(siblings) > OPTIONS_PER_STEP
            for i in members:
                x, y, label = paths[i][1]
                if split:
                    out[i].append(Step(f"y{y}", t("col.step.row", locale, row=y + 1)))
                out[i].append(Step(f"@{x}{y}", label))
        return [MoveOption.fitted(i, steps) for i, steps in enumerate(out)]

    def _path(self, view: Any, a: Any, locale: str | None) -> tuple[list[Step], Any]:
        """The steps of an action before its position, and the position (x, y, label)."""
        seat = view.seat
        if a.type == "pass":
            return [Step("pass", t("col.step.pass", locale))], None
        if a.type == "take_building":
            return [
                Step("take", t("col.step.take", locale)),
                Step(
                    f"b{a.building}",
                    t(
                        "col.step.take_building",
                        locale,
                        building=building_label(a.building, locale),
                        rows=" / ".join(shape_rows(a.building, 0)),
                    ),
                ),
            ], None
        if a.type == "place_tile":
            rows = " / ".join(tile_rows(seat, a.tile, a.rotation))
            return [
                Step(
                    f"t{a.tile}",
                    t(
                        "col.step.tile",
                        locale,
                        tile=a.tile,
                        rows=" / ".join(tile_rows(seat, a.tile, 0)),
                    ),
                ),
                Step(
                    f"s{a.tx}{a.ty}", t("col.step.square", locale, square=square_name(a.tx, a.ty))
                ),
                Step(
                    f"r{a.rotation}",
                    t("col.step.turned", locale, degrees=90 * a.rotation, rows=rows),
                ),
            ], None
        if a.type == "build":
            head = [
                Step(
                    f"b{a.building}",
                    t("col.step.build", locale, building=building_label(a.building, locale)),
                )
            ]
            steps, place = self._placed(view, a.building, a.rotation, a.x, a.y, locale)
            return head + steps, place
        card = a.card
        one_cell = card == "fontaine_des_mers" and view.fountain_cells_option == 1
        code = ONE_CELL_FOUNTAIN if one_cell else CARD_CODE[card]
        head = [
            Step(
                code,
                t(
                    "col.step.card",
                    locale,
                    name=POSTCARD_NAMES[card],
                    hint=t(f"col.hint.{card}", locale),
                ),
            )
        ]
        if a.decline:
            return head + [Step(DECLINE, t("col.step.decline", locale))], None
        if card == "levitation":
            head += [
                Step(
                    f"g{a.give}",
                    t("col.step.give", locale, building=building_label(a.give, locale)),
                ),
                Step(
                    f"b{a.building}",
                    t("col.step.take_back", locale, building=building_label(a.building, locale)),
                ),
            ]
            steps, place = self._placed(view, a.building, a.rotation, a.x, a.y, locale)
            return head + steps, place
        if card in ("jardin_des_plantes", "fontaine_des_mers"):
            if not one_cell:
                key = "col.step.vertical" if a.rotation else "col.step.horizontal"
                head.append(Step(f"r{a.rotation}", t(key, locale)))
            cells = piece_cells(card, a.rotation, a.x, a.y)
            return head, (a.x, a.y, self._cells_label(view, cells, locale))
        if card == "bouquinistes":
            head.append(
                Step(
                    f"b{a.building}",
                    t("col.step.extend", locale, building=building_label(a.building, locale)),
                )
            )
            return head, (a.x, a.y, t("col.step.at", locale, cell=cell_name(a.x, a.y)))
        if card == "le_penseur":
            # The cell first, then the facing: the cell is the position step here.
            dx, dy = FACINGS[a.facing]
            head.append(Step(f"@{a.x}{a.y}", t("col.step.at", locale, cell=cell_name(a.x, a.y))))
            head.append(
                Step(
                    f"f{a.facing}",
                    t(
                        "col.step.facing",
                        locale,
                        direction=t(f"col.dir.{a.facing}", locale),
                        cell=cell_name(a.x + dx, a.y + dy),
                    ),
                )
            )
            return head, None
        if card in ("le_peintre", "lampadaire", "moulin_rouge", "grande_lumiere"):
            return head, (a.x, a.y, t("col.step.at", locale, cell=cell_name(a.x, a.y)))
        return head, None  # metropolitain, sacre_coeur, chartier: nothing to choose

    def _placed(
        self, view: Any, key: str, rotation: int, x: int, y: int, locale: str | None
    ) -> tuple[list[Step], Any]:
        rows = " / ".join(shape_rows(key, rotation))
        step = Step(f"r{rotation}", t("col.step.turned", locale, degrees=90 * rotation, rows=rows))
        label = self._cells_label(view, building_cells(key, rotation, x, y), locale)
        return [step], (x, y, label)

    def _cells_label(self, view: Any, cells: list[tuple[int, int]], locale: str | None) -> str:
        """'on C5 D5 E5', naming the exception a placement uses (a light, a rival cell)."""
        label = t("col.step.on", locale, cells=cells_text(cells))
        kinds = {view.cells[y][x] for x, y in cells}
        if "light" in kinds:
            label += " " + t("col.step.uses_metro", locale)
        elif view.seat is not None and COLOURS[1 - view.seat] in kinds:
            label += " " + t("col.step.uses_chartier", locale)
        return label

    def step_prompt(self, prefix: tuple[str, ...], locale: str | None) -> str:
        if not prefix:
            return t("col.prompt.first", locale)
        first, last = prefix[0], prefix[-1]
        if first == "take":
            return t("col.prompt.take", locale)
        if first.startswith("t"):
            return t("col.prompt.square" if len(prefix) == 1 else "col.prompt.rotation", locale)
        if last.startswith("y"):
            return t("col.prompt.cells", locale)
        if last.startswith("r"):
            return t("col.prompt.where", locale)
        if first == ONE_CELL_FOUNTAIN:
            return t("col.prompt.cell", locale)
        card = CODE_CARD.get(first)
        if card == "levitation":
            return t("col.prompt.take_back" if len(prefix) == 2 else "col.prompt.rotation", locale)
        if card == "le_penseur" and len(prefix) == 2:
            return t("col.prompt.facing", locale)
        if card == "bouquinistes" and len(prefix) == 2:
            return t("col.prompt.annex_cell", locale)
        if card is not None:
            return t(CARD_PROMPT.get(card, "col.prompt.first"), locale)
        return t("col.prompt.rotation", locale)  # a building from the reserve

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

    def last_move(self, events: Sequence[Event]) -> set[str]:
        """Picture highlight ids (see `render`) for a move's public events: the cells of the
        tile, building or postcard piece it placed, the postcard it used, the building it
        took into a reserve."""
        out: set[str] = set()
        for event in events:
            if event.to is not None:
                continue
            p = event.params
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
            out.update(f"{x},{y}" for x, y in cells)
        return out

    # --- pictures and text

    def render(
        self, view: BaseModel, names: list[str], *, highlight: Collection[str] = ()
    ) -> bytes:
        from bot.games.city_of_light.render import render_table

        return render_table(view, names, highlight=highlight)  # type: ignore[arg-type]  # the game's own view model, by contract

    def status_lines(self, view: BaseModel, names: list[str], locale: str | None) -> list[str]:
        v: Any = view
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
            if card.pending:
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

    def private_text(self, view: BaseModel, names: list[str], locale: str | None) -> str:
        v: Any = view
        seat = v.seat
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

    def describe(self, event: Event, names: list[str], locale: str | None) -> str | None:
        return recap.describe(event, names, locale)

    def result_lines(self, result: Result, names: list[str], locale: str | None) -> list[str]:
        return recap.result_lines(result, names, locale)

    def rules(self, locale: str | None) -> str:
        return t("col.rules", locale)

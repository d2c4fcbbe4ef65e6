"""The City of Light turn in small steps: every legal action as a path of choices.

Why steps: a phase 2 position can have several hundred legal actions (Levitation alone often
has 200), far beyond a select's 25 options. Each action becomes a short path — what to do,
then which piece, how it is turned, where it goes — and a position with more than 25 cells
is split into "top row" then "cells". Codes are short so a whole path fits a custom_id.

Cells are named like a chess board seen from above: columns A–H left to right, rows 1–8 top
to bottom (the table picture prints the same letters and numbers).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from bot.games.city_of_light.terms import (
    building_cells,
    building_label,
    cell_name,
    cells_text,
    piece_cells,
    shape_rows,
    square_name,
    tile_rows,
)
from bot.games.contract import OPTION_LABEL, OPTIONS_PER_STEP, Step
from bot.i18n import t
from games.city_of_light.data import COLOURS, FACINGS, POSTCARD_NAMES
from games.city_of_light.views import CityOfLightView

# A piece's anchor (x, y), the label of that choice, and the cell its tag goes on in the
# panel's picture (the first it covers: each anchor's is another, as the shape is fixed).
Position = tuple[int, int, str, tuple[int, int]]

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


def paths(
    view: CityOfLightView, actions: Sequence[Any], names: list[str], locale: str | None
) -> list[list[Step]]:
    """The path of each action, in `actions` order."""
    found = [_path(view, a, locale) for a in actions]
    # Positions: one step while it fits a select, else "top row" then the cells.
    groups: dict[tuple[str, ...], list[tuple[int, Position]]] = defaultdict(list)
    for i, (head, place) in enumerate(found):
        if place is not None:
            groups[tuple(s.code for s in head)].append((i, place))
    out: list[list[Step]] = [list(head) for head, _ in found]
    for prefix, members in groups.items():
        siblings = {
            p[len(prefix)].code
            for p, _ in found
            if len(p) > len(prefix) and tuple(s.code for s in p[: len(prefix)]) == prefix
        }
        split = len(members) + len(siblings) > OPTIONS_PER_STEP
        for i, (x, y, label, cell) in members:
            if split:
                out[i].append(Step(f"y{y}", t("col.step.row", locale, row=y + 1), _row(y)))
            out[i].append(Step(f"@{x}{y}", label[:OPTION_LABEL], _place(*cell)))
    return out


def _path(view: CityOfLightView, a: Any, locale: str | None) -> tuple[list[Step], Position | None]:
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
        assert seat is not None  # a tile is placed from a seat's own hand
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
                f"s{a.tx}{a.ty}",
                t("col.step.square", locale, square=square_name(a.tx, a.ty)),
                _place(2 * a.tx, 2 * a.ty),
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
        steps, place = _placed(view, a.building, a.rotation, a.x, a.y, locale)
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
        steps, place = _placed(view, a.building, a.rotation, a.x, a.y, locale)
        return head + steps, place
    if card in ("jardin_des_plantes", "fontaine_des_mers"):
        if not one_cell:
            key = "col.step.vertical" if a.rotation else "col.step.horizontal"
            head.append(Step(f"r{a.rotation}", t(key, locale)))
        cells = piece_cells(card, a.rotation, a.x, a.y)
        return head, (a.x, a.y, _cells_label(view, cells, locale), _first(cells))
    if card == "bouquinistes":
        head.append(
            Step(
                f"b{a.building}",
                t("col.step.extend", locale, building=building_label(a.building, locale)),
            )
        )
        return head, (a.x, a.y, t("col.step.at", locale, cell=cell_name(a.x, a.y)), (a.x, a.y))
    if card == "le_penseur":
        # The cell first, then the facing: the cell is the position step here.
        dx, dy = FACINGS[a.facing]
        head.append(
            Step(
                f"@{a.x}{a.y}",
                t("col.step.at", locale, cell=cell_name(a.x, a.y)),
                _place(a.x, a.y),
            )
        )
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
        return head, (a.x, a.y, t("col.step.at", locale, cell=cell_name(a.x, a.y)), (a.x, a.y))
    return head, None  # metropolitain, sacre_coeur, chartier: nothing to choose


def _placed(
    view: CityOfLightView, key: str, rotation: int, x: int, y: int, locale: str | None
) -> tuple[list[Step], Position | None]:
    rows = " / ".join(shape_rows(key, rotation))
    step = Step(f"r{rotation}", t("col.step.turned", locale, degrees=90 * rotation, rows=rows))
    cells = building_cells(key, rotation, x, y)
    return [step], (x, y, _cells_label(view, cells, locale), _first(cells))


def _first(cells: list[tuple[int, int]]) -> tuple[int, int]:
    """The cell a placement's tag goes on: its top-left one, reading row by row."""
    return min(cells, key=lambda cell: (cell[1], cell[0]))


def _place(x: int, y: int) -> str:
    """The highlight id of cell (x, y), as `render` reads it."""
    return f"{x},{y}"


def _row(y: int) -> str:
    """The highlight id of row y, as `render` reads it: the "top row" step's place."""
    return f"row:{y}"


def _cells_label(view: CityOfLightView, cells: list[tuple[int, int]], locale: str | None) -> str:
    """'on C5 D5 E5', naming the exception a placement uses (a light, a rival cell)."""
    label = t("col.step.on", locale, cells=cells_text(cells))
    kinds = {view.cells[y][x] for x, y in cells}
    if "light" in kinds:
        label += " " + t("col.step.uses_metro", locale)
    elif view.seat is not None and COLOURS[1 - view.seat] in kinds:
        label += " " + t("col.step.uses_chartier", locale)
    return label


def prompt_key(prefix: tuple[str, ...]) -> str:
    """The catalogue key of the select that follows `prefix`."""
    if not prefix:
        return "col.prompt.first"
    first, last = prefix[0], prefix[-1]
    if first == "take":
        return "col.prompt.take"
    if first.startswith("t"):
        return "col.prompt.square" if len(prefix) == 1 else "col.prompt.rotation"
    if last.startswith("y"):
        return "col.prompt.cells"
    if last.startswith("r"):
        return "col.prompt.where"
    if first == ONE_CELL_FOUNTAIN:
        return "col.prompt.cell"
    card = CODE_CARD.get(first)
    if card == "levitation":
        return "col.prompt.take_back" if len(prefix) == 2 else "col.prompt.rotation"
    if card == "le_penseur" and len(prefix) == 2:
        return "col.prompt.facing"
    if card == "bouquinistes" and len(prefix) == 2:
        return "col.prompt.annex_cell"
    if card is not None:
        return CARD_PROMPT.get(card, "col.prompt.first")
    return "col.prompt.rotation"  # a building from the reserve

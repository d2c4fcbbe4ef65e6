"""The Moscow–Paris turn in small steps: every legal action as a path of choices.

Steps: what to do (a wagon to a line, a wagon to the tableau, one taken back, an action
card), then which card, then where (a line and its end) or what the card aims at (a column of
wagons, a city, a direction). A step that asks where names the place on the picture
(`Step.place`: a place in a line, a city card, a tableau wagon, a player's panel, the
wagons a column card discards; see `render.py`), so the turn panel tags it there as on the
choice's button. The later steps of a card have their own first steps: the two wagons of a
swap (a line or a tableau, then the wagon), one link of the chain exchange (the wagon given,
then the wagon taken: decided by whichever player the chain waits for, out of turn), the
claim step (a city, or end the turn).

A step never offers more than 25 choices. The widest is a column card under the `any_rows`
option: a line holds at most 4 wagons, so at most 4 places hold a wagon in all 4 rows, which
makes 4 × C(4, 2) = 24 ways plus "without effect". Should a card ever offer more, it is
chosen in two steps, "which place" then "which rows". Labels stay within 80 characters (a
button's limit; an option holds 100). Codes are short and free of `/:~` and spaces, so a
whole path fits a custom_id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.contract import OPTIONS_PER_STEP, Step, fitted
from bot.games.moscow_paris.recap import side_slot
from bot.games.moscow_paris.terms import (
    ACTION_NUMBER,
    action,
    city_view_name,
    seat_name,
    t,
    wagon,
    wagon_list,
)
from games.moscow_paris.actions import PlayCard
from games.moscow_paris.views import MoscowParisView, RowView

CARD_CODE = {name: f"c{n}" for name, n in ACTION_NUMBER.items()}
CODE_CARD = {code: name for name, code in CARD_CODE.items()}
COLUMN_CARDS = ("discard_column2", "discard_column3")
DIRECTION_STEP = {"left": 1, "right": -1}
PHASE_PROMPT = {
    "line": ("mp.prompt.wagon_line", "mp.prompt.where"),
    "tab": ("mp.prompt.wagon_tableau",),
    "back": ("mp.prompt.wagon_back",),
}
CARD_PROMPT = {
    "swap_two": "mp.prompt.swap",
    "discard_column2": "mp.prompt.column",
    "discard_column3": "mp.prompt.column",
    "chain_exchange": "mp.prompt.direction",
    "discard_city": "mp.prompt.city",
}


def paths(
    view: MoscowParisView, actions: Sequence[Any], names: list[str], locale: str | None
) -> list[list[Step]]:
    """The path of each action, in `actions` order."""
    # A column card with more targets than a select holds is chosen in two steps.
    wide = set()
    for name in COLUMN_CARDS:
        targets = sum(
            1 for a in actions if isinstance(a, PlayCard) and a.card == name and not a.decline
        )
        if targets + 1 > OPTIONS_PER_STEP:
            wide.add(name)
    return [fitted(_path(view, a, names, locale, wide)) for a in actions]


def _path(
    v: MoscowParisView, a: Any, names: list[str], locale: str | None, wide: set[str]
) -> list[Step]:
    kind = a.type
    if kind == "to_line":
        row = v.rows[a.row]
        where = t(
            "mp.step.line_end",
            locale,
            city=city_view_name(row.city, locale, markdown=False),
            side=t(f"mp.side.{a.side}", locale),
            wagons=len(row.left) + len(row.right),
            n=row.city.limit,
        )
        slot = len(row.left if a.side == "left" else row.right) + 1
        return [
            Step("line", t("mp.step.to_line", locale)),
            Step(a.wagon, wagon(a.wagon, locale)),
            Step(f"{a.row}{a.side[0]}", where, f"w:{a.row}:{a.side}:{slot}"),
        ]
    if kind == "to_tableau":
        return [
            Step("tab", t("mp.step.to_tableau", locale)),
            Step(a.wagon, wagon(a.wagon, locale)),
        ]
    if kind == "take_back":
        return [
            Step("back", t("mp.step.take_back", locale)),
            Step(a.wagon, wagon(a.wagon, locale), f"seat:{v.turn}:{a.wagon}"),
        ]
    if kind == "play_card":
        return _card_path(v, a, names, locale, wide)
    if kind == "swap_pick":
        return _swap_path(v, a, names, locale)
    if kind == "exchange":
        decider, other = (v.pending.decider, v.pending.partner) if v.pending else (None, None)
        partner = seat_name(other, names)
        return [
            Step(
                f"g.{a.give}",
                t("mp.step.give", locale, wagon=wagon(a.give, locale), name=partner),
                f"seat:{decider}:{a.give}",
            ),
            Step(
                f"t.{a.take}",
                t("mp.step.take", locale, wagon=wagon(a.take, locale), name=partner),
                f"seat:{other}:{a.take}",
            ),
        ]
    if kind == "decline":
        key = "mp.step.chain_stop" if v.phase == "chain" else "mp.step.swap_decline"
        return [Step("no", t(key, locale))]
    if kind == "claim":
        row = v.rows[a.row]
        return [Step(f"claim{a.row}", _line("mp.step.claim", row, locale), f"row:{a.row}")]
    return [Step("end", t("mp.step.end_turn", locale))]  # end_turn


def _card_path(
    v: MoscowParisView, a: Any, names: list[str], locale: str | None, wide: set[str]
) -> list[Step]:
    head = [
        Step("card", t("mp.step.play_card", locale)),
        Step(
            CARD_CODE[a.card],
            t(
                "mp.step.card",
                locale,
                card=action(a.card, locale),
                hint=t(f"mp.hint.{a.card}", locale),
            ),
        ),
    ]
    if a.decline:
        return head + [Step("no", t("mp.step.decline", locale))]
    if a.card == "swap_two":
        return head + [Step("go", t("mp.step.swap_go", locale))]
    if a.card == "discard_city":
        label = _line("mp.step.discard_city", v.rows[a.row], locale)
        return head + [Step(f"r{a.row}", label, f"row:{a.row}")]
    if a.card == "chain_exchange":
        n = v.players
        partner = (v.turn + DIRECTION_STEP[a.direction]) % n
        then = (partner + DIRECTION_STEP[a.direction]) % n
        key = "mp.step.chain_two" if n == 2 else "mp.step.chain"
        return head + [
            Step(
                a.direction,
                t(
                    key,
                    locale,
                    name=seat_name(partner, names),
                    then=seat_name(then, names),
                    direction=t(f"mp.dir.{a.direction}", locale),
                ),
                f"seat:{partner}",
            )
        ]
    # discard_column2 / discard_column3: named by their lines' cities first, each city
    # being in one row only, so a label cut to fit a button still tells the choices apart.
    place = side_slot(a.side, a.slot, locale)
    lines = [v.rows[r] for r in a.rows]
    which = t(
        "mp.step.column_rows",
        locale,
        cities=", ".join(
            city_view_name(row.city, locale, markdown=False, with_flag=False)
            for row in lines
            if row.city is not None
        ),
        wagons=" · ".join(
            wagon((row.left if a.side == "left" else row.right)[a.slot - 1], locale)
            for row in lines
        ),
    )
    rows = "".join(str(r) for r in a.rows)
    wagons = f"col:{a.side}:{a.slot}:{rows}"  # the wagons it discards, tagged on the picture
    if a.card in wide:
        return head + [Step(f"{a.side[0]}{a.slot}", place), Step(f"r{rows}", which, wagons)]
    label = t("mp.step.column", locale, place=place, rows=which)
    return head + [Step(f"{a.side[0]}{a.slot}-{rows}", label, wagons)]


def _swap_path(v: MoscowParisView, a: Any, names: list[str], locale: str | None) -> list[Step]:
    if a.seat is not None:
        return [
            Step(
                f"seat{a.seat}",
                t(
                    "mp.step.in_front",
                    locale,
                    name=seat_name(a.seat, names),
                    wagons=wagon_list(v.seats[a.seat].tableau, locale),
                ),
                f"seat:{a.seat}",
            ),
            Step(a.wagon, wagon(a.wagon, locale), f"seat:{a.seat}:{a.wagon}"),
        ]
    row = v.rows[a.row]
    side = row.left if a.side == "left" else row.right
    return [
        Step(f"row{a.row}", _line("mp.step.in_line", row, locale), f"row:{a.row}"),
        Step(
            f"{a.side[0]}{a.slot}",
            t(
                "mp.step.spot",
                locale,
                wagon=wagon(side[a.slot - 1], locale),
                place=side_slot(a.side, a.slot, locale),
            ),
            f"w:{a.row}:{a.side}:{a.slot}",
        ),
    ]


def _line(key: str, row: RowView, locale: str | None) -> str:
    """A label naming a line by its city (and the city's points) and its wagons."""
    city = row.city
    assert city is not None  # a line still in play
    wagons = wagon_list(row.left + row.right, locale)
    return t(
        key, locale, city=city_view_name(city, locale, markdown=False), vp=city.vp, wagons=wagons
    )


def prompt_key(prefix: tuple[str, ...]) -> str:
    """The catalogue key of the select that follows `prefix`."""
    if not prefix:
        return "mp.prompt.first"
    first = prefix[0]
    if first in PHASE_PROMPT:
        keys = PHASE_PROMPT[first]
        return keys[min(len(prefix), len(keys)) - 1]
    if first == "card":
        if len(prefix) == 1:
            return "mp.prompt.card"
        name = CODE_CARD.get(prefix[1], "")
        if len(prefix) >= 3 and name in COLUMN_CARDS:
            return "mp.prompt.rows"
        return CARD_PROMPT.get(name, "mp.prompt.first")
    if first.startswith("row"):
        return "mp.prompt.line_wagon"
    if first.startswith("seat"):
        return "mp.prompt.tableau_wagon"
    if first.startswith("g."):
        return "mp.prompt.take"
    return "mp.prompt.first"

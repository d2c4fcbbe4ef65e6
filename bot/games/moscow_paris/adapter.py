"""Moscow–Paris on Discord: turn choices in small steps, recaps, status and the hand, as text.

Steps: what to do (a wagon to a line, a wagon to the tableau, one taken back, an action
card), then which card, then where (a line and its end) or what the card aims at (a column of
wagons, a city, a direction). The later steps of a card have their own first steps: the two
wagons of a swap (a line or a tableau, then the wagon), one link of the chain exchange (the
wagon given, then the wagon taken: decided by whichever player the chain waits for, out of
turn), the claim step (a city, or end the turn).

A step never offers more than 25 choices. The widest is a column card under the `any_rows`
option: a line holds at most 4 wagons, so at most 4 places hold a wagon in all 4 rows, which
makes 4 × C(4, 2) = 24 ways plus "without effect". Should a card ever offer more, it is
chosen in two steps, "which place" then "which rows". Labels stay within 80 characters (a
button's limit; an option holds 100). Codes are short and free of `/:~` and spaces, so a
whole path fits a custom_id.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from bot.games.contract import OPTIONS_PER_STEP, GameAdapter, LobbyChoice, MoveOption, Step
from bot.games.moscow_paris import recap
from bot.games.moscow_paris.cards import (
    ACTION_NUMBER,
    HAND_MARK,
    SEAT_EMOJI,
    action,
    city_view_name,
    counted,
    seat_name,
    short,
    shorts,
    t,
    team_letter,
    team_names,
    wagon,
    wagons_text,
)
from bot.games.moscow_paris.recap import side_slot, spot_text
from games.core.contract import Event, Result
from games.moscow_paris.actions import PlayCard

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


# House rules the table's host may switch on in the lobby (editions are single presets: this
# combines them, Istanbul in a team game say). Each value is one option of the engine.
HOUSE_RULES: dict[str, tuple[str, Any, Any]] = {  # value -> (option, when on, when off)
    "teams": ("teams", True, False),
    "istanbul": ("istanbul", True, False),
    "home_city": ("home_city", True, False),
    "multiple_claims": ("multiple_claims", True, False),
    "any_rows": ("columns", "any_rows", "adjacent_rows"),
    "eleven_wagon_types": ("wagons", "11x8", "8x11"),
}


def _house_options(values: list[str]) -> dict[str, Any]:
    return {
        option: on if value in values else off for value, (option, on, off) in HOUSE_RULES.items()
    }


def _house_current(options: Mapping[str, Any]) -> list[str]:
    return [value for value, (option, on, _) in HOUSE_RULES.items() if options.get(option) == on]


HOUSE_CHOICE = LobbyChoice(
    name="rules",
    placeholder="mp.lobby.rules",
    summary="mp.lobby.rules_chosen",
    options=tuple((value, f"mp.lobby.rule.{value}") for value in HOUSE_RULES),
    min_values=0,
    max_values=len(HOUSE_RULES),
    to_options=_house_options,
    current=_house_current,
)


class MoscowParisAdapter(GameAdapter):
    key = "moscow-paris"
    command = "moscow-paris"
    private_label = "mp.button.hand"
    lobby_choices = (HOUSE_CHOICE,)

    # --- the turn panel

    def moves(
        self, view: BaseModel, actions: Sequence[BaseModel], names: list[str], locale: str | None
    ) -> list[MoveOption]:
        v: Any = view
        # A column card with more targets than a select holds is chosen in two steps.
        wide = set()
        for name in COLUMN_CARDS:
            targets = sum(
                1 for a in actions if isinstance(a, PlayCard) and a.card == name and not a.decline
            )
            if targets + 1 > OPTIONS_PER_STEP:
                wide.add(name)
        return [
            MoveOption.fitted(i, self._path(v, a, names, locale, wide))
            for i, a in enumerate(actions)
        ]

    def _path(
        self, v: Any, a: Any, names: list[str], locale: str | None, wide: set[str]
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
            return [
                Step("line", t("mp.step.to_line", locale)),
                Step(a.wagon, wagon(a.wagon, locale)),
                Step(f"{a.row}{a.side[0]}", where),
            ]
        if kind == "to_tableau":
            return [
                Step("tab", t("mp.step.to_tableau", locale)),
                Step(a.wagon, wagon(a.wagon, locale)),
            ]
        if kind == "take_back":
            return [
                Step("back", t("mp.step.take_back", locale)),
                Step(a.wagon, wagon(a.wagon, locale)),
            ]
        if kind == "play_card":
            return self._card_path(v, a, names, locale, wide)
        if kind == "swap_pick":
            return self._swap_path(v, a, names, locale)
        if kind == "exchange":
            partner = seat_name(v.pending.partner if v.pending else None, names)
            return [
                Step(
                    f"g.{a.give}",
                    t("mp.step.give", locale, wagon=wagon(a.give, locale), name=partner),
                ),
                Step(
                    f"t.{a.take}",
                    t("mp.step.take", locale, wagon=wagon(a.take, locale), name=partner),
                ),
            ]
        if kind == "decline":
            key = "mp.step.chain_stop" if v.phase == "chain" else "mp.step.swap_decline"
            return [Step("no", t(key, locale))]
        if kind == "claim":
            row = v.rows[a.row]
            wagons = row.left + row.right
            return [
                Step(
                    f"claim{a.row}",
                    t(
                        "mp.step.claim",
                        locale,
                        city=city_view_name(row.city, locale, markdown=False),
                        vp=row.city.vp,
                        wagons=shorts(wagons, locale),
                    ),
                )
            ]
        return [Step("end", t("mp.step.end_turn", locale))]  # end_turn

    def _card_path(
        self, v: Any, a: Any, names: list[str], locale: str | None, wide: set[str]
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
            row = v.rows[a.row]
            return head + [
                Step(
                    f"r{a.row}",
                    t(
                        "mp.step.discard_city",
                        locale,
                        vp=row.city.vp,
                        city=city_view_name(row.city, locale, markdown=False),
                        wagons=shorts(row.left + row.right, locale),
                    ),
                )
            ]
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
                )
            ]
        # discard_column2 / discard_column3
        place = side_slot(a.side, a.slot, locale)
        hit = []
        for r in a.rows:
            row = v.rows[r]
            side = row.left if a.side == "left" else row.right
            hit.append(
                t(
                    "mp.step.column_wagon",
                    locale,
                    wagon=short(side[a.slot - 1], locale),
                    city=city_view_name(row.city, locale, markdown=False, with_flag=False),
                )
            )
        rows = "".join(str(r) for r in a.rows)
        if a.card in wide:
            return head + [Step(f"{a.side[0]}{a.slot}", place), Step(f"r{rows}", " · ".join(hit))]
        return head + [
            Step(
                f"{a.side[0]}{a.slot}-{rows}",
                t("mp.step.column", locale, place=place, wagons=" · ".join(hit)),
            )
        ]

    def _swap_path(self, v: Any, a: Any, names: list[str], locale: str | None) -> list[Step]:
        if a.seat is not None:
            return [
                Step(
                    f"seat{a.seat}",
                    t(
                        "mp.step.in_front",
                        locale,
                        name=seat_name(a.seat, names),
                        wagons=shorts(v.seats[a.seat].tableau, locale),
                    ),
                ),
                Step(a.wagon, wagon(a.wagon, locale)),
            ]
        row = v.rows[a.row]
        side = row.left if a.side == "left" else row.right
        return [
            Step(
                f"row{a.row}",
                t(
                    "mp.step.in_line",
                    locale,
                    city=city_view_name(row.city, locale, markdown=False),
                    wagons=shorts(row.left + row.right, locale),
                ),
            ),
            Step(
                f"{a.side[0]}{a.slot}",
                t(
                    "mp.step.spot",
                    locale,
                    wagon=wagon(side[a.slot - 1], locale),
                    place=side_slot(a.side, a.slot, locale),
                ),
            ),
        ]

    def step_prompt(self, prefix: tuple[str, ...], locale: str | None) -> str:
        if not prefix:
            return t("mp.prompt.first", locale)
        first = prefix[0]
        if first in PHASE_PROMPT:
            keys = PHASE_PROMPT[first]
            return t(keys[min(len(prefix), len(keys)) - 1], locale)
        if first == "card":
            if len(prefix) == 1:
                return t("mp.prompt.card", locale)
            name = CODE_CARD.get(prefix[1], "")
            if len(prefix) >= 3 and name in COLUMN_CARDS:
                return t("mp.prompt.rows", locale)
            return t(CARD_PROMPT.get(name, "mp.prompt.first"), locale)
        if first.startswith("row"):
            return t("mp.prompt.line_wagon", locale)
        if first.startswith("seat"):
            return t("mp.prompt.tableau_wagon", locale)
        if first.startswith("g."):
            return t("mp.prompt.take", locale)
        return t("mp.prompt.first", locale)

    def last_move(self, events: Sequence[Event]) -> set[str]:
        """Picture highlight ids for a move's public events: the wagon laid in a line or a
        tableau, the wagons a swap moved, the city cards claimed (their rows)."""
        out: set[str] = set()
        for event in events:
            if event.to is not None:
                continue
            p = event.params
            if event.kind == "wagon_to_line":
                out.add(f"w:{p['row']}:{p['side']}:{p['slot']}")
            elif event.kind == "wagon_to_tableau":
                out.add(f"seat:{p['seat']}:{p['wagon']}")
            elif event.kind == "swap_picked":
                out.add(
                    f"w:{p['row']}:{p['side']}:{p['slot']}"
                    if "row" in p
                    else f"seat:{p['seat']}:{p['wagon']}"
                )
            elif event.kind == "city_claimed":
                out.add(f"row:{p['row']}")
        return out

    def highlight(self, action: BaseModel) -> set[str]:
        """What a move touches, for the preview picture (see render.py for the ids)."""
        a: Any = action
        kind = a.type
        if kind == "to_line":
            return {f"end:{a.row}:{a.side}"}
        if kind == "to_tableau":
            return {f"mine:{a.wagon}"}
        if kind == "take_back":
            return {"hand"}
        if kind == "swap_pick":
            if a.seat is not None:
                return {f"seat:{a.seat}:{a.wagon}"}
            return {f"w:{a.row}:{a.side}:{a.slot}"}
        if kind == "exchange":
            return {f"gave:{a.give}", f"got:{a.take}"}
        if kind == "claim":
            return {f"row:{a.row}"}
        if kind == "play_card" and not a.decline:
            if a.card in COLUMN_CARDS:
                return {f"w:{r}:{a.side}:{a.slot}" for r in a.rows}
            if a.card == "discard_city":
                return {f"row:{a.row}"}
        return set()

    # --- pictures and text

    def render(
        self, view: BaseModel, names: list[str], *, highlight: Collection[str] = ()
    ) -> bytes:
        from bot.games.moscow_paris.render import render_table

        return render_table(view, names, highlight=highlight)  # type: ignore[arg-type]  # the game's own view model, by contract

    def status_lines(self, view: BaseModel, names: list[str], locale: str | None) -> list[str]:
        v: Any = view
        lines = [self._waiting(v, names, locale)]
        for p in v.seats:
            cities = ", ".join(city_view_name(c, locale) for c in p.cities) or "—"
            key = "mp.status.player_team" if p.team is not None else "mp.status.player"
            lines.append(
                t(
                    key,
                    locale,
                    mark=SEAT_EMOJI[p.seat],
                    name=seat_name(p.seat, names),
                    team=team_letter(p.team or 0),
                    hand=p.hand_size,
                    tableau=wagons_text(p.tableau, locale),
                    cities=cities,
                    score=p.score,
                )
            )
        if v.teams:
            for team in (0, 1):
                seats = [p.seat for p in v.seats if p.team == team]
                lines.append(
                    t(
                        "mp.status.team",
                        locale,
                        team=team_letter(team),
                        names=team_names(seats, names),
                        score=v.scores[seats[0]],
                    )
                )
        for row in v.rows:
            lines.append(self._row_line(row, locale))
        removed = ", ".join(city_view_name(c, locale) for c in v.removed)
        lines.append(
            t(
                "mp.status.piles",
                locale,
                deck=v.deck_size,
                discard=v.discard_size,
                cities=v.city_deck_size,
            )
        )
        if removed:
            lines.append(t("mp.status.removed", locale, cities=removed))
        if v.resets:
            lines.append(t("mp.status.resets", locale, n=v.resets))
        return lines

    def _waiting(self, v: Any, names: list[str], locale: str | None) -> str:
        """Whose turn, or whose decision the match waits for, and what it is."""
        who = seat_name(v.turn, names)
        turn = v.turns + 1
        if v.phase == "over":
            return t("mp.status.over", locale)
        if v.phase == "chain" and v.pending is not None:
            return t(
                "mp.status.chain",
                locale,
                turn=turn,
                name=who,
                decider=seat_name(v.pending.decider, names),
                partner=seat_name(v.pending.partner, names),
                direction=t(f"mp.dir.{v.pending.direction}", locale),
            )
        if v.phase == "swap_second" and v.pending is not None and v.pending.first:
            return t(
                "mp.status.swap_second",
                locale,
                turn=turn,
                name=who,
                first=spot_text(v.pending.first, names, v, locale),
            )
        return t(f"mp.status.{v.phase}", locale, turn=turn, name=who)

    def _row_line(self, row: Any, locale: str | None) -> str:
        if row.city is None:
            return t("mp.status.row_empty", locale, row=row.row + 1)
        left = " ".join(f"{wagon(w, locale)}" for w in reversed(row.left))
        right = " ".join(f"{wagon(w, locale)}" for w in row.right)
        key = "mp.status.row_capital" if row.city.capital else "mp.status.row"
        return t(
            key,
            locale,
            row=row.row + 1,
            city=city_view_name(row.city, locale),
            vp=row.city.vp,
            wagons=len(row.left) + len(row.right),
            limit=row.city.limit,
            left=left or "·",
            right=right or "·",
        )

    def private_text(self, view: BaseModel, names: list[str], locale: str | None) -> str:
        v: Any = view
        me = v.seats[v.seat]
        lines = [
            hand_line(v.hand, locale),
            t(
                "mp.private.tableau",
                locale,
                n=len(me.tableau),
                wagons=wagons_text(me.tableau, locale),
            ),
        ]
        mine = set(me.tableau)
        ready = [
            city_view_name(r.city, locale)
            for r in v.rows
            if r.city is not None and (r.left or r.right) and set(r.left + r.right) <= mine
        ]
        if ready:
            lines.append(t("mp.private.claimable", locale, cities=", ".join(ready)))
        if me.team is not None:
            partner = next(p.seat for p in v.seats if p.team == me.team and p.seat != me.seat)
            lines.append(
                t(
                    "mp.private.team",
                    locale,
                    team=team_letter(me.team),
                    name=seat_name(partner, names),
                )
            )
        return "\n".join(lines)

    def describe(self, event: Event, names: list[str], locale: str | None) -> str | None:
        return recap.describe(event, names, locale)

    def result_lines(self, result: Result, names: list[str], locale: str | None) -> list[str]:
        return recap.result_lines(result, names, locale)

    def rules(self, locale: str | None) -> str:
        return t("mp.rules", locale)


# --- helpers


def hand_line(hand: Sequence[str], locale: str | None) -> str:
    """The private hand, as only its owner may read it."""
    return t(
        "mp.private.hand",
        locale,
        mark=HAND_MARK,
        n=len(hand),
        cards=counted(hand, locale) if hand else "—",
    )

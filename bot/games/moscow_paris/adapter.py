"""Moscow–Paris on Discord: the table's status and the hand as text, what the picture rings
for a move, and the lobby's house rules. The turn's choices are in `steps.py`.

The recaps and the result are in `recap.py`, the picture in `render.py`; the words for
cards, wagons and cities in `terms.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel

from bot.games.contract import GameAdapter
from bot.games.moscow_paris.recap import spot_text
from bot.games.moscow_paris.steps import COLUMN_CARDS
from bot.games.moscow_paris.terms import (
    HAND_MARK,
    SEAT_EMOJI,
    city_view_name,
    counted,
    seat_name,
    t,
    team_letter,
    team_names,
    wagon,
    wagons_text,
)
from games.core.contract import Event
from games.moscow_paris.views import MoscowParisView, RowView

# House rules the table's host may switch on in the lobby (editions are single presets: this
# combines them, Istanbul in a team game say). Each value is one option of the engine.
HOUSE_RULES = {
    "teams": ("teams", True, False),
    "istanbul": ("istanbul", True, False),
    "home_city": ("home_city", True, False),
    "multiple_claims": ("multiple_claims", True, False),
    "any_rows": ("columns", "any_rows", "adjacent_rows"),
    "eleven_wagon_types": ("wagons", "11x8", "8x11"),
}


class MoscowParisAdapter(GameAdapter[MoscowParisView]):
    key = "moscow-paris"
    catalogue = "mp"
    private_label = "mp.button.hand"
    house_rules = HOUSE_RULES

    # --- what the picture rings

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

    def rings(self, event: Event) -> Iterable[str]:
        """The wagon laid in a line or a tableau, the wagons a swap moved, the city cards
        claimed (their rows)."""
        p = event.params
        if event.kind == "wagon_to_line":
            return {f"w:{p['row']}:{p['side']}:{p['slot']}"}
        if event.kind == "wagon_to_tableau":
            return {f"seat:{p['seat']}:{p['wagon']}"}
        if event.kind == "swap_picked":
            if "row" in p:
                return {f"w:{p['row']}:{p['side']}:{p['slot']}"}
            return {f"seat:{p['seat']}:{p['wagon']}"}
        if event.kind == "city_claimed":
            return {f"row:{p['row']}"}
        return ()

    # --- the table

    def status_lines(
        self, view: MoscowParisView, names: list[str], locale: str | None
    ) -> list[str]:
        v = view
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

    def _waiting(self, v: MoscowParisView, names: list[str], locale: str | None) -> str:
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

    def _row_line(self, row: RowView, locale: str | None) -> str:
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

    def private_text(self, view: MoscowParisView, names: list[str], locale: str | None) -> str:
        v = view
        assert v.seat is not None and v.hand is not None  # a seat's own view: its hand
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


def hand_line(hand: Sequence[str], locale: str | None) -> str:
    """The private hand, as only its owner may read it."""
    return t(
        "mp.private.hand",
        locale,
        mark=HAND_MARK,
        n=len(hand),
        cards=counted(hand, locale) if hand else "—",
    )

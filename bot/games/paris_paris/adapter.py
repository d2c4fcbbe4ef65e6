"""Paris Paris on Discord: choices, recaps, status and the secret marker, as text."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from pydantic import BaseModel

from bot.games.contract import GameAdapter, MoveOption, Step
from bot.games.paris_paris import recap
from bot.games.paris_paris.recap import line, station
from bot.i18n import t
from games.core.contract import Event, Result
from games.paris_paris.actions import Take


def seat_list(seats: Sequence[int], names: list[str]) -> str:
    return ", ".join(names[s] for s in seats)


class ParisParisAdapter(GameAdapter):
    key = "paris-paris"
    command = "paris-paris"
    private_label = "pp.button.marker"

    def moves(
        self, view: BaseModel, actions: Sequence[BaseModel], names: list[str], locale: str | None
    ) -> list[MoveOption]:
        options = []
        for index, action in enumerate(actions):
            steps: tuple[Step, ...]
            if not isinstance(action, Take):  # a Reveal
                # The face-down piles are alike to the player: one choice, not fifteen (the
                # panel plays the first of moves that share a path).
                steps = (Step("reveal", t("pp.step.reveal", locale)),)
            else:
                token = Step(
                    f"{action.station}.{action.colour}",
                    t(
                        "pp.step.token",
                        locale,
                        station=station(action.station),
                        line=line(action.colour, locale),
                    ),
                )
                steps = (token,)
                if action.remove is not None:
                    label = t("pp.step.remove", locale, name=names[action.remove])
                    steps += (Step(f"r{action.remove}", label),)
                if action.move_from is not None:
                    label = t("pp.step.move_from", locale, station=station(action.move_from))
                    steps += (Step(f"m.{action.move_from}", label),)
            options.append(MoveOption(index, steps))
        return options

    def step_prompt(self, prefix: tuple[str, ...], locale: str | None) -> str:
        if not prefix:
            return t("pp.prompt.first", locale)
        return t("pp.prompt.remove" if len(prefix) == 1 else "pp.prompt.next", locale)

    def render(
        self, view: BaseModel, names: list[str], *, highlight: Collection[str] = ()
    ) -> bytes:
        from bot.games.paris_paris.render import render_table

        v: Any = view
        return render_table(v, names, highlight=highlight)

    def highlight(self, action: BaseModel) -> set[str]:
        return {action.station} if isinstance(action, Take) else set()

    def last_move(self, events: Sequence[Event]) -> set[str]:
        """Picture highlight ids (see `render`) for a move's public events: the shop it
        opened, the visit, every station that scored and every line whose bus ran."""
        out: set[str] = set()
        for event in events:
            if event.to is not None:
                continue
            p = event.params
            if event.kind == "shop_opened":
                out.add(p["station"])
            elif event.kind == "visit":
                out.add(f"visit:{p['station']}")
                out.update(f"scored:{s['station']}" for s in p["scoring_stations"])
            elif event.kind == "excursion_started":
                out.add(f"line:{p['line']}")
            elif event.kind == "excursion_stop" and any(p["points"]):
                out.add(f"scored:{p['station']}")
        return out

    def status_lines(self, view: BaseModel, names: list[str], locale: str | None) -> list[str]:
        v: Any = view
        lines = [
            t(
                "pp.status.round",
                locale,
                round=v.round,
                rounds=v.rounds,
                piles=t("pp.piles_left", locale, n=v.piles_left),
                first=names[v.first_player],
            )
        ]
        if v.waiting:
            waiting = ", ".join(line(c, locale) for c in v.waiting)
            lines.append(t("pp.status.waiting", locale, colours=waiting))
        if v.face_up_marker:
            lines.append(t("pp.status.face_up", locale, line=line(v.face_up_marker, locale)))
        if v.players > 2:
            lines.append(t("pp.status.bag", locale, n=v.bag_size))
        scores = " · ".join(f"{names[s]} **{v.scores[s]}**" for s in range(v.players))
        lines.append(t("pp.status.scores", locale, scores=scores))
        if v.to_act:
            key = "pp.status.reveal" if v.phase == "reveal" else "pp.status.take"
            lines.append(t(key, locale, name=seat_list(v.to_act, names)))
        return lines

    def private_text(self, view: BaseModel, names: list[str], locale: str | None) -> str:
        v: Any = view
        return t("pp.private.marker", locale, line=line(v.marker, locale), supply=v.supply)

    def describe(self, event: Event, names: list[str], locale: str | None) -> str | None:
        return recap.describe(event, names, locale)

    def recap_lines(
        self, events: Sequence[Event], names: list[str], locale: str | None
    ) -> list[str]:
        """A move's public events as lines, a shop pushed out joined to the one that pushed
        it (the shared recap can call this instead of `describe` event by event)."""
        return recap.recap_lines(events, names, locale)

    def result_lines(self, result: Result, names: list[str], locale: str | None) -> list[str]:
        d = result.details
        lines = []
        for place, seats in enumerate(result.ranking, start=1):
            for s in seats:
                terms = ", ".join(
                    t("pp.result.term", locale, term=t("pp.term." + term, locale), n=d[term][s])
                    for term in ("visits", "excursions", "final_excursions", "bag")
                    if d.get(term) and (term != "bag" or len(names) > 2)
                )
                shops = t("pp.result.shops", locale, n=d["shops_on_board"][s])
                lines.append(
                    t(
                        "pp.result.line",
                        locale,
                        place=place,
                        name=names[s],
                        score=result.scores[s],
                        terms=terms,
                        shops=shops,
                    )
                )
        if d.get("markers"):
            markers = ", ".join(
                f"{names[s]} {recap.token(c, locale)}" for s, c in enumerate(d["markers"])
            )
            lines.append(t("pp.result.markers", locale, markers=markers))
        if d.get("bag_counts"):
            counts = ", ".join(f"{names[s]} {n}" for s, n in enumerate(d["bag_counts"]))
            lines.append(t("pp.result.bag", locale, counts=counts))
        if result.tiebreak:
            top = max(result.scores)
            shops = ", ".join(
                f"{names[s]} {d['shops_on_board'][s]}"
                for s in range(len(result.scores))
                if result.scores[s] == top
            )
            lines.append(t("pp.result.tiebreak", locale, shops=shops))
        if len(result.winners) > 1:
            lines.append(t("result.shared", locale, names=seat_list(result.winners, names)))
        return lines

    def rules(self, locale: str | None) -> str:
        return t("pp.rules", locale)

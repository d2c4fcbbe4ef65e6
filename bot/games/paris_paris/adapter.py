"""Paris Paris on Discord: the turn's choices, the table's status and the secret marker, as
text. The recaps and the result are in `recap.py`, the picture in `render.py`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel

from bot.games.contract import GameAdapter, MoveOption, Step
from bot.games.paris_paris.recap import line, seat_list, station
from bot.i18n import t
from games.core.contract import Event
from games.paris_paris.actions import Take
from games.paris_paris.views import PublicView, SeatView


class ParisParisAdapter(GameAdapter[PublicView]):
    key = "paris-paris"
    catalogue = "pp"
    private_label = "pp.button.marker"

    # --- the turn panel

    def moves(
        self, view: PublicView, actions: Sequence[BaseModel], names: list[str], locale: str | None
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

    def highlight(self, action: BaseModel) -> set[str]:
        return {action.station} if isinstance(action, Take) else set()

    def rings(self, event: Event) -> Iterable[str]:
        """The shop a move opened, the visit, every station that scored and every line whose
        bus ran."""
        p = event.params
        if event.kind == "shop_opened":
            return {p["station"]}
        if event.kind == "visit":
            return {
                f"visit:{p['station']}",
                *(f"scored:{s['station']}" for s in p["scoring_stations"]),
            }
        if event.kind == "excursion_started":
            return {f"line:{p['line']}"}
        if event.kind == "excursion_stop" and any(p["points"]):
            return {f"scored:{p['station']}"}
        return ()

    # --- the table

    def status_lines(self, view: PublicView, names: list[str], locale: str | None) -> list[str]:
        v = view
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

    def private_text(self, view: PublicView, names: list[str], locale: str | None) -> str:
        v = view
        assert isinstance(v, SeatView)  # a seat's own view: its marker
        return t("pp.private.marker", locale, line=line(v.marker, locale), supply=v.supply)

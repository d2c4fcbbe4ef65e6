"""Paris Paris on Discord: the table's status and the secret marker as text, and what the
picture rings for a move. The turn's choices are in `steps.py`, the recaps and the result in
`recap.py`, the picture in `render.py`."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel

from bot.games.contract import GameAdapter
from bot.games.paris_paris.terms import line, seat_list
from bot.i18n import t
from games.core.contract import Event
from games.paris_paris.actions import Take
from games.paris_paris.views import ParisParisView


class ParisParisAdapter(GameAdapter[ParisParisView]):
    key = "paris-paris"
    catalogue = "pp"
    private_label = "pp.button.marker"

    # --- what the picture rings

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

    def status_lines(self, view: ParisParisView, names: list[str], locale: str | None) -> list[str]:
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

    def private_text(self, view: ParisParisView, names: list[str], locale: str | None) -> str:
        v = view
        assert v.marker is not None and v.supply is not None  # a seat's own view: its marker
        return t("pp.private.marker", locale, line=line(v.marker, locale), supply=v.supply)

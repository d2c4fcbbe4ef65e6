"""Paris Paris on Discord: choices, recaps, status and the secret marker, as text."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pydantic import BaseModel

from bot.games.contract import GameAdapter, MoveOption, Step
from bot.i18n import t
from games.core.contract import Event, Result
from games.paris_paris.board import STATION_IDS, STATION_NAMES

STATION_NAME = dict(zip(STATION_IDS, STATION_NAMES, strict=True))
COLOUR_EMOJI = {"green": "🟢", "red": "🔴", "blue": "🔵", "orange": "🟠", "pink": "🩷"}


def station(sid: str) -> str:
    return STATION_NAME.get(sid, sid)


def line(colour: str, locale: str | None) -> str:
    return f"{COLOUR_EMOJI.get(colour, '')} {t('pp.colour.' + colour, locale)}".strip()


def seat_list(seats: Sequence[int], names: list[str]) -> str:
    return ", ".join(names[s] for s in seats)


class ParisParisAdapter(GameAdapter):
    key = "paris-paris"
    command = "paris-paris"
    private_label = "pp.button.marker"

    def moves(self, view: BaseModel, actions: Sequence[BaseModel], names: list[str],
              locale: str | None) -> list[MoveOption]:  # fmt: skip
        options = []
        for index, action in enumerate(actions):
            if action.type == "reveal":
                # The face-down piles are alike to the player: one choice, not fifteen (the
                # panel plays the first of moves that share a path).
                steps = (Step("reveal", t("pp.step.reveal", locale)),)
            else:
                token = Step(
                    f"{action.station}.{action.colour}",
                    t("pp.step.token", locale, station=station(action.station),
                      line=line(action.colour, locale)),
                )  # fmt: skip
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

    def render(self, view: BaseModel, names: list[str], *,
               highlight: Collection[str] = ()) -> bytes:  # fmt: skip
        from bot.games.paris_paris.render import render_table

        return render_table(view, names, highlight=highlight)

    def highlight(self, action: BaseModel) -> set[str]:
        return {action.station} if action.type == "take" else set()

    def status_lines(self, view: BaseModel, names: list[str], locale: str | None) -> list[str]:
        lines = [t("pp.status.round", locale, round=view.round, rounds=view.rounds,
                   piles=view.piles_left, first=names[view.first_player])]  # fmt: skip
        if view.waiting:
            waiting = ", ".join(line(c, locale) for c in view.waiting)
            lines.append(t("pp.status.waiting", locale, colours=waiting))
        if view.face_up_marker:
            lines.append(t("pp.status.face_up", locale, line=line(view.face_up_marker, locale)))
        if view.players > 2:
            lines.append(t("pp.status.bag", locale, n=view.bag_size))
        scores = " · ".join(f"{names[s]} **{view.scores[s]}**" for s in range(view.players))
        lines.append(t("pp.status.scores", locale, scores=scores))
        if view.to_act:
            key = "pp.status.reveal" if view.phase == "reveal" else "pp.status.take"
            lines.append(t(key, locale, name=seat_list(view.to_act, names)))
        return lines

    def private_text(self, view: BaseModel, names: list[str], locale: str | None) -> str:
        return t("pp.private.marker", locale, line=line(view.marker, locale), supply=view.supply)

    def describe(self, event: Event, names: list[str], locale: str | None) -> str | None:
        p = event.params
        kind = event.kind
        if kind == "pile_revealed":
            tokens = ", ".join(f"{station(x['station'])} ({line(x['colour'], locale)})"
                               for x in p.get("tokens", []))  # fmt: skip
            return t("pp.event.pile", locale, name=names[p["seat"]], tokens=tokens)
        if kind == "shop_opened":
            key = "pp.event.moved" if p.get("moved_from") else "pp.event.opened"
            return t(key, locale, name=names[p["seat"]], station=station(p["station"]),
                     source=station(p.get("moved_from") or ""))  # fmt: skip
        if kind == "shop_removed":
            key = "pp.event.removed_bag" if p["to"] == "bag" else "pp.event.removed_supply"
            return t(key, locale, name=names[p["seat"]], station=station(p["station"]))
        if kind == "visit":
            scored = _points(p["points"], names)
            key = "pp.event.visit" if scored else "pp.event.visit_nobody"
            return t(key, locale, station=station(p["station"]), scored=scored)
        if kind == "excursion_started":
            if p["reason"] == "tokens":
                return t("pp.event.excursion", locale, line=line(p["line"], locale))
            if p["reason"] == "final":
                return t("pp.event.final_excursion", locale, line=line(p["line"], locale),
                         name=names[p["seat"]])  # fmt: skip
            return t("pp.event.face_up_excursion", locale, line=line(p["line"], locale))
        if kind == "excursion_ended":
            scored = _points(p["points"], names)
            return t("pp.event.excursion_points", locale, scored=scored or "—")
        if kind == "bag_scored":
            if p.get("seat") is None:
                return t("pp.event.bag_tie", locale)
            return t("pp.event.bag", locale, name=names[p["seat"]], n=p["points"][p["seat"]])
        return None

    def result_lines(self, result: Result, names: list[str], locale: str | None) -> list[str]:
        d = result.details
        lines = []
        for place, seats in enumerate(result.ranking, start=1):
            for s in seats:
                terms = ", ".join(
                    f"{t('pp.term.' + term, locale)} {d[term][s]}"
                    for term in ("visits", "excursions", "final_excursions", "bag")
                    if d.get(term) and (term != "bag" or len(names) > 2)
                )
                lines.append(t("pp.result.line", locale, place=place, name=names[s],
                               score=result.scores[s], terms=terms,
                               shops=d["shops_on_board"][s]))  # fmt: skip
        if d.get("markers"):
            markers = ", ".join(f"{names[s]} {line(c, locale)}" for s, c in enumerate(d["markers"]))
            lines.append(t("pp.result.markers", locale, markers=markers))
        if result.tiebreak:
            lines.append(t("pp.result.tiebreak", locale))
        if len(result.winners) > 1:
            lines.append(t("result.shared", locale, names=seat_list(result.winners, names)))
        return lines

    def rules(self, locale: str | None) -> str:
        return t("pp.rules", locale)


def _points(points: Sequence[int], names: list[str]) -> str:
    return ", ".join(f"{names[s]} +{n}" for s, n in enumerate(points) if n)

"""The Paris Paris turn as steps: a token (its station and line), then, at a full station, the
shop it pushes out, and for a move the shop's old station; a reveal is one step. A token's
and an old station's step name their station as the place the panel's picture tags."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.contract import Step
from bot.games.paris_paris.terms import line, station
from bot.i18n import t
from games.paris_paris.actions import Take
from games.paris_paris.views import ParisParisView


def paths(
    view: ParisParisView, actions: Sequence[Any], names: list[str], locale: str | None
) -> list[list[Step]]:
    """The path of each action, in `actions` order."""
    out: list[list[Step]] = []
    for action in actions:
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
                action.station,
            )
            steps = (token,)
            if action.remove is not None:
                label = t("pp.step.remove", locale, name=names[action.remove])
                steps += (Step(f"r{action.remove}", label),)
            if action.move_from is not None:
                label = t("pp.step.move_from", locale, station=station(action.move_from))
                steps += (Step(f"m.{action.move_from}", label, action.move_from),)
        out.append(list(steps))
    return out


def prompt_key(prefix: tuple[str, ...]) -> str:
    """The catalogue key of the select that follows `prefix`."""
    if not prefix:
        return "pp.prompt.first"
    return "pp.prompt.remove" if len(prefix) == 1 else "pp.prompt.next"

"""Race on Discord: two buttons' worth of choices, a one-line status, a secret number."""

from __future__ import annotations

import io
from collections.abc import Collection, Sequence
from typing import Any

from PIL import Image
from pydantic import BaseModel

from bot.games.contract import GameAdapter, MoveOption, Step
from bot.i18n import t
from games.core.contract import Event, Result


class RaceAdapter(GameAdapter):
    key = "race"
    private_label = "race.button.secret"

    def moves(
        self, view: BaseModel, actions: Sequence[Any], names: list[str], locale: str | None
    ) -> list[MoveOption]:
        return [
            MoveOption(i, (Step(f"b{a.by}", t("race.step", locale, by=a.by)),))
            for i, a in enumerate(actions)
        ]

    def step_prompt(self, prefix: tuple[str, ...], locale: str | None) -> str:
        return t("race.prompt", locale)

    def render(
        self, view: BaseModel, names: list[str], *, highlight: Collection[str] = ()
    ) -> bytes:
        out = io.BytesIO()
        Image.new("RGB", (4 + 4 * max(view.scores), 8), "white").save(out, "PNG")
        return out.getvalue()

    def status_lines(self, view: Any, names: list[str], locale: str | None) -> list[str]:
        scores = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.scores))
        return [t("race.status", locale, scores=scores, name=names[view.turn])]

    def private_text(self, view: Any, names: list[str], locale: str | None) -> str:
        return t("race.secret", locale, secret=view.my_secret)

    def describe(self, event: Event, names: list[str], locale: str | None) -> str | None:
        if event.kind == "stepped":
            return t(
                "race.event.stepped",
                locale,
                name=names[event.params["seat"]],
                by=event.params["by"],
            )
        if event.kind == "secret":  # private: told to its seat only
            return t("race.event.secret", locale, secret=event.params["secret"])
        return None

    def result_lines(self, result: Result, names: list[str], locale: str | None) -> list[str]:
        return [t("race.result", locale, name=names[s]) for s in result.winners]

    def rules(self, locale: str | None) -> str:
        return t("race.rules", locale)

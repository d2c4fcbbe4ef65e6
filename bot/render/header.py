"""The top line of a table picture: the game's name at the left, the state of play at the
right (shrunk to fit, then cut), a rule under both. Each game sets where and how big."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.render.drawing import Canvas, safe_name
from bot.render.palette import Colour
from games.core.contract import Result


@dataclass(frozen=True)
class Header:
    """Where a picture's top line goes, and how big its words are."""

    title: tuple[float, float, float]  # left, top and size of the game's name
    status: tuple[float, float, float]  # right, top and largest size of the state of play
    fit: tuple[float, float]  # its room, and its smallest size (below, it is cut instead)
    rule: tuple[float, float, float]  # left, right and height of the rule under both

    def draw(self, c: Canvas, title: str, status: str, ink: Colour, rule: Colour) -> None:
        left, top, size = self.title
        c.text((left, top), title, size, ink, bold=True)
        right, top, largest = self.status
        room, minimum = self.fit
        size = c.fit_size(status, largest, room, minimum, True)
        c.text((right, top), c.clip(status, size, room, True), size, ink, anchor="ra", bold=True)
        x0, x1, y = self.rule
        c.line([(x0, y), (x1, y)], rule, 1.5)


def winners_text(result: Result | None, names: Sequence[str]) -> str:
    """The winners' names, fit to draw, joined by "&" (the final picture's state of play)."""
    winners = result.winners if result is not None else []
    return " & ".join(safe_name(names[s]) for s in winners)

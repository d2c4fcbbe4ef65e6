"""How tall each text and icon of a picture is once Discord shows it `EMBED_WIDTH` wide.

Measured at the source, not by OCR: `drawing.recording` notes every `Canvas.text` and
`Canvas.icon` call. A text's height is its **font size** — the em box, the measure "11 px
text" means in CSS and in Discord's own interface (whose smallest text, a timestamp, is
12 px) — whatever letters one string happens to hold (a "·" is not a smaller label than
"A1"). Its capitals are `cap_height` of it (0.73 in DejaVu Sans), which the report prints
too. An icon's height is the ink box of its glyph as pasted, since an icon has no em box
a reader sees. Both are scaled by `EMBED_WIDTH` / the picture's width.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from functools import cache

from bot.render import text as textlib
from bot.render.drawing import Drawn

EMBED_WIDTH = 520  # how wide Discord shows a picture in a message
MINIMUM = 11.0  # issue 20: every text and icon at least this tall as shown


@dataclasses.dataclass(frozen=True, slots=True)
class Measure:
    """One drawn text or icon and its height in pixels as shown `EMBED_WIDTH` wide."""

    text: str
    role: str
    icon: bool
    height: float


@cache
def cap_height(px: int, bold: bool = False) -> int:
    """The ink height of a capital ("H") of the main font at `px`, as Pillow reports it."""
    font = textlib.face(textlib.BOLD if bold else textlib.MAIN, px)
    _, top, _, bottom = font.getbbox("H")
    return round(bottom - top)


def measure(drawn: Drawn) -> Measure:
    size = drawn.icon_height if drawn.icon_height is not None else drawn.px
    height = size / drawn.scale * EMBED_WIDTH / drawn.canvas_width
    return Measure(drawn.text, drawn.role, drawn.icon_height is not None, height)


def too_small(drawn: Iterable[Drawn], minimum: float = MINIMUM) -> list[Measure]:
    """What is drawn below `minimum` pixels as shown, smallest first."""
    return sorted((m for m in map(measure, drawn) if m.height < minimum), key=lambda m: m.height)

"""Small drawing helpers shared by every game's renderer.

Why a shared module: each game draws its own picture, but all of them need the same few
things — fonts that do not depend on the host machine, text that stays readable on any
background, smooth shapes, names that can never crash the renderer, and PNG bytes.

- Text: `bot.render.text` draws any name in any script with the bundled fonts (per-character
  fallback, colour emoji, transliteration of what no font covers).
- Smoothness: Pillow draws without anti-aliasing, so a `Canvas` draws at `SUPERSAMPLE`
  times the size in logical coordinates and shrinks once at the end.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import inspect
import io
from collections.abc import Iterator, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render import text as textlib
from bot.render.palette import Colour
from bot.ui.safe_text import plain

Point = tuple[float, float]
Box = tuple[float, float, float, float]

SUPERSAMPLE = 2
NAME_LIMIT = 16


def safe_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A player name fit to draw: one line, at most `limit` chars, no control or reordering
    characters — but the joiners and variation selectors of emoji sequences kept (the same
    rule as for labels, `bot.ui.safe_text.plain`), so a family emoji stays one family."""
    return plain(name.encode("utf-8", "replace").decode("utf-8"), limit)


def png_bytes(image: Image.Image) -> bytes:
    """Encode `image` as PNG at compress level 1: a click's answer waits for it. Measured on
    the largest board (1000x1416): level 6 took 40.5 ms for 213 KB, level 1 26.5 ms for
    232 KB; on a 1040x780 one, 29.6 → 19.2 ms and 194 → 208 KB (levels 2-3 are no faster
    than 1, and larger than 6 too)."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


@dataclasses.dataclass(frozen=True, slots=True)
class Drawn:
    """One text or icon a Canvas drew, as `recording` notes it for measuring legibility
    (`bot.render.legibility`): sizes are on the supersampled canvas, `scale` times logical."""

    text: str
    px: int  # the font size drawn
    bold: bool
    icon_height: int | None  # an icon's ink height as pasted; None for text
    scale: int
    canvas_width: int  # the picture's logical width
    role: str  # the drawing function that asked for it ("<game>.render.districts")


_recording: contextvars.ContextVar[list[Drawn] | None] = contextvars.ContextVar(
    "recording", default=None
)


@contextlib.contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Within the block, every text and icon any Canvas draws is appended to the list: the
    legibility check measures what the renderers really asked for, not what OCR guesses."""
    drawn: list[Drawn] = []
    token = _recording.set(drawn)
    try:
        yield drawn
    finally:
        _recording.reset(token)


@dataclasses.dataclass(frozen=True, slots=True)
class TagBox:
    """One tag a Canvas drew (`Canvas.tag`), as `recording_tags` notes it: its text and its
    box as fractions of the picture (left, top, right, bottom), so a page can lay a button
    exactly over it at any width the picture is shown."""

    text: str
    box: Box


_tag_boxes: contextvars.ContextVar[list[TagBox] | None] = contextvars.ContextVar(
    "tag_boxes", default=None
)


@contextlib.contextmanager
def recording_tags() -> Iterator[list[TagBox]]:
    """Within the block, every tag any Canvas draws is appended to the list: the web board
    puts a button where the picture shows each choice's tag."""
    boxes: list[TagBox] = []
    token = _tag_boxes.set(boxes)
    try:
        yield boxes
    finally:
        _tag_boxes.reset(token)


# Lay out only (tests that click the places tagged on a picture, not look at its pixels):
# every Canvas measures and records its texts and tags as usual but rasterises nothing, and
# its `png()` is a blank picture a tenth of its size (the same proportions, so a page lays
# its buttons out over it as over the real one). Some 90% of a picture's time is its
# rasterising and encoding.
LAYOUT_ONLY = False
BLANK_SHRINK = 10


def _role() -> str:
    """The first caller outside this module, as `package.module.function`."""
    frame = inspect.currentframe()
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
    if frame is None:
        return "?"
    module = str(frame.f_globals.get("__name__", "?")).removeprefix("bot.games.")
    return f"{module}.{frame.f_code.co_name}"


class Canvas:
    """A picture drawn in logical pixels at `SUPERSAMPLE`x and shrunk once by `png()`; with
    `LAYOUT_ONLY`, laid out and not drawn."""

    def __init__(self, width: int, height: int, background: Colour, scale: int = SUPERSAMPLE):
        self.width, self.height, self.scale = width, height, scale
        self.blank = LAYOUT_ONLY
        size = (width * scale, height * scale)
        if self.blank:
            size = (max(1, width // BLANK_SHRINK), max(1, height // BLANK_SHRINK))
        self.image = Image.new("RGB", size, background)
        self.draw = ImageDraw.Draw(self.image)

    def _p(self, points: Sequence[Point]) -> list[tuple[float, float]]:
        s = self.scale
        return [(x * s, y * s) for x, y in points]

    def _w(self, width: float) -> int:
        return max(1, round(width * self.scale))

    def line(self, points: Sequence[Point], fill: Colour, width: float) -> None:
        if self.blank:
            return
        self.draw.line(self._p(points), fill=fill, width=self._w(width), joint="curve")
        for x, y in (points[0], points[-1]):  # round caps
            self.circle((x, y), width / 2, fill=fill)

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        if self.blank:
            return
        x, y = centre
        box = self._p([(x - radius, y - radius), (x + radius, y + radius)])
        self.draw.ellipse(box, fill=fill, outline=outline, width=self._w(width))

    def arc(
        self, centre: Point, radius: float, start: float, end: float, fill: Colour, width: float
    ) -> None:
        """An arc of a circle, angles in degrees clockwise from 3 o'clock (Pillow's way)."""
        if self.blank:
            return
        x, y = centre
        box = self._p([(x - radius, y - radius), (x + radius, y + radius)])
        self.draw.arc(box, start, end, fill=fill, width=self._w(width))

    def polygon(
        self,
        points: Sequence[Point],
        fill: Colour | None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        if self.blank:
            return
        self.draw.polygon(self._p(points), fill=fill, outline=outline, width=self._w(width))

    def rect(
        self,
        box: tuple[float, float, float, float],
        fill: Colour | None,
        outline: Colour | None = None,
        width: float = 1,
        radius: float = 0,
    ) -> None:
        if self.blank:
            return
        x0, y0, x1, y1 = box
        scaled = self._p([(x0, y0), (x1, y1)])
        self.draw.rounded_rectangle(
            scaled,
            radius=radius * self.scale,
            fill=fill,
            outline=outline,
            width=self._w(width),
        )

    def player_block(
        self,
        box: Box,
        fill: Colour,
        edge: Colour,
        seat: Colour,
        acting: bool,
        width: float,
        radius: float,
    ) -> None:
        """A player's block: outlined in their seat's colour, `width` thick, while they act."""
        outline, width = (seat, width) if acting else (edge, 1.5)
        self.rect(box, fill=fill, outline=outline, width=width, radius=radius)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        """Width in logical pixels of `text` as `text()` would draw it."""
        return textlib.width(text, round(size * self.scale), bold) / self.scale

    def text(
        self,
        xy: Point,
        text: str,
        size: float,
        fill: Colour,
        anchor: str = "la",
        outline: Colour | None = None,
        outline_width: float = 0,
        bold: bool = False,
    ) -> None:
        """Draw `text`; `anchor` is Pillow's two-letter anchor (l/m/r then a/m/s/d).

        `outline` draws a halo so labels stay readable over lines and colours.
        """
        px = round(size * self.scale)
        self._note(text, px, bold, None)
        if self.blank:
            return
        total = textlib.width(text, px, bold)
        ascent, descent = textlib.metrics(px)
        x, y = xy[0] * self.scale, xy[1] * self.scale
        x -= {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
        y += {"a": ascent, "m": (ascent - descent) / 2, "s": 0.0, "d": -descent}[anchor[1]]
        if outline is not None and outline_width:
            textlib.draw(
                self.image,
                x,
                y,
                text,
                px,
                fill,
                bold=bold,
                stroke=self._w(outline_width),
                stroke_fill=outline,
            )
        textlib.draw(self.image, x, y, text, px, fill, bold=bold)

    def fit_size(
        self, text: str, size: float, width: float, minimum: float, bold: bool = False
    ) -> float:
        """The largest size from `size` down to `minimum`, by half pixels, at which `text`
        fits `width` (words stay legible: below `minimum` they are cut instead, `clip`)."""
        while size > minimum and self.text_width(text, size, bold) > width:
            size -= 0.5
        return size

    def clip(self, text: str, size: float, width: float, bold: bool = False) -> str:
        """`text`, cut with an ellipsis until it fits `width` (a long name never runs over
        its neighbours)."""
        if self.text_width(text, size, bold) <= width:
            return text
        while len(text) > 1 and self.text_width(text + "…", size, bold) > width:
            text = text[:-1].rstrip()
        return text + "…"

    def ring(
        self,
        box: Box,
        pad: float,
        ink: Colour,
        glow: Colour,
        widths: tuple[float, float] = (7, 4),
        radius: float = 9,
    ) -> None:
        """A highlight around `box`: a bright line on a dark one, seen on any background."""
        x0, y0, x1, y1 = box
        outer = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        self.rect(outer, fill=None, outline=ink, width=widths[0], radius=radius)
        self.rect(outer, fill=None, outline=glow, width=widths[1], radius=radius)

    def tag(
        self, xy: Point, text: str, size: float, ink: Colour, paper: Colour, anchor: str = "la"
    ) -> Box:
        """A short tag (a panel choice's "3") in a box of its own with an edge, read on any
        background and not by colour alone. `anchor` places the box at `xy` as Pillow's
        anchors place text (l/m/r then a/m). Returns the box."""
        width, height = self.tag_size(text, size)
        left = xy[0] - {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
        top = xy[1] - {"a": 0.0, "m": height / 2}[anchor[1]]
        box = (left, top, left + width, top + height)
        self.rect(box, fill=paper, outline=ink, width=2, radius=size * 0.25)
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        self.text(centre, text, size, ink, anchor="mm", bold=True)
        boxes = _tag_boxes.get()
        if boxes is not None:
            w, h = self.width, self.height
            boxes.append(TagBox(text, (box[0] / w, box[1] / h, box[2] / w, box[3] / h)))
        return box

    def tag_size(self, text: str, size: float) -> Point:
        """The width and height of `tag`'s box."""
        pad = size * 0.25
        return (self.text_width(text, size, True) + 2 * pad, size + pad)

    def icon(self, centre: Point, icon: str, size: float, ink: Colour) -> None:
        """An emoji icon centred on `centre`: drawn once per size and pasted, since a
        picture may show a hundred of them."""
        image = _icon_image(icon, round(size * self.scale), ink)
        self._note(icon, round(size * self.scale), False, image.height)
        if self.blank:
            return
        x = round(centre[0] * self.scale - image.width / 2)
        y = round(centre[1] * self.scale - image.height / 2)
        self.image.paste(image, (x, y), image)

    def _note(self, text: str, px: int, bold: bool, icon_height: int | None) -> None:
        drawn = _recording.get()
        if drawn is not None:
            role = _role()
            drawn.append(Drawn(text, px, bold, icon_height, self.scale, self.width, role))

    def png(self) -> bytes:
        """Shrink to the logical size (this is the anti-aliasing) and encode as PNG.

        `reduce` averages each block of scale × scale pixels, as a box resize does (they
        differ by rounding, at most one level of 255), about four times faster: a quarter
        of a Paris picture's drawing time went to the resize."""
        image = self.image
        if self.scale != 1 and not self.blank:
            image = image.reduce(self.scale)
        return png_bytes(image)


@lru_cache(maxsize=256)
def _icon_image(icon: str, px: int, ink: Colour) -> Image.Image:
    width = max(1, round(textlib.width(icon, px)))
    ascent, descent = textlib.metrics(px)
    image = Image.new("RGBA", (width, ascent + descent), (0, 0, 0, 0))
    textlib.draw(image, 0, ascent, icon, px, ink)
    box = image.getbbox()
    return image.crop(box) if box else image

"""Small drawing helpers shared by every game's renderer.

Why a shared module: each game draws its own picture, but all of them need the same few
things — a font that does not depend on the host machine, text that stays readable on any
background, smooth shapes, names that can never crash the renderer, and PNG bytes.

- Fonts: Pillow's built-in scalable font (Aileron) only, so a bare server renders the same
  picture as a laptop. It covers ASCII but not accented letters, so `Canvas.text` draws
  accents itself (base letter + accent glyph), which keeps French names like "Hôtel de
  Ville" readable. Any other missing glyph (emoji, CJK) becomes "?" rather than a box.
- Smoothness: Pillow draws without anti-aliasing, so a `Canvas` draws at `SUPERSAMPLE`
  times the size in logical coordinates and shrinks once at the end.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, int, int]
Point = tuple[float, float]

SUPERSAMPLE = 2
NAME_LIMIT = 16

# Combining mark -> spacing glyph the built-in font has ("" = draw two dots by hand).
_ACCENTS: dict[str, str] = {
    "\u0301": "\u00b4",  # acute
    "\u0300": "`",  # grave
    "\u0302": "^",  # circumflex
    "\u0303": "~",  # tilde
    "\u030a": "\u00b0",  # ring
    "\u0308": "",  # diaeresis
}


@lru_cache(maxsize=64)
def font(size: float) -> ImageFont.FreeTypeFont:
    """Pillow's built-in scalable font at `size` pixels (cached: loading costs ~1 ms)."""
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow built without FreeType"
    return loaded


@lru_cache(maxsize=1)
def _notdef() -> bytes:
    return bytes(font(20).getmask("\uffff"))


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether the built-in font draws `char` (a missing glyph renders as the notdef box)."""
    return char.isspace() or bytes(font(20).getmask(char)) != _notdef()


def _split(text: str) -> tuple[str, list[tuple[int, str]]]:
    """`text` as drawable base letters plus (index, accent) pairs to draw over them."""
    bases: list[str] = []
    marks: list[tuple[int, str]] = []
    for char in text:
        if has_glyph(char):
            bases.append(char)
            continue
        decomposed = unicodedata.normalize("NFD", char)
        base, accents = decomposed[0], decomposed[1:]
        if has_glyph(base) and base != char:
            bases.append(base)
            marks.extend((len(bases) - 1, a) for a in accents if a in _ACCENTS)
        elif unicodedata.combining(char):
            continue
        else:
            bases.append("?")
    return "".join(bases), marks


def safe_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A player name fit to draw: no control characters, one line, at most `limit` chars."""
    name = name.encode("utf-8", "replace").decode("utf-8")  # lone surrogates
    spaced = "".join(" " if c.isspace() else c for c in name)
    cleaned = "".join(c for c in spaced if unicodedata.category(c)[0] != "C")
    cleaned = " ".join(cleaned.split()) or "?"
    if len(cleaned) > limit:
        cleaned = cleaned[: limit - 1].rstrip() + "\u2026"
    return cleaned


def png_bytes(image: Image.Image) -> bytes:
    """Encode `image` as PNG (compress level 6: a good size for the time it takes)."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


class Canvas:
    """A picture drawn in logical pixels at `SUPERSAMPLE`x and shrunk once by `png()`."""

    def __init__(self, width: int, height: int, background: Colour, scale: int = SUPERSAMPLE):
        self.width, self.height, self.scale = width, height, scale
        self.image = Image.new("RGB", (width * scale, height * scale), background)
        self.draw = ImageDraw.Draw(self.image)

    def _p(self, points: Sequence[Point]) -> list[tuple[float, float]]:
        s = self.scale
        return [(x * s, y * s) for x, y in points]

    def _w(self, width: float) -> int:
        return max(1, round(width * self.scale))

    def line(self, points: Sequence[Point], fill: Colour, width: float) -> None:
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
        x, y = centre
        box = self._p([(x - radius, y - radius), (x + radius, y + radius)])
        self.draw.ellipse(box, fill=fill, outline=outline, width=self._w(width))

    def arc(
        self, centre: Point, radius: float, start: float, end: float, fill: Colour, width: float
    ) -> None:
        """An arc of a circle, angles in degrees clockwise from 3 o'clock (Pillow's way)."""
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
        self.draw.polygon(self._p(points), fill=fill, outline=outline, width=self._w(width))

    def rect(
        self,
        box: tuple[float, float, float, float],
        fill: Colour | None,
        outline: Colour | None = None,
        width: float = 1,
        radius: float = 0,
    ) -> None:
        x0, y0, x1, y1 = box
        scaled = self._p([(x0, y0), (x1, y1)])
        self.draw.rounded_rectangle(
            scaled,
            radius=radius * self.scale,
            fill=fill,
            outline=outline,
            width=self._w(width),
        )

    def text_width(self, text: str, size: float) -> float:
        """Width in logical pixels of `text` as `text()` would draw it."""
        return font(size * self.scale).getlength(_split(text)[0]) / self.scale

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

        `outline` draws a halo so labels stay readable over lines; `bold` thickens the strokes
        (the built-in font has no bold face).
        """
        f = font(size * self.scale)
        bases, marks = _split(text)
        ascent, descent = f.getmetrics()
        total = f.getlength(bases)
        x, y = xy[0] * self.scale, xy[1] * self.scale
        x -= {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
        y += {"a": ascent, "m": (ascent - descent) / 2, "s": 0.0, "d": -descent}[anchor[1]]
        stroke = 0
        stroke_fill: Colour | None = None
        if outline is not None and outline_width:
            stroke, stroke_fill = self._w(outline_width), outline
        if stroke:
            self.draw.text(
                (x, y),
                bases,
                font=f,
                fill=stroke_fill,
                anchor="ls",
                stroke_width=stroke,
                stroke_fill=stroke_fill,
            )
            self._accents(f, bases, marks, x, y, stroke_fill, stroke)
        weight = max(1, self.scale // 2) if bold else 0
        self.draw.text(
            (x, y), bases, font=f, fill=fill, anchor="ls", stroke_width=weight, stroke_fill=fill
        )
        self._accents(f, bases, marks, x, y, fill, weight)

    def _accents(
        self,
        f: ImageFont.FreeTypeFont,
        bases: str,
        marks: list[tuple[int, str]],
        x: float,
        y: float,
        fill: Colour | None,
        stroke: int,
    ) -> None:
        """Draw each accent centred over its base letter, higher over capitals."""
        size = f.size
        for index, mark in marks:
            base = bases[index]
            cx = x + f.getlength(bases[:index]) + f.getlength(base) / 2
            glyph = _ACCENTS[mark]
            lift = size * ((0.2 if base.isupper() else 0.0) + (0.3 if glyph == "~" else 0.0))
            if glyph:
                self.draw.text(
                    (cx, y - lift),
                    glyph,
                    font=f,
                    fill=fill,
                    anchor="ms",
                    stroke_width=stroke,
                    stroke_fill=fill,
                )
                continue
            r = size * 0.06 + stroke
            dy = y - lift - size * 0.62
            for dx in (-size * 0.13, size * 0.13):
                self.draw.ellipse((cx + dx - r, dy - r, cx + dx + r, dy + r), fill=fill)

    def png(self) -> bytes:
        """Shrink to the logical size (this is the anti-aliasing) and encode as PNG."""
        image = self.image
        if self.scale != 1:
            image = image.resize((self.width, self.height), Image.Resampling.BOX)
        return png_bytes(image)

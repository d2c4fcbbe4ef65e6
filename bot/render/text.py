"""Text in pictures: any display name, in any script, with bundled fonts.

Names carry accents, Cyrillic, Greek, emoji and CJK. Each character is drawn with the first
bundled font that has it — DejaVu Sans (Latin, Cyrillic, Greek and much more), Noto Color
Emoji (in colour, ZWJ sequences, flags and skin tones included), Droid Sans Fallback (CJK,
Hangul and others) — and a character none of them covers is transliterated (anyascii), so a
name never draws as "?" or as boxes. The fonts live in `fonts/` with their licences, so a
bare server draws exactly what a laptop draws.
"""

from __future__ import annotations

import dataclasses
from functools import cache, lru_cache
from importlib import resources

from anyascii import anyascii
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, int, int]
MAIN, BOLD = "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"
WIDE = "DroidSansFallbackFull.ttf"  # CJK and other scripts DejaVu lacks
EMOJI = "NotoColorEmoji.ttf"
EMOJI_STRIKE = 109  # the colour bitmaps exist at this size only; scaled to the text size
# Characters that belong to the emoji before them: ZWJ, variation selector 16, skin tones,
# the keycap mark and tag characters (subdivision flags).
_JOINERS = {0x200D, 0xFE0F, 0x20E3} | set(range(0x1F3FB, 0x1F400)) | set(range(0xE0020, 0xE0080))
_REGIONAL = range(0x1F1E6, 0x1F200)


def font_path(name: str) -> str:
    return str(resources.files("bot.render").joinpath("fonts", name))


@cache
def coverage(name: str) -> frozenset[int]:
    """The code points a bundled font has glyphs for (read once from its cmap)."""
    with TTFont(font_path(name), lazy=True) as ttf:
        return frozenset(ttf.getBestCmap())


@lru_cache(maxsize=128)
def face(name: str, size: int) -> ImageFont.FreeTypeFont:
    """A bundled font at `size` pixels (cached: loading costs a few milliseconds)."""
    return ImageFont.truetype(font_path(name), size)


@dataclasses.dataclass(frozen=True, slots=True)
class Run:
    """Consecutive characters drawn with one font ("main", "wide" or "emoji")."""

    kind: str
    text: str


def _is_emoji(text: str, i: int) -> bool:
    code = ord(text[i])
    if code not in coverage(EMOJI) or code in (0x20, 0x200D):
        return False
    selected = i + 1 < len(text) and ord(text[i + 1]) in (0xFE0F, 0x20E3)
    return selected or code not in coverage(MAIN) or code in _REGIONAL


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[Run, ...]:
    """`text` split into font runs; what no bundled font covers is transliterated."""
    out: list[list[str]] = []  # [kind, text]
    i = 0
    while i < len(text):
        char = text[i]
        code = ord(char)
        if out and out[-1][0] == "emoji" and code in _JOINERS:
            kind, piece = "emoji", char
        elif _is_emoji(text, i):
            kind, piece = "emoji", char
        elif code in coverage(MAIN) or char.isspace():
            kind, piece = "main", char
        elif code in coverage(WIDE):
            kind, piece = "wide", char
        elif code in _JOINERS or 0x300 <= code < 0x370:
            i += 1  # a stray joiner or combining mark with nothing to join
            continue
        else:
            kind, piece = "main", anyascii(char) or "·"
        if out and out[-1][0] == kind:
            out[-1][1] += piece
        else:
            out.append([kind, piece])
        i += 1
    return tuple(Run(kind, piece) for kind, piece in out)


def _font_for(kind: str, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    if kind == "wide":
        return face(WIDE, size)
    return face(BOLD if bold else MAIN, size)


@lru_cache(maxsize=1024)
def _emoji_image(text: str, size: int) -> Image.Image:
    """The emoji run drawn at the colour strike, scaled to `size` pixels high (cached: the
    same icons recur on every picture; callers only read the image)."""
    strike = face(EMOJI, EMOJI_STRIKE)
    box = strike.getbbox(text)
    # int: a FreeType bbox is whole pixels, though Pillow types it float.
    image = Image.new("RGBA", (max(1, int(box[2])), max(1, int(box[3]))), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((0, 0), text, font=strike, embedded_color=True)
    height = max(1, round(size * 1.0))
    width = max(1, round(image.width * height / max(1, image.height)))
    return image.resize((width, height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8192)
def width(text: str, size: int, bold: bool = False) -> float:
    """Width in pixels of `text` drawn at `size` (cached: a picture measures the same labels
    again and again, fitting them; the largest board measured about 290 a picture, 8 ms)."""
    total = 0.0
    for run in runs(text):
        if run.kind == "emoji":
            total += _emoji_image(run.text, size).width + size * 0.05
        else:
            total += _font_for(run.kind, size, bold).getlength(run.text)
    return total


def metrics(size: int) -> tuple[int, int]:
    """Ascent and descent of the main font at `size` (the baseline every run shares)."""
    return face(MAIN, size).getmetrics()


def draw(
    image: Image.Image,
    x: float,
    baseline: float,
    text: str,
    size: int,
    fill: Colour,
    *,
    bold: bool = False,
    stroke: int = 0,
    stroke_fill: Colour | None = None,
) -> None:
    """Draw `text` from (x, baseline), run by run; emoji keep their own colours. Each run is
    pasted through its kept coverage mask (`_coverage`) at whole pixels."""
    ascent, _ = metrics(size)
    for run in runs(text):
        if run.kind == "emoji":
            emoji = _emoji_image(run.text, size)
            if stroke_fill is None:  # (a halo pass draws no emoji: they have their own)
                image.paste(emoji, (round(x), round(baseline - ascent * 0.92)), emoji)
            x += emoji.width + size * 0.05
            continue
        mask, left, top, advance = _coverage(run.kind, size, bold, run.text, stroke)
        image.paste(stroke_fill or fill, (round(x) + left, round(baseline) + top), mask)
        x += advance


@lru_cache(maxsize=2048)  # about 7 KB a run: at most 14 MB
def _coverage(
    kind: str, size: int, bold: bool, text: str, stroke: int
) -> tuple[Image.Image, int, int, float]:
    """A run drawn once as a coverage mask (outlined by `stroke` pixels), where its top left
    lies from the pen, and the pen's advance (cached: a board draws the same labels picture
    after picture, and FreeType's drawing was a third of a picture's time; callers only
    read the mask)."""
    font = _font_for(kind, size, bold)
    left, top, right, bottom = (
        int(v) for v in font.getbbox(text, anchor="ls", stroke_width=stroke)
    )
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=font, fill=255, anchor="ls", stroke_width=stroke, stroke_fill=255
    )
    return mask, left, top, font.getlength(text)


def uncovered(text: str) -> list[str]:
    """Characters of `text` that would not be drawn as themselves (for tests)."""
    drawn = "".join(r.text for r in runs(text))
    return [c for c in text if c not in drawn and not c.isspace() and ord(c) not in _JOINERS]

"""A wagon's name on its card: the whole name the menus and recaps use, on several lines.

Why not a shorter word: the picture, the menus and the recaps name a wagon alike, so a player
matches them without a legend. A card is narrow, so the name breaks after its spaces and
hyphens, and a word wider than the card breaks where the language hyphenates it (Pyphen's
dictionaries: "Kühl-wagen", "Рефри-жера-торный"), at the latest point that still fits.
"""

from __future__ import annotations

import re
from functools import cache

import pyphen

from bot.render.drawing import Canvas

_PIECES = re.compile(r"[^\s-]+-*|-+")


@cache
def _hyphenator(dictionary: str) -> pyphen.Pyphen | None:
    """The catalogue names its language's dictionary (`mp.img.hyphenation`: "de_DE")."""
    found = pyphen.language_fallback(dictionary)
    return pyphen.Pyphen(lang=found) if found else None


def wrap(c: Canvas, text: str, size: float, width: float, dictionary: str) -> list[str]:
    """`text` as the lines that fit `width` at `size` (a syllable wider than the card stays
    whole and runs over rather than being cut anywhere)."""
    lines: list[str] = []
    hyphenator = _hyphenator(dictionary)
    for piece in _PIECES.findall(text):
        if lines:
            joined = lines[-1] + ("" if lines[-1].endswith("-") else " ") + piece
            if c.text_width(joined, size) <= width:
                lines[-1] = joined
                continue
        while c.text_width(piece, size) > width and hyphenator is not None:
            # `iterate` yields the longest head first
            fits = (h for h, _ in hyphenator.iterate(piece) if c.text_width(h + "-", size) <= width)
            head = next(fits, None)
            if head is None:
                break
            lines.append(head + "-")
            piece = piece[len(head) :]
        lines.append(piece)
    return lines

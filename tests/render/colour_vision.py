"""Colour-vision deficiency simulation and pictures "as Discord shows them", for render tests.

The matrices are Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear sRGB;
differences are CIE76 ΔE in CIELAB (D65). A ΔE around 20 or more reads as clearly different
colours side by side; below 10 they are easily confused.

`text_calls` records every run of text a picture draws (through `bot.render.text.draw`, which
all Canvas text goes through), with its size in pixels as seen in an embed `EMBED_WIDTH` wide
and where it starts on the picture.
"""

from __future__ import annotations

import dataclasses
import importlib
import io
import itertools
import pkgutil
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image

from bot.render import drawing
from bot.render import text as textlib

Colour = tuple[int, int, int]
EMBED_WIDTH = 520  # how wide Discord shows an embed's image

MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
}


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def simulate(rgb: Colour, vision: str) -> tuple[float, float, float]:
    """The colour as seen with `vision`, in linear sRGB (0..1)."""
    lin = [_linear(v) for v in rgb]
    m = MACHADO[vision]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3))


def _lab(lin: Sequence[float]) -> tuple[float, float, float]:
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def delta_e(a: Colour, b: Colour, vision: str = "normal") -> float:
    la, lb = _lab(simulate(a, vision)), _lab(simulate(b, vision))
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def closest_pair(colours: Sequence[Colour], vision: str) -> float:
    """The smallest ΔE between any two of `colours` as seen with `vision`."""
    return min(delta_e(a, b, vision) for a, b in itertools.combinations(colours, 2))


@dataclasses.dataclass(frozen=True)
class TextCall:
    text: str
    px: int  # the size drawn on the supersampled canvas
    x: float = 0  # where its run starts (left) and its baseline, in logical pixels
    baseline: float = 0

    def embed_px(self, picture_width: int) -> float:
        """Its size once the picture is shrunk to the logical size, then to the embed."""
        return self.px / drawing.SUPERSAMPLE * EMBED_WIDTH / picture_width


@contextmanager
def text_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[TextCall]]:
    """Every text run drawn while inside, halo passes left out."""
    calls: list[TextCall] = []
    real: Callable[..., Any] = textlib.draw

    def spy(
        image: Any, x: float, baseline: float, text: str, size: int, fill: Any, **kwargs: Any
    ) -> None:
        if not kwargs.get("stroke"):
            scale = drawing.SUPERSAMPLE
            calls.append(TextCall(text, size, x / scale, baseline / scale))
        real(image, x, baseline, text, size, fill, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(textlib, "draw", spy)
        yield calls


def keys_for_words(monkeypatch: pytest.MonkeyPatch, package: str) -> None:
    """Every catalogue sentence that the modules of a presentation `package` say, replaced
    by its key in «»: a picture drawn then shows what does not come from the catalogue."""
    for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
        module = importlib.import_module(f"{package}.{info.name}")
        if hasattr(module, "t"):
            monkeypatch.setattr(module, "t", lambda key, *a, **k: f"«{key}»")


def as_embedded(png: bytes) -> Image.Image:
    """The picture as Discord shows it: shrunk to `EMBED_WIDTH` wide."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * EMBED_WIDTH / image.width)
    return image.resize((EMBED_WIDTH, height), Image.Resampling.LANCZOS)

"""Reading a table picture back: decode its PNG, read a pixel at a layout point, compare
colours within a tolerance. The picture tests of every game check their drawings this way."""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image

Colour = tuple[int, ...]
# Names with accents, drawn in the pictures of up to four seats.
NAMES = ["Amélie", "Bastien", "Zoë", "Ngũgĩ"]


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def at(image: Image.Image, point: tuple[float, float]) -> tuple[int, int, int]:
    return image.getpixel((round(point[0]), round(point[1])))


def close_within(default: int) -> Callable[..., bool]:
    """`close(a, b, tolerance=default)`: whether two colours differ by at most `tolerance`
    in every channel. Each picture has its own default (antialiasing, blending)."""

    def close(a: Colour, b: Colour, tolerance: int = default) -> bool:
        return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))

    return close

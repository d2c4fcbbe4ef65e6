"""An animated GIF of a match's table pictures: the summary attached to the final table.

Why GIF: every Discord client plays it inline, with no click. The pictures are shrunk and
share one palette (taken from the last picture, the fullest board), so from one frame to
the next only what changed is stored and a whole match stays a few hundred kilobytes, far
under Discord's upload limit. A thin bar along the bottom shows how far into the match each
frame is.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

BOX = (440, 440)  # each picture fits in this box (about the size Discord shows it inline)
COLOURS = 64  # the shared palette's size: plenty for flat boards, small LZW codes
FRAME_MS = 600  # each move shown
HOLD_MS = 4000  # the final position, before the loop starts again
BAR = 5  # height of the progress bar, in pixels
BAR_COLOUR = (240, 190, 60)
LIMIT = 10 * 1024 * 1024  # Discord's upload limit for a bot's message


def animate(pictures: Sequence[bytes], progress: Sequence[float]) -> bytes:
    """A looping GIF of `pictures` (PNG bytes, in order); `progress[i]` (0 to 1) is how far
    into the match picture i is. Shrunk further should it ever exceed the upload limit."""
    if not pictures or len(progress) != len(pictures):
        raise ValueError("one progress value per picture, and at least one picture")
    box = BOX
    while True:
        data = _encode(pictures, progress, box)
        if len(data) < LIMIT or box[0] < 64:
            return data
        box = (box[0] // 2, box[1] // 2)


def _encode(pictures: Sequence[bytes], progress: Sequence[float], box: tuple[int, int]) -> bytes:
    shrunk = [_shrunk(png, box) for png in pictures]
    # One size for every frame (a game's final table may be taller than its others): each
    # picture centred on its own background colour, the progress bar along the bottom.
    size = (max(i.width for i in shrunk), max(i.height for i in shrunk))
    frames = [_frame(i, done, size) for i, done in zip(shrunk, progress, strict=True)]
    palette = frames[-1].quantize(COLOURS, method=Image.Quantize.MEDIANCUT)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    out = io.BytesIO()
    indexed[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=[FRAME_MS] * (len(indexed) - 1) + [HOLD_MS],
        loop=0,
        optimize=False,
        disposal=1,
    )
    return out.getvalue()


def _shrunk(png: bytes, box: tuple[int, int]) -> Image.Image:
    """One picture shrunk into `box`."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.thumbnail(box, Image.Resampling.LANCZOS)
    return image


def _frame(picture: Image.Image, done: float, size: tuple[int, int]) -> Image.Image:
    """`picture` centred in a frame of `size` (filled with its corner's colour), with the
    progress bar drawn along the frame's bottom."""
    image = Image.new("RGB", size, picture.getpixel((0, 0)))
    image.paste(picture, ((size[0] - picture.width) // 2, (size[1] - picture.height) // 2))
    width, height = image.size
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, height - BAR, width, height), fill=(30, 30, 30))
    filled = round(width * min(1.0, max(0.0, done)))
    if filled:
        draw.rectangle((0, height - BAR, filled - 1, height), fill=BAR_COLOUR)
    return image

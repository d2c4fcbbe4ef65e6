"""Issue 19 §7: the animated summary of a match is a GIF every Discord client plays inline,
well within the upload limit (10 MiB; a few hundred KB is the aim), one frame per picture,
the last held longest, and shrunk further should a match ever make it too big."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games import adapter_for
from bot.render import animation
from games.registry import get_game
from tests.contract.games import random_playout


def pictures_of_a_match(key: str, count: int) -> tuple[list[bytes], list[float]]:
    """`count` real table pictures spread over a seeded random match, and their progress."""
    game, adapter = get_game(key), adapter_for(key)
    _, moves = random_playout(game, game.min_seats, seed=4)
    picked = [round(i * (len(moves) - 1) / (count - 1)) for i in range(count)]
    names = ["alice", "bob", "carol", "dave"][: game.min_seats]
    pngs = [adapter.render(game.view(moves[i][0], None), names) for i in picked]
    return pngs, [i / (len(moves) - 1) for i in picked]


def test_a_whole_match_fits_in_a_few_hundred_kilobytes():
    pngs, progress = pictures_of_a_match("city-of-light", 16)
    gif = animation.animate(pngs, progress)
    assert len(gif) < 1024 * 1024  # aim: a few hundred KB; the limit is 10 MiB
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.n_frames == 16 and image.info["loop"] == 0
    assert max(image.size) <= max(animation.BOX)
    durations = []
    for n in range(image.n_frames):
        image.seek(n)
        durations.append(image.info["duration"])
    assert durations == [animation.FRAME_MS] * 15 + [animation.HOLD_MS]


def test_a_summary_over_the_limit_is_shrunk_until_it_fits(monkeypatch: pytest.MonkeyPatch):
    pngs, progress = pictures_of_a_match("paris-paris", 3)
    full = animation.animate(pngs, progress)
    monkeypatch.setattr(animation, "LIMIT", len(full) // 2)
    smaller = animation.animate(pngs, progress)
    assert len(smaller) < len(full) // 2
    assert Image.open(io.BytesIO(smaller)).size < Image.open(io.BytesIO(full)).size


def test_no_picture_or_a_progress_per_picture_missing_is_refused():
    with pytest.raises(ValueError):
        animation.animate([], [])
    with pytest.raises(ValueError):
        animation.animate([b"png"], [0.0, 1.0])


def test_a_taller_final_table_leaves_nothing_of_the_frame_before():
    """Paris's final table is taller than its others (the score breakdowns): shrunk into
    the box it is narrower, and the frame before must not show beside it."""

    def png(size: tuple[int, int], colour: tuple[int, int, int]) -> bytes:
        out = io.BytesIO()
        Image.new("RGB", size, colour).save(out, format="PNG")
        return out.getvalue()

    red, blue = (200, 30, 30), (30, 30, 200)
    gif = animation.animate([png((1000, 1000), red), png((1000, 1400), blue)], [0.0, 1.0])
    image = Image.open(io.BytesIO(gif))
    image.seek(1)
    last = image.convert("RGB")
    width, height = last.size
    above_bar = last.crop((0, 0, width, height - animation.BAR))
    colours = {colour for _, colour in above_bar.getcolors(maxcolors=1 << 16)}
    assert colours == {blue}, colours

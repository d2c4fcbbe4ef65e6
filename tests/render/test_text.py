"""Issue 11: any display name draws legibly — bundled fonts, per-character fallback, colour
emoji, transliteration of what no bundled font covers; never "?" and never a box."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.render import text as textlib
from bot.render.drawing import Canvas
from bot.render.hard_names import HARD_NAMES


@pytest.mark.parametrize("name", HARD_NAMES)
def test_every_character_of_a_hard_name_has_a_glyph(name):
    assert textlib.uncovered(name) == []
    kinds = {run.kind for run in textlib.runs(name)}
    if any("\u4e00" <= c <= "\u9fff" for c in name):
        assert "wide" in kinds  # CJK from the fallback font, not boxes
    if any(ord(c) > 0x1F000 for c in name):
        assert "emoji" in kinds


def test_a_script_no_font_covers_is_transliterated_not_replaced():
    runs = textlib.runs("ሰላም")  # Ge'ez: none of the bundled fonts has it
    assert runs == (textlib.Run("main", "selam"),)
    assert textlib.runs("김민준") == (textlib.Run("main", "GimMinJun"),)  # Hangul
    assert "?" not in "".join(r.text for r in textlib.runs("ሰላም 𓀀"))


def test_no_hand_drawn_accents_the_precomposed_letter_is_drawn():
    # "Î" drawn by the font, as one glyph: the same pixels as the font draws it alone.
    c = Canvas(120, 40, (255, 255, 255), scale=1)
    c.text((5, 5), "Î", 24, (0, 0, 0))
    alone = Image.new("RGB", (120, 40), (255, 255, 255))
    ascent, _ = textlib.metrics(24)
    textlib.draw(alone, 5, 5 + ascent, "Î", 24, (0, 0, 0))
    assert c.image.tobytes() == alone.tobytes()
    assert textlib.runs("Î") == (textlib.Run("main", "Î"),)


def test_emoji_are_drawn_in_colour():
    c = Canvas(80, 40, (255, 255, 255), scale=1)
    c.text((5, 5), "🌙", 28, (0, 0, 0))
    colours = {px for px in c.image.getdata() if px != (255, 255, 255)}
    assert any(r > 150 and g > 120 and b < 100 for r, g, b in colours)  # the moon is yellow


def test_width_grows_with_every_run():
    assert textlib.width("ab 山", 20) > textlib.width("ab", 20) > 0
    assert textlib.width("a🌙", 20) > textlib.width("a", 20)

"""Issue 20, item 2: the legibility measurement behind `python -m bot pictures --check` is
right — a text measures its font size and an icon its glyph's ink, as Discord shows the
picture 520 px wide — and whatever is too small is named, by game and drawing function."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.cli import pictures_check
from bot.cli.pictures import seat_counts
from bot.games import adapters
from bot.i18n import languages
from bot.render.drawing import Canvas, recording
from bot.render.legibility import EMBED_WIDTH, cap_height, measure, too_small
from games.registry import get_game
from tests.cli.running import run_cli
from tests.render.pixels import decode

WHITE, BLACK = (255, 255, 255), (0, 0, 0)


def ink_height(image: Image.Image) -> int:
    """Rows from the first to the last holding a pixel visibly off white."""
    mask = image.convert("L").point(lambda v: 255 if v < 200 else 0)
    box = mask.getbbox()
    assert box is not None, "nothing drawn"
    return box[3] - box[1]


@pytest.mark.parametrize("width", [EMBED_WIDTH, 2 * EMBED_WIDTH])
def test_a_text_measures_its_font_size_as_shown_520_wide(width):
    canvas = Canvas(width, 60, WHITE)
    with recording() as drawn:
        canvas.text((10, 10), "HEH", 30, BLACK)
    [m] = map(measure, drawn)
    assert m.height == pytest.approx(30 * EMBED_WIDTH / width)
    capitals = ink_height(decode(canvas.png())) * EMBED_WIDTH / width
    assert capitals == pytest.approx(cap_height(300) / 300 * m.height, abs=1)  # DejaVu: 0.73
    assert (m.text, m.icon) == ("HEH", False)


def test_a_lowercase_text_measures_as_the_font_size_it_is_drawn_in():
    """The measure is the letter size, not the ink of whichever letters a string holds."""
    canvas = Canvas(EMBED_WIDTH, 60, WHITE)
    with recording() as drawn:
        canvas.text((10, 10), "H", 20, BLACK)
        canvas.text((10, 10), "a·x", 20, BLACK)
        canvas.text((10, 10), "H", 20, BLACK, bold=True)
    assert len({measure(d).height for d in drawn}) == 1


def test_an_icon_measures_its_glyphs_ink_as_shown_520_wide():
    canvas = Canvas(2 * EMBED_WIDTH, 80, WHITE)
    with recording() as drawn:
        canvas.icon((40, 40), "☕", 40, BLACK)
    [m] = map(measure, drawn)
    shown = ink_height(decode(canvas.png())) / 2
    assert m.icon and m.height == pytest.approx(shown, abs=1)


def draw_sample(canvas: Canvas) -> None:
    canvas.text((10, 10), "big", 40, BLACK)
    canvas.text((10, 60), "tiny", 14, BLACK)
    canvas.icon((200, 40), "🏛️", 10, BLACK)


def test_what_is_too_small_is_named_with_its_drawing_function():
    canvas = Canvas(2 * EMBED_WIDTH, 100, WHITE)  # shown at half size
    with recording() as drawn:
        draw_sample(canvas)
    small = too_small(drawn)
    assert {(m.text, m.icon) for m in small} == {("🏛️", True), ("tiny", False)}
    assert [m.height for m in small] == sorted(m.height for m in small)  # smallest first
    assert {m.role for m in small} == {"tests.render.test_legibility.draw_sample"}
    assert all(m.height < 11 for m in small)
    assert too_small(drawn, minimum=1) == []


def test_nothing_is_recorded_outside_the_block():
    with recording() as drawn:
        pass
    Canvas(100, 100, WHITE).text((0, 0), "after", 20, BLACK)
    assert drawn == []


@pytest.fixture(scope="module")
def pictures() -> list[pictures_check.Picture]:
    return list(pictures_check.measured(seed=3))


def test_every_game_is_measured_at_each_stage_player_count_and_language(pictures):
    expected = {
        (key, seats, stage, language)
        for key in adapters()
        for seats in seat_counts(key)
        for stage in ("start", "middle", "end")
        for language in languages()
    }
    tables = [p for p in pictures if "+" not in p.stage]
    assert {(p.game, p.seats, p.stage, p.language) for p in tables} == expected
    assert len(languages()) == 4 and len(tables) == len(expected)
    panels = {p.game for p in pictures if p.stage.endswith("+panel")}
    assert {"city-of-light", "paris-paris"} <= panels  # their panels tag places
    assert all(p.measures for p in pictures)
    for key in adapters():  # the catalogue's words are drawn in the picture's language
        said = {p.language: {m.text for m in p.measures} for p in pictures if p.game == key}
        assert said["ru"] != said["en"] != said["de"] != said["fr"]


def test_the_report_names_each_game_and_fails_on_what_is_below(pictures, capsys):
    assert pictures_check.report(pictures, minimum=0) == 0
    out = capsys.readouterr().out
    assert all(get_game(key).title in out for key in adapters())
    assert "below" not in out
    assert pictures_check.report(pictures, minimum=1000) == 1
    out = capsys.readouterr().out
    assert all(f"  {key}: " in out for key in adapters())


def test_check_writes_no_pictures(pictures, capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(pictures_check, "measured", lambda seed: iter(pictures))
    monkeypatch.setattr(pictures_check, "MINIMUM", 0)
    code, out, _ = run_cli(capsys, "pictures", "--check", "--out", str(tmp_path / "pics"))
    assert code == 0 and "every text and icon is at least 0 px tall" in out
    assert not (tmp_path / "pics").exists()

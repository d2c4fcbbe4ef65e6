"""Issue 20, item 5: Moscow–Paris names a thing alike on the picture, in the menus and in the
recaps, in every language — a wagon by the whole name on its card, a city by its catalogue
name — and the final table's score terms cover every player and team and add up to the
result."""

from __future__ import annotations

import random
import re

import pytest

from bot.games.moscow_paris.adapter import MoscowParisAdapter
from bot.games.moscow_paris.render import frame_of, render_table
from bot.games.moscow_paris.terms import WAGON_EMOJI, flag, wagon_key
from bot.i18n import speaking, t
from games.core.ai import GreedyPlayer
from games.moscow_paris.engine import MoscowParis
from games.moscow_paris.scoring import final_result
from tests.moscow_paris.helpers import position
from tests.render.colour_vision import text_calls
from tests.render.pixels import NAMES

GAME = MoscowParis()
ADAPTER = MoscowParisAdapter()
LANGUAGES = ["en", "ru", "de", "fr"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_menus_name_each_wagon_as_its_card_does(language):
    """The menus said "Sleeper", "Reefer", "Lits" where the cards (and the recaps) say
    "Sleeping car", "Refrigerator car", "Wagon-lits": every wagon a choice names is its
    colour square and the whole name its card carries."""
    state = position(
        3,
        hands=[["discard_city", "swap_two", "discard_column2", "mail", "tank"]],
        tableaux=[[], ["sleeper", "refrigerator"], ["dining"]],
        lines={0: (["sleeper"], ["refrigerator"]), 1: (["dining"], [])},
        cities=["moscow", "paris", "rome", "berlin"],
        wagons="11x8",
    )
    actions = GAME.legal_actions(state, 0)
    moves = ADAPTER.moves(GAME.view(state, 0), actions, NAMES[:3], language)
    named = 0
    for move in moves:
        for step in move.steps:
            assert not step.label.endswith("…"), step.label  # nothing cut here
            for wagon, square in WAGON_EMOJI.items():
                for said in re.findall(re.escape(square) + r" ([^,·()]+)", step.label):
                    name = re.sub(r" ×\d+$", "", said.strip())  # a tableau's repeats
                    assert name == t(wagon_key(wagon), language), step.label
                    named += 1
    assert named > 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_picture_names_each_city_as_the_menus_do(monkeypatch, language):
    """The city cards and the claimed cities were drawn in English whatever the language:
    they carry the catalogue's name, as the menus, the status and the recaps do."""
    state = position(2, cities=["moscow", "munich", "rome", "st_petersburg"], won=[["vienna"], []])
    view = GAME.view(state, None)
    with speaking(language), text_calls(monkeypatch) as calls:
        render_table(view, NAMES[:2])
    drawn = {call.text for call in calls}
    for row in view.rows:
        star = "★ " if row.city.capital else ""
        assert star + t(f"mp.city.{row.city.id}", language) in drawn, row.city.id
    assert f"★ {t('mp.city.vienna', language)} 2" in drawn
    if language != "en":  # names every catalogue says otherwise
        assert not drawn & {"★ Moscow", "St Petersburg", "★ Vienna 2"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_picture_words_the_score_as_the_recap_does(monkeypatch, language):
    """The final panels said "for flags" and "cards" where the result's recap says "for
    repeated flags" and "city cards": the picture's two lines of terms are the recap's line,
    its list of repeated flags and its bold left out."""
    state = position(2, won=[["paris", "nice", "rome"], ["london"]])
    update = {"phase": "over", "to_act": [], "result": final_result(state)}
    view = GAME.view(state, None).model_copy(update=update)
    with speaking(language), text_calls(monkeypatch) as calls:
        render_table(view, NAMES[:2])
    drawn = [call.text for call in calls]
    lines = ADAPTER.result_lines(view.result, NAMES[:2], language)
    for b in view.result.details["seats"]:
        flags = " ".join(f"{flag(c)}×{n}" for c, n in b["flags"].items() if n > 1) or "—"
        (recap,) = [line for line in lines if f"({flags})" in line and f"**{b['score']}**" in line]
        said = recap.replace(f" ({flags})", "").replace("**", "").strip()
        i = drawn.index(
            t("mp.img.terms", language, vp=b["vp"], repeated=b["repeated_flags"], score=b["score"])
        )
        assert f"{drawn[i]} · {drawn[i + 1]}" == said


def finished(players: int, options: dict, seed: int):
    state = GAME.setup(players, GAME.parse_options(options), seed)
    rng, greedy = random.Random(seed), GreedyPlayer()
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng))
    return GAME.view(state, None)


@pytest.mark.parametrize(
    "players, options, seed",
    [(2, {}, 3), (3, {"istanbul": True}, 4), (4, {}, 5), (4, {"teams": True}, 6)],
)
def test_the_final_panels_break_every_score_down_to_the_result(monkeypatch, players, options, seed):
    """«каждый игрок суммирует очки с полученных им карт городов, затем откладывает в сторону
    по карте города каждой страны и прибавляет к получившейся сумме очков количество
    оставшихся перед ним карт городов». Each final panel (a team's: both partners', pooled)
    shows VP + repeated flags = the score the result gives that seat, the VP being those of
    the city chips on the panel(s) and the repeats its cards less its flags; the recap's
    lines give every player or team the same terms."""
    view = finished(players, options, seed)
    result = view.result
    assert result is not None
    frame = frame_of(view)
    with speaking("en"), text_calls(monkeypatch) as calls:
        render_table(view, NAMES[:players])

    def on_panel(seat: int) -> list[str]:
        x0, y0, x1, y1 = frame.panel(seat)
        return [c.text for c in calls if x0 <= c.x < x1 and y0 <= c.baseline <= y1]

    for seat in range(players):
        partners = [s for s in range(players) if s % 2 == seat % 2] if view.teams else [seat]
        cities = [city for s in partners for city in view.seats[s].cities]
        (terms,) = [m for text in on_panel(seat) if (m := re.fullmatch(TERMS, text))]
        vp, repeated, score = map(int, terms.groups())
        assert vp + repeated == score == result.scores[seat], seat
        for s in partners:
            for city in view.seats[s].cities:
                chip = ("★ " if city.capital else "") + f"{t(f'mp.city.{city.id}', 'en')} {city.vp}"
                assert chip in on_panel(s), (s, chip)
        assert vp == sum(city.vp for city in cities)
        assert repeated == len(cities) - len({city.country for city in cities})
        (head,) = [m for text in on_panel(seat) if (m := re.search(r"(\d+) pts?$", text))]
        assert int(head.group(1)) == score
    lines = "\n".join(ADAPTER.result_lines(result, NAMES[:players], None))
    sums = [tuple(map(int, m)) for m in re.findall(RECAP_TERMS, lines)]
    assert len(sums) == (2 if view.teams else players)
    assert all(vp + repeated == score for vp, repeated, score in sums)
    assert sorted(score for _, _, score in sums) == sorted(
        {result.scores[s] for s in range(players)} if view.teams else result.scores
    )


TERMS = r"(\d+) VP \+ (\d+) for repeated flags = (\d+)"
RECAP_TERMS = r"(\d+) VP \+ (\d+) for repeated flags \(.*?\) = \*\*(\d+)\*\*"

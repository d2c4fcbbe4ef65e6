"""Issue 20, item 5: "the same name for a thing on the picture, in the menus and in recaps,
per language; final tables show the score breakdown every player needs to check the result."

Paris Paris and City of Light: the picture's words agree with the recaps' and the status's
(one thing, one word, in each of the four languages), and each player's terms on the final
table add up to their score.
"""

from __future__ import annotations

import random
import re

import pytest

from bot.games.city_of_light.adapter import CityOfLightAdapter
from bot.games.paris_paris.adapter import ParisParisAdapter
from bot.i18n import t
from games.paris_paris.data import COLOURS
from games.registry import get_game

LANGUAGES = ("en", "ru", "de", "fr")
NAMES = ["alice", "bob", "carol", "dave"]


def stem(word: str) -> str:
    """A word's first letters, folded: enough to see 'мешок' in 'в мешке', not 'Sack' in
    'Säckchen' (nor 'plateau' in 'en jeu')."""
    return word.casefold()[:3]


@pytest.mark.parametrize("language", LANGUAGES)
def test_paris_paris_picture_words_are_the_recaps_words(language: str) -> None:
    def say(key: str, **fields: object) -> str:
        return t(key, language, **fields).casefold()

    # The bag: the panel's "2 in bag" and the final table's "bag 6".
    assert stem(say("pp.term.bag")) in say("pp.img.in_bag", n=2)
    # The board: the panel's "9 on board" and the final table's "9 shops on the board".
    board = say("pp.img.on_board", n=9).split()[-1]
    assert stem(board) in say("pp.result.shops", n=9)
    assert stem(board) in say("pp.result.tiebreak", shops="")
    # The face-up marker: its panel heading, as the status line names it.
    assert say("pp.status.face_up", line="").rstrip(" :") == say("pp.img.face_up")
    # A line's colour: the legend's word, and the line as menus and recaps name it.
    for colour in COLOURS:
        assert stem(say(f"pp.colour_word.{colour}")) in say(f"pp.colour.{colour}"), colour


def finished(key: str, players: int, seed: int) -> object:
    game = get_game(key)
    state = game.setup(players, game.parse_options({}), seed)
    rng = random.Random(seed)
    while game.to_act(state):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    return game.result(state)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_paris_paris_final_terms_add_up_to_each_score(players: int, seed: int, language: str):
    """The rulebook's scoring — visits, excursions, final excursions, the bag majority —
    one term each on the final table: "1. bob — **60** (visits 9, excursions 32, final
    excursions 19, bag 0; 11 shops on the board)"."""
    result = finished("paris-paris", players, seed)
    lines = ParisParisAdapter().result_lines(result, NAMES[:players], language)
    for place_line in lines[:players]:
        score = int(re.search(r"\*\*(\d+)\*\*", place_line).group(1))
        terms = place_line.split("(", 1)[1].rsplit(";", 1)[0]
        parts = [int(n) for n in re.findall(r"-?\d+", terms)]
        assert len(parts) == (3 if players == 2 else 4), place_line
        assert sum(parts) == score, place_line


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_city_of_light_final_terms_add_up_to_each_score(seed: int, language: str) -> None:
    """Lit buildings, the largest district, unbuilt buildings and postcards: each player's
    four totals on the final table make their score."""
    result = finished("city-of-light", 2, seed)
    lines = CityOfLightAdapter().result_lines(result, NAMES[:2], language)
    heads = [i for i, line in enumerate(lines) if not line.startswith(" ")]
    assert len(heads) == 2
    for start, end in zip(heads, [*heads[1:], len(lines)], strict=True):
        score = int(re.findall(r"-?\d+", lines[start])[-1])
        totals = [
            int(re.findall(r"\*\*(−?-?\d+)\*\*", line)[-1].replace("−", "-"))
            for line in lines[start + 1 : end]
        ]
        assert len(totals) == 4, lines[start:end]
        assert sum(totals) == score, lines[start:end]


@pytest.mark.parametrize("language", LANGUAGES)
def test_city_of_light_picture_terms_are_the_final_tables_words(language: str) -> None:
    """The final picture's line under each player ("lit 9 · district 6 · postcards 18") and
    its reserve's label ("unbuilt −15:") name each term with a word of the final table's
    label for it; the picture's legend ("largest district") agrees."""

    def word(text: str) -> str:
        return re.sub(r"[\d\s:−-]+$", "", text).strip().rstrip(".").casefold()

    line = t("col.img.terms", language, lit=1, district=2, cards=4)
    found = [word(part) for part in line.split("·")]
    words = dict(zip(("lit", "district", "cards"), found, strict=True))
    words["unbuilt"] = word(t("col.img.unbuilt", language, points="−3"))
    labels = {
        "lit": t("col.result.lit", language, terms="", points=0),
        "district": t("col.result.district", language, buildings="", points=0),
        "unbuilt": t("col.result.unbuilt", language, n=0, points=0),
        "cards": t("col.result.postcards", language, cards="", points=0),
    }
    for term, short in words.items():
        assert short and short in labels[term].casefold(), (term, short, labels[term])
    assert words["district"] in t("col.img.legend.district", language).casefold()

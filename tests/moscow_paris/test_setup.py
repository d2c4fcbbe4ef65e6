"""Components, setup, options and arrangements: each test quotes the rulebook sentence (or
names the spec decision) it checks."""

from collections import Counter

import pytest

from games.core.errors import IllegalAction
from games.moscow_paris.data import (
    ACTION_CARDS,
    ALL_CITIES,
    CITIES,
    CITY_IDS,
    COUNTRIES,
    HOME_CODE,
    ISTANBUL_CODE,
    WAGON_IDS,
    deck_counts,
)
from games.moscow_paris.options import EDITIONS, MoscowParisOptions
from games.moscow_paris.state import PLAY

from .census import card_census, city_census, full_census
from .helpers import GAME, city_names, names, new


def test_theme_cities_are_capitals():
    # «Игра «Москва–Париж» предлагает вам погрузиться в захватывающее железнодорожное
    #   путешествие по культурным центрам Европы — от Москвы до Парижа, от Рима до Берлина.»
    by_id = {c.id: c for c in CITIES}
    for city in ("moscow", "paris", "rome", "berlin"):
        assert by_id[city].capital


@pytest.mark.parametrize("split, types, copies", [("8x11", 8, 11), ("11x8", 11, 8)])
def test_eighty_eight_wagon_cards(split, types, copies):
    # «① 88 карт вагонов:»  (RECONSTRUCTED split: 8 types × 11 by default, 11 × 8 as an option)
    state = new(3, wagons=split)
    census = card_census(state)
    wagons = {WAGON_IDS[c]: n for c, n in census.items() if c < len(WAGON_IDS)}
    assert sum(wagons.values()) == 88
    assert len(wagons) == types and set(wagons.values()) == {copies}
    assert GAME.view(state, None).wagon_types == list(WAGON_IDS[:types])


def test_sixteen_action_cards_of_five_effects():
    # «② 16 карт действий:»  (RECONSTRUCTED copies: 4 + 3 + 3 + 3 + 3)
    counts = deck_counts("8x11")
    actions = counts[len(WAGON_IDS) :]
    assert sum(actions) == 16
    assert [a.effect for a in ACTION_CARDS] == [1, 2, 3, 4, 5]
    assert list(actions) == [4, 3, 3, 3, 3]
    assert sum(card_census(new(2)).values()) == 88 + 16


def test_sixteen_city_cards_capitals_and_cities():
    # «3 16 карт городов:»
    # «Столицы»
    # «Города»
    state = new(3)
    assert sorted(city_census(state)) == list(range(16))
    assert len(CITIES) == 16
    capitals = [c for c in CITIES if c.capital]
    assert len(capitals) == 7 and len(CITIES) - len(capitals) == 9
    countries = Counter(c.country for c in CITIES)
    assert min(countries.values()) >= 2  # every flag can repeat


def test_two_special_city_cards_off_unless_chosen():
    # «4 2 особенные карты городов:»  «Стамбул»  «Родной город»
    assert ISTANBUL_CODE not in city_census(new(3)) and HOME_CODE not in city_census(new(3))
    both = new(3, istanbul=True, home_city=True)
    assert set(city_census(both)) == set(range(16)) | {ISTANBUL_CODE, HOME_CODE}
    assert len(both.city_deck) == 18 - 4


def test_seat_zero_is_the_first_player_and_starts():
    # «Перед началом партии определите первого игрока.»
    # «Первый игрок начинает партию.»
    for players in (2, 3, 4):
        state = new(players)
        assert state.turn == 0 and state.phase == PLAY
        assert GAME.to_act(state) == {0}
        assert GAME.legal_actions(state, 0)
        assert all(GAME.legal_actions(state, s) == [] for s in range(1, players))


def test_two_to_four_players():
    # spec 1 (VERIFIED on the box): 2-4 players
    for players in (2, 3, 4):
        assert len(new(players).hands) == players
    for players in (1, 5):
        with pytest.raises(IllegalAction) as info:
            new(players)
        assert info.value.key == "seats.out_of_range"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_shuffled_deck_and_five_cards_each(players):
    # «Первый игрок объединяет все карты вагонов и все карты действий, тщательно перемешивает
    #   их и сдаёт каждому участнику партии (включая себя) 5 карт лицевой стороной вниз.»
    state = new(players, seed=7)
    assert [len(h) for h in state.hands] == [5] * players
    assert state.tableaux == ((),) * players
    assert card_census(state) == full_census(state)
    dealt = state.cfg.deal_deck
    assert [tuple(sorted(dealt[5 * s : 5 * s + 5])) for s in range(players)] == list(state.hands)
    assert new(players, seed=8).cfg.deal_deck != dealt  # shuffled from the seed
    assert new(players, seed=7).cfg.deal_deck == dealt  # ... and only from it
    # wagons and action cards are mixed in one deck
    assert any(c >= 11 for c in dealt[:30]) and any(c < 11 for c in dealt[:30])


def test_hands_are_hidden_from_the_others():
    # «Игроки берут полученные карты на руки, скрывая от других.»
    state = new(3, seed=2)
    public = GAME.view(state, None).model_dump()
    assert public["hand"] is None  # only a seat's own view holds a hand
    assert [p["hand_size"] for p in public["seats"]] == [5, 5, 5]
    for seat in range(3):
        view = GAME.view(state, seat).model_dump()
        assert view["hand"] == names(state.hands[seat])
        assert {**view, "seat": None, "hand": None} == public  # its own hand, nothing more


def test_the_rest_is_one_face_down_draw_pile():
    # «Оставшиеся карты вагонов и действий кладутся единой стопкой лицевой стороной вниз в
    #   центре стола, чтобы каждый имел к ним доступ.»
    for players in (2, 3, 4):
        state = new(players)
        assert len(state.deck) == 104 - 5 * players
        view = GAME.view(state, 0)
        assert view.deck_size == len(state.deck) and view.discard_size == 0
        assert "deck" not in view.model_dump()


def test_cities_are_shuffled_into_a_face_down_pile():
    # «Затем первый игрок тщательно перемешивает карты городов и кладёт стопкой рядом с
    #   картами вагонов и действий, тоже лицевой стороной вниз.»
    a, b = new(3, seed=1), new(3, seed=2)
    assert a.cfg.deal_cities != b.cfg.deal_cities
    assert len(a.city_deck) == 12
    view = GAME.view(a, 0).model_dump()
    assert view["city_deck_size"] == 12 and "city_deck" not in view


def test_four_cities_face_up_in_a_column_each_a_line():
    # «Следующим действием он выкладывает в столбик лицевой стороной вверх 4 карты городов.»
    # «Каждый столбик образует городскую линию.»
    # «В неё справа и слева от карты города будут выкладываться карты вагонов.»
    state = new(3, seed=4)
    assert list(state.cities) == list(state.cfg.deal_cities[:4])
    view = GAME.view(state, None)
    assert [r.row for r in view.rows] == [0, 1, 2, 3]
    assert [r.city.id for r in view.rows] == city_names(state)
    assert all(r.left == [] and r.right == [] for r in view.rows)
    sides = {(a.row, a.side) for a in GAME.legal_actions(state, 0) if a.type == "to_line"}
    assert {side for _, side in sides} == {"left", "right"}


def test_starting_layout_for_three_players():
    # «Стартовый расклад для 3 игроков: Стопка карт городов, Стопка сброса, Стопка карт
    #   вагонов и действий, Карты городов, Игрок ①, Игрок ②, Игрок ③»
    view = GAME.view(new(3), None)
    assert view.city_deck_size == 12 and view.discard_size == 0 and view.deck_size == 89
    assert len([r for r in view.rows if r.city]) == 4
    assert [p.hand_size for p in view.seats] == [5, 5, 5]
    assert all(p.tableau == [] and p.cities == [] for p in view.seats)


# --- options ---------------------------------------------------------------------------------


def test_options_defaults_and_editions():
    # spec 4 defaults: the reconstructed lists, one claim per turn, no Istanbul, no Home City
    default = MoscowParisOptions()
    assert not default.istanbul and not default.home_city and not default.teams
    assert not default.multiple_claims and default.wagons == "8x11"
    assert list(EDITIONS)[0] == "standard" and EDITIONS["standard"] == {}
    for preset in EDITIONS.values():
        GAME.parse_options(preset)
    with pytest.raises(IllegalAction) as info:
        GAME.parse_options({"unknown": 1})
    assert info.value.key == "options.invalid"
    for name, field in MoscowParisOptions.model_fields.items():
        assert field.description, name


@pytest.mark.parametrize(
    "name, ok",
    [
        ("Тверь", True),
        ("  Nizhny Novgorod ", True),
        ("x" * 32, True),
        ("", False),
        ("   ", False),
        ("x" * 33, False),
        ("Tab\there", False),
        ("line\nbreak", False),
    ],
)
def test_home_city_name_is_validated(name, ok):
    # «На этой карте города вы можете написать название собственного города» — typed by the host
    if ok:
        opts = GAME.parse_options({"home_city": True, "home_city_name": name})
        assert opts.home_city_name == name.strip()
    else:
        with pytest.raises(IllegalAction) as info:
            GAME.parse_options({"home_city": True, "home_city_name": name})
        assert info.value.key == "options.invalid"


def test_home_city_country_from_the_list():
    # «... и дорисовать соответствующий флаг» — the flag is picked from the list of countries
    opts = GAME.parse_options({"home_city": True, "home_city_country": "BY"})
    assert opts.home_city_country == "BY" and "BY" in COUNTRIES
    for country in {c.country for c in CITIES} | {"TR"}:
        assert country in COUNTRIES
    with pytest.raises(IllegalAction):
        GAME.parse_options({"home_city_country": "XX"})
    state = new(
        3,
        home_city=True,
        home_city_name="Тверь",
        home_city_country="RU",
        arrangement={"cities": ["home_city", *CITY_IDS[:16]]},
    )
    home = GAME.view(state, None).rows[0].city
    assert home.name == home.name_ru == "Тверь" and home.country == "RU"


def test_teams_need_four_players():
    # «Если вы играете вчетвером, то можете разделиться на две команды»
    for players in (2, 3):
        with pytest.raises(IllegalAction) as info:
            new(players, teams=True)
        assert info.value.key == "moscow_paris.teams_need_four"
    assert new(4, teams=True).cfg.teams


def test_city_data_fits_the_rules():
    # spec 3.3 (RECONSTRUCTED): limits 2-4, VP 1-2 but Istanbul 3, Istanbul the only TR card
    assert all(2 <= c.limit <= 4 and c.vp in (1, 2) for c in CITIES)
    assert all(c.vp == 2 for c in CITIES if c.capital)
    assert [c.id for c in ALL_CITIES if c.country == "TR"] == ["istanbul"]
    assert ALL_CITIES[ISTANBUL_CODE].vp == 3

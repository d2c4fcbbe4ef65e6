"""Component data of Москва–Париж (Moscow–Paris, Evgeny Nikitin, Мир Хобби 2014).

This module is the game's only data file; nothing is read from the reference material at run
time. Tags: [V] verified in the Russian rulebook; [R] reconstructed (no public source lists
the card faces: the spec digest designed them to fit every verified rule), each with the
reasoning, so that a correction is a change in one place.

Card codes used by the state: wagon types are 0..10 (only the first `types` of the chosen
split are in play), action cards are 11..15 (`ACTION_BASE + effect - 1`).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

# --- counts and limits of the rules [V]
HAND_AND_TABLEAU = 5  # «сумма карт перед игроком и на его руке должна равняться 5»
TABLEAU_MAX = 4  # «Перед игроком не может быть выложено более 4 карт вагонов»
MAX_SEATS = 4  # the engine's `max_seats` (tables of prebuilt events are by seat)
ROWS = 4  # «выкладывает в столбик лицевой стороной вверх 4 карты городов»
END_CITIES = 3  # the game ends with the city deck empty and «3 или меньше карт городов»
STALEMATE_REPEATS = 2  # «после того как каждый игрок сделает второй повторный ход»
WAGON_CARDS = 88  # «88 карт вагонов»
ACTION_CARD_COUNT = 16  # «16 карт действий»


class WagonType(NamedTuple):
    id: str
    ru: str
    en: str
    ui_color: str


# [R] Wagon types. 88 = 8 × 11, and 8 types mirror the publisher's Ticket to Ride colours;
# at least 4 types are needed (a line holds up to 4 different wagons), and 8 keeps a match
# possible but not trivial with a 5-card hand and a 4-card tableau. The alternative split
# 11 × 8 (harder) uses all eleven names; the default 8 × 11 uses the first eight.
WAGON_TYPES: tuple[WagonType, ...] = (
    WagonType("passenger", "Пассажирский вагон", "Passenger car", "#2e7d32"),
    WagonType("sleeper", "Спальный вагон", "Sleeping car", "#1565c0"),
    WagonType("dining", "Вагон-ресторан", "Dining car", "#c62828"),
    WagonType("mail", "Почтовый вагон", "Mail car", "#f9a825"),
    WagonType("baggage", "Багажный вагон", "Baggage car", "#6d4c41"),
    WagonType("tank", "Цистерна", "Tank car", "#212121"),
    WagonType("boxcar", "Товарный вагон", "Boxcar", "#ef6c00"),
    WagonType("flatcar", "Платформа", "Flatcar", "#757575"),
    # [R] only in the 11 × 8 split: three more freight wagons of Russian railways
    WagonType("gondola", "Полувагон", "Gondola car", "#00838f"),
    WagonType("hopper", "Хоппер", "Hopper car", "#8e24aa"),
    WagonType("refrigerator", "Рефрижератор", "Refrigerator car", "#90caf9"),
)
WAGON_IDS: tuple[str, ...] = tuple(w.id for w in WAGON_TYPES)
WAGON_INDEX: dict[str, int] = {w: i for i, w in enumerate(WAGON_IDS)}

# [R] split name -> (wagon types in play, copies of each); both make 88 cards.
WAGON_SPLITS: dict[str, tuple[int, int]] = {"8x11": (8, 11), "11x8": (11, 8)}
DEFAULT_SPLIT = "8x11"


class ActionCard(NamedTuple):
    id: str
    effect: int  # the number printed on the rules' last page [V]
    copies: int  # [R] 16 = 4 + 3 + 3 + 3 + 3
    discards: int  # wagons discarded from a column (effects 2 and 3), else 0
    ru: str  # the rulebook's text of the effect [V]
    en: str


# [V] the five effects and their wording; [R] copies per effect: 16 cards over 5 effects,
# the most flexible effect (the swap) gets the extra copy.
ACTION_CARDS: tuple[ActionCard, ...] = (
    ActionCard(
        "swap_two",
        1,
        4,
        0,
        "Вы можете поменять местами друг с другом 2 любые карты вагонов в игровой зоне (карты "
        "в городских линиях и перед игроками). В одной городской линии не может оказаться "
        "2 карты одинаковых вагонов.",
        "Swap any 2 wagons of the play area (city lines and every tableau); no line may end "
        "up with two wagons of one type.",
    ),
    ActionCard(
        "discard_column2",
        2,
        3,
        2,
        "Вы можете сбросить 2 любые карты вагонов, находящиеся в разных городских линиях друг "
        "над другом. Нельзя сбросить меньше 2 карт.",
        "Discard 2 wagons lying one above the other in different city lines; not fewer.",
    ),
    ActionCard(
        "discard_column3",
        3,
        3,
        3,
        "Вы можете сбросить 3 любые карты вагонов, находящиеся в разных городских линиях друг "
        "над другом. Нельзя сбросить меньше 3 карт.",
        "Discard 3 wagons lying one above the other in different city lines; not fewer.",
    ),
    ActionCard(
        "chain_exchange",
        4,
        3,
        0,
        "Вы можете поменять 1 карту вагона перед собой на любую 1 карту вагона перед игроком "
        "справа или игроком слева. Игрок, с которым вы поменялись картами, может таким же "
        "образом поменяться картами со своим вторым соседом и так далее, пока ваш второй сосед "
        "не совершит обмен картами.",
        "Exchange 1 of your tableau wagons with any 1 of your left or right neighbour's; that "
        "player may do the same with their other neighbour, and so on round the table.",
    ),
    ActionCard(
        "discard_city",
        5,
        3,
        0,
        "Вы можете сбросить карту города вместе со всеми картами вагонов из его городской "
        "линии. Сброшенная карта города в игру не возвращается.",
        "Discard a city card with every wagon of its line; the city leaves the game.",
    ),
)
ACTION_BASE = len(WAGON_TYPES)  # code of the first action card
SWAP_TWO, DISCARD_COLUMN2, DISCARD_COLUMN3, CHAIN_EXCHANGE, DISCARD_CITY = range(
    ACTION_BASE, ACTION_BASE + len(ACTION_CARDS)
)
N_CODES = ACTION_BASE + len(ACTION_CARDS)
ACTION_IDS: tuple[str, ...] = tuple(a.id for a in ACTION_CARDS)
CARD_IDS: tuple[str, ...] = WAGON_IDS + ACTION_IDS  # code -> name
CARD_INDEX: dict[str, int] = {name: code for code, name in enumerate(CARD_IDS)}


class City(NamedTuple):
    id: str
    ru: str
    en: str
    country: str  # a key of COUNTRIES (the flag)
    capital: bool  # the rulebook's two groups «Столицы» and «Города» [V]
    limit: int  # «предельное количество вагонов в городской линии» [V field, R value]
    vp: int  # «победные очки» [V field, R value]


# [R] The 16 city cards. Reasoning (spec section 3.3): the theme names Moscow, Paris, Rome
# and Berlin [V]; Istanbul is singled out as the only 3-VP card and the only Turkish city,
# so the others score 1-2 VP and every other country has at least 2 cards (or its flag could
# never repeat); the rules' example (5 VP with 2 repeated flags) needs a country with 3 cards
# or several 1-VP pairs, hence France and Italy have 3 cards; limits are at most 4 (a 4-card
# tableau could never match 5 wagons) and capitals, worth more, get the higher limits.
CITIES: tuple[City, ...] = (
    City("moscow", "Москва", "Moscow", "RU", True, 4, 2),
    City("paris", "Париж", "Paris", "FR", True, 4, 2),
    City("rome", "Рим", "Rome", "IT", True, 4, 2),
    City("berlin", "Берлин", "Berlin", "DE", True, 4, 2),
    City("london", "Лондон", "London", "GB", True, 3, 2),
    City("madrid", "Мадрид", "Madrid", "ES", True, 3, 2),
    City("vienna", "Вена", "Vienna", "AT", True, 3, 2),
    City("st_petersburg", "Санкт-Петербург", "St Petersburg", "RU", False, 3, 1),
    City("marseille", "Марсель", "Marseille", "FR", False, 2, 1),
    City("nice", "Ницца", "Nice", "FR", False, 2, 1),
    City("venice", "Венеция", "Venice", "IT", False, 3, 1),
    City("florence", "Флоренция", "Florence", "IT", False, 2, 1),
    City("munich", "Мюнхен", "Munich", "DE", False, 3, 1),
    City("edinburgh", "Эдинбург", "Edinburgh", "GB", False, 2, 1),
    City("barcelona", "Барселона", "Barcelona", "ES", False, 3, 1),
    City("salzburg", "Зальцбург", "Salzburg", "AT", False, 2, 1),
)
# [V] 3 VP and the only Turkish city (so it never earns a flag bonus); [R] limit 4;
# not a capital (Ankara is Turkey's capital) [interpretation].
ISTANBUL = City("istanbul", "Стамбул", "Istanbul", "TR", False, 4, 3)
# [V] a blank card the players name and give a flag; [R] limit 3 and 1 VP; its name and
# country come from the match options; never a capital [interpretation].
HOME_CITY = City("home_city", "Родной город", "Home City", "", False, 3, 1)

ALL_CITIES: tuple[City, ...] = (*CITIES, ISTANBUL, HOME_CITY)  # index = city code
CITY_IDS: tuple[str, ...] = tuple(c.id for c in ALL_CITIES)
CITY_INDEX: dict[str, int] = {c: i for i, c in enumerate(CITY_IDS)}
ISTANBUL_CODE = CITY_INDEX["istanbul"]
HOME_CODE = CITY_INDEX["home_city"]

# The flags a Home City may carry: every country of the city cards (a Russian home city
# pairs with Moscow and St Petersburg for the flag bonus) and further countries, which give
# the card a flag of its own. Code -> (Russian name, English name).
COUNTRIES: dict[str, tuple[str, str]] = {
    "RU": ("Россия", "Russia"),
    "FR": ("Франция", "France"),
    "IT": ("Италия", "Italy"),
    "DE": ("Германия", "Germany"),
    "GB": ("Великобритания", "United Kingdom"),
    "ES": ("Испания", "Spain"),
    "AT": ("Австрия", "Austria"),
    "TR": ("Турция", "Turkey"),
    "AM": ("Армения", "Armenia"),
    "AZ": ("Азербайджан", "Azerbaijan"),
    "BE": ("Бельгия", "Belgium"),
    "BG": ("Болгария", "Bulgaria"),
    "BY": ("Беларусь", "Belarus"),
    "CH": ("Швейцария", "Switzerland"),
    "CZ": ("Чехия", "Czechia"),
    "DK": ("Дания", "Denmark"),
    "EE": ("Эстония", "Estonia"),
    "FI": ("Финляндия", "Finland"),
    "GE": ("Грузия", "Georgia"),
    "GR": ("Греция", "Greece"),
    "HR": ("Хорватия", "Croatia"),
    "HU": ("Венгрия", "Hungary"),
    "IE": ("Ирландия", "Ireland"),
    "KZ": ("Казахстан", "Kazakhstan"),
    "LT": ("Литва", "Lithuania"),
    "LV": ("Латвия", "Latvia"),
    "MD": ("Молдова", "Moldova"),
    "NL": ("Нидерланды", "Netherlands"),
    "NO": ("Норвегия", "Norway"),
    "PL": ("Польша", "Poland"),
    "PT": ("Португалия", "Portugal"),
    "RO": ("Румыния", "Romania"),
    "RS": ("Сербия", "Serbia"),
    "SE": ("Швеция", "Sweden"),
    "SK": ("Словакия", "Slovakia"),
    "UA": ("Украина", "Ukraine"),
}

# --- the tables views and rule modules read by card / city code
CITY_LIMIT: tuple[int, ...] = tuple(c.limit for c in ALL_CITIES)
CITY_VP: tuple[int, ...] = tuple(c.vp for c in ALL_CITIES)
CITY_CAPITAL: tuple[bool, ...] = tuple(c.capital for c in ALL_CITIES)
CITY_COUNTRY: tuple[str, ...] = tuple(c.country for c in ALL_CITIES)  # Home City: ""


@cache  # every AI determinisation asks
def deck_counts(split: str) -> tuple[int, ...]:
    """Copies of each card code in the draw deck of a match with this wagon split."""
    types, copies = WAGON_SPLITS[split]
    wagons = tuple(copies if t < types else 0 for t in range(len(WAGON_TYPES)))
    return wagons + tuple(a.copies for a in ACTION_CARDS)


@cache
def sorted_deck(split: str) -> tuple[int, ...]:
    """Every card of the draw deck of a match with this wagon split, in code order."""
    return tuple(code for code, n in enumerate(deck_counts(split)) for _ in range(n))


assert sum(deck_counts("8x11")[:ACTION_BASE]) == WAGON_CARDS
assert sum(deck_counts("11x8")[:ACTION_BASE]) == WAGON_CARDS
assert sum(a.copies for a in ACTION_CARDS) == ACTION_CARD_COUNT
assert len(CITIES) == 16 and max(CITY_LIMIT) <= TABLEAU_MAX

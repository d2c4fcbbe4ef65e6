"""Moscow–Paris cards as text: wagons and action cards with an emoji, cities with their flag.

Shared by the turn steps, the recaps, the status lines and the private hand of the Discord
adapter. A wagon is always its colour square and its name ("🟨 Mail car"), the colour being
the one the table picture paints it; an action card is ⚡ and its number ("⚡4 Chain
exchange"), as printed on the rules' last page; a city is its name and its flag emoji.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.games.text import seat_name, t
from bot.ui.safe_text import md, plain
from games.moscow_paris.data import ACTION_CARDS, ALL_CITIES, CITY_INDEX, WAGON_IDS
from games.moscow_paris.views import CityView

# The colours of `data.WAGON_TYPES` (`ui_color`), as the nearest emoji.
WAGON_EMOJI: dict[str, str] = {
    "passenger": "🟩",
    "sleeper": "🟦",
    "dining": "🟥",
    "mail": "🟨",
    "baggage": "🟫",
    "tank": "⬛",
    "boxcar": "🟧",
    "flatcar": "⬜",
    "gondola": "🩵",
    "hopper": "🟪",
    "refrigerator": "🧊",
}
ACTION_NUMBER: dict[str, int] = {a.id: a.effect for a in ACTION_CARDS}
SEAT_EMOJI = ("🔴", "🔵", "🟢", "🟠")
HAND_MARK = "✋"  # heads the private hand line: no public text ever starts a line with it


def is_wagon(card: str) -> bool:
    return card in WAGON_IDS


def wagon_key(name: str) -> str:
    """The catalogue key of a wagon's name: the rows, menus, recaps and the picture say it."""
    return f"mp.wagon.{name}"


def wagon(name: str, locale: str | None) -> str:
    """'🟨 Mail car'."""
    return f"{WAGON_EMOJI.get(name, '▫️')} {t(wagon_key(name), locale)}"


def wagon_list(names: Sequence[str], locale: str | None) -> str:
    """The wagons of a line or a tableau in a choice's label, by the names the picture
    writes on their cards: '🟨 Mail car, ⬛ Tank car' ('no wagon' for none)."""
    return counted(names, locale) or t("mp.step.empty_line", locale)


def action(name: str, locale: str | None) -> str:
    """'⚡4 Chain exchange'."""
    return f"⚡{ACTION_NUMBER[name]} {t(f'mp.card.{name}', locale)}"


def card(name: str, locale: str | None) -> str:
    return wagon(name, locale) if is_wagon(name) else action(name, locale)


def counted(cards: Iterable[str], locale: str | None, sep: str = ", ") -> str:
    """Cards in order with repeats folded: '🟨 Mail car ×2, ⬛ Tank car'."""
    order: list[str] = []
    counts: dict[str, int] = {}
    for c in cards:
        if c not in counts:
            order.append(c)
            counts[c] = 0
        counts[c] += 1
    return sep.join(card(c, locale) + (f" ×{counts[c]}" if counts[c] > 1 else "") for c in order)


def wagons_text(cards: Sequence[str], locale: str | None) -> str:
    return counted(cards, locale) if cards else "—"


def flag(country: str) -> str:
    """The flag emoji of a country code ('FR' → 🇫🇷); a white flag when there is none."""
    if len(country) != 2 or not country.isalpha():
        return "🏳️"
    return "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in country.upper())


def city_by_id(city_id: str, locale: str | None) -> str:
    """A city named in an event or a result (only ids there): 'Paris 🇫🇷'. The Home City's
    name and flag are the host's choice, which events do not carry: it is 'the Home City'."""
    code = CITY_INDEX.get(city_id)
    if code is None or city_id == "home_city":
        return t("mp.home_city", locale)
    c = ALL_CITIES[code]
    return f"{t(f'mp.city.{city_id}', locale)} {flag(c.country)}"


def city_vp(city_id: str) -> int:
    code = CITY_INDEX.get(city_id)
    return ALL_CITIES[code].vp if code is not None else 0


def city_limit(city_id: str) -> int:
    code = CITY_INDEX.get(city_id)
    return ALL_CITIES[code].limit if code is not None else 0


def city_view_name(
    city: CityView, locale: str | None, *, markdown: bool = True, with_flag: bool = True
) -> str:
    """A city of a view: its name and its flag. The Home City carries the name the host
    typed (free text): escaped for Markdown, or flattened for labels (`markdown=False`)."""
    if city.id == "home_city":
        name = md(city.name) if markdown else plain(city.name)
    else:
        name = t(f"mp.city.{city.id}", locale)
    return f"{name} {flag(city.country)}" if with_flag else name


def team_letter(team: int) -> str:
    return "AB"[team]


def team_names(seats: Sequence[int], names: Sequence[str]) -> str:
    return " & ".join(seat_name(s, names) for s in seats)

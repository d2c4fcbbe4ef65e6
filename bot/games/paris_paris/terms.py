"""Paris Paris things as words: stations by name, lines and tokens by their colour (with the
emoji the picture's colours are nearest to), seats and what they scored.

Shared by the turn's steps, the recaps and the status lines; the station names are the
rulebook's, the colours' words come from the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.text import seat_name
from bot.i18n import t
from games.paris_paris.board import LINE_STATIONS, STATION_IDS, STATION_INDEX, STATION_NAMES
from games.paris_paris.data import COLOURS

STATION_NAME = dict(zip(STATION_IDS, STATION_NAMES, strict=True))
COLOUR_EMOJI = {"green": "🟢", "red": "🔴", "blue": "🔵", "orange": "🟠", "pink": "🩷"}


def station(sid: str) -> str:
    return STATION_NAME.get(sid, sid)


def line(colour: str, locale: str | None) -> str:
    """A line in words: "🔴 red line"."""
    return f"{COLOUR_EMOJI.get(colour, '')} {t('pp.colour.' + colour, locale)}".strip()


def token(colour: str, locale: str | None) -> str:
    """A token or marker by its colour, in words too: "🔴 red"."""
    return f"{COLOUR_EMOJI.get(colour, '')} {t('pp.colour_word.' + colour, locale)}".strip()


def gains(points: Sequence[int], names: Sequence[str], locale: str | None) -> str:
    """Every seat that scored: "alice +2, bob +1"."""
    return ", ".join(
        t("pp.gain", locale, name=seat_name(s, names), n=n) for s, n in enumerate(points) if n
    )


def shop_gains(shops: Sequence[int], names: Sequence[str], locale: str | None) -> str:
    """Each shop scores 1 for its owner: "alice +2, bob +1", in seat order."""
    counts: dict[int, int] = {}
    for owner in shops:
        counts[owner] = counts.get(owner, 0) + 1
    return ", ".join(
        t("pp.gain", locale, name=seat_name(s, names), n=counts[s]) for s in sorted(counts)
    )


def shared_line(a: str, b: str) -> str | None:
    """The line two stations are both on (two lines cross once, so there is one at most)."""
    i, j = STATION_INDEX.get(a), STATION_INDEX.get(b)
    for colour, stations in zip(COLOURS, LINE_STATIONS, strict=True):
        if i in stations and j in stations:
            return colour
    return None


def lines_through(sid: str) -> list[str]:
    i = STATION_INDEX.get(sid)
    return [c for c, stations in zip(COLOURS, LINE_STATIONS, strict=True) if i in stations]


def seat_list(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[s] for s in seats)

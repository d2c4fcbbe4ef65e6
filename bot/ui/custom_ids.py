"""custom_id grammar: `lt:<match>:<verb>[:<arg>]`, at most 100 characters.

Everything a component needs is in its custom_id, so buttons keep working after a restart:
the router looks the match up in storage, never in memory that a restart would lose. A
component about no one match (a page of history) carries `NO_MATCH` in the match's place;
a match handler handed it finds no such match and says so.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

# ASCII digits only: "²", "①" and "٣" pass `str.isdigit()`, and `int()` then raises or
# reads a number nobody typed. Up to 20 of them: a Discord snowflake's.
NUMBER = "[0-9]{1,20}"
DIGITS = re.compile(NUMBER)
MATCH = r"(?P<match>[0-9a-f]{8})"
NO_MATCH = "-"
VERB = re.compile("[a-z]{2,12}")
PATTERN = re.compile(
    rf"lt:(?:{MATCH}|{NO_MATCH}):(?P<verb>{VERB.pattern})(?::(?P<arg>[\w.:/~@\-]{{0,70}}))?"
)
# The value of a `/<game> play` autocomplete choice: `<match>:<version>:<choice index>`.
MOVE = re.compile(rf"{MATCH}:(?P<version>{NUMBER}):(?P<index>{NUMBER})")
MAX_LEN = 100


@dataclasses.dataclass(frozen=True, slots=True)
class Route:
    match_id: str
    verb: str
    arg: str = ""


def build(match_id: str, verb: str, arg: str = "") -> str:
    custom_id = f"lt:{match_id}:{verb}" + (f":{arg}" if arg else "")
    if len(custom_id) > MAX_LEN or not PATTERN.fullmatch(custom_id):
        raise ValueError(f"bad custom_id {custom_id!r}")
    return custom_id


def parse(custom_id: str) -> Route | None:
    """The route of a well-formed custom_id, else None (stale or forged)."""
    found = PATTERN.fullmatch(custom_id or "")
    if found is None:
        return None
    return Route(found["match"] or NO_MATCH, found["verb"], found["arg"] or "")


def step_arg(version: int, codes: Sequence[str], page: int = 0) -> str:
    """A panel step's argument, `<version>:<code>/<code>…[~<page>]`: the path chosen so far
    at that match version (a page tells apart the selects of one step)."""
    return f"{version}:" + "/".join(codes) + (f"~{page}" if page else "")


def parse_step_arg(arg: str) -> tuple[int, tuple[str, ...]] | None:
    """(version, codes) of a panel step's argument, else None (forged)."""
    version_text, _, path = arg.split("~")[0].partition(":")
    version = number(version_text)
    if version is None:
        return None
    return version, tuple(c for c in path.split("/") if c)


def choice_arg(version: int, index: int) -> str:
    """A confirm button's argument, `<version>:<choice index>`."""
    return f"{version}:{index}"


def parse_choice_arg(arg: str) -> tuple[int, int] | None:
    """(version, choice index) of a confirm button's argument, else None (forged)."""
    parsed = numbers(arg, 2)
    return None if parsed is None else (parsed[0], parsed[1])


def frame_arg(step: int, place: int) -> str:
    """A replay button's argument, `<step>~<place>`: the step it shows, and the button's
    place (⏮ and ◀ may lead to the same step, and a message's custom_ids are unique)."""
    return f"{step}~{place}"


def parse_frame_arg(arg: str) -> int | None:
    """The step of a replay button's argument, else None (forged)."""
    return number(arg.split("~")[0])


def number(text: str) -> int | None:
    """`text` as a whole number if it is ASCII digits only, else None (forged or mistyped)."""
    return int(text) if DIGITS.fullmatch(text) else None


def numbers(text: str, count: int, sep: str = ":") -> tuple[int, ...] | None:
    """`count` whole numbers joined by `sep` ("3:0"), else None."""
    parts = text.split(sep)
    if len(parts) != count or not all(DIGITS.fullmatch(part) for part in parts):
        return None
    return tuple(int(part) for part in parts)


def history_arg(user_id: int | None, game: str | None, page: int) -> str:
    """A history page's argument, `<user id or 0>:<game key or nothing>:<page>`."""
    return f"{user_id or 0}:{game or ''}:{page}"


GAME_KEY = re.compile("[a-z0-9_-]{0,40}")


def parse_history_arg(arg: str) -> tuple[int | None, str | None, int] | None:
    """(user id or None, game key or None, page) of a history page's argument, else None."""
    parts = arg.split(":")
    if len(parts) != 3 or not GAME_KEY.fullmatch(parts[1]):
        return None
    user, page = number(parts[0]), number(parts[2])
    if user is None or page is None:
        return None
    return user or None, parts[1] or None, page


def move_value(match_id: str, version: int, index: int) -> str:
    return f"{match_id}:{version}:{index}"


def parse_move_value(value: str) -> tuple[str, int, int] | None:
    """(match, version, choice index) of a `/<game> play` value, else None (typed by hand)."""
    found = MOVE.fullmatch(value or "")
    if found is None:
        return None
    return found["match"], int(found["version"]), int(found["index"])

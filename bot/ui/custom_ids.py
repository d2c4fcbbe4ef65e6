"""custom_id grammar: `lt:<match>:<verb>[:<arg>]`, at most 100 characters.

Everything a component needs is in its custom_id, so buttons keep working after a restart:
the router looks the match up in storage, never in memory that a restart would lose.
"""

from __future__ import annotations

import dataclasses
import re

PATTERN = re.compile(
    r"lt:(?P<match>[0-9a-f]{8}):(?P<verb>[a-z]{2,12})(?::(?P<arg>[\w.:/~@\-]{0,70}))?"
)
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
    return Route(found["match"], found["verb"], found["arg"] or "")

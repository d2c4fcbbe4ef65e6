"""Highlight ids sorted by kind, for the renderers.

A picture is asked to emphasise things by id: "kind:value" (`visit:louvre`, `card:levitation`)
or a bare value (a station, a cell "3,4"), of kind "". Each renderer reads the kinds it draws
and keeps the values it knows: an id it does not know (from an older version, say) is left
out rather than failing the picture.

A label id (`label_id`) asks for a short tag written at a place: the turn panel's picture
tags each place its step offers with the tag on that choice's button.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection


def by_kind(ids: Collection[str]) -> defaultdict[str, set[str]]:
    """kind -> the values asked for (an empty set for a kind not asked for)."""
    out: defaultdict[str, set[str]] = defaultdict(set)
    for item in ids:
        kind, _, value = item.rpartition(":")
        out[kind].add(value)
    return out


LABEL = "label:"  # "label:<tag>@<place>": write `tag` at `place` (the panel's choices)


def label_id(tag: str, place: str) -> str:
    """The id that asks a picture to write `tag` at `place` (a highlight id itself)."""
    return f"{LABEL}{tag}@{place}"


def labels(ids: Collection[str]) -> dict[str, str]:
    """place -> the tag to write there. Parsed apart from `by_kind`, since a place may be
    a "kind:value" id itself."""
    out: dict[str, str] = {}
    for item in ids:
        if item.startswith(LABEL):
            tag, _, place = item.removeprefix(LABEL).partition("@")
            if tag and place:
                out[place] = tag
    return out

"""Highlight ids sorted by kind, for the renderers.

A picture is asked to emphasise things by id: "kind:value" (`visit:louvre`, `card:levitation`)
or a bare value (a station, a cell "3,4"), of kind "". Each renderer reads the kinds it draws
and keeps the values it knows: an id it does not know (from an older version, say) is left
out rather than failing the picture.
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

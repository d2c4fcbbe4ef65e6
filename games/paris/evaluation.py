"""The AI's estimate of a position: the final scoring as if the game ended now, for every
seat at once.

A search asks `evaluate` once per seat of the same state at each cut playout, and the
positions of one search share most of their parts (a seat's keys, the landmarks), so the
values of the last state are kept (`values`) and the district standings of a seat's keys
are remembered by value (`_STANDINGS`, `_DISTRICT_VPS`).
"""

from __future__ import annotations

from typing import Any

from games.paris.board import BANK0, LOC_VALUE
from games.paris.scoring import Standing, by_district, district_vps
from games.paris.state import Memo, State, memo, remember

# (a seat's keys, the landmarks) -> (its (sum, best) per district, its building value).
_STANDINGS: Memo[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[Standing, ...], int]] = memo()
# (players, VP tile, every seat's standing in the district) -> each seat's VP.
_DISTRICT_VPS: Memo[tuple[int, int, tuple[Standing, ...]], list[int]] = memo()
# By seat, the last (keys, landmarks) looked up and their standing (the tuples kept alive:
# identity is safe).
_seat_standing: list[tuple[Any, Any, Any]] = [((), (), None)] * 8
# The last state evaluated and its values (the state kept alive: identity is safe).
_last: tuple[State | None, list[float]] = (None, [])


def _standing(
    keys: tuple[int, ...], landmarks: tuple[int, ...]
) -> tuple[tuple[Standing, ...], int]:
    """(per district, (sum, best) of the values under these keys, or None), and their total
    (`scoring.by_district` and `building_value` for one seat)."""
    total = sum([LOC_VALUE[k] for k in keys if k < BANK0])
    return tuple((sum(v), max(v)) if v else None for v in by_district(keys, landmarks)), total


def values(state: State) -> list[float]:
    """Every seat's value: VP, districts on their VP tiles, bonus 27, plus a little for
    francs and building value (what `Paris.evaluate` compares)."""
    global _last
    if _last[0] is state:
        return _last[1]
    n = state.setup.players
    landmarks = state.landmarks
    standings = []
    for seat, keys in enumerate(state.keys):
        known = _seat_standing[seat]  # a seat's keys often outlast a playout
        if known[0] is keys and known[1] is landmarks:
            standings.append(known[2])
            continue
        found = _STANDINGS.get((keys, landmarks))
        if found is None:
            found = remember(_STANDINGS, (keys, landmarks), _standing(keys, landmarks))
        _seat_standing[seat] = (keys, landmarks, found)
        standings.append(found)
    value = [float(v) for v in state.vp]
    for d, tile in enumerate(state.vp_tiles):
        if tile >= 0:
            key = (n, tile, tuple(st[0][d] for st in standings))
            vps = _DISTRICT_VPS.get(key)
            if vps is None:
                vps = remember(_DISTRICT_VPS, key, district_vps(*key))
            for s, vp in enumerate(vps):
                value[s] += vp
    for s in range(n):
        value[s] += 0.25 * state.francs[s] + 0.1 * standings[s][1]
        if 27 in state.bonus[s]:
            value[s] += state.francs[s]
    _last = (state, value)
    return value

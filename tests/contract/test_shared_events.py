"""An event that engines hand out more than once cannot be written.

Engines keep the events of their most frequent moves in tables and hand the same instance
out again (a sale, the end of a turn, a wagon taken back): were anybody to write the params of
such an event, every later move handing it out would say something else, in every match of
the process. So a shared event's params are read-only (`games.core.contract.shared_event`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, MutableMapping, MutableSequence, MutableSet

import pytest

from games.core.contract import Event
from games.registry import get_game
from tests.contract.games import seat_cases


@pytest.mark.parametrize(("key", "seats"), seat_cases())
def test_an_event_handed_out_twice_has_read_only_params(key: str, seats: int) -> None:
    game = get_game(key)
    kept: dict[int, Event] = {}  # keeps every event alive, so that no id is reused
    handed = Counter[int]()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.setup(seats, game.parse_options({}), seed=seed)
        while not game.is_over(state):
            seat = min(game.to_act(state))
            state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            for e in events:
                kept.setdefault(id(e), e)
                handed[id(e)] += 1
    shared = [kept[i] for i, n in handed.items() if n > 1]
    assert sorted({e.kind for e in shared if _writable(e.params)}) == []


def _writable(value: object) -> bool:
    """Whether `value` or anything inside it can be changed in place."""
    if isinstance(value, MutableMapping | MutableSequence | MutableSet):
        return True
    if isinstance(value, Mapping):
        return any(_writable(v) for v in value.values())
    if isinstance(value, tuple | frozenset):
        return any(_writable(v) for v in value)
    return False

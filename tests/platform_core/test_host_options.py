"""MatchHost.set_options: the host changes match options in the lobby, validated, persisted;
anyone else, a started table or an invalid option changes nothing."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction
from games.host import HostError, MatchHost
from storage import Store
from tests.city_of_light.helpers import PICKED as CARDS

CHOSEN = {"postcards": "chosen", "chosen_postcards": CARDS}


async def _lobby(store: Store) -> tuple[MatchHost, str]:
    host = MatchHost(store)
    live = await host.open_lobby(
        "city-of-light", host_user_id=1, host_name="ann", seats=2, options={"hand_size": 2}
    )
    await host.join(live.id, 2, "bob")
    return host, live.id


async def _refused(
    host: MatchHost, store: Store, match_id: str, user_id: int, changes: dict, key: str
) -> None:
    before = (await store.get_match(match_id)).options
    with pytest.raises(IllegalAction) as err:
        await host.set_options(match_id, user_id, changes)
    assert err.value.key == key
    assert (await store.get_match(match_id)).options == before
    assert (await host._loaded(match_id)).row.options == before


async def test_the_host_sets_options_merged_and_persisted(store: Store):
    host, match_id = await _lobby(store)
    match = await host.set_options(match_id, 1, CHOSEN)
    assert match.options["chosen_postcards"] == CARDS
    assert match.options["hand_size"] == 2  # options not named keep their values
    stored = (await store.get_match(match_id)).options
    assert stored == match.options
    assert stored["postcards"] == "chosen" and stored["chosen_postcards"] == CARDS
    # a restarted host reads the same options, and the match is dealt with those cards
    fresh = MatchHost(store)
    outcome = await fresh.start(match_id, 1, seed=4)
    assert set(outcome._live.state.cards) == set(CARDS)


async def test_only_the_host_may_set_options(store: Store):
    host, match_id = await _lobby(store)
    await _refused(host, store, match_id, 2, CHOSEN, "lobby.not_host")
    await _refused(host, store, match_id, 99, CHOSEN, "lobby.not_host")


async def test_invalid_options_are_refused_and_change_nothing(store: Store):
    host, match_id = await _lobby(store)
    seven = {"postcards": "chosen", "chosen_postcards": CARDS[:7]}
    await _refused(host, store, match_id, 1, seven, "options.invalid")
    doubled = {"postcards": "chosen", "chosen_postcards": CARDS[:7] + CARDS[:1]}
    await _refused(host, store, match_id, 1, doubled, "options.invalid")
    await _refused(host, store, match_id, 1, {"no_such_option": 1}, "options.invalid")
    await _refused(host, store, match_id, 1, {"chosen_postcards": CARDS}, "options.invalid")


async def test_options_are_fixed_once_the_table_started(store: Store):
    host, match_id = await _lobby(store)
    await host.start(match_id, 1, seed=2)
    await _refused(host, store, match_id, 1, CHOSEN, "lobby.closed")
    with pytest.raises(HostError) as err:
        await host.set_options("ffffffff", 1, CHOSEN)
    assert err.value.key == "match.unknown"

"""Issue 22, items 3 and 4: the web board's links are revocable — each seat's link generation
is stored (migration 010, both backends), moved on by a revoke and whenever the seat is given
to someone else — and pages watching a match are told of each stored change at once."""

from __future__ import annotations

import asyncio

from games.host import MatchHost
from storage import SeatRow, Store


async def test_a_seats_links_are_revoked_by_an_admin_and_by_a_new_holder(store: Store):
    host = MatchHost(store)
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(1, "bob", user_id=2)]
    match_id = (await host.create("city-of-light", seats, seed=9)).info.id
    assert [await host.links.generation(match_id, s) for s in (0, 1, None)] == [0, 0, 0]
    assert await host.links.revoke(match_id, 0) == 1
    assert await host.links.revoke(match_id, None) == 1  # the spectators' links
    assert await host.links.revoke(match_id, 0) == 2
    await host.replace(match_id, 1, user_id=3, ai=None, name="cat")
    assert [await host.links.generation(match_id, s) for s in (0, 1, None)] == [2, 1, 1]


async def test_pages_watching_a_match_hear_of_each_stored_move(store: Store):
    host = MatchHost(store)
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(1, "bob", user_id=2)]
    match = (await host.create("city-of-light", seats, seed=9)).info
    with host.watchers.watching(match.id) as first, host.watchers.watching(match.id) as second:
        (seat,) = match.to_act
        user = match.seats[seat].user_id
        await host.play(match.id, user, version=match.version, index=0, key="k")
        now = (await host.get(match.id)).version
        for queue in (first, second):
            assert await asyncio.wait_for(queue.get(), 1) == now
        await host.end(match.id, "test")
        assert await asyncio.wait_for(first.get(), 1) == now  # ended: pages look again
    with host.watchers.watching(match.id) as third:
        assert third.empty()

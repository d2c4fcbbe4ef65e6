"""The private notices kept for players without DMs, on both backends: per seat, in the order
they were told, a repeat adds nothing, and only the ones shown are deleted."""

from __future__ import annotations

from games.host import MatchHost
from storage import SeatRow, Store
from storage.rows import Notice


def drew(seat: int, tile: int) -> dict:
    return {"kind": "tile_drawn", "params": {"seat": seat, "tile": tile}, "to": [seat]}


async def test_notices_wait_per_seat_in_order_until_shown(store: Store):
    host = MatchHost(store)
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)]
    match_id = (await host.create("city-of-light", seats, seed=9)).info.id
    await store.add_notices(match_id, 0, 3, [drew(0, 5)])
    await store.add_notices(match_id, 0, 1, [drew(0, 2), drew(0, 7)])
    await store.add_notices(match_id, 1, 2, [drew(1, 4)])
    await store.add_notices(match_id, 0, 3, [drew(0, 5)])  # the same move's again: no repeat
    ann = await store.notices(match_id, 0)
    assert ann == [
        Notice(0, 1, 0, drew(0, 2)),
        Notice(0, 1, 1, drew(0, 7)),
        Notice(0, 3, 0, drew(0, 5)),
    ]
    assert await store.notices(match_id, 1) == [Notice(1, 2, 0, drew(1, 4))]
    await store.drop_notices(match_id, ann[:2])  # shown; the third came after the answer
    assert await store.notices(match_id, 0) == [Notice(0, 3, 0, drew(0, 5))]
    assert [n.seat for n in await store.notices(match_id)] == [0, 1]

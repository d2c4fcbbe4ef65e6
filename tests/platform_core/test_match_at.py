"""`MatchHost.match_at`: the match an Activity opened in a channel or thread is about."""

from __future__ import annotations

from games.host import MatchHost
from storage import SeatRow, Store

GUILD, CHANNEL, THREAD, ELSEWHERE = 10, 20, 30, 40


async def _match(host: MatchHost, channel: int = CHANNEL) -> str:
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)]
    outcome = await host.create("race", seats, seed=3, guild_id=GUILD, channel_id=channel)
    return outcome.info.id


async def test_the_match_of_a_thread_or_its_channel_and_none_elsewhere(store: Store) -> None:
    host = MatchHost(store)
    assert await host.match_at(GUILD, CHANNEL) is None
    first = await _match(host)
    await host.set_table(first, thread_id=THREAD, table_message_id=5)
    second = await _match(host)  # a later table, still in the channel itself
    at_thread = await host.match_at(GUILD, THREAD)
    assert at_thread is not None and at_thread.id == first  # its own thread names it
    at_channel = await host.match_at(GUILD, CHANNEL)
    assert at_channel is not None and at_channel.id == second  # the table living there
    assert await host.match_at(GUILD, ELSEWHERE) is None
    assert await host.match_at(GUILD + 1, THREAD) is None  # another server's channel


async def test_an_ended_match_is_no_longer_at_its_channel(store: Store) -> None:
    host = MatchHost(store)
    match_id = await _match(host)
    await host.end(match_id, "test")
    assert await host.match_at(GUILD, CHANNEL) is None

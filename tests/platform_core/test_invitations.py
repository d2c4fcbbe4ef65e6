"""Issue 19, items 1–3 in the host: tables that name their players, expire, are limited per
host, are listed, and are played again (rematch) — on both backends, across a restart of
the host over the same database, and with two hosts (processes) sharing one database."""

from __future__ import annotations

import asyncio

import pytest

from games.host import HostError, MatchHost
from games.host.invites import INVITATION_S, MAX_OPEN_LOBBIES
from storage import GuildSettings, SeatRow, Store

GUILD = 5
DAY = 24 * 3600


def clocked(store: Store, now: list[float]) -> MatchHost:
    host = MatchHost(store)
    host.clock = lambda: now[0]
    return host


async def refused(key: str, call) -> None:
    with pytest.raises(HostError) as err:
        await call
    assert err.value.key == key


async def challenge(host: MatchHost, *invited: int, seats: int | None = None):
    return await host.open_lobby(
        "race",
        host_user_id=1,
        host_name="ann",
        guild_id=GUILD,
        seats=seats,
        invite=[(u, f"user{u}") for u in invited],
    )


async def test_a_challenge_seats_its_players_and_starts_ready_once_all_accepted(store: Store):
    now = [1000.0]
    host = clocked(store, now)
    live = await challenge(host, 2, 3)
    assert live.size == 3 and [s.user_id for s in live.seats] == [1, 2, 3]
    info = await host.lobbies.of(live.id)
    assert info.waiting_for == (2, 3) and not info.ready
    assert {i.expires_at for i in info.invitations} == {1000.0 + INVITATION_S}
    await refused("lobby.full", host.join(live.id, 4, "dan"))  # their seats are kept
    assert not (await host.accept(live.id, 2, "bob")).ready
    await refused("invite.already_accepted", host.accept(live.id, 2, "bob"))
    await refused("invite.none", host.accept(live.id, 4, "dan"))
    info = await host.join(live.id, 3, "cy")  # joining is accepting, for a named player
    assert (await host.lobbies.of(live.id)).ready
    assert (await host.start(info.id, None, seed=1)).info.size == 3


async def test_a_decline_frees_the_seat_and_the_host_starts_with_who_accepted(store: Store):
    host = MatchHost(store)
    live = await challenge(host, 2, 3, seats=4)
    await host.accept(live.id, 2, "bob")
    info = await host.decline(live.id, 3)
    assert [i.status for i in info.invitations] == ["accepted", "declined"]
    assert [s.user_id for s in (await store.get_match(live.id)).seat_rows] == [1, 2]
    await refused("invite.already_declined", host.decline(live.id, 3))
    await host.join(live.id, 4, "dan")  # the freed seat is anyone's
    outcome = await host.start(live.id, 1, seed=1)
    assert [s.user_id for s in outcome.info.seats] == [1, 2, 4]


async def test_the_host_starts_without_a_player_who_has_not_answered(store: Store):
    host = MatchHost(store)
    live = await challenge(host, 2, 3)
    await host.accept(live.id, 3, "cy")
    outcome = await host.start(live.id, 1, seed=1)
    assert [(s.seat, s.user_id) for s in outcome.info.seats] == [(0, 1), (1, 3)]
    await refused("lobby.closed", host.accept(live.id, 2, "bob"))


@pytest.mark.parametrize(
    ("invited", "key"),
    [((1,), "invite.self"), ((2, 2), "invite.twice"), ((2, 3, 4, 6), "invite.too_many")],
)
async def test_bad_invitations_are_refused_and_store_nothing(store: Store, invited, key):
    host = MatchHost(store)
    await refused(key, challenge(host, *invited))
    assert await store.list_matches(("lobby",)) == []


async def test_an_expired_invitation_cannot_be_accepted(store: Store):
    now = [1000.0]
    host = clocked(store, now)
    await store.set_guild_settings(GuildSettings(GUILD, lobby_expiry_s=3 * DAY))
    live = await challenge(host, 2)
    now[0] += INVITATION_S  # the lobby waits three days, the invitation one
    assert (await host.lobbies.of(live.id)).invitations[0].status == "expired"
    await refused("invite.expired", host.accept(live.id, 2, "bob"))
    await refused("invite.expired", host.join(live.id, 2, "bob"))
    assert (await host.lobbies.of(live.id)).invitations[0].status == "expired"


async def test_a_lobby_expires_once_across_two_hosts_and_a_restart(store: Store):
    """Two processes on one database: the expiry is claimed by one; the lobby closes once."""
    now = [1000.0]
    first, second = clocked(store, now), clocked(store, now)
    live = await challenge(first, 2)
    started = await first.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)
    await first.join(started.id, 2, "bob")
    await first.start(started.id, 1, seed=1)
    assert await first.lobbies.next_expiry() == 1000.0 + DAY
    assert await first.lobbies.claim_due("a") == []
    now[0] += DAY
    restarted = clocked(store, now)  # the expiry lives in the database
    claimed = await restarted.lobbies.claim_due("a")
    assert sorted(claimed) == sorted([live.id, started.id])
    assert await second.lobbies.claim_due("b") == []  # claimed: not twice
    assert await restarted.expire_lobby(live.id, "a")
    assert not await restarted.expire_lobby(started.id, "a")  # it started: nothing to close
    row = await store.get_match(live.id)
    assert (row.status, row.end_reason) == ("ended", "expired")
    assert (await store.get_match(started.id)).status == "active"
    assert await second.lobbies.next_expiry() is None
    await refused("invite.expired", second.accept(live.id, 2, "bob"))


async def test_the_server_sets_how_long_tables_wait(store: Store):
    now = [1000.0]
    host = clocked(store, now)
    assert (await host.guilds.get(GUILD)).lobby_expiry_s == DAY
    await host.guilds.set_lobby_expiry(GUILD, 3600)
    await refused("settings.lobby_expiry", host.guilds.set_lobby_expiry(GUILD, 10))
    assert (await host.guilds.get(GUILD)).lobby_expiry_s == 3600
    live = await host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)
    assert (await host.lobbies.of(live.id)).expires_at == 1000.0 + 3600


async def test_one_host_has_a_few_open_tables_per_server(store: Store):
    host = MatchHost(store)
    opened = [
        await host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)
        for _ in range(MAX_OPEN_LOBBIES)
    ]
    await refused(
        "lobby.too_many",
        host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD),
    )
    assert len(await store.list_matches(("lobby",))) == MAX_OPEN_LOBBIES
    await host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD + 1)
    await host.open_lobby("race", host_user_id=2, host_name="bob", guild_id=GUILD)
    await host.cancel(opened[0].id, 1)
    await host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)


def _then_wait(store: Store, barrier: asyncio.Barrier):
    """`store.count_open_lobbies` that returns only once the other opener has counted too."""
    count = store.count_open_lobbies

    async def counted(guild_id: int, host_user_id: int) -> int:
        n = await count(guild_id, host_user_id)
        await barrier.wait()
        return n

    return counted


@pytest.mark.parametrize("processes", [1, 2])
async def test_two_opens_at_once_at_the_limit_get_exactly_one_refusal(
    store: Store, db_url: str, processes: int, monkeypatch: pytest.MonkeyPatch
):
    """Two `/new` from one host at the same moment, in one process or in two sharing the
    database: both have counted the host's open tables before either stores its own (the
    barrier makes sure), yet only one table fits under the limit."""
    first = MatchHost(store)
    other = await Store.open(db_url) if processes == 2 else store
    second = MatchHost(other)
    try:
        for _ in range(MAX_OPEN_LOBBIES - 1):
            await first.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)
        both_counted = asyncio.Barrier(2)
        for s in {store, other}:
            monkeypatch.setattr(s, "count_open_lobbies", _then_wait(s, both_counted))
        results = await asyncio.gather(
            *(
                h.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)
                for h in (first, second)
            ),
            return_exceptions=True,
        )
    finally:
        if other is not store:
            await other.close()
    refusals = [r for r in results if isinstance(r, HostError)]
    assert [r.key for r in refusals] == ["lobby.too_many"]
    assert len(await store.list_matches(("lobby",))) == MAX_OPEN_LOBBIES


async def test_the_servers_open_tables_are_listed_soonest_closing_first(store: Store):
    now = [1000.0]
    host = clocked(store, now)
    first = await host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)
    now[0] += 60
    second = await challenge(host, 2, 3)
    await host.open_lobby("race", host_user_id=4, host_name="dan", guild_id=GUILD + 1)
    tables = await host.lobbies.tables(GUILD)
    assert [(t.match_id, t.host_name, t.seated, t.seats) for t in tables] == [
        (first.id, "ann", 1, 4),
        (second.id, "ann", 3, 3),
    ]
    assert tables[0].expires_at == 1000.0 + DAY


async def _finished(host: MatchHost, seats: list[SeatRow]) -> str:
    """A Race to 1 that seat 0 wins at once."""
    outcome = await host.create("race", seats, options={"target": 1}, seed=3, guild_id=GUILD)
    match_id = outcome.info.id
    await host.act(match_id, seats[0].user_id, {"type": "step", "by": 1}, key="win")
    assert (await host.get(match_id)).status == "finished"
    return match_id


async def test_a_rematch_rotates_the_seats_keeps_the_ai_and_is_ready_when_all_asked(
    store: Store,
):
    first, second = MatchHost(store), MatchHost(store)
    seats = [SeatRow(0, "ann", 1), SeatRow(1, "bot", ai="greedy"), SeatRow(2, "bob", 2)]
    old = await _finished(first, seats)
    await refused("rematch.not_player", first.rematch(old, 9, "eve"))
    asked = await first.rematch(old, 2, "bob")
    assert asked.opened and asked.lobby.rematch_of == old and not asked.lobby.ready
    assert asked.lobby.waiting_for == (1,)
    new = await store.get_match(asked.lobby.match_id)
    assert [(s.name, s.user_id, s.ai) for s in new.seat_rows] == [
        ("bot", None, "greedy"),
        ("bob", 2, None),
        ("ann", 1, None),
    ]
    assert (new.options, new.host_user_id) == ({"target": 1}, 2)
    await refused("rematch.again", second.rematch(old, 2, "bob"))
    answered = await second.rematch(old, 1, "ann")  # another process: the same lobby
    assert not answered.opened and answered.lobby.match_id == new.id and answered.lobby.ready
    await second.start(new.id, None, seed=1)
    await refused("rematch.started", first.rematch(old, 1, "ann"))


async def test_a_rematch_of_a_match_not_over_is_refused(store: Store):
    host = MatchHost(store)
    outcome = await host.create("race", [SeatRow(0, "ann", 1), SeatRow(1, "bob", 2)], seed=3)
    await refused("rematch.not_finished", host.rematch(outcome.info.id, 1, "ann"))
    assert await store.list_matches(("lobby",)) == []

"""Issue 19, item 4 (host side): named clocks, a server's defaults, two reminders a turn sent
once each, and deadline claims taken under the match's lock, with two hosts (two processes'
timers) on one database. Every test with a store runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from games.host import HostError, MatchHost
from games.host.clocks import FINAL, HALF, next_reminder, reminder_due
from games.host.rows import Deadline, GuildSettings
from storage import SeatRow, Store
from storage.schema import latest

GUILD = 77
STEP = {"type": "step", "by": 1}


async def _match(host: MatchHost, clock: str | None = None) -> str:
    """A running two-player match of the toy game in GUILD, Ann (user 1) to act first."""
    if clock is not None:
        await host.guilds.set_clock(GUILD, clock)
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)]
    return (await host.create("race", seats, seed=3, guild_id=GUILD)).info.id


@pytest.fixture
async def two_hosts(db_url: str):
    """Two hosts, each on its own store of one database: two bot processes sharing it."""
    stores = [await Store.open(db_url), await Store.open(db_url)]
    now = [1000.0]
    yield [MatchHost(s, clock=lambda: now[0], shared=True) for s in stores], now
    for store in stores:
        await store.close()


def test_a_turn_is_reminded_at_half_time_and_near_the_end():
    rapid = Deadline("m", at=1600.0, reminders=0, seconds=600)  # rapid: 10 minutes a move
    assert reminder_due(rapid, 1299.0) is None
    assert reminder_due(rapid, 1300.0) == HALF  # 5 minutes left
    sent = Deadline("m", at=1600.0, reminders=HALF, seconds=600)
    assert reminder_due(sent, 1479.0) is None
    assert reminder_due(sent, 1480.0) == FINAL  # 2 minutes left: the preset's last call
    assert reminder_due(Deadline("m", 1600.0, FINAL, 600), 1599.0) is None  # both sent
    assert reminder_due(rapid, 1500.0) == FINAL  # both due after a pause: only the last one
    assert reminder_due(rapid, 1600.0) is None  # the deadline itself is the timeout's
    custom = Deadline("m", at=4600.0, reminders=HALF, seconds=3600)  # a length no preset has
    assert reminder_due(custom, 4239.0) is None
    assert reminder_due(custom, 4240.0) == FINAL  # a tenth of the turn left
    assert reminder_due(Deadline("m", 1600.0, 0, None), 1599.0) is None  # no clock
    # The timer wakes for the next one not sent, even when it missed one another process sent.
    assert next_reminder(rapid, 1000.0) == 1300.0
    assert next_reminder(rapid, 1350.0) == 1480.0
    assert next_reminder(Deadline("m", 1600.0, FINAL, 600), 1000.0) is None


async def test_a_new_table_takes_the_servers_clock_unless_it_picks_its_own(store: Store):
    host = MatchHost(store)
    await host.guilds.set_clock(GUILD, "live")
    await host.guilds.set_on_timeout(GUILD, "wait")
    lobby = await host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)
    assert (lobby.settings.turn_deadline_s, lobby.settings.on_timeout) == (120, "wait")
    own = await host.open_lobby(
        "race",
        host_user_id=1,
        host_name="ann",
        guild_id=GUILD,
        settings={"turn_deadline_s": None, "on_timeout": "ai"},  # `clock: none` at /new
    )
    assert (own.settings.turn_deadline_s, own.settings.on_timeout) == (None, "ai")
    elsewhere = await host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=5)
    assert elsewhere.settings.turn_deadline_s is None  # a server nobody set up: no clock

    # The host changes the clock in the lobby; nobody else, and no preset that is not one.
    assert (await host.set_clock(lobby.id, 1, "daily")).settings.turn_deadline_s == 86400
    for user, preset, key in ((2, "rapid", "lobby.not_host"), (1, "blitz", "clock.unknown")):
        with pytest.raises(HostError) as err:
            await host.set_clock(lobby.id, user, preset)
        assert err.value.key == key
    assert (await store.get_match(lobby.id)).settings["turn_deadline_s"] == 86400
    await host.join(lobby.id, 2, "bob")
    await host.start(lobby.id, 1)
    with pytest.raises(HostError) as err:
        await host.set_clock(lobby.id, 1, "live")
    assert err.value.key == "lobby.closed"


async def test_server_settings_refuse_bad_values_and_change_nothing(db_url: str):
    store = await Store.open(db_url)
    try:
        guilds = MatchHost(store).guilds
        assert await guilds.get(GUILD) == GuildSettings(GUILD)  # none, ai, 24 h, unrated
        for bad, key in (
            (guilds.set_clock(GUILD, "blitz"), "clock.unknown"),
            (guilds.set_on_timeout(GUILD, "pause"), "settings.on_timeout"),
            (guilds.set_lobby_expiry(GUILD, 60), "settings.lobby_expiry"),
            (guilds.set_lobby_expiry(GUILD, 10**9), "settings.lobby_expiry"),
        ):
            with pytest.raises(HostError) as err:
                await bad
            assert err.value.key == key
            assert await guilds.get(GUILD) == GuildSettings(GUILD)
        await guilds.set_clock(GUILD, "rapid")
        await guilds.set_on_timeout(GUILD, "wait")
        await guilds.set_lobby_expiry(GUILD, 3600)
        await guilds.set_rate_ai_matches(GUILD, True)
        await guilds.set_language(GUILD, "fr")  # the other settings stay
    finally:
        await store.close()
    store = await Store.open(db_url)  # a restart
    try:
        kept = await MatchHost(store).guilds.get(GUILD)
        assert kept == GuildSettings(
            GUILD,
            language="fr",
            lobby_expiry_s=3600,
            rate_ai_matches=True,
            clock="rapid",
            on_timeout="wait",
        )
    finally:
        await store.close()


async def test_each_reminder_is_sent_by_one_of_two_hosts_on_one_database(two_hosts):
    (a, b), now = two_hosts
    match_id = await _match(a, "rapid")
    [deadline] = await a.deadlines.running()
    assert (deadline.at, deadline.reminders, deadline.seconds) == (1600.0, 0, 600)
    now[0] = 1300.0
    sent = await asyncio.gather(
        a.deadlines.claim_reminder(deadline), b.deadlines.claim_reminder(deadline)
    )
    assert sorted(sent, key=str) == [1, None]  # HALF, by one host only
    [deadline] = await b.deadlines.running()
    assert deadline.reminders == HALF
    assert await a.deadlines.claim_reminder(deadline) is None  # not yet the last one
    now[0] = 1480.0
    sent = await asyncio.gather(
        a.deadlines.claim_reminder(deadline), b.deadlines.claim_reminder(deadline)
    )
    assert sorted(sent, key=str) == [2, None]  # FINAL, by one host only
    # Ann plays: Bob's turn gets its own deadline, and its own two reminders.
    await a.act(match_id, 1, STEP, key="k1")
    [fresh] = await b.deadlines.running()
    assert (fresh.at, fresh.reminders) == (2080.0, 0)
    assert await b.deadlines.claim_reminder(deadline) is None  # Ann's turn is over
    now[0] = 1780.0
    assert await b.deadlines.claim_reminder(fresh) == HALF


async def test_two_timers_claim_each_due_deadline_once(two_hosts):
    (a, b), now = two_hosts
    due = {await _match(a, "live") for _ in range(12)}
    now[0] = 1121.0  # every 2-minute turn ran out
    by_a, by_b = await asyncio.gather(a.deadlines.claim_due("A"), b.deadlines.claim_due("B"))
    assert not set(by_a) & set(by_b)
    assert set(by_a) | set(by_b) == due
    assert await a.deadlines.claim_due("C") == []  # leased until they are handled


async def test_a_deadline_is_claimed_under_its_matchs_lock(tmp_path):
    """The deadline is due while a change to the match holds its lock and starts a new turn
    (here what `replace` does: a new deadline, stored and held). The timer claims under that
    lock, so after the change: nothing, since the turn that runs now is not due. (SQLite:
    its one connection runs statements in order, so once a later statement went through,
    a claim that needed no lock would have too.)"""
    store = await Store.open(tmp_path / "lutece.db")
    try:
        now = [1000.0]
        host = MatchHost(store, clock=lambda: now[0])
        match_id = await _match(host, "live")
        now[0] = 1121.0  # Ann's 2 minutes ran out
        async with host.lock(match_id):
            claim = asyncio.create_task(host.deadlines.claim_due("timer"))
            await asyncio.sleep(0)
            await store.current_version(match_id)
            assert not claim.done()  # waiting for the lock
            await store.update_match(match_id, deadline_at=now[0] + 120)
            (await host._loaded(match_id)).row.deadline_at = now[0] + 120
        assert await claim == []
        now[0] = 1242.0
        assert await host.deadlines.claim_due("timer") == [match_id]
    finally:
        await store.close()


async def test_migration_009_keeps_a_sent_reminder_and_gives_servers_the_defaults(
    db_url: str, store_at: Callable[[int], Awaitable[Store]]
):
    """A database from before results (schema 6) goes through 007, 008 and 009: a turn whose
    (half-time) reminder was sent is not reminded at half time again, and a server that had
    settings gets every later setting's default."""
    store = await store_at(6)
    async with store._session() as conn:
        for match_id, sent in (("sent", True), ("due", False)):
            await conn.execute(
                "INSERT INTO matches (id, game, status, seats, options, settings, seed, "
                "version, deadline_at, reminded, created_at, updated_at) VALUES "
                "(?, 'race', 'active', 2, '{}', '{\"turn_deadline_s\": 600}', 7, 0, 1600.0, "
                "?, 1.0, 1.0)",
                match_id,
                sent,
            )
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, language) VALUES (?, 'ru')", GUILD
        )
    await store.close()
    store = await Store.open(db_url)
    try:
        assert store.schema_version == latest(store.backend) >= 9
        running = {d.match_id: d.reminders for d in await store.deadlines()}
        assert running == {"sent": HALF, "due": 0}
        kept = await store.get_guild_settings(GUILD)
        assert kept == GuildSettings(GUILD, language="ru")  # none, ai, 24 h, unrated
    finally:
        await store.close()

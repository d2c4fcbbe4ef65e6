"""Issue 12: two bot processes, one per shard, on one PostgreSQL database, on the fake Discord.

- Each process serves its shard's server; a match in each server is played to the end.
- A button of a match in the other process's server still works: DMs go to shard 0, so a
  player of the shard-1 server who plays from her DM panel is served by process 0.
- The same Confirm clicked at once in the thread (process 1) and in the DM (process 0)
  applies exactly once.
- 100 deadlines due at the same moment fire once each, although both processes run the timer.
- A SIGKILL of one process mid-match loses no acknowledged move; the other carries on, and a
  new process for the shard finishes the match.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from fakediscord import FakeDiscord
from games.host import MatchHost
from storage import SeatRow, Store
from tests.discord.driver import choose_one

ROOT = Path(__file__).resolve().parents[2]
GAME = "paris-paris"


def bot_process(fake: FakeDiscord, db: str, shard: int, log: Path) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "DISCORD_TOKEN": fake.token,
        "LUTECE_DB": db,
        "LUTECE_DISCORD_ENDPOINT": fake.base_url,
        "LUTECE_SHARD": f"{shard}/2",
        "LUTECE_LOG_LEVEL": "WARNING",
    }
    env.pop("LUTECE_DEV_GUILD", None)
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "run"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("w"),
        text=True,
    )


async def both_ready(fake: FakeDiscord, shards: set[int]) -> None:
    await fake.wait_for(
        lambda: {s.shard[0] for s in fake.sessions if s.ready} >= shards and fake.commands(),
        timeout=60,
    )


async def latest(fake: FakeDiscord, channel: Any, label: str, user: Any = None) -> Any:
    """The newest message with a `label` button, waited for: on a busy machine a table can
    come after a quiet moment (its picture is drawn off the event loop), never before."""

    def find() -> Any:
        for msg in reversed(fake.messages(channel, include_ephemeral=user is not None)):
            if (user is None or msg.visible_to(user.id)) and msg.find_component(label=label):
                return msg
        return None

    return await fake.wait_for(find, timeout=30)


async def quiet(fake: FakeDiscord) -> None:
    await fake.idle(quiet=0.3, timeout=30)


async def open_match(fake: FakeDiscord, channel: Any, host: Any, joiner: Any) -> Any:
    lobby = (await host.slash(channel, f"{GAME} new", players=2)).message
    assert (await joiner.click(lobby, "Join")).responded
    before = {t.id for t in fake.threads()}
    assert (await host.click(lobby, "Start")).responded
    threads = await fake.wait_for(
        lambda: [t for t in fake.threads() if t.id not in before], timeout=30
    )
    await quiet(fake)
    return SimpleNamespace(id=lobby.embeds[0]["footer"]["text"].split()[-1], thread=threads[-1])


async def turn(
    fake: FakeDiscord,
    store: Store,
    match: Any,
    users: dict[int, Any],
    rng: random.Random,
    *,
    from_dm: set[int] = frozenset(),
) -> bool:
    """The player to act takes one turn (from their DM panel if listed); False at the end."""
    row = await store.get_match(match.id)
    if row.status != "active":
        return False
    seat = next(s for s in range(row.seats) if s in _to_act(row))
    user = users[row.seat_rows[seat].user_id]
    if user.id in from_dm:
        screen = await fake.wait_for(lambda: _dm_panel(user, row.version), timeout=30)
    else:
        screen = (
            await user.click(await latest(fake, match.thread, "Take turn"), "Take turn")
        ).message
    while screen.find_component(label="Confirm") is None:
        screen = (await choose_one(user, screen, rng)).message
    done = await user.click(screen, "Confirm")
    assert "Done" in done.message.text, done.content
    await quiet(fake)
    assert (await store.get_match(match.id)).version > row.version
    return True


def _to_act(row: Any) -> set[int]:
    snapshot = row.snapshot
    return {snapshot["first"] if snapshot["phase"] == 1 else snapshot["turn"]}


def _dm_panel(user: Any, version: int) -> Any:
    """The DM prompt of this turn (its buttons carry the match version)."""
    for msg in reversed(user.dms()):
        ids = [c.get("custom_id", "") for c in msg.iter_components()]
        if any(f":{version}:" in i or i.endswith(f":{version}") for i in ids):
            return msg
    return None


@pytest.mark.long
@pytest.mark.usefixtures("pg_server")
async def test_two_processes_share_one_database(pg_server, tmp_path):
    name, db = await pg_server.create_database("shards")
    fake = await FakeDiscord.start()
    procs: list[subprocess.Popen[str]] = []
    store = await Store.open(db)
    try:
        guilds: dict[int, Any] = {}
        while len(guilds) < 2:  # one server on each shard
            guild = fake.add_guild(f"server {len(guilds)}", channels=("games",))
            guilds.setdefault((guild.id >> 22) % 2, guild)
        alice, bob = (fake.add_user(n, guilds=[guilds[0]]) for n in ("alice", "bob"))
        carol, dave = (fake.add_user(n, guilds=[guilds[1]]) for n in ("carol", "dave"))
        users = {u.id: u for u in (alice, bob, carol, dave)}
        channels = {n: fake.channel("games", g) for n, g in guilds.items()}

        # 100 matches whose deadline is already due, before any process starts.
        host = MatchHost(store)
        due = []
        for n in range(100):
            seats = [SeatRow(0, "x", user_id=alice.id), SeatRow(1, "y", user_id=bob.id)]
            live = (
                await host.create(
                    GAME,
                    seats,
                    settings={"turn_deadline_s": 3600},
                    guild_id=guilds[n % 2].id,
                    channel_id=channels[n % 2].id,
                )
            )._live
            await store.update_match(live.id, deadline_at=time.time() - 1)
            due.append(live.id)

        procs = [bot_process(fake, db, n, tmp_path / f"shard{n}.log") for n in (0, 1)]
        await both_ready(fake, {0, 1})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            versions = [(await store.get_match(m)).version for m in due]
            if all(v >= 1 for v in versions):
                break
            await asyncio.sleep(0.5)
        await quiet(fake)
        versions = [(await store.get_match(m)).version for m in due]
        assert versions == [1] * 100, versions  # each fired exactly once: one AI move
        times_up = [m for c in channels.values() for m in fake.messages(c) if "Time's up" in m.text]
        assert len(times_up) == 100

        # A match in each server, played by their own players.
        a = await open_match(fake, channels[0], alice, bob)
        await carol.slash(channels[1], "lutece dms", enabled="on")
        b = await open_match(fake, channels[1], carol, dave)
        rng = random.Random(4)
        for _ in range(6):  # carol plays from her DMs: served by process 0 (shard 0)
            await turn(fake, store, a, users, rng)
            await turn(fake, store, b, users, rng, from_dm={carol.id})

        # The same Confirm at once in the thread (process 1) and the DM (process 0).
        row = await store.get_match(b.id)
        seat = next(iter(_to_act(row)))
        if row.seat_rows[seat].user_id != carol.id:
            await turn(fake, store, b, users, rng)
            row = await store.get_match(b.id)
        dm_screen = await fake.wait_for(lambda: _dm_panel(carol, row.version), timeout=30)
        thread_screen = (
            await carol.click(await latest(fake, b.thread, "Take turn"), "Take turn")
        ).message
        same = random.Random(9)
        while dm_screen.find_component(label="Confirm") is None:
            pick = same.getstate()
            dm_screen = (await choose_one(carol, dm_screen, same)).message
            same.setstate(pick)
            thread_screen = (await choose_one(carol, thread_screen, same)).message
        answers = await asyncio.gather(
            carol.click(dm_screen, "Confirm"), carol.click(thread_screen, "Confirm")
        )
        assert sum("Done" in r.message.text for r in answers) == 1, [r.content for r in answers]
        await quiet(fake)
        assert (await store.get_match(b.id)).version == row.version + 1

        # SIGKILL the shard-1 process mid-match: nothing acknowledged is lost.
        acknowledged = (await store.get_match(b.id)).version
        procs[1].send_signal(signal.SIGKILL)
        await asyncio.to_thread(procs[1].wait, 30)
        assert (await store.get_match(b.id)).version == acknowledged
        assert await turn(fake, store, a, users, rng)  # process 0 carries on
        procs[1] = bot_process(fake, db, 1, tmp_path / "shard1-again.log")
        await both_ready(fake, {0, 1})
        while await turn(fake, store, b, users, rng):  # the new process finishes it
            pass
        while await turn(fake, store, a, users, rng):
            pass
        for match in (a, b):
            assert (await store.get_match(match.id)).status == "finished"
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        # Waited for off the event loop: the fake Discord runs on it, and a process that
        # stops lets its running handlers finish, which needs the fake to answer them.
        for proc in procs:
            try:
                await asyncio.to_thread(proc.wait, 30)
            except subprocess.TimeoutExpired:
                proc.kill()
        await store.close()
        await fake.stop()
        await pg_server.drop_database(name)
    assert [proc.returncode for proc in procs] == [0, 0]  # both stopped cleanly on SIGTERM
    for log in tmp_path.glob("shard*.log"):
        text = log.read_text()
        assert "Traceback" not in text, (log.name, text[-3000:])

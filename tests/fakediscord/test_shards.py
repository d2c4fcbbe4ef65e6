"""Shards: a client identifies as shard i of n and gets only its guilds' events, routed as
Discord routes them — guild (id >> 22) % n, and everything outside a guild to shard 0."""

from __future__ import annotations

import contextlib

from fakediscord import FakeDiscord
from fakediscord.testing import ErrorLogCatcher, running_bot
from tests.fakediscord.demo_bot import DemoBot


async def test_each_shard_gets_its_own_guilds_and_their_interactions():
    fake = await FakeDiscord.start()
    try:
        guilds = {}
        while len(guilds) < 2:  # one guild on each of 2 shards
            guild = fake.add_guild(f"server {len(guilds)}", channels=("general",))
            guilds.setdefault((guild.id >> 22) % 2, guild)
        alice = fake.add_user("alice")
        catcher = ErrorLogCatcher()  # a second answer to one interaction would log 40060
        async with contextlib.AsyncExitStack() as stack:
            stack.enter_context(catcher.installed())
            bots = [
                await stack.enter_async_context(
                    running_bot(fake, lambda n=n: DemoBot(shard_id=n, shard_count=2))
                )
                for n in (0, 1)
            ]
            for n, bot in enumerate(bots):
                mine = {g.id for g in bot.guilds}
                assert guilds[n].id in mine and guilds[1 - n].id not in mine
            for guild in guilds.values():
                channel = fake.channel("general", guild)
                answer = await alice.slash(channel, "hand")  # only its shard answers it
                assert answer.responded and "your hand" in answer.content
            dm = await alice.slash(alice.dm_channel, "hand")  # DMs: shard 0
            assert dm.responded
            assert {s.shard for s in fake.sessions} == {(0, 2), (1, 2)}
        assert not catcher.records, catcher.messages()
    finally:
        await fake.stop()

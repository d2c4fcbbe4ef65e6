"""Issue 19, items 4 and 8, through the fake Discord: `/admin settings`, named clocks chosen
by the server or the table, two reminders a turn (once each, across a restart and with two
processes on one database), and DMs that say when they cannot reach a player, with each
turn prompt reaching its player once. Time is the host's controlled clock, never waited."""

from __future__ import annotations

import contextlib
import random
import time

import pytest

from bot.app import LuteceBot
from bot.config import Config
from fakediscord.errors import InteractionRefused
from fakediscord.testing import running_bot
from tests.discord.driver import (
    advance,
    controlled_clock,
    open_table,
    play_turns,
    said,
    selects,
    settle,
    start_match,
    table_message,
    user_to_act,
)

pytestmark = pytest.mark.usefixtures("fast_render")
HALF_TIME, NEAR_END = "half of your turn's time", "nearly up"


def posts_saying(world, thread, words: str) -> list:
    return [m for m in world.fake.messages(thread) if words in m.text]


async def test_admin_settings_are_refused_to_a_non_admin_and_change_nothing(world):
    dave = world.user("dave")
    async with world.bot() as bot:
        with pytest.raises(InteractionRefused):  # hidden from him: Manage Server is needed
            await dave.slash(world.games, "admin settings", clock="live", on_timeout="wait")
        settings = await bot.host.guilds.get(world.guild.id)
        assert (settings.clock, settings.on_timeout) == ("none", "ai")


async def test_each_setting_is_changed_shown_and_kept_over_a_restart(world):
    alice, bob = world.user("alice"), world.user("bob")
    world.fake.make_admin(alice, world.guild)
    async with world.bot() as bot:
        shown = await alice.slash(world.games, "admin settings")
        assert shown.ephemeral
        for line in ("**No clock**", "an AI plays the turn", "24 hours", "Automatic", ": no"):
            assert line in shown.content, (line, shown.content)
        for option, value, line in (
            ("clock", "rapid", "**Rapid** — 10 minutes a move"),
            ("on_timeout", "wait", "When a turn's time is up, the match waits."),
            ("lobby_expiry", 3 * 24 * 3600, "after 3 days"),
            ("rate_ai_matches", "on", "AI seats rated: yes"),
            ("language", "fr", "public messages: Français"),
        ):
            answer = await alice.slash(world.games, "admin settings", **{option: value})
            assert answer.ephemeral and line in answer.content, (option, answer.content)
        assert "**Rapid**" in answer.content  # the earlier changes stay
    async with world.bot() as bot:  # a restart: the settings live in the database
        kept = (await alice.slash(world.games, "admin settings")).content
        for line in ("**Rapid**", "the match waits", "3 days", "Français", "rated: yes"):
            assert line in kept, (line, kept)
        # A new table takes the server's clock, in the server's language now.
        lobby = await open_table(world, bob, 2)
        assert "**Rapide** — 10 minutes par coup" in lobby.embeds[0]["description"]
        assert "la partie attend" in lobby.embeds[0]["description"]
        await settle(world, bot)


async def test_a_timeout_under_the_servers_preset_waits_or_lets_an_ai_play_as_set(world):
    alice, bob = world.user("alice"), world.user("bob")
    world.fake.make_admin(alice, world.guild)
    now = [time.time()]
    async with world.bot(clock=now) as bot:
        await alice.slash(world.games, "admin settings", clock="live", on_timeout="wait")
        match_id, thread, lobby = await start_match(world, bot, alice, [bob])  # no clock: live
        assert "**Live** — 2 minutes a move" in lobby.embeds[0]["description"]
        live = await bot.host._loaded(match_id)
        assert live.row.deadline_at == pytest.approx(now[0] + 120, abs=1)
        await advance(world, bot, now, 121)
        waits = await world.fake.wait_for_message(thread, lambda m: "Time's up" in m.text)
        assert "waits" in waits.content
        await settle(world, bot)
        assert (await bot.host.get(match_id)).version == live.row.version  # nobody played

        await alice.slash(world.games, "admin settings", on_timeout="ai")
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        version = (await bot.host.get(match_id)).version
        await advance(world, bot, now, 121)
        played = await world.fake.wait_for_message(thread, lambda m: "Time's up" in m.text)
        assert "an AI played" in played.content
        await settle(world, bot)
        assert (await bot.host.get(match_id)).version == version + 1

        # A table's own clock wins over the server's.
        _, _, own = await start_match(world, bot, alice, [bob], clock="none")
        assert "**No clock**" in own.embeds[0]["description"]


async def test_the_host_picks_the_clock_in_the_lobby_and_nobody_else(world):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        lobby = await open_table(world, alice, 2)
        match_id = lobby.embeds[0]["footer"]["text"].split()[-1]
        assert "**No clock**" in lobby.embeds[0]["description"]
        [menu] = [m for m in selects(lobby) if m["custom_id"].endswith(":clock")]
        assert [o["value"] for o in menu["options"]] == [
            "live",
            "rapid",
            "daily",
            "relaxed",
            "none",
        ]
        refused = await bob.select(lobby, menu["custom_id"], ["live"])
        assert refused.ephemeral and "Only the player who opened the table" in refused.content
        assert (await bot.host.get(match_id)).settings.turn_deadline_s is None  # unchanged
        picked = await alice.select(lobby, menu["custom_id"], ["daily"])
        assert picked.responded and not picked.ephemeral
        shown = (picked.message or lobby).embeds[0]["description"]
        assert "**Daily** — 24 hours a move: correspondence" in shown
        assert (await bot.host.get(match_id)).settings.turn_deadline_s == 24 * 3600


async def test_both_reminders_are_sent_once_each_with_a_restart_between_them(world):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    now = [time.time()]
    async with world.bot(clock=now) as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob], clock="rapid")
        late = await user_to_act(bot, match_id, users)
        await advance(world, bot, now, 301)  # half of the 10 minutes
        half = await world.fake.wait_for_message(thread, lambda m: HALF_TIME in m.text)
        assert half.pinged_user_ids == {late.id}
        await settle(world, bot)
    async with world.bot(clock=now) as bot:  # a restart between the two reminders
        await settle(world, bot)
        assert len(posts_saying(world, thread, HALF_TIME)) == 1  # not sent again
        await advance(world, bot, now, 180)  # 2 minutes left
        final = await world.fake.wait_for_message(thread, lambda m: NEAR_END in m.text)
        assert final.pinged_user_ids == {late.id}
        await advance(world, bot, now, 60)
        await settle(world, bot)
        assert [len(posts_saying(world, thread, w)) for w in (HALF_TIME, NEAR_END)] == [1, 1]
        assert not posts_saying(world, thread, "Time's up")  # a minute is left


@pytest.mark.usefixtures("pg_server")
async def test_two_processes_on_one_database_send_each_reminder_and_fire_the_timeout_once(
    world, pg_server
):
    """Two bot processes (shards 0 and 1 of 2) share a PostgreSQL database, and both run
    the deadline timer over every match: each reminder and the timeout happen once."""
    name, url = await pg_server.create_database("clocks")
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    now = [time.time()]

    def shard(n: int) -> LuteceBot:
        config = Config(world.fake.token, db_path=url, dev_guild=world.guild.id, shard=(n, 2))
        return LuteceBot(config, guild_ready_timeout=0.05, shard_id=n, shard_count=2)

    try:
        async with contextlib.AsyncExitStack() as stack:
            bots = [
                await stack.enter_async_context(running_bot(world.fake, lambda n=n: shard(n)))
                for n in (0, 1)
            ]
            for bot in bots:
                controlled_clock(bot, now)
            server = next(b for b in bots if world.guild.id in {g.id for g in b.guilds})
            match_id, thread, _ = await start_match(world, server, alice, [bob], clock="live")
            late = await user_to_act(server, match_id, users)
            for seconds, words in ((61, HALF_TIME), (30, NEAR_END), (30, "Time's up")):
                now[0] += seconds
                for bot in bots:
                    bot.deadlines.poke()
                await world.fake.wait_for_message(thread, lambda m, w=words: w in m.text)
                for bot in bots:
                    await settle(world, bot)
            assert [len(posts_saying(world, thread, w)) for w in (HALF_TIME, NEAR_END)] == [1, 1]
            assert len(posts_saying(world, thread, "Time's up")) == 1
            assert (await server.host.get(match_id)).version == 1  # one AI move, for late
            assert late.id in posts_saying(world, thread, NEAR_END)[0].pinged_user_ids
    finally:
        await pg_server.drop_database(name)


async def test_dms_on_with_dms_closed_says_so_in_one_sentence(world):
    alice, carol = world.user("alice"), world.user("carol")
    world.fake.close_dms(carol)
    async with world.bot() as bot:
        answer = await carol.slash(world.games, "lutece dms", enabled="on")
        assert answer.ephemeral and "I can't send you DMs" in answer.content
        assert "DMs on" not in answer.content and not carol.dms()
        prefs = await bot.host.prefs.get(carol.id)
        assert prefs.dms and prefs.dms_closed  # nothing is tried again until she asks
        # Her turns reach her in the thread, with no DM tried and no closed-DM notice.
        match_id, thread, _ = await start_match(world, bot, carol, [alice])
        await play_turns(world, bot, match_id, thread, [alice, carol], random.Random(3), turns=2)
        assert world.fake.pings(carol) and not carol.dms()
        assert not posts_saying(world, thread, "couldn't send you a DM")
        world.fake.open_dms(carol)
        again = await carol.slash(world.games, "lutece dms", enabled="on")
        assert "DMs on" in again.content
        [welcome] = carol.dms()
        assert "DMs on" in welcome.content


def dm_prompts(user, version: int) -> list:
    """The DM prompts of the turn at `version` (their buttons carry it)."""
    return [
        m
        for m in user.dms()
        if any(f":{version}:" in c.get("custom_id", "") for c in m.iter_components())
    ]


async def test_a_turn_prompt_and_its_reminder_reach_a_dm_player_once(world):
    """Bob gets his turns by DM: the table names him without pinging him, and the DM is
    his one prompt; Alice, without DMs, is pinged in the thread. Reminders follow suit."""
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    now = [time.time()]
    async with world.bot(clock=now) as bot:
        await bob.slash(world.games, "lutece dms", enabled="on")
        match_id, thread, _ = await start_match(world, bot, alice, [bob], clock="rapid")
        rng = random.Random(5)
        turns = {alice: 0, bob: 0}
        while min(turns.values()) < 2:
            to_act = await user_to_act(bot, match_id, users)
            version = (await bot.host.get(match_id)).version
            table = table_message(world, thread)
            assert f"<@{to_act.id}>" in said(table)  # everyone sees whose turn it is
            if to_act is bob:
                assert bob.id not in table.pinged_user_ids
                assert len(dm_prompts(bob, version)) == 1
            else:
                assert table.pinged_user_ids == {alice.id} and not dm_prompts(alice, version)
            turns[to_act] += 1
            await play_turns(world, bot, match_id, thread, [alice, bob], rng, turns=1)
        while await user_to_act(bot, match_id, users) is not bob:
            await play_turns(world, bot, match_id, thread, [alice, bob], rng, turns=1)
        dms = len(bob.dms())
        await advance(world, bot, now, 301)
        await world.fake.wait_for(
            lambda: [m for m in bob.dms()[dms:] if "Half of your turn's time" in m.text]
        )
        await settle(world, bot)
        assert len(bob.dms()) == dms + 1  # the reminder, once
        assert not posts_saying(world, thread, HALF_TIME)  # and not in the thread as well
        assert not world.fake.pings(bob) and world.fake.pings(
            alice
        )  # Bob was never pinged in the thread

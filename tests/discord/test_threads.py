"""Issue 7, finding 3: matches that run for days survive what real Discord does to threads.

A quiet thread is archived (edits refused with 50083, a new message unarchives it); an admin
may lock or delete it. Every move still reaches everyone: the recap and the ping as a new
message, the table edited, and where the thread is gone or locked the match carries on in the
channel it was opened in.
"""

from __future__ import annotations

import random

import pytest

from tests.discord.driver import said, settle, start_match, table_message, take_turn, user_to_act

pytestmark = pytest.mark.usefixtures("fast_render")
DAY = 24 * 3600


def turn_messages(world, thread, after: int) -> list:
    """New public messages after message id `after` that ping a player or end the match."""
    return [
        m
        for m in world.fake.messages(thread)
        if m.id > after
        and m.author_id == world.fake.bot_user.id
        and ("your turn" in m.text or "Game over" in m.text)
    ]


async def test_a_paris_paris_match_finishes_though_the_thread_archives_before_every_move(world):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(3)
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        moves = 0
        while (user := await user_to_act(bot, match_id, users)) is not None:
            world.fake.advance(DAY + 60)  # a day of silence: Discord archives the thread
            assert thread.archived
            last = world.fake.messages(thread)[-1].id
            done = await take_turn(world, user, thread, rng)
            assert "Done" in done.message.text, done.content
            await settle(world, bot)
            assert len(turn_messages(world, thread, last)) == 1  # the recap and ping, once
            assert not thread.archived
            live = await bot.host._loaded(match_id)
            assert live.row.table_version == live.row.version  # the table was edited too
            moves += 1
        assert moves > 20
        final = table_message(world, thread)
        assert "Final result" in final.text


@pytest.mark.long
async def test_a_city_of_light_match_finishes_though_the_thread_archives_before_every_move(world):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(4)
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(
            world, bot, alice, [bob], game="city-of-light", variant="original"
        )
        moves = 0
        while (user := await user_to_act(bot, match_id, users)) is not None:
            world.fake.archive(thread)
            last = world.fake.messages(thread)[-1].id
            assert "Done" in (await take_turn(world, user, thread, rng)).message.text
            await settle(world, bot)
            assert len(turn_messages(world, thread, last)) == 1
            live = await bot.host._loaded(match_id)
            assert live.row.table_version == live.row.version
            moves += 1
        assert moves > 20
        assert "Final result" in table_message(world, thread).text


async def test_a_locked_thread_moves_the_table_to_the_channel(world):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        world.fake.lock(thread, archived=True)  # a moderator locked and closed the thread
        user = await user_to_act(bot, match_id, users)
        done = await take_turn(world, user, thread, random.Random(1))
        assert "Done" in done.message.text, done.content  # the move stands
        await settle(world, bot)
        moved = table_message(world, world.games)  # the move's table, with its recap and ping
        assert "your turn" in said(moved) and moved.find_component(label="Take turn")
        assert (
            len([m for m in world.fake.messages(world.games) if m.embeds or m.is_components_v2])
            == 2
        )  # lobby+table
        live = await bot.host._loaded(match_id)
        assert live.row.thread_id == world.games.id and live.row.table_message_id == moved.id
        # …and the match goes on there.
        user = await user_to_act(bot, match_id, users)
        done = await take_turn(world, user, world.games, random.Random(2), table=moved)
        assert "Done" in done.message.text
        await settle(world, bot)
        assert (await bot.host._loaded(match_id)).row.table_version == live.row.version


async def test_a_deleted_thread_moves_the_table_to_the_channel(world):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        world.fake.delete_channel(thread)  # a moderator deleted the match's thread
        # The player to act plays from the keyboard, in the channel.
        user = await user_to_act(bot, match_id, users)
        [choice] = (await user.autocomplete(world.games, "paris-paris play", option="move"))[:1]
        done = await user.slash(world.games, "paris-paris play", move=choice["value"])
        assert "Done" in done.message.text
        await settle(world, bot)
        moved = table_message(world, world.games)
        assert "your turn" in said(moved) and moved.find_component(label="Take turn")
        live = await bot.host._loaded(match_id)
        assert live.row.thread_id == world.games.id and live.row.table_version == live.row.version


async def test_reminders_reach_an_archived_thread(world):
    alice, bob = world.user("alice"), world.user("bob")
    clock = [1_000_000.0]
    async with world.bot() as bot:
        bot.host.clock = lambda: clock[0]
        match_id, thread, _ = await start_match(
            world, bot, alice, [bob], clock="rapid", on_timeout="ai"
        )
        world.fake.archive(thread)
        clock[0] += 301  # past half of the 10 minutes: a reminder is due
        bot.deadlines.poke()
        reminder = await world.fake.wait_for_message(thread, lambda m: "turn's time" in m.text)
        assert not thread.archived and reminder.pinged_user_ids
        world.fake.archive(thread)
        clock[0] += 400  # the deadline passed: an AI plays, and everything is told
        bot.deadlines.poke()
        await world.fake.wait_for_message(thread, lambda m: "Time's up" in m.text)
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version >= 1 and live.row.table_version == live.row.version

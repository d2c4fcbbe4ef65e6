"""Issue 17 §4: a past table no longer says whose turn it is.

Each move posts a fresh table at the bottom of the thread with the recap and the turn ping;
the previous table is retired to its title and recap — and its turn line goes too, so
scrolling up never shows "@alice, your turn!" on a turn long gone.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.discord.driver import play_turns, said, start_match, table_message

pytestmark = pytest.mark.usefixtures("fast_render")
MENTION = re.compile(r"<@!?\d+>")


def tables(world, thread) -> list:
    """The bot's table messages in the thread, oldest first (each is a card)."""
    return [
        m
        for m in world.fake.messages(thread)
        if m.author_id == world.fake.bot_user.id and m.is_components_v2
    ]


def assert_only_the_last_claims_the_turn(world, thread) -> None:
    *past, current = tables(world, thread)
    assert current.id == table_message(world, thread).id and "your turn" in said(current)
    for old in past:
        assert "your turn" not in said(old) and not MENTION.search(said(old)), said(old)


async def test_past_tables_keep_their_recap_but_not_the_turn(world):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        calls = len(world.fake.rest_calls)
        await play_turns(world, bot, match_id, thread, [alice, bob], random.Random(4), turns=3)
        assert len(tables(world, thread)) == 4
        assert_only_the_last_claims_the_turn(world, thread)
        assert all(said(old) for old in tables(world, thread)[1:-1])  # the recaps stay
        # What a table said is remembered, not fetched back (the REST calls of a move).
        assert not [
            c
            for c in world.fake.rest_calls[calls:]
            if c.method == "GET" and c.route == "/channels/{channel_id}/messages/{message_id}"
        ]


async def test_a_table_posted_before_a_restart_is_retired_too(world):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        await play_turns(world, bot, match_id, thread, [alice, bob], random.Random(5), turns=1)
    async with world.bot() as bot:
        await play_turns(world, bot, match_id, thread, [alice, bob], random.Random(6), turns=1)
        assert_only_the_last_claims_the_turn(world, thread)

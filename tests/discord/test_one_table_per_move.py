"""Issue 20 §6: one fresh table per person's move, however many AI seats reply to it.

A move that hands the turn to AI seats is shown at once by editing the table it was played
from (nobody is to be called: an edit notifies nobody, and nobody needs it); the AIs' replies
then post the one fresh table with their recaps and the ping of the person whose turn it is.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games import adapter_for
from bot.ui.panel import text_names
from bot.ui.table import MAX_CONTENT, recap_after
from tests.discord.driver import (
    open_panel_and_choose,
    said,
    settle,
    start_match,
    table_message,
    take_turn,
)
from tests.held_search import GUARD_S, HeldSearch, strong_held

pytestmark = pytest.mark.usefixtures("fast_render")
MENTION = re.compile(r"<@!?\d+>")


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSearch]:
    with strong_held(monkeypatch) as search:
        yield search


def tables(world: Any, thread: Any) -> list[Any]:
    """The bot's table messages in the thread, oldest first (each is a card; a retired
    one keeps its title)."""
    return [
        m
        for m in world.fake.messages(thread)
        if m.author_id == world.fake.bot_user.id and m.is_components_v2
    ]


async def recaps_since(bot: Any, match_id: str, version: int) -> list[list[str]]:
    """Each move's recap lines after `version`, as the thread must tell them (from the log)."""
    outcome = await bot.host.since(match_id, version)
    match = outcome.info
    adapter, names = adapter_for(match.game), text_names(match)
    language = await bot.languages.of_guild(match.guild_id)
    return [
        adapter.recap_lines([e for e in a.events if e.to is None], names, language)
        for a in outcome.applied
    ]


def told_lines(*messages: Any) -> list[str]:
    """The recap lines of `messages`, in order, without their turn lines."""
    return [
        line for m in messages for line in said(m).split("\n") if line and not MENTION.search(line)
    ]


def assert_one_table_told(
    world: Any, thread: Any, before: list[Any], recaps: list[list[str]], user: Any
) -> None:
    """One table was posted since `before`; it and the one played from tell every move's
    recap once, in order, as their last lines; the new one alone pings `user`."""
    now = tables(world, thread)
    assert len(now) == len(before) + 1, [said(m) for m in now[len(before) - 1 :]]
    played_from, fresh = now[-2], now[-1]
    assert fresh.id == table_message(world, thread).id
    expected = [line for lines in recaps for line in lines]
    assert expected and told_lines(played_from, fresh)[-len(expected) :] == expected
    assert not MENTION.search(said(played_from)), said(played_from)
    assert f"<@{user.id}>, your turn" in said(fresh)
    known = {m.id for m in before}
    pings = [
        m for m in world.fake.pinged_messages() if m.channel_id == thread.id and m.id not in known
    ]
    assert [(m.id, m.pinged_user_ids) for m in pings] == [(fresh.id, {user.id})]


@pytest.mark.parametrize(("game", "ais"), [("city-of-light", 1), ("moscow-paris", 2)])
async def test_ai_replies_to_a_move_share_its_one_fresh_table(world, game, ais):
    """Alice against one AI and against two: each of her moves, whether AI seats reply to
    it or she moves again, makes one fresh table; every move's recap is told once, in
    order, and she alone is pinged, once, when her turn comes back."""
    alice = world.user("alice")
    rng = random.Random(7)
    replies: set[int] = set()
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [], ais=ais, game=game)
        for _ in range(8):
            live = await bot.host._loaded(match_id)
            assert live.to_act() == {live.seat_of(alice.id)}
            version, before = live.row.version, tables(world, thread)
            assert "Done" in (await take_turn(world, alice, thread, rng)).message.text
            await settle(world, bot)
            live = await bot.host._loaded(match_id)
            if live.row.status != "active":
                break
            recaps = await recaps_since(bot, match_id, version)
            replies.add(len(recaps) - 1)
            assert_one_table_told(world, thread, before, recaps, alice)
            assert live.row.table_version == live.row.version
            assert live.row.table_message_id == table_message(world, thread).id
    assert ais in replies, replies  # a move answered by `ais` AI replies was among them


async def test_the_move_shows_at_once_while_the_strong_ai_thinks(world, held):
    """While the strong AI searches (held by the test), the table Alice played from already
    shows her move — its picture and its recap — and no other table was posted; let go, the
    AI's reply posts the one fresh table that pings her."""
    alice = world.user("alice")
    async with world.bot() as bot:
        await world.fake.wait_for(lambda: True)
        lobby = (await alice.slash(world.games, "paris-paris new", players=2)).message
        assert (await alice.click(lobby, "Add strong AI")).responded
        assert (await alice.click(lobby, "Start")).responded
        [thread] = await world.fake.wait_for(lambda: world.fake.threads())
        await settle(world, bot)
        match_id = lobby.embeds[0]["footer"]["text"].split()[-1]
        for turn in range(4):  # Alice's moves until the AI's turn
            live = await bot.host._loaded(match_id)
            version, before = live.row.version, tables(world, thread)
            opened = await alice.click(table_message(world, thread), "Take turn")
            panel = await open_panel_and_choose(alice, opened.message, random.Random(turn))
            assert "Done" in (await alice.click(panel, "Confirm")).message.text
            if (await bot.host._loaded(match_id)).to_act() == {1}:
                break
            await settle(world, bot)
        assert await asyncio.to_thread(held.started.wait, GUARD_S)
        [alice_recap] = await recaps_since(bot, match_id, version)
        shown = await world.fake.wait_for(
            lambda: [m for m in tables(world, thread) if m.text.endswith(f"move {version + 1}")]
        )
        assert [m.id for m in tables(world, thread)] == [m.id for m in before]  # no new table
        assert shown[0].id == before[-1].id and shown[0].attachments
        assert told_lines(shown[0])[-len(alice_recap) :] == alice_recap
        assert not MENTION.search(said(shown[0]))  # her old turn line went with the edit

        held.release.set()
        await settle(world, bot)
        recaps = await recaps_since(bot, match_id, version)
        assert recaps[0] == alice_recap and len(recaps) > 1  # her move, then the AI's
        assert_one_table_told(world, thread, before, recaps, alice)


async def test_a_restart_before_the_ai_replies_still_ends_with_one_table(world):
    """A stop between Alice's move and the AI's reply: her move is on the table she played
    from; after the restart her next click wakes the AI, whose reply posts the one fresh
    table with its recap and her ping. Nothing is lost, nothing told twice."""
    alice = world.user("alice")
    rng = random.Random(4)
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [], ais=1)

        async def stopped(live, outcome, until=None, call=None):  # dies before the AI moves
            return None

        for _ in range(6):
            live = await bot.host._loaded(match_id)
            version, before = live.row.version, tables(world, thread)
            bot.host._drive_ai = stopped
            assert "Done" in (await take_turn(world, alice, thread, rng)).message.text
            await settle(world, bot)
            live = await bot.host._loaded(match_id)
            if live.to_act() != {live.seat_of(alice.id)}:
                break
            del bot.host._drive_ai  # she moves again: no AI was to reply
        [ai_seat] = live.to_act()
        assert live.ai_of(ai_seat) and live.row.version == version + 1
        assert live.row.table_version == version + 1  # her move is on the table already
    async with world.bot() as bot:
        await settle(world, bot)
        answer = await alice.click(table_message(world, thread), "Take turn")
        assert answer.ephemeral and "not your turn" in answer.content
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version > version + 1 and live.to_act() == {live.seat_of(alice.id)}
        recaps = await recaps_since(bot, match_id, version)
        assert_one_table_told(world, thread, before, recaps, alice)
        assert live.row.table_version == live.row.version
        assert live.row.table_message_id == table_message(world, thread).id


async def test_a_move_into_an_archived_thread_still_makes_one_table(world):
    """Discord archived the quiet thread before each of Alice's moves: the edit that shows
    her move is refused (50083), the thread unarchived and the edit made; the AI's reply
    posts the one fresh table."""
    alice = world.user("alice")
    rng = random.Random(5)
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(
            world, bot, alice, [], ais=1, game="city-of-light", variant="original"
        )
        for _ in range(3):
            version, before = (await bot.host._loaded(match_id)).row.version, tables(world, thread)
            world.fake.archive(thread)
            assert "Done" in (await take_turn(world, alice, thread, rng)).message.text
            await settle(world, bot)
            assert not thread.archived
            recaps = await recaps_since(bot, match_id, version)
            assert len(recaps) == 2  # her move and the AI's reply
            assert_one_table_told(world, thread, before, recaps, alice)
            live = await bot.host._loaded(match_id)
            assert live.row.table_version == live.row.version


def test_an_extended_recap_keeps_its_newest_lines_within_discords_limit():
    """A table's text grows by each move it shows; past 2000 characters the oldest lines
    give way, whole, and the newest move's recap stays."""
    earlier = "\n".join(f"🏪 AI {n % 3} opened a shop at Pigalle." for n in range(80))
    text = recap_after(earlier, "🏪 alice opened a shop at Pompidou.")
    assert len(text) <= MAX_CONTENT < len(earlier)
    assert text.endswith("\n🏪 alice opened a shop at Pompidou.")
    assert text.split("\n")[0].startswith("🏪 AI ")  # a whole line, not a cut one
    assert recap_after("", "one") == "one" and recap_after("one", "") == "one"

"""Restarts, DMs (open and closed), admin commands and the /paris-paris play autocomplete."""

from __future__ import annotations

import asyncio
import gc
import json
import random

import pytest

from bot.collector import YOUNG, CollectorPolicy
from fakediscord.errors import InteractionRefused
from games.core.record import MatchRecord
from games.core.replay import replay
from tests.discord.driver import (
    open_panel_and_choose,
    play_turns,
    said,
    settle,
    start_match,
    table_message,
    take_turn,
    user_to_act,
)

pytestmark = pytest.mark.usefixtures("fast_render")


async def test_restart_mid_match_old_buttons_still_work(world):
    alice, bob = world.user("alice"), world.user("bob")
    rng = random.Random(11)
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob], ais=1)
        await play_turns(world, bot, match_id, thread, [alice, bob], rng, turns=4)
        version = (await bot.host._loaded(match_id)).row.version
        old_table = table_message(world, thread)
        messages = len(world.fake.messages(thread))
    async with world.bot() as bot:
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version == version and live.row.status == "active"
        # The table is still there: no "match restored" notice, the same message is used.
        assert len(world.fake.messages(thread)) == messages
        assert table_message(world, thread).id == old_table.id
        user = await user_to_act(bot, match_id, {alice.id: alice, bob.id: bob})
        opened = await user.click(old_table, "Take turn")
        assert opened.ephemeral and not opened.failed
        panel = await open_panel_and_choose(user, opened.message, rng)
        assert "Done" in (await user.click(panel, "Confirm")).message.text
        await settle(world, bot)
        await play_turns(world, bot, match_id, thread, [alice, bob], rng)
        live = await bot.host._loaded(match_id)
        assert live.row.status == "finished"
        assert "Final result" in table_message(world, thread).text


async def test_an_ai_left_waiting_by_a_stopped_process_plays_when_the_match_is_touched(world):
    """A deploy while an AI seat thinks: the human move is stored, the AI's is not. After
    the restart the match waits for the AI; the next Take turn is answered at once (it is
    not the clicker's turn) and wakes the AI, which plays, and the table shows it."""
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(4)
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob], ais=1)

        async def stopped(live, outcome, until=None, call=None):  # dies before the AI moves
            return None

        bot.host._drive_ai = stopped
        for _ in range(6):
            live = await bot.host._loaded(match_id)
            if any(live.ai_of(s) for s in live.to_act()):
                break
            user = users[live.row.seat_rows[min(live.to_act())].user_id]
            assert "Done" in (await take_turn(world, user, thread, rng)).message.text
            await settle(world, bot)
        live = await bot.host._loaded(match_id)
        [ai_seat] = live.to_act()
        assert live.ai_of(ai_seat)
        version = live.row.version
    async with world.bot() as bot:
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version == version and live.to_act() == {ai_seat}  # still waiting
        answer = await alice.click(table_message(world, thread), "Take turn")
        assert answer.ephemeral and "not your turn" in answer.content
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version > version and ai_seat not in live.to_act()
        fresh = table_message(world, thread)
        assert "your turn" in said(fresh)  # the AI's move was announced with the next ping
        assert (await bot.host._loaded(match_id)).row.table_message_id == fresh.id


async def test_a_table_deleted_while_offline_is_restored_when_the_match_is_next_touched(world):
    # Issue 7, finding 6: start-up makes no REST call per match; a table that was deleted
    # while the bot was offline is posted again when its match is next played.
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
    del world.fake.state.messages[table_message(world, thread).id]  # a moderator deleted it
    calls_before = len(world.fake.rest_calls)
    async with world.bot() as bot:
        await settle(world, bot)
        at_start = [c.route for c in world.fake.rest_calls[calls_before:]]
        assert not [r for r in at_start if "/channels/" in r], at_start
        assert not [m for m in world.fake.messages(thread) if "restored" in m.text]
        assert bot.host.peek(match_id) is None  # not even loaded
        live = await bot.host._loaded(match_id)
        user = {alice.id: alice, bob.id: bob}[live.row.seat_rows[min(live.to_act())].user_id]
        [choice] = (await user.autocomplete(world.games, "paris-paris play", option="move"))[:1]
        answer = await user.slash(world.games, "paris-paris play", move=choice["value"])
        assert "Done" in answer.message.text
        await settle(world, bot)
        fresh = table_message(world, thread)  # the move's new table, at the bottom
        assert fresh.find_component(label="Take turn") is not None and "your turn" in said(fresh)
        assert (await bot.host._loaded(match_id)).row.table_message_id == fresh.id


async def test_dms_closed_are_reported_once_and_the_match_goes_on(world):
    alice, carol = world.user("alice"), world.user("carol")
    async with world.bot() as bot:
        answer = await carol.slash(world.games, "lutece dms", enabled="on")
        assert answer.ephemeral and "DMs on" in answer.content
        world.fake.close_dms(carol)
        match_id, thread, _ = await start_match(world, bot, alice, [carol])
        await play_turns(world, bot, match_id, thread, [alice, carol], random.Random(2), turns=8)
        notices = [m for m in world.fake.messages(thread) if "couldn't send you a DM" in m.text]
        assert len(notices) == 1 and f"<@{carol.id}>" in notices[0].content
        [welcome] = carol.dms()  # sent while her DMs were still open; nothing since
        assert "DMs on" in welcome.content
        assert (await bot.host._loaded(match_id)).row.version >= 8


async def test_dms_open_bring_the_marker_and_a_playable_prompt(world):
    alice, bob = world.user("alice"), world.user("bob")
    rng = random.Random(4)
    async with world.bot() as bot:
        await bob.slash(world.games, "lutece dms", enabled="on")
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        live = await bot.host._loaded(match_id)
        marker = live.row.arrangement["markers"][live.seat_of(bob.id)]
        users = {alice.id: alice, bob.id: bob}
        while await user_to_act(bot, match_id, users) is not bob:
            await play_turns(world, bot, match_id, thread, [alice], rng, turns=1)
        prompt = await world.fake.wait_for(lambda: [m for m in bob.dms() if m.components])
        prompt = prompt[-1]
        assert f"{marker} line" in prompt.text and "marker" in prompt.text
        assert not alice.dms()
        version = (await bot.host._loaded(match_id)).row.version
        panel = await open_panel_and_choose(bob, prompt, rng)  # the selects of the DM itself
        done = await bob.click(panel, "Confirm")
        assert "Done" in done.message.text and not done.failed
        await settle(world, bot)
        assert (await bot.host._loaded(match_id)).row.version > version
        assert f"move {version + 1}" in table_message(world, thread).text


async def test_admin_commands(world):
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    general = world.fake.channel("general")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        await play_turns(world, bot, match_id, thread, [alice, bob], random.Random(8), turns=3)
        # Issue 7, finding 9: /admin is hidden from members without Manage Server (Discord's
        # default member permissions), so their client does not even offer it.
        assert "admin" not in [c["name"] for c in world.fake.visible_commands(dave, world.games)]
        for command, options in (
            ("admin matches", {}),
            ("admin export", {"match": match_id}),
            ("admin end", {"match": match_id, "reason": "no"}),
        ):
            with pytest.raises(InteractionRefused):
                await dave.slash(world.games, command, **options)
        assert (await bot.host._loaded(match_id)).row.status == "active"

        # An admin who plays in a running match may not export it (the record holds the seed
        # and the arrangement, hence every marker).
        world.fake.make_admin(alice, world.guild)
        seated = await alice.slash(world.games, "admin export", match=match_id)
        assert seated.ephemeral and "secrets" in seated.content and not seated.message.attachments
        world.fake.make_admin(dave, world.guild)
        await world.fake.wait_for(lambda: True)
        listed = await dave.slash(world.games, "admin matches")
        assert listed.ephemeral and match_id in listed.content

        exported = await dave.slash(world.games, "admin export", match=match_id)
        assert exported.ephemeral and exported.message.attachments
        assert exported.message.attachments[0].description == "The match record, as JSON."
        record = MatchRecord.model_validate(json.loads(exported.message.attachments[0].data))
        live = await bot.host._loaded(match_id)
        state = replay(live.game, record)
        assert live.game.snapshot(state) == live.game.snapshot(live.state)

        # Replace whoever is to act by an AI: it plays at once and the table moves on.
        to_act = min(live.to_act())
        version = live.row.version
        replaced = await dave.slash(
            world.games, "admin replace", match=match_id, seat=to_act + 1, ai="greedy"
        )
        assert replaced.ephemeral and f"Seat {to_act + 1}" in replaced.content
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.seat_rows[to_act].ai == "greedy" and live.row.version > version

        resumed = await dave.slash(general, "admin resume", match=match_id)
        assert resumed.ephemeral and "re-posted" in resumed.content, resumed
        await settle(world, bot)
        fresh = table_message(world, general)
        assert fresh.find_component(label="Take turn") is not None
        assert (await bot.host._loaded(match_id)).row.thread_id == general.id

        ended = await dave.slash(world.games, "admin end", match=match_id, reason="testing")
        assert ended.ephemeral and "ended" in ended.content
        await settle(world, bot)
        assert (await bot.host._loaded(match_id)).row.status == "ended"
        assert "ended by an admin" in fresh.text
        # Its picture's alt text says so too, and no longer calls anyone to play.
        (alt,) = [a.description or "" for a in fresh.attachments]
        assert "ended by an admin (testing)" in alt and "To play" not in alt, alt
        assert not [c for c in fresh.iter_components() if c["type"] in (2, 3)]  # no button
        late = await alice.click(table_message(world, thread), "Take turn")
        assert "not running" in late.content


async def test_play_autocomplete_offers_only_legal_moves(world):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        users = {alice.id: alice, bob.id: bob}
        user = await user_to_act(bot, match_id, users)
        other = bob if user is alice else alice
        assert await other.autocomplete(thread, "paris-paris play", option="move", value="") == []
        live = await bot.host._loaded(match_id)
        seat = live.seat_of(user.id)
        legal = live.game.legal_actions(live.state, seat)
        choices = await user.autocomplete(thread, "paris-paris play", option="move", value="")
        assert 0 < len(choices) <= 25
        # One choice per distinct move: the face-down piles are one choice to the player.
        distinct = {a.type if a.type == "reveal" else a for a in legal}
        assert len(choices) == min(25, len(distinct))
        for choice in choices:
            mid, version, index = choice["value"].split(":")
            assert mid == match_id and int(version) == live.row.version
            assert 0 <= int(index) < len(legal)
        narrowed = await user.autocomplete(
            thread, "paris-paris play", option="move", value=choices[-1]["name"][:6]
        )
        assert narrowed and all(
            choices[-1]["name"][:6].lower() in c["name"].lower() for c in narrowed
        )
        played = await user.slash(thread, "paris-paris play", move=choices[-1]["value"])
        assert played.ephemeral and "Done" in played.message.text
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version == 1
        replayed = await user.slash(thread, "paris-paris play", move=choices[-1]["value"])
        assert "already played" in replayed.content
        junk = await user.slash(thread, "paris-paris play", move="odeon please")
        assert junk.ephemeral and "Pick a move from the list" in junk.content
        assert (await bot.host._loaded(match_id)).row.version == 1


async def test_the_ready_bot_installs_the_collector_policy_and_its_stop_undoes_it(
    world, monkeypatch
):
    """Issue 21 §3: the loop's long stalls were full garbage collections of every live
    match; the bot as deployed freezes what start-up made (and, every second, what survived)
    and collects the young generation less often — from the moment it is ready. It waits
    for a moment when no click is being answered (`busy`: the bot's running handlers)."""
    before = gc.get_threshold()
    calls: list[str] = []
    real_settle, real_start = CollectorPolicy.settle, CollectorPolicy.start
    monkeypatch.setattr(
        CollectorPolicy, "settle", staticmethod(lambda: (calls.append("settle"), real_settle()))
    )
    monkeypatch.setattr(
        CollectorPolicy, "start", lambda self: (calls.append("start"), real_start(self))
    )
    async with world.bot() as bot:
        await world.fake.wait_for(lambda: bot.collector.running, timeout=10)
        assert calls == ["settle", "start"]  # the full collection before Discord connects
        assert gc.get_threshold()[0] == YOUNG and gc.get_freeze_count() > 0
        assert not bot.collector.busy()
        handler = asyncio.create_task(asyncio.sleep(3600))  # a click being answered
        bot.inflight.add(handler)
        assert bot.collector.busy()
        bot.inflight.discard(handler)
        handler.cancel()
    assert not bot.collector.running and gc.get_threshold() == before

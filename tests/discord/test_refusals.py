"""Clicks the bot must refuse politely (and change nothing): doubles, out of turn, strangers,
stale buttons and panels, forged custom_ids."""

from __future__ import annotations

import asyncio
import copy
import logging
import random

import pytest

from tests.discord.driver import (
    changes_nothing,
    choice_buttons,
    choose_one,
    forged_button,
    open_panel_and_choose,
    play_turns,
    selects,
    settle,
    start_match,
    table_message,
    user_to_act,
)

pytestmark = pytest.mark.usefixtures("fast_render")


async def public_count(world, thread) -> int:
    return len(world.fake.messages(thread))


async def test_double_click_on_confirm_applies_once(world):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        live = await bot.host._loaded(match_id)
        first = await user_to_act(bot, match_id, {alice.id: alice, bob.id: bob})
        version = live.row.version
        opened = await first.click(table_message(world, thread), "Take turn")
        panel = await open_panel_and_choose(first, opened.message, random.Random(3))
        stale_copy = copy.deepcopy(panel)  # what a lagging client still shows
        one, two = await asyncio.gather(
            first.click(panel, "Confirm"), first.click(panel, "Confirm")
        )
        await settle(world, bot)
        answers = sorted([one.message.text, two.message.text])
        assert any("Done" in a for a in answers), answers
        assert any("already played" in a for a in answers), answers
        # A third click from the lagging copy, after everything settled: still one action.
        three = await first.click(stale_copy, "Confirm")
        assert three.ephemeral and "already played" in three.content
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.version == version + 1
        assert len(await bot.host.store.actions(match_id)) == version + 1
        pings = [m for m in world.fake.pinged_messages() if m.channel_id == thread.id]
        assert len(pings) == 2  # the first turn and the one after the single applied move


async def test_out_of_turn_stranger_and_stale_buttons(world):
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        live = await bot.host._loaded(match_id)
        users = {alice.id: alice, bob.id: bob}
        to_act = users[live.row.seat_rows[min(live.to_act())].user_id]
        waiting = bob if to_act is alice else alice
        table = table_message(world, thread)
        old_table = copy.deepcopy(table)
        before = await public_count(world, thread)

        out = await waiting.click(table, "Take turn")
        assert out.ephemeral and "not your turn" in out.content and to_act.name in out.content
        stranger = await dave.click(table, "Take turn")
        assert stranger.ephemeral and "not playing in this match" in stranger.content
        secret = await dave.click(table, "My marker")
        assert secret.ephemeral and "marker" not in secret.content.lower()
        assert await public_count(world, thread) == before

        # A panel from an earlier version: opened, then the table moves on.
        opened = await to_act.click(table, "Take turn")
        old_panel = copy.deepcopy(opened.message)
        old_confirm = await open_panel_and_choose(to_act, opened.message, random.Random(5))
        old_confirm = copy.deepcopy(old_confirm)
        await to_act.click(old_confirm, "Confirm")
        await settle(world, bot)
        version = (await bot.host._loaded(match_id)).row.version
        # Whoever is to act now, the old panel's choices and Confirm change nothing.
        stale_step = (
            await choose_one(to_act, old_panel, random.Random(1))
            if (choice_buttons(old_panel) or selects(old_panel))
            else await to_act.click(old_panel, "Confirm")
        )  # a forced move: confirm at once
        assert stale_step.responded
        assert any(
            words in stale_step.content for words in ("moved on", "not your turn", "already played")
        )
        stale_do = await to_act.click(old_confirm, "Confirm")
        assert stale_do.ephemeral and "already played" in stale_do.content
        assert (await bot.host._loaded(match_id)).row.version == version

        # Finish the match; the old table's buttons (a stale client) are refused.
        await play_turns(world, bot, match_id, thread, [alice, bob], random.Random(6))
        assert (await bot.host._loaded(match_id)).row.status == "finished"
        done = len(world.fake.messages(thread))
        late = await alice.click(old_table, "Take turn")
        assert late.ephemeral and "not running" in late.content
        late_marker = await bob.click(old_table, "My marker")  # after the end: still only his
        assert late_marker.ephemeral and late_marker.message.ephemeral_for == bob.id
        assert len(world.fake.messages(thread)) == done


@pytest.mark.parametrize(
    "custom_id, expected",
    [
        ("lt:deadbeef:turn", "don't know that match"),
        ("lt:deadbeef:do:1:0", "don't know that match"),
        ("lt:zz", "not one of mine"),
        ("lt:{match}:nosuchverb", "not one of mine"),
        ("lt:{match}:do:x:y", "moved on"),
        ("lt:{match}:step:notaversion", "moved on|not your turn|not playing"),
        ("q9!#random junk", "not one of mine"),
        ("lt:{match}:turn\nmore", "not one of mine"),  # issue 7, finding 10: a newline
        ("\n", "not one of mine"),
        # Issue 17 §3: digits that pass str.isdigit() but not int() — superscripts, circled.
        ("lt:{match}:do:²:0", "moved on"),
        ("lt:{match}:do:0:①", "moved on"),
        ("lt:{match}:step:²:", "moved on|not your turn|not playing"),
        ("lt:{match}:pick:①:x", "moved on|not your turn|not playing"),
    ],
)
async def test_forged_custom_ids_get_a_friendly_answer_and_change_nothing(
    world, custom_id, expected
):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        forged_id = custom_id.format(match=match_id)
        forged = forged_button(world, thread, forged_id)
        before = len(world.fake.messages(thread))
        async with changes_nothing(world, bot, match_id):
            for user in (alice, bob, world.user("dave")):
                result = await user.click(forged, "Forged")
                assert result.ephemeral, result
                assert any(e in result.content for e in expected.split("|")), (forged_id, result)
        assert len(world.fake.messages(thread)) == before


async def test_out_of_turn_play_names_whom_the_match_waits_for(world):
    # Issue 7, finding 10: the refusal showed the placeholder "{waiting}".
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        live = await bot.host._loaded(match_id)
        waiting = live.row.seat_rows[min(live.to_act())]
        idle = bob if waiting.user_id == alice.id else alice
        move = f"{match_id}:{live.row.version}:0"
        refused = await idle.slash(world.games, "paris-paris play", move=move)
        assert refused.ephemeral and "{" not in refused.content
        assert f"Waiting for: {waiting.name}." in refused.content
        assert (await bot.host._loaded(match_id)).row.version == live.row.version


CALLBACK = "/interactions/{interaction_id}/{token}/callback"


@pytest.mark.parametrize("how", ["command", "button", "forged"])
async def test_a_refusal_that_comes_too_late_is_not_an_error(world, caplog, how):
    # Issue 17 §3: the refusal itself meets 10062 (the interaction expired meanwhile); that
    # is no bug of the bot's, so it is logged low, never as "Ignoring exception in command".
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        async with changes_nothing(world, bot, match_id):
            world.fake.faults.fail_next(
                "POST", CALLBACK, status=404, code=10062, message="Unknown interaction"
            )
            if how == "command":
                result = await dave.slash(
                    world.games, "paris-paris play", move=f"{match_id}:0:0", timeout=0.5
                )
            elif how == "button":
                result = await dave.click(table_message(world, thread), "My marker", timeout=0.5)
            else:
                result = await dave.click(
                    forged_button(world, thread, "lt:zz"), "Forged", timeout=0.5
                )
            assert not result.responded
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


@pytest.mark.parametrize("move", ["{match}:²:0", "{match}:0:①", "{match}:٣:0"])
async def test_play_with_digits_that_are_not_ascii_is_refused_politely(world, move):
    # Issue 17 §3: "²".isdigit() is True, int("²") raises; the player to act is asked to
    # pick from the list, a stranger told they play no such match, and nothing changes.
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        first = await user_to_act(bot, match_id, {alice.id: alice, bob.id: bob})
        async with changes_nothing(world, bot, match_id):
            for user, sentence in (
                (first, "Pick a move from the list"),
                (dave, "not playing in any running"),
            ):
                refused = await user.slash(
                    world.games, "paris-paris play", move=move.format(match=match_id)
                )
                assert refused.ephemeral and sentence in refused.content


async def test_a_game_command_refuses_a_move_of_another_games_match(world):
    # Issue 17 §3: `/moscow-paris play` played a Paris Paris move it was handed.
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        first = await user_to_act(bot, match_id, {alice.id: alice, bob.id: bob})
        before = len(world.fake.messages(thread))
        move = f"{match_id}:0:0"  # the first move of the match
        async with changes_nothing(world, bot, match_id):
            refused = await first.slash(world.games, "moscow-paris play", move=move)
            assert refused.ephemeral
            assert refused.content.count(".") == 1 and "/paris-paris play" in refused.content
        assert len(world.fake.messages(thread)) == before


async def test_play_without_a_match_says_so(world):
    # Issue 17 §4: someone with no match of the game learns that, in one sentence.
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    async with world.bot() as bot:
        match_id, _, _ = await start_match(world, bot, alice, [bob])
        for move in ("odeon please", f"{match_id}:0:0"):
            refused = await dave.slash(world.games, "paris-paris play", move=move)
            assert refused.ephemeral
            assert "not playing in any running Paris Paris match" in refused.content
            assert "/paris-paris new" in refused.content


async def test_play_autocomplete_names_each_match_and_puts_this_threads_first(world):
    # Issue 17 §3: with two matches, the choices were mixed, unnamed, and cut at 25.
    alice = world.user("alice")
    async with world.bot() as bot:
        first_id, first_thread, _ = await start_match(world, bot, alice, [], ais=1)
        second_id, second_thread, _ = await start_match(world, bot, alice, [], ais=1)
        for match_id, thread in ((first_id, first_thread), (second_id, second_thread)):
            choices = await alice.autocomplete(thread, "paris-paris play", option="move")
            assert choices and len(choices) <= 25
            assert all(c["name"].startswith((f"{first_id} ", f"{second_id} ")) for c in choices)
            assert choices[0]["name"].startswith(f"{match_id} ")
            assert choices[0]["value"].startswith(f"{match_id}:")
        # Typing the match's number finds its moves from anywhere.
        found = await alice.autocomplete(
            first_thread, "paris-paris play", option="move", value=second_id
        )
        assert found and all(c["value"].startswith(f"{second_id}:") for c in found)

"""AI levels through the fake Discord: a strong AI takes over a dropped player and plays the
match out within its time per move, while everyone else is still answered meanwhile — clicks
and admin commands on its own match included (issue 17 §4)."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Iterator

import pytest

from fakediscord.state import DEFERRED_CHANNEL_MESSAGE
from games.core import ai
from tests.discord.driver import (
    NAMES,
    open_panel_and_choose,
    open_table,
    settle,
    start_match,
    table_message,
    take_turn,
)
from tests.held_search import GUARD_S, HeldSearch, strong_held

pytestmark = pytest.mark.usefixtures("fast_render")
BUDGET = 0.25  # the strong seat's seconds per move in this test


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSearch]:
    with strong_held(monkeypatch) as search:
        yield search


async def test_lobby_offers_both_levels(world):
    alice = world.user("alice")
    async with world.bot() as bot:
        lobby = (await alice.slash(world.games, "paris-paris new", players=3)).message
        assert (await alice.click(lobby, "Add AI")).responded
        assert (await alice.click(lobby, "Add strong AI")).responded
        text = lobby.embeds[0]["description"]
        assert "🤖 AI 1 (easy)" in text and "🤖 AI 2 (strong)" in text
        footer = lobby.embeds[0]["footer"]["text"]
        live = await bot.host._loaded(footer.split()[-1])
        assert [s.ai for s in live.row.seat_rows] == [None, "greedy", "strong"]


async def test_strong_ai_replaces_a_dropped_player(world, monkeypatch):
    alice, bob, carol, dave = (world.user(n) for n in NAMES)
    # Once Bob plays on, each AI decision waits at a gate until the test has seen what
    # happens while it thinks.
    gating, thinking, gate = threading.Event(), threading.Event(), threading.Semaphore(0)
    budgets: list[float] = []
    choose = ai.SearchPlayer.choose

    def gated(self, game, state, seat, rng, budget=None):
        budgets.append(budget.seconds)
        if gating.is_set():
            thinking.set()
            gate.acquire(timeout=30)  # a guard against a hang, not a bound
        return choose(self, game, state, seat, rng, budget)

    monkeypatch.setattr(ai.SearchPlayer, "choose", gated)
    world.ai_workers = 0  # the gated search in a thread of this process, where the gate is
    async with world.bot() as bot:
        bot.host.ai_seconds = BUDGET
        match_a, thread_a, _ = await start_match(world, bot, alice, [bob])
        match_b, thread_b, _ = await start_match(world, bot, carol, [dave])
        # Alice drops out: an admin gives her seat to the strong AI.
        world.fake.make_admin(dave, world.guild)
        await world.fake.wait_for(lambda: True)
        seat = (await bot.host._loaded(match_a)).seat_of(alice.id)
        replaced = await dave.slash(
            world.games, "admin replace", match=match_a, seat=seat + 1, ai="strong"
        )
        assert replaced.ephemeral and "Seat" in replaced.content, replaced
        await settle(world, bot)
        assert (await bot.host._loaded(match_a)).row.seat_rows[seat].ai == "strong"

        # Bob plays on; whenever the AI thinks, Carol clicks in her own match.
        rng = random.Random(3)
        answered_while_thinking = 0
        gating.set()
        while (live := await bot.host._loaded(match_a)).row.status == "active":
            assert live.seat_of(bob.id) in live.to_act()
            version = live.row.version
            result = await take_turn(world, bob, thread_a, rng)
            # Bob's click is answered before the AI thinks: his move alone is stored.
            assert result.responded and not result.failed and "Done" in result.message.text, result
            assert (await bot.host.store.current_version(match_a)) == version + 1
            live = await bot.host._loaded(match_a)

            def ai_thinks_or_bob_acts(live=live) -> bool:
                return (
                    thinking.is_set()
                    or live.row.status != "active"
                    or (live.seat_of(bob.id) in live.to_act() and not bot.host.busy(match_a))
                )

            while await world.fake.wait_for(ai_thinks_or_bob_acts, timeout=10) and (
                thinking.is_set()
            ):
                thinking.clear()
                # The AI thinks off the event loop: Carol is answered meanwhile.
                answer = await carol.click(table_message(world, thread_b), "Rules")
                assert answer.responded and not answer.failed
                answered_while_thinking += 1
                gate.release()
        live = await bot.host._loaded(match_a)
        assert live.row.status == "finished"
        assert answered_while_thinking and max(budgets) <= BUDGET, budgets


async def test_clicks_and_an_admin_replace_are_answered_while_the_ai_thinks(world, held):
    """Alice confirms the move that hands the turn to a strong AI, whose search the test holds.
    Meanwhile her same Confirm (prepared twice, as a double click sends it twice) and an
    admin's `/admin replace` of the AI seat are answered, and the replace is reported done
    and announced in the thread; let go, the strong seat's choice is dropped and the easy AI
    that now holds the seat plays."""
    alice, dave = world.user("alice"), world.user("dave")
    world.fake.make_admin(dave, world.guild)
    async with world.bot() as bot:
        await world.fake.wait_for(lambda: True)
        lobby = await open_table(world, alice, 2)
        assert (await alice.click(lobby, "Add strong AI")).responded
        assert (await alice.click(lobby, "Start")).responded
        [thread] = await world.fake.wait_for(lambda: world.fake.threads())
        await settle(world, bot)
        match_id = lobby.embeds[0]["footer"]["text"].split()[-1]
        live = await bot.host._loaded(match_id)
        for turn in range(4):  # Alice's moves until the AI's turn (a reveal, then a take)
            assert live.to_act() == {0}
            panels = []
            for _ in range(2):
                opened = await alice.click(table_message(world, thread), "Take turn")
                panels.append(
                    await open_panel_and_choose(alice, opened.message, random.Random(turn))
                )
            [confirm] = {p.find_component(label="Confirm")["custom_id"] for p in panels}
            done = await alice.click(panels[0], custom_id=confirm)
            assert "Done" in done.message.text, done
            if live.to_act() == {1}:
                break
            await settle(world, bot)
        assert await asyncio.to_thread(held.started.wait, GUARD_S)

        again = await alice.click(panels[1], custom_id=confirm)
        assert again.responded and not again.failed and "already played" in again.content
        replaced = await dave.slash(
            world.games, "admin replace", match=match_id, seat=2, ai="greedy"
        )
        assert replaced.responded and not replaced.failed, replaced
        assert replaced.ephemeral and "Seat 2 now belongs to" in replaced.content
        notices = await world.fake.wait_for(
            lambda: [
                m
                for m in world.fake.messages(thread)
                if "Seat 2 is now played by easy AI" in m.text
            ]
        )
        assert not notices[0].pinged_user_ids and not notices[0].ephemeral
        assert held.searches == 1 and not held.release.is_set()  # all while the AI thought

        held.release.set()
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.row.seat_rows[1].ai == "greedy" and live.to_act() == {0}
        assert held.searches == 1  # the easy seat played, not a second strong search
        [*_, last] = await bot.host.store.actions(match_id)
        assert last.seat == 1 and last.request_id.startswith("ai:")


async def test_a_confirm_that_must_wait_for_its_match_is_answered_in_time(world):
    """A change to the match is under way (its lock held, as while an AI's move is stored):
    Confirm defers its answer at once, then the move is played and the answer says so."""
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        live = await bot.host._loaded(match_id)
        user = users[live.row.seat_rows[min(live.to_act())].user_id]
        opened = await user.click(table_message(world, thread), "Take turn")
        panel = await open_panel_and_choose(user, opened.message, random.Random(2))
        version = live.row.version
        async with bot.host.lock(match_id):
            clicking = asyncio.create_task(user.click(panel, "Confirm"))
            await world.fake.wait_for(
                lambda: any(
                    r.source_message_id == panel.id and r.callback_type == DEFERRED_CHANNEL_MESSAGE
                    for r in world.fake.interactions()
                )
            )
            assert await bot.host.store.current_version(match_id) == version  # it waits
        clicked = await clicking
        assert clicked.deferred and not clicked.failed and "Done" in clicked.message.text, clicked
        await settle(world, bot)
        assert await bot.host.store.current_version(match_id) == version + 1

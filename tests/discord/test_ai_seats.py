"""AI levels through the fake Discord: a strong AI takes over a dropped player and plays the
match out within its time per move, while everyone else is still answered meanwhile."""

from __future__ import annotations

import random
import threading

import pytest

from games.core import ai
from tests.discord.driver import settle, start_match, table_message, take_turn

pytestmark = pytest.mark.usefixtures("fast_render")
BUDGET = 0.25  # the strong seat's seconds per move in this test


async def test_lobby_offers_both_levels(world):
    alice = world.user("alice")
    async with world.bot() as bot:
        lobby = (await alice.slash(world.games, "paris-paris new", players=3)).message
        assert (await alice.click(lobby, "Add AI")).responded
        assert (await alice.click(lobby, "Add strong AI")).responded
        text = lobby.embeds[0]["description"]
        assert "🤖 AI 1 (easy)" in text and "🤖 AI 2 (strong)" in text
        footer = lobby.embeds[0]["footer"]["text"]
        live = await bot.host.get(footer.split()[-1])
        assert [s.ai for s in live.row.seat_rows] == [None, "greedy", "strong"]


async def test_strong_ai_replaces_a_dropped_player(world, monkeypatch):
    alice, bob, carol, dave = (world.user(n) for n in ("alice", "bob", "carol", "dave"))
    # Once Bob plays on, each AI decision waits at a gate until the test has seen what
    # happens while it thinks.
    gating, thinking, gate = threading.Event(), threading.Event(), threading.Semaphore(0)
    budgets: list[float] = []
    choose = ai.SearchPlayer.choose

    def gated(self, game, state, seat, rng, budget=None):  # type: ignore[no-untyped-def]
        budgets.append(budget.seconds)
        if gating.is_set():
            thinking.set()
            gate.acquire(timeout=30)  # a guard against a hang, not a bound
        return choose(self, game, state, seat, rng, budget)

    monkeypatch.setattr(ai.SearchPlayer, "choose", gated)
    async with world.bot() as bot:
        bot.host.ai_seconds = BUDGET
        match_a, thread_a, _ = await start_match(world, bot, alice, [bob])
        match_b, thread_b, _ = await start_match(world, bot, carol, [dave])
        # Alice drops out: an admin gives her seat to the strong AI.
        world.fake.make_admin(dave, world.guild)
        await world.fake.wait_for(lambda: True)
        seat = (await bot.host.get(match_a)).seat_of(alice.id)
        replaced = await dave.slash(world.games, "admin replace", match=match_a, seat=seat + 1,
                                    ai="strong")  # fmt: skip
        assert replaced.ephemeral and "Seat" in replaced.content, replaced
        await settle(world, bot)
        assert (await bot.host.get(match_a)).row.seat_rows[seat].ai == "strong"

        # Bob plays on; whenever the AI thinks, Carol clicks in her own match.
        rng = random.Random(3)
        answered_while_thinking = 0
        gating.set()
        while (live := await bot.host.get(match_a)).row.status == "active":
            assert live.seat_of(bob.id) in live.to_act()
            version = live.row.version
            result = await take_turn(world, bob, thread_a, rng)
            # Bob's click is answered before the AI thinks: his move alone is stored.
            assert result.responded and not result.failed and "Done" in result.content, result
            assert (await bot.host.store.current_version(match_a)) == version + 1
            live = bot.host.peek(match_a)

            def ai_thinks_or_bob_acts(live=live) -> bool:  # type: ignore[no-untyped-def]
                return thinking.is_set() or live.row.status != "active" or (
                    live.seat_of(bob.id) in live.to_act() and not bot.host.busy(match_a))

            while await world.fake.wait_for(ai_thinks_or_bob_acts, timeout=10) and (
                    thinking.is_set()):  # fmt: skip
                thinking.clear()
                # The AI thinks off the event loop: Carol is answered meanwhile.
                answer = await carol.click(table_message(world, thread_b), "Rules")
                assert answer.responded and not answer.failed
                answered_while_thinking += 1
                gate.release()
        live = await bot.host.get(match_a)
        assert live.row.status == "finished"
        assert answered_while_thinking and max(budgets) <= BUDGET, budgets

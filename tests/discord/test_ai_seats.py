"""AI levels through the fake Discord: a strong AI takes over a dropped player and plays the
match out within its time per move, while everyone else is still answered at once."""

from __future__ import annotations

import asyncio
import random
import statistics
import time

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
    thinking: list[float] = []
    choose = ai.SearchPlayer.choose

    def timed(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        try:
            return choose(self, *args, **kwargs)
        finally:
            thinking.append(time.perf_counter() - start)

    monkeypatch.setattr(ai.SearchPlayer, "choose", timed)
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

        # Bob plays on; whenever the AI thinks, Carol is clicking in her own match.
        rng = random.Random(3)
        others: list[float] = []
        confirms: list[float] = []
        while (live := await bot.host.get(match_a)).row.status == "active":
            assert live.seat_of(bob.id) in live.to_act()
            done = asyncio.Event()

            async def pester(done: asyncio.Event = done) -> None:
                while not done.is_set():
                    answer = await carol.click(table_message(world, thread_b), "Rules")
                    assert answer.responded and not answer.failed
                    others.append(answer.latency)
                    await asyncio.sleep(0.02)

            task = asyncio.create_task(pester())
            try:
                result = await take_turn(world, bob, thread_a, rng)
                # The AI thinks after Bob's click was answered, while Carol keeps clicking.
                live = bot.host.peek(match_a)
                await world.fake.wait_for(lambda live=live: live.row.status != "active" or (
                    live.seat_of(bob.id) in live.to_act() and not bot.host.busy(match_a)),
                    timeout=10)  # fmt: skip
            finally:
                done.set()
                await task
            assert result.responded and not result.failed and "Done" in result.content, result
            confirms.append(result.latency)
        live = await bot.host.get(match_a)
        print(f"AI moves {len(thinking)}, thinking max {max(thinking):.3f} s; Bob's confirms "
              f"max {max(confirms):.3f} s; Carol's {len(others)} clicks: median "
              f"{statistics.median(others) * 1000:.0f} ms, max {max(others) * 1000:.0f} ms")
        assert live.row.status == "finished"
        assert thinking and max(thinking) < BUDGET + 0.15, max(thinking)
        # Bob's click is answered before the AI thinks: as fast as anyone else's.
        assert max(confirms) < 0.5, max(confirms)
        assert len(others) >= len(confirms)
        assert statistics.median(others) < 0.1 and max(others) < 0.5, (
            statistics.median(others), max(others))  # fmt: skip

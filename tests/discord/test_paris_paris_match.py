"""A whole Paris Paris match on the fake Discord, played by clicking, checked per user."""

from __future__ import annotations

import random

from tests.discord.driver import open_table, settle, table_message, take_turn


async def test_two_players_and_an_ai_play_a_whole_match(world):
    alice, bob = world.user("alice"), world.user("bob")
    rng = random.Random(1)
    async with world.bot() as bot:
        lobby = await open_table(world, alice, 3)
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Add AI")
        await alice.click(lobby, "Start")
        thread = await world.fake.wait_for(lambda: world.fake.threads())
        thread = thread[-1]
        await world.fake.wait_for(lambda: any(m.attachments for m in world.fake.messages(thread)))
        match_id = (await bot.host.store.list_matches())[0].id
        users = {alice.id: alice, bob.id: bob}
        for _ in range(200):
            live = await bot.host._loaded(match_id)
            if live.row.status != "active":
                break
            seat = next(iter(live.to_act()))
            user = users[live.row.seat_rows[seat].user_id]
            result = await take_turn(world, user, thread, rng)
            assert result.responded
            await settle(world, bot)  # the AI replies after the click is answered
        live = await bot.host._loaded(match_id)
        assert live.row.status == "finished"
        await world.fake.wait_for(
            lambda: "Final result" in table_message(world, thread).embeds[0]["description"]
        )

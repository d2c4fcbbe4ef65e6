"""Issue 8: a game is one plug-in. The test-only game (tests/toy_game: one secret number per
player; tests/toy_game_bot: its presentation) plugs in through the same extension points as
the real games, with no shared file edited, and a whole match is played through the fake
Discord with each player's private notice delivered to them alone."""

from __future__ import annotations

import random

from tests.discord.driver import choice_buttons, choose_one, settle, start_match, table_message
from tests.discord.payload_log import PUBLIC, PayloadLog


async def test_the_test_game_plays_a_whole_match_through_the_fake(world, race_presentation):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(1)
    log = PayloadLog(world.fake)
    told: dict[int, list[str]] = {alice.id: [], bob.id: []}
    with log.installed():
        async with world.bot() as bot_:
            await world.fake.wait_for(lambda: True)
            assert "race" in [c["name"] for c in world.fake.visible_commands(alice, world.games)]
            match_id, thread, _ = await start_match(world, bot_, alice, [bob], game="race")
            live = await bot_.host._loaded(match_id)
            secrets = {
                s.user_id: live.row.arrangement["secrets"][s.seat] for s in live.row.seat_rows
            }
            while (live := await bot_.host._loaded(match_id)).row.status == "active":
                user = users[live.row.seat_rows[min(live.to_act())].user_id]
                opened = await user.click(table_message(world, thread), "Take turn")
                told[user.id] += [line for line in opened.message.text.splitlines() if "🤫" in line]
                assert len(choice_buttons(opened.message)) == 2  # run 1 or 2: two buttons
                confirm = await choose_one(user, opened.message, rng)
                done = await user.click(confirm.message, "Confirm")
                assert "Done" in done.message.text
                await settle(world, bot_)
    final = table_message(world, thread).text
    assert "wins the race" in final
    for user_id, lines in told.items():  # each player was told their own number, only it
        assert lines and all(f"number is {secrets[user_id]}." in line for line in lines)
    distinct = len(set(secrets.values())) == len(secrets)  # (equal numbers: 1 in 1,000)
    for item in log.sent if distinct else ():
        for user_id, secret in secrets.items():
            if f"Your secret number is {secret}." in item.text:
                assert item.audience == user_id, item
    assert not [s for s in log.sent if s.audience == PUBLIC and "secret number" in s.text]


async def test_back_is_offered_only_where_it_goes_somewhere(world, race_presentation, monkeypatch):
    """Back returns to the first real choice: after a choice it is there; where every step
    was forced (one legal move), the confirm screen is the first screen and has no Back."""
    from tests.toy_game.engine import Race, Step

    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot_:
        match_id, thread, _ = await start_match(world, bot_, alice, [bob], game="race")
        live = await bot_.host._loaded(match_id)
        user = {alice.id: alice, bob.id: bob}[live.row.seat_rows[min(live.to_act())].user_id]
        opened = await user.click(table_message(world, thread), "Take turn")
        assert opened.message.find_component(label="Back") is None  # the first screen
        confirm = await choose_one(user, opened.message, random.Random(2))
        assert confirm.message.find_component(label="Back") is not None
        back = await user.click(confirm.message, "Back")
        assert len(choice_buttons(back.message)) == 2
        monkeypatch.setattr(
            Race,
            "legal_actions",
            lambda self, state, seat: [Step(by=1)] if seat in self.to_act(state) else [],
        )
        forced = await user.click(table_message(world, thread), "Take turn")
        assert forced.message.find_component(label="Confirm") is not None
        assert forced.message.find_component(label="Back") is None

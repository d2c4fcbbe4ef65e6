"""Issue 11: clicks per turn, measured. Each installed game is played by two people through
the table's panel (Take turn → choices → Confirm), choosing at random; the clicks of every
turn are counted. A step with five choices or fewer is one button click, a step with one
choice is not asked, so a typical turn is Take turn + one or two picks + Confirm.

`pytest tests/discord/test_clicks.py -s` prints the figures quoted in notes.
"""

from __future__ import annotations

import random
import statistics

import pytest

from bot.games import adapters
from tests.discord.driver import choose_one, settle, start_match, table_message

TURNS = 16
# Upper bounds on the mean clicks per turn (Take turn and Confirm included).
BOUNDS = {"paris-paris": 3.2, "city-of-light": 4.6, "moscow-paris": 4.6, "paris": 3.6}
FIGURES: dict[str, tuple[float, int]] = {}


@pytest.mark.usefixtures("tiny_pictures")  # clicks, not pictures
@pytest.mark.parametrize("key", [k for k in adapters() if k in BOUNDS])
async def test_clicks_per_turn(world, key):
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(7)
    clicks: list[int] = []
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob], game=key)
        while len(clicks) < TURNS:
            live = await bot.host._loaded(match_id)
            if live.row.status != "active":
                break
            user = users[live.row.seat_rows[min(live.to_act())].user_id]
            screen = (await user.click(table_message(world, thread), "Take turn")).message
            count = 1
            while screen.find_component(label="Confirm") is None:
                result = await choose_one(user, screen, rng)
                assert result.responded and not result.failed, result
                screen, count = result.message, count + 1
            done = await user.click(screen, "Confirm")
            assert "Done" in done.message.text
            clicks.append(count + 1)
            await settle(world, bot)
    mean = statistics.mean(clicks)
    FIGURES[key] = (mean, max(clicks))
    print(
        f"\n{key}: {mean:.2f} clicks per turn on average, at most {max(clicks)}, "
        f"over {len(clicks)} turns"
    )
    assert mean <= BOUNDS[key], clicks

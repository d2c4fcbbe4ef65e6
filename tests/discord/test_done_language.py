"""Issue 18: the answer to a confirmed move is in the language the player chose with
`/lutece language`, like every other answer of theirs, not their Discord client's."""

from __future__ import annotations

import random

import pytest

from bot.i18n import t
from tests.discord.driver import choose_one, settle, start_match, table_message

pytestmark = pytest.mark.usefixtures("fast_render")


def confirm_button(panel) -> dict | None:
    return next((c for c in panel.iter_components() if ":do:" in c.get("custom_id", "")), None)


async def test_done_follows_the_chosen_language_not_the_client(world):
    alice, bob = world.user("alice"), world.user("bob")  # both en-US clients
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        live = await bot.host._loaded(match_id)
        version = live.row.version
        player = users[live.row.seat_rows[min(live.to_act())].user_id]
        chosen = await player.slash(world.games, "lutece language", language="ru")
        assert chosen.responded and not chosen.failed, chosen
        panel = (await player.click(table_message(world, thread), "Take turn")).message
        rng = random.Random(4)
        while confirm_button(panel) is None:
            panel = (await choose_one(player, panel, rng)).message
        # The panel already speaks Russian; the answer to Confirm must too.
        assert t("panel.confirm_button", "ru") in str(confirm_button(panel))
        done = await player.click(panel, custom_id=confirm_button(panel)["custom_id"])
        await settle(world, bot)
        assert done.message.text == t("panel.done", "ru") == "✅ Готово."
        assert (await bot.host._loaded(match_id)).row.version > version  # stored

"""Private notices (City of Light's drawn tile) for a player without DMs live with the match
in the database: a restart between the draw and the player's next click forgets none, they go
to their owner only, and once shown they are gone."""

from __future__ import annotations

import random

from bot.games.city_of_light.adapter import CityOfLightAdapter, tile_rows
from tests.conftest import TINY_PNG
from tests.discord.driver import choose_and_confirm, settle, start_match, table_message
from tests.discord.payload_log import PUBLIC, PayloadLog


async def test_a_drawn_tile_is_told_to_its_drawer_after_a_restart(world, monkeypatch):
    # «Nachdem das Straßen-Plättchen gelegt wurde, darfst du das nächste Straßen-Plättchen vom
    # Stapel nehmen und anschauen. Achte dabei darauf, dass dein Mitspieler nicht die
    # Vorderseite sieht!» — told to the drawer alone, at their next click, restart or not.
    monkeypatch.setattr(CityOfLightAdapter, "render", lambda self, view, names, **kw: TINY_PNG)
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(3)
    log = PayloadLog(world.fake)
    with log.installed():
        async with world.bot() as bot:
            match_id, thread, _ = await start_match(
                world, bot, alice, [bob], game="city-of-light", variant="original"
            )
            drawn = None
            while drawn is None:  # turns until alice lays her tile and draws the next one
                live = await bot.host._loaded(match_id)
                seat = min(live.to_act())
                user = users[live.row.seat_rows[seat].user_id]
                before = live.state.hands[seat]
                opened = await user.click(table_message(world, thread), "Take turn")
                assert "Done" in (await choose_and_confirm(user, opened.message, rng)).message.text
                await settle(world, bot)
                after = (await bot.host._loaded(match_id)).state.hands[seat]
                if user is alice and after != before:
                    (tile,) = after
                    drawn = f"🤫 You drew tile {tile}: {' / '.join(tile_rows(seat, tile, 0))}"
            assert [n.seat for n in await bot.host.store.notices(match_id)] == [seat]
        async with world.bot() as bot:  # a restart (a deploy) before alice clicks again
            await settle(world, bot)
            table = table_message(world, thread)
            other = await bob.click(table, "My tiles")
            assert other.ephemeral and drawn not in other.content
            first = await alice.click(table, "My tiles")
            assert first.ephemeral and first.message.ephemeral_for == alice.id
            assert first.content.startswith(drawn), first.content
            again = await alice.click(table, "My tiles")
            assert drawn not in again.content  # told once
            assert await bot.host.store.notices(match_id) == []  # shown, then deleted
    shown = [item for item in log.sent if drawn in item.text]
    assert [item.audience for item in shown] == [alice.id]
    assert PUBLIC not in {item.audience for item in shown}

"""A whole Paris Paris match on the fake Discord, played by clicking, checked per user."""

from __future__ import annotations

import math
import random

import pytest

from bot.games.paris_paris.adapter import ParisParisAdapter
from bot.games.paris_paris.layout import STATION_XY
from bot.render.drawing import SUPERSAMPLE
from games.paris_paris.actions import Take
from games.registry import get_game
from tests.discord.driver import (
    offered,
    open_table,
    settle,
    start_match,
    table_message,
    take_turn,
)
from tests.render.colour_vision import text_calls

GAME = get_game("paris-paris")


@pytest.mark.usefixtures("tiny_pictures")  # moves and messages, not drawing
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
        await world.fake.wait_for(lambda: "Final result" in table_message(world, thread).text)


@pytest.mark.real_pictures
async def test_the_panel_tags_each_offered_station_on_its_picture(world, monkeypatch):
    # Issue 20, item 3: when the panel asks which token (which station) to take, its picture
    # tags each offered station with the tag its button starts with; the table is untagged.
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(2)
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        for _ in range(20):
            live = await bot.host._loaded(match_id)
            seat = min(live.to_act())
            user = users[live.row.seat_rows[seat].user_id]
            if isinstance(GAME.legal_actions(live.state, seat)[0], Take):
                break
            await take_turn(world, user, thread, rng)
            await settle(world, bot)
        else:
            pytest.fail("nobody was offered a token")
        table = table_message(world, thread)
        before = table.attachments[0].data
        with text_calls(monkeypatch) as calls:
            opened = await user.click(table, "Take turn")
        _, choices = offered(opened.message)
        tokens = {code: label for code, (label, _, _) in choices.items() if "." in code}
        assert len(tokens) >= 2
        tags = [label.partition(" · ")[0] for label in tokens.values()]
        assert tags == [str(n) for n in range(1, len(tokens) + 1)]
        with text_calls(monkeypatch) as plain:  # the same public picture, untagged
            ParisParisAdapter().render(GAME.view(live.state, None), ["alice", "bob"])
        added = [c for c in calls if c not in plain]
        # Each station once, with its tokens' tags: "2/3" for two tokens of one station.
        at: dict[str, list[str]] = {}
        for code, tag in zip(tokens, tags, strict=True):
            at.setdefault(code.partition(".")[0], []).append(tag)
        written = {station: "/".join(its) for station, its in at.items()}
        assert sorted(c.text for c in added) == sorted(written.values())
        for station, text in written.items():
            (call,) = [c for c in added if c.text == text]
            size = call.px / SUPERSAMPLE  # the text's middle, roughly: a digit is 0.6 em wide
            point = (call.x + size * 0.3 * len(text), call.baseline - size * 0.35)
            # Beside its station (which side depends on the board: see the render tests).
            assert math.dist(point, STATION_XY[station]) < 100, (text, station)
        assert opened.message.attachments[0].data != before
        assert table_message(world, thread).attachments[0].data == before

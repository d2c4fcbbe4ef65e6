"""The Moscow–Paris turn panel on the fake Discord: where a step asks where, its picture
tags each offered place with the tag its choice carries (issue 20, item 3)."""

from __future__ import annotations

import pytest

from bot.games.moscow_paris import layout
from games.registry import get_game
from tests.discord.driver import offered, start_match, table_message
from tests.render.colour_vision import text_calls

GAME = get_game("moscow-paris")
SIDES = {"l": "left", "r": "right"}


@pytest.mark.real_pictures
async def test_the_panel_tags_each_line_end_on_its_picture(world, monkeypatch):
    # A wagon to a city line: the step asking which line and which end tags, on the panel's
    # picture, the place the wagon would take at each offered end with the tag its select
    # option starts with; the public table is not tagged.
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob], game="moscow-paris")
        live = await bot.host._loaded(match_id)
        user = {alice.id: alice, bob.id: bob}[live.row.seat_rows[min(live.to_act())].user_id]
        table = table_message(world, thread)
        before = table.attachments[0].data
        opened = await user.click(table, "Take turn")
        line = offered(opened.message)[1]["line"][1]
        wagons = await user.click(opened.message, custom_id=line["custom_id"])
        _, hand = offered(wagons.message)
        (_, button, kind) = next(iter(hand.values()))
        assert kind == "button"
        with text_calls(monkeypatch) as calls:
            ends = await user.click(wagons.message, custom_id=button["custom_id"])
        _, choices = offered(ends.message)
        assert len(choices) == 8  # both ends of four empty lines
        view = GAME.view(live.state, None)
        tags = []
        for code, (label, _, _) in choices.items():
            tag, sep, _ = label.partition(" · ")
            assert sep and tag.isdigit(), label
            row, side = int(code[0]), SIDES[code[1]]
            wagons_there = view.rows[row].left if side == "left" else view.rows[row].right
            x0, y0, x1, y1 = layout.wagon_box(row, side, len(wagons_there) + 1)
            # In the place the wagon would take, at 11 px or more in an embed.
            (call,) = [
                c for c in calls if c.text == tag and x0 <= c.x < x1 and y0 < c.baseline < y1
            ]
            assert call.embed_px(layout.WIDTH) >= 11
            tags.append(tag)
        assert tags == [str(n) for n in range(1, 9)]
        assert ends.message.attachments[0].data != before  # the panel's own picture
        assert table_message(world, thread).attachments[0].data == before

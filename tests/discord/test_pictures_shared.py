"""Issue 11: the table picture rings the last move and speaks the message's language."""

from __future__ import annotations

import random

import pytest

from bot.games import adapters
from bot.i18n import speaking
from games.registry import get_game
from tests.discord.driver import play_turns, start_match
from tests.render.colour_vision import text_calls


async def test_the_table_picture_rings_the_last_move(world, monkeypatch):
    drawn: list[set[str]] = []
    paris_paris = type(adapters()["paris-paris"])
    original = paris_paris.render

    def recording(self, view, names, **kw):
        drawn.append(set(kw.get("highlight", ())))
        return original(self, view, names, **kw)

    monkeypatch.setattr(paris_paris, "render", recording)
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob])
        assert drawn[-1] == set()  # the first table: no move yet
        await play_turns(world, bot, match_id, thread, [alice, bob], random.Random(3), turns=3)
    live = await bot.host._loaded(match_id)
    assert live.last_events and any(drawn), drawn  # a shop opened, a visit: ringed
    assert drawn[-1] == adapters()["paris-paris"].last_move(live.last_events)


@pytest.mark.real_pictures
def test_picture_words_follow_the_language_they_are_drawn_in(monkeypatch):
    game = get_game("moscow-paris")
    view = game.view(game.setup(2, game.parse_options({}), 1), None)
    adapter = adapters()["moscow-paris"]
    with text_calls(monkeypatch) as calls:
        adapter.render(view, ["Zoë", "Дмитрий"])
    english = [call.text for call in calls]
    with speaking("ru"), text_calls(monkeypatch) as calls:
        adapter.render(view, ["Zoë", "Дмитрий"])
    russian = [call.text for call in calls if call.text not in english]
    assert russian and any("\u0400" <= c <= "\u04ff" for s in russian for c in s), russian

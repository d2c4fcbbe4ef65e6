"""Issue 11: a whole match played in Russian through the fake Discord — a Russian server, two
players with Russian clients — with Russian plurals checked where counts are said."""

from __future__ import annotations

import random
import re

import pytest

from bot.i18n import plural_form, t
from tests.discord.driver import choose_one, settle

pytestmark = pytest.mark.usefixtures("fast_render")
CYRILLIC = re.compile("[\u0400-\u04ff]")
SHOPS = re.compile(r"(\d+) (магазинов|магазина|магазин) (на поле|здесь)")
FORM = {"one": "магазин", "few": "магазина", "many": "магазинов", "other": "магазина"}


def latest_with(world, channel, label, user=None):
    for msg in reversed(world.fake.messages(channel, include_ephemeral=user is not None)):
        if (user is None or msg.visible_to(user.id)) and msg.find_component(label=label):
            return msg
    raise AssertionError(f"no message with {label!r}")


async def test_a_whole_match_in_russian(world):
    world.guild.locale = "ru"  # the server's preferred language: public messages
    ivan = world.fake.add_user("Иван", locale="ru")
    olga = world.fake.add_user("Ольга", locale="ru")
    users = {ivan.id: ivan, olga.id: olga}
    rng = random.Random(6)
    take_turn, confirm = t("table.take_turn", "ru"), t("panel.confirm_button", "ru")
    async with world.bot() as bot:
        await world.fake.wait_for(lambda: True)
        opened = await ivan.slash(world.games, "paris-paris new", players=2)
        lobby = opened.message
        assert CYRILLIC.search(lobby.embeds[0]["title"]), lobby.embeds[0]
        assert (await olga.click(lobby, t("lobby.join", "ru"))).responded
        before = {th.id for th in world.fake.threads()}
        assert (await ivan.click(lobby, t("lobby.start", "ru"))).responded
        thread = (
            await world.fake.wait_for(
                lambda: [th for th in world.fake.threads() if th.id not in before]
            )
        )[-1]
        await settle(world, bot)
        match_id = lobby.embeds[0]["footer"]["text"].split()[-1]
        moves = 0
        while (live := await bot.host._loaded(match_id)).row.status == "active":
            user = users[live.row.seat_rows[min(live.to_act())].user_id]
            screen = (await user.click(latest_with(world, thread, take_turn), take_turn)).message
            assert CYRILLIC.search(screen.text), screen.text  # the panel, in Russian
            while screen.find_component(label=confirm) is None:
                screen = (await choose_one(user, screen, rng)).message
            done = await user.click(screen, confirm)
            assert done.message.text == t("panel.done", "ru")
            await settle(world, bot)
            moves += 1
        assert moves > 20
    public = [m for m in world.fake.messages(thread) if m.author_id == world.fake.bot_user.id]
    text = "\n".join(
        [m.text for m in public] + [e.get("description", "") for m in public for e in m.embeds]
    )
    assert t("table.finished", "ru") in text  # the final result, in Russian
    said = SHOPS.findall(text)
    assert said, "no count of shops was said"
    for number, word, _ in said:  # «1 магазин», «2 магазина», «5 магазинов», «21 магазин»
        assert word == FORM[plural_form("ru", int(number))], (number, word)

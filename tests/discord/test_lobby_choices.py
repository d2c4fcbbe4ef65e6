"""Lobby choices on the fake Discord: the host of a City of Light table picks the 8 postcards
in the lobby's select; the match is dealt with exactly those; others are refused politely."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.city_of_light.adapter import CityOfLightAdapter
from bot.ui.lobby_choices import picked_options
from games.city_of_light.data import POSTCARD_NAMES
from games.host import HostError
from tests.city_of_light.helpers import LEFT_OUT, PICKED
from tests.conftest import TINY_PNG
from tests.discord.driver import selects, settle, table_message


def postcard_select(msg: Any) -> dict:
    (menu,) = [m for m in selects(msg) if m["custom_id"].endswith(":option:postcards")]
    return menu


async def test_the_host_chooses_the_postcards_in_the_lobby(world, monkeypatch):
    drawn: list[set[str]] = []  # the postcards of every table picture the bot drew

    def render(self: Any, view: Any, names: list[str], **kw: Any) -> bytes:
        drawn.append({p.card for p in view.postcards})
        return TINY_PNG

    monkeypatch.setattr(CityOfLightAdapter, "render", render)
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        opened = await alice.slash(world.games, "city-of-light new")
        lobby = opened.message
        menu = postcard_select(lobby)
        assert len(menu["options"]) == 12
        assert menu["min_values"] == menu["max_values"] == 8

        # Only the host may use it: bob is refused politely and nothing changes.
        refused = await bob.select(lobby, menu["custom_id"], PICKED)
        assert refused.ephemeral and "Only the player who opened the table" in refused.content
        match_id = lobby.embeds[0]["footer"]["text"].split()[-1]
        assert (await bot.host._loaded(match_id)).row.options["postcards"] == "starred"

        picked = await alice.select(lobby, menu["custom_id"], PICKED)
        assert picked.responded and not picked.failed and not picked.ephemeral, picked
        lobby = picked.message or lobby
        description = lobby.embeds[0]["description"]
        assert all(POSTCARD_NAMES[c] in description for c in PICKED)
        assert not any(POSTCARD_NAMES[c] in description for c in LEFT_OUT)
        marked = {o["value"] for o in postcard_select(lobby)["options"] if o.get("default")}
        assert marked == set(PICKED)
        options = (await bot.host._loaded(match_id)).row.options
        assert options["postcards"] == "chosen" and set(options["chosen_postcards"]) == set(PICKED)

        before = {t.id for t in world.fake.threads()}
        assert (await bob.click(lobby, "Join")).responded
        assert (await alice.click(lobby, "Start")).responded
        threads = await world.fake.wait_for(
            lambda: [t for t in world.fake.threads() if t.id not in before]
        )
        await world.fake.wait_for(
            lambda: any(m.attachments for m in world.fake.messages(threads[-1]))
        )
        await settle(world, bot)

        live = await bot.host._loaded(match_id)
        assert sorted(live.state.cards) == sorted(PICKED)
        table = table_message(world, threads[-1])
        assert table.media[0].url == "attachment://table.png"
        assert drawn and all(cards == set(PICKED) for cards in drawn)

        # The lobby's select is gone once the table started (set_options refuses it anyway).
        assert selects(lobby) == []


def test_forged_or_incomplete_picks_are_refused():
    assert picked_options("city-of-light", "postcards", PICKED) == {
        "postcards": "chosen",
        "chosen_postcards": PICKED,
    }
    for name, values in (
        ("postcards", PICKED[:7]),
        ("postcards", PICKED[:7] + ["nope"]),
        ("seats", PICKED),
        ("postcards", PICKED + LEFT_OUT[:1]),
    ):
        with pytest.raises(HostError) as err:
            picked_options("city-of-light", name, values)
        assert err.value.key == "lobby.bad_choice"

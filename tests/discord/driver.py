"""Playing through the fake Discord as a person would: open, join, take turns by clicking."""

from __future__ import annotations

import random
from typing import Any

from fakediscord.state import Message

STRING_SELECT = 3


def table_message(world: Any, thread: Any) -> Message:
    """The bot's table message in a match thread (the one with a 'Take turn' button)."""
    for msg in reversed(world.fake.messages(thread)):
        if msg.find_component(label="Take turn") is not None or (
            msg.embeds and msg.author_id == world.fake.bot_user.id and msg.attachments
        ):
            return msg
    raise AssertionError("no table message in the thread")


def selects(msg: Message) -> list[dict]:
    return [c for c in msg.iter_components() if c.get("type") == STRING_SELECT]


async def take_turn(world: Any, user: Any, thread: Any, rng: random.Random) -> Any:
    """Open the panel from the table, pick random choices step by step, confirm."""
    result = await user.click(table_message(world, thread), "Take turn")
    assert result.responded and result.ephemeral, result
    panel = result.message
    for _ in range(6):
        if panel.find_component(label="Confirm") is not None:
            return await user.click(panel, "Confirm")
        menus = selects(panel)
        assert menus, f"panel without choices: {panel.content!r}"
        menu = rng.choice(menus)
        value = rng.choice(menu["options"])["value"]
        result = await user.select(panel, menu["custom_id"], [value])
        assert result.responded, result
        panel = result.message or panel
    raise AssertionError("the panel never reached a Confirm button")


async def open_table(world: Any, host_user: Any, players: int, **options: Any) -> Message:
    result = await host_user.slash(world.games, "paris-paris new", players=players, **options)
    assert result.responded and not result.ephemeral, result
    return result.message

"""Playing through the fake Discord as a person would: open, join, take turns by clicking.
What the bot sent is recorded in `tests/discord/payload_log.py`.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator
from typing import Any

import fakediscord.rest as fake_rest
from bot.games import adapter_for
from bot.ui.screens import label_names
from fakediscord.messages import Message

STRING_SELECT = 3
TEXT_DISPLAY = 10
NAMES = ["alice", "bob", "carol", "dave"]  # the fake guild's members, as conftest makes them


def table_message(world: Any, thread: Any) -> Message:
    """The bot's table message in a match thread: its card shows the board (a finished
    match's too, without 'Take turn'). Its words are `msg.text`, its pictures `msg.media`."""
    for msg in reversed(world.fake.messages(thread)):
        if msg.author_id == world.fake.bot_user.id and any(m.attachment for m in msg.media):
            return msg
    raise AssertionError("no table message in the thread")


def said(msg: Message) -> str:
    """What a message says above any card: a table's recap and ping (the Text Display before
    its container), else its content (a plain message)."""
    first = msg.components[0] if msg.is_components_v2 and msg.components else {}
    return str(first.get("content") or "") if first.get("type") == TEXT_DISPLAY else msg.content


def selects(msg: Message) -> list[dict]:
    return [c for c in msg.iter_components() if c.get("type") == STRING_SELECT]


def choice_buttons(msg: Message) -> list[dict]:
    """The panel's choice buttons (a step with few choices shows one button each)."""
    return [
        c
        for c in msg.iter_components()
        if c.get("type") == 2 and ":pick:" in c.get("custom_id", "")
    ]


async def choose_one(user: Any, panel: Message, rng: random.Random) -> Any:
    """One random choice on a panel step, by button or by select; the next screen."""
    buttons, menus = choice_buttons(panel), selects(panel)
    assert buttons or menus, f"panel without choices: {panel.text!r}"
    assert all(len(menu["options"]) <= 25 for menu in menus)  # Discord's limit
    if buttons:
        return await user.click(panel, custom_id=rng.choice(buttons)["custom_id"])
    menu = rng.choice(menus)
    assert len(menu["options"]) > 5  # few choices are buttons
    return await user.select(panel, menu["custom_id"], [rng.choice(menu["options"])["value"]])


async def open_panel_and_choose(user: Any, panel: Message, rng: random.Random) -> Any:
    """From an open panel, pick random choices step by step; return the confirm screen."""
    for _ in range(8):
        if panel.find_component(label="Confirm") is not None:
            return panel
        result = await choose_one(user, panel, rng)
        assert result.responded and not result.failed, result
        panel = result.message or panel
    raise AssertionError("the panel never reached a Confirm button")


async def choose_and_confirm(user: Any, panel: Message, rng: random.Random) -> Any:
    """`open_panel_and_choose`, then Confirm: the answer to the move."""
    return await user.click(await open_panel_and_choose(user, panel, rng), "Confirm")


async def take_turn(
    world: Any, user: Any, thread: Any, rng: random.Random, table: Message | None = None
) -> Any:
    """Open the panel from the table, pick random choices step by step, confirm."""
    result = await user.click(table or table_message(world, thread), "Take turn")
    assert result.responded and result.ephemeral, result
    return await choose_and_confirm(user, result.message, rng)


# The buttons a finished match's table keeps.
FINAL_BUTTONS = ["Replay", "Rematch"]


async def open_table(
    world: Any, host_user: Any, players: int, game: str = "paris-paris", **options: Any
) -> Message:
    result = await host_user.slash(world.games, f"{game} new", players=players, **options)
    assert result.responded and not result.ephemeral, result
    return result.message


async def start_match(
    world: Any,
    bot: Any,
    host_user: Any,
    joiners: list[Any],
    *,
    ais: int = 0,
    game: str = "paris-paris",
    **options: Any,
) -> tuple[str, Any, Message]:
    """Open a table, let `joiners` join and add `ais` AIs, start; (match id, thread, lobby)."""
    before = {t.id for t in world.fake.threads()}
    lobby = await open_table(world, host_user, 1 + len(joiners) + ais, game, **options)
    for user in joiners:
        assert (await user.click(lobby, "Join")).responded
    for _ in range(ais):
        assert (await host_user.click(lobby, "Add AI")).responded
    assert (await host_user.click(lobby, "Start")).responded
    thread = await world.fake.wait_for(
        lambda: [t for t in world.fake.threads() if t.id not in before]
    )
    thread = thread[-1]
    await world.fake.wait_for(lambda: any(m.media for m in world.fake.messages(thread)))
    await settle(world, bot)
    footer = lobby.embeds[0]["footer"]["text"]
    match_id = footer.split()[-1]
    assert (await bot.host._loaded(match_id)).row.status == "active"
    return match_id, thread, lobby


def path_of(host: Any, match: Any, seat: int, action: Any) -> tuple[str, ...]:
    """The panel path of `action`, as the bot builds it for that seat (`match`: the host's
    description of the match)."""
    if hasattr(match, "info"):  # the host's live match, as tests load it: its description
        match = match.info()
    actions = list(host.choices(match, seat))
    adapter = adapter_for(match.game)
    moves = adapter.moves(host.view(match, seat), actions, label_names(match), None)
    return moves[actions.index(action)].codes


def offered(panel: Any) -> tuple[tuple[str, ...], dict[str, tuple[str, dict, str]]]:
    """The step a panel shows: (the path so far, code -> (label, component, kind)). A step
    with few choices shows buttons (their custom_id ends with the whole path), more choices
    are selects (their custom_id ends with the path so far, the code is the value)."""
    prefix: tuple[str, ...] = ()
    out: dict[str, tuple[str, dict, str]] = {}
    for c in panel.iter_components():
        parts = c.get("custom_id", "").split(":", 4)
        if c.get("type") == 2 and len(parts) == 5 and parts[2] == "pick":
            path = tuple(p for p in parts[4].split("/") if p)
            prefix = path[:-1]
            out[path[-1]] = (c["label"], c, "button")
        elif c.get("type") == STRING_SELECT and len(parts) == 5:
            prefix = tuple(p for p in parts[4].split("~")[0].split("/") if p)
            assert len(c["options"]) <= 25
            for option in c["options"]:
                out[option["value"]] = (option["label"], c, "select")
    return prefix, out


async def walk_to_confirm(user: Any, panel: Any, codes: tuple[str, ...]) -> Any:
    """Pick `codes` step after step in an open panel (buttons or selects; a step with one
    choice is taken by the panel itself) until its Confirm screen, which is returned."""
    for _ in range(len(codes) + 1):
        if panel.find_component(label="Confirm") is not None:
            return panel
        prefix, out = offered(panel)
        assert out, f"panel without choices: {panel.text!r}"
        assert codes[: len(prefix)] == prefix, (codes, prefix)
        code = codes[len(prefix)]
        _, component, kind = out[code]
        if kind == "button":
            result = await user.click(panel, custom_id=component["custom_id"])
        else:
            result = await user.select(panel, component["custom_id"], [code])
        assert result.responded and not result.failed, result
        panel = result.message or panel
    assert panel.find_component(label="Confirm") is not None, panel.text
    return panel


async def follow(user: Any, panel: Any, codes: tuple[str, ...]) -> Any:
    """`walk_to_confirm`, then Confirm: the answer to the move."""
    return await user.click(await walk_to_confirm(user, panel, codes), "Confirm")


async def settle(world: Any, bot: Any) -> None:
    """Wait until the bot finished every handler (table edits, pings, DMs) and went quiet.

    `fake.idle()` alone can return while a handler renders a picture without calling the API.
    """
    await world.fake.wait_for(lambda: not bot.inflight, timeout=10)
    await world.fake.idle()


def controlled_clock(bot: Any, now: list[float]) -> None:
    """The bot's host reads the time from `now[0]`: deadlines and reminders fall due only
    when a test moves it (`advance`), never by waiting."""
    bot.host.clock = lambda: now[0]


async def advance(world: Any, bot: Any, now: list[float], seconds: float) -> None:
    """Move the controlled clock on, and wake the deadline timer to look again."""
    now[0] += seconds
    bot.deadlines.poke()


async def user_to_act(bot: Any, match_id: str, users: dict[int, Any]) -> Any | None:
    live = await bot.host._loaded(match_id)
    if live.row.status != "active":
        return None
    seat = min(live.to_act())
    return users[live.row.seat_rows[seat].user_id]


async def play_turns(
    world: Any,
    bot: Any,
    match_id: str,
    thread: Any,
    users: list[Any],
    rng: random.Random,
    turns: int = 10_000,
) -> int:
    """Let the users to act take up to `turns` turns by clicking; the number played."""
    by_id = {u.id: u for u in users}
    played = 0
    while played < turns:
        user = await user_to_act(bot, match_id, by_id)
        if user is None:
            break
        result = await take_turn(world, user, thread, rng)
        assert result.responded and not result.failed, result
        assert "Done" in result.message.text, result.message.text
        await settle(world, bot)
        played += 1
    return played


def private_only(adapter: Any, views: list[Any], names: list[str]) -> dict[int, set[str]]:
    """seat -> the lines of its private text (`views[seat]` is its own view) that no other
    seat's text has: what only that seat may know, whatever the game."""
    texts = {
        seat: {
            line.strip()
            for line in adapter.private_text(view, names, None).splitlines()
            if line.strip()
        }
        for seat, view in enumerate(views)
    }
    return {
        seat: lines - set().union(*(texts[o] for o in texts if o != seat))
        for seat, lines in texts.items()
    }


def forged_button(world: Any, channel: Any, custom_id: str) -> Message:
    """A bot message with one button "Forged" carrying `custom_id` (the fake clicks only
    buttons that are on a message)."""
    button = {"type": 2, "style": 1, "label": "Forged", "custom_id": custom_id}
    payload = {"content": "forged", "components": [{"type": 1, "components": [button]}]}
    return fake_rest.create_message(world.fake, channel, payload, [])


@contextlib.asynccontextmanager
async def changes_nothing(world: Any, bot: Any, match_id: str) -> AsyncIterator[None]:
    """The block's clicks leave the match as it was: its version is the same once the bot
    went quiet."""
    version = (await bot.host.get(match_id)).version
    yield
    await settle(world, bot)
    assert (await bot.host.get(match_id)).version == version


def pinged_in(world: Any, thread: Any) -> set[int]:
    """Every user a message in `thread` pinged."""
    return {
        user_id
        for m in world.fake.pinged_messages()
        if m.channel_id == thread.id
        for user_id in m.pinged_user_ids
    }


def secret_markers(live: Any) -> dict[int, str]:
    """seat -> colour of its secret final-excursion marker (from the stored arrangement)."""
    return dict(enumerate(live.row.arrangement["markers"]))

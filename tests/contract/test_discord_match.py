"""A whole match of every registered game through the fake Discord, a person clicking
(random choices) against an easy AI seat and the smallest table, with a scan of every body
the bot sent: what only one seat may know never reaches the channel or another user while
the match runs. (Several people at one table: the games' own tests in tests/discord/.)

"What only one seat may know" comes from the contract, not from a list per game: the lines
of the adapter's `private_text` for that seat's view that no other seat's text has. Pictures
are not drawn (they come from the public view; tests/render checks them).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import adapter_for
from bot.i18n import t
from games.registry import game_keys, get_game
from tests.discord.driver import (
    PUBLIC,
    PayloadLog,
    Sent,
    private_only,
    settle,
    start_match,
    table_message,
    take_turn,
)

LOOK_EVERY = 5  # turns between two looks at one's secrets


@pytest.fixture
def presented(presentations: None, tiny_pictures: None) -> None:
    """Every registered game's presentation installed (a test double's too), no pictures."""


def secrets(live: Any, names: list[str]) -> dict[int, set[str]]:
    """seat -> the lines of its private text that no other seat's text has."""
    views = [live.game.view(live.state, seat) for seat in range(len(names))]
    return private_only(adapter_for(live.row.game), views, names)


def lines(item: Sent) -> set[str]:
    return {line.strip() for line in item.text.splitlines()}


def leaks(
    sent: list[Sent], marks: list[tuple[int, dict[int, set[str]]]], owners: dict[int, int]
) -> list[str]:
    """Bodies sent between two positions that show a seat's secret (one it held at both) to
    the channel or to another user."""
    found = []
    for (start, before), (end, after) in zip(marks, marks[1:], strict=False):
        for item in sent:
            if not start <= item.seq < end:
                continue
            for seat, secret in before.items():
                if item.audience == owners[seat]:
                    continue
                found += [
                    f"{item!r} shows seat {seat}'s {line!r}"
                    for line in secret & after[seat]
                    if line in lines(item)
                ]
    return found


@pytest.mark.parametrize("key", game_keys())
async def test_a_whole_match_through_the_fake_discord_keeps_secrets(
    key: str, world: Any, presented: Any
) -> None:
    alice = world.user("alice")
    rng = random.Random(5)
    log = PayloadLog(world.fake)
    marks: list[tuple[int, dict[int, set[str]]]] = []
    adapter = adapter_for(key)
    with log.installed():
        async with world.bot() as bot_:
            ais = get_game(key).min_seats - 1
            match_id, thread, _ = await start_match(world, bot_, alice, [], ais=ais, game=key)
            turns = 0
            while (live := await bot_.host._loaded(match_id)).row.status == "active":
                names = [s.name for s in live.row.seat_rows]
                marks.append((len(log.sent), secrets(live, names)))
                if turns % LOOK_EVERY == 0:
                    label = t(adapter.private_label)
                    assert (await alice.click(table_message(world, thread), label)).responded
                done = await take_turn(world, alice, thread, rng)
                assert done.responded and not done.failed, done
                await settle(world, bot_)
                turns += 1
            owners = {s.seat: s.user_id for s in live.row.seat_rows}
            marks.append((len(log.sent), {seat: set() for seat in owners}))
    assert "Final result" in table_message(world, thread).embeds[0]["description"]
    sent = log.with_autocomplete()
    assert leaks(sent, marks, owners) == []
    # The scan saw real secrets: the player was shown theirs.
    seat = next(s for s, user_id in owners.items() if user_id == alice.id)
    mine = set().union(*(m[seat] for _, m in marks))
    assert any(line in lines(s) for s in sent if s.audience == alice.id for line in mine)
    # ... and it can fail: one of them in the channel is a leak.
    seat, line = next((s, line) for _, m in marks for s, found in m.items() for line in found)
    forged = Sent(marks[0][0], "create", 1, thread.id, PUBLIC, line)
    assert leaks([forged], marks[:1] + [(marks[0][0] + 1, marks[0][1])], owners)

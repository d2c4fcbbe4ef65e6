"""A whole match of every registered game through the fake Discord, a person clicking
(random choices) against an easy AI seat and the smallest table, with a scan of every body
the bot sent: what only one seat may know never reaches the channel or another user while
the match runs (pictures' alt text included); and every picture is described for a screen
reader. (Several people at one table: the games' own tests in tests/discord/.)

"What only one seat may know" comes from the contract, not from a list per game: the lines
of the adapter's `private_text` for that seat's view that no other seat's text has. Pictures
are not drawn (they come from the public view; tests/render checks them).
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.games import adapter_for
from bot.games.alt_text import ALT_LIMIT
from bot.i18n import t
from bot.ui.safe_text import md_all, plain
from games.registry import game_keys, get_game
from tests.discord.driver import private_only, settle, start_match, table_message, take_turn
from tests.discord.matchplay import window_leaks
from tests.discord.payload_log import PUBLIC, PayloadLog, Sent, flatten

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


async def whole_match(
    world: Any, key: str, log: PayloadLog, before_turn: Callable[[Any, Any], Awaitable[None]]
) -> tuple[Any, Any]:
    """Alice clicks random choices against easy AI seats at the smallest table until the
    end, `before_turn(thread, live)` awaited before each of her turns; (thread, final
    live)."""
    alice = world.user("alice")
    rng = random.Random(5)
    with log.installed():
        async with world.bot() as bot_:
            ais = get_game(key).min_seats - 1
            match_id, thread, _ = await start_match(world, bot_, alice, [], ais=ais, game=key)
            while (live := await bot_.host._loaded(match_id)).row.status == "active":
                await before_turn(thread, live)
                done = await take_turn(world, alice, thread, rng)
                assert done.responded and not done.failed, done
                await settle(world, bot_)
    return thread, live


@pytest.mark.parametrize("key", game_keys())
async def test_a_whole_match_through_the_fake_discord_keeps_secrets(
    key: str, world: Any, presented: Any
) -> None:
    alice = world.user("alice")
    log = PayloadLog(world.fake)
    marks: list[tuple[int, dict[int, set[str]]]] = []
    adapter = adapter_for(key)

    async def look(thread: Any, live: Any) -> None:
        names = [s.name for s in live.row.seat_rows]
        marks.append((len(log.sent), secrets(live, names)))
        if len(marks) % LOOK_EVERY == 1:
            label = t(adapter.private_label)
            assert (await alice.click(table_message(world, thread), label)).responded

    thread, live = await whole_match(world, key, log, look)
    owners = {s.seat: s.user_id for s in live.row.seat_rows}
    marks.append((len(log.sent), {seat: set() for seat in owners}))
    assert "Final result" in table_message(world, thread).text
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


def table_alt(world: Any, thread: Any) -> str:
    """The alt text of the table picture the thread shows now."""
    (alt,) = [
        a.description for a in table_message(world, thread).attachments if a.filename == "table.png"
    ]
    assert alt is not None
    return alt


def says_scores(alt: str, names: list[str], scores: list[int] | None) -> bool:
    """Whether `alt` lists every seat's score ("alice 3, bob 5"), where the game keeps one."""
    return (
        scores is None or ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True)) in alt
    )


@pytest.mark.parametrize("key", game_keys())
async def test_every_picture_of_a_whole_match_is_described(
    key: str, world: Any, presented: Any
) -> None:
    """Issue 20, item 1: every picture the bot sends (table, panel board, preview, final
    table and its summary) has alt text within Discord's 1024 characters; the table's says
    whose turn it is and every seat's score, as the host has them, and at the end who won."""
    log = PayloadLog(world.fake)
    adapter = adapter_for(key)
    told = 0

    async def check_table(thread: Any, live: Any) -> None:
        nonlocal told
        names = [plain(s.name) for s in live.row.seat_rows]
        view = live.game.view(live.state, None)
        alt = table_alt(world, thread)
        # Told from the public view, as the picture is drawn: nothing a seat's view adds.
        public = adapter.alt_text(
            view, md_all(s.name for s in live.row.seat_rows), "en", events=live.last_events
        )
        assert alt == public
        assert all(names[seat] in alt for seat in live.to_act()), alt
        assert says_scores(alt, names, adapter.scores(view)), alt
        told += 1

    thread, live = await whole_match(world, key, log, check_table)
    assert told
    names = [plain(s.name) for s in live.row.seat_rows]
    result = live.game.result(live.state)
    final = table_alt(world, thread)
    assert all(names[seat] in final for seat in result.winners), final
    assert says_scores(final, names, result.scores), final
    uploads = [(s, name, alt) for s in log.sent for name, alt in s.uploads]
    kinds = {name.rsplit(".", 1)[0] for _, name, _ in uploads}
    assert {"table", "board", "summary"} <= kinds, kinds
    assert [(s, n) for s, n, alt in uploads if not alt or len(alt) > ALT_LIMIT] == []


def test_the_leak_scan_reads_the_alt_text_of_pictures() -> None:
    """A seat's secret said within a picture's alt text, in the channel, is a leak to the
    scan of the games' match tests (`tests.discord.matchplay.window_leaks`)."""
    secret = "🤫 Your final-excursion marker: **red line**."
    snapshots = [(0, {0: {secret}}), (5, {0: {secret}})]
    alt = {"attachments": [{"filename": "table.png", "description": f"To play: bob. {secret}"}]}
    body = Sent(1, "create", 1, 1, PUBLIC, flatten(alt))
    assert window_leaks([body], snapshots, {0: 111}, ())
    assert not window_leaks([body], snapshots, {0: PUBLIC}, ())  # its owner may read it

"""Issue 22, "Done means": whole matches played by clicking the web board in headless
Chromium, one browser context per seat opened at that seat's personal link, while the fake
Discord shows the same recaps, pings and final table. Every HTTP body and WebSocket frame
each page received is scanned for the other seat's secret, and the clicks each turn took on
the board are counted the way `tests/discord/test_clicks.py` counts the panel's."""

from __future__ import annotations

import os
import random
import statistics
from typing import Any

import pytest
from playwright.async_api import Browser

from bot.games import adapter_for
from bot.ui.screens import label_names
from bot.web import guards
from bot.web.links import board_link
from tests.browser.board_pages import BoardPage, with_browser_board
from tests.discord.driver import pinged_in, settle, start_match, table_message

# The panel's mean clicks per turn (Take turn, the picks, Confirm), as measured by
# tests/discord/test_clicks.py and quoted in issue 22.
PANEL = {"city-of-light": 4.56, "paris-paris": 2.62, "paris": 3.3, "moscow-paris": 4.2}


async def play_through(
    world: Any, bot: Any, browser: Browser, game: str, seed: int, turns: int | None = None
) -> None:
    """A two-seat match of `game` clicked on the board, whole (or its first `turns`); the
    Discord side, the leak scan and the clicks per turn checked."""
    alice, bob = world.user("alice"), world.user("bob")
    rng = random.Random(seed)
    bot.host.draws = random.Random(seed)  # the same deal every run: the same figures
    match_id, thread, _ = await start_match(world, bot, alice, [bob], game=game)
    match = await bot.host.get(match_id)
    adapter = adapter_for(game)
    pages = {  # one on a phone, one on a laptop
        u.id: await BoardPage.open(browser, await board_link(bot, match, u.id, "en"), width)
        for u, width in ((alice, 360), (bob, 900))
    }
    secrets: list[dict[int, str]] = []  # each turn's private text of every seat
    clicks: list[int] = []
    try:
        while match.status == "active" and len(clicks) != turns:
            names = label_names(match)
            secrets.append(
                {
                    s.seat: adapter.private_text(bot.host.view(match, s.seat), names, "en")
                    for s in match.seats
                }
            )
            (seat,) = match.to_act
            clicks.append(await pages[match.seats[seat].user_id].take_turn(match.version, rng))
            await settle(world, bot)
            match = await bot.host.get(match_id)
            for page in pages.values():  # the other page too, from the WebSocket's push
                await page.shows(match.version)
            # The move's recap on the board is the one the thread was told.
            told = " ".join(m.text for m in world.fake.messages(thread)).replace("**", "")
            shown = await pages[bob.id].page.locator("[data-recap] li").all_inner_texts()
            assert shown and all(line in told for line in shown), shown
        if turns is None:
            assert match.status == "finished"
            await world.fake.wait_for(lambda: "Final result" in table_message(world, thread).text)
        for page in pages.values():
            await page.settled()
    finally:
        for page in pages.values():
            await page.close()
    # Discord showed the moves made on the board: recaps, pings, the final table.
    assert {alice.id, bob.id} <= pinged_in(world, thread), "turns were pinged"
    recaps = [m.text for m in world.fake.messages(thread) if "alice" in m.text or "bob" in m.text]
    assert len(recaps) > len(clicks) / 2, "the thread tells the moves made on the board"
    # The scan: no body or frame a seat's page received shows the other seat's private text
    # of any turn (unless that seat's own text was once the same: an empty screen of Paris
    # reads alike for both); and it can fail: each page did receive its own seat's.
    seat_of = {alice.id: 0, bob.id: 1}
    for user_id, page in pages.items():
        own = seat_of[user_id]
        everything = page.bodies + page.frames
        assert page.frames and all(f.startswith('{"version": ') for f in page.frames)
        assert any(texts[own] in body for texts in secrets for body in page.bodies), own
        owned = {texts[own] for texts in secrets}
        for n, texts in enumerate(secrets):
            for other, text in texts.items():
                if other != own and text not in owned:
                    assert not any(text in body for body in everything), (n, text)
    # Clicks per turn: fewer on the board than through the panel.
    mean = statistics.mean(clicks)
    print(
        f"\n{game}: {mean:.2f} clicks per turn on the board (panel: {PANEL[game]:.2f}), "
        f"at most {max(clicks)}, over {len(clicks)} turns"
    )
    assert mean < PANEL[game], clicks


@pytest.fixture
def clicking_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests click far faster than a person: the web board's rate limits (tested in
    tests/web/test_guards.py) raised tenfold, or a whole match would go at their pace (the
    page waits and asks again: tests/browser/test_board_race.py)."""
    fast = {kind: (count * 10, seconds) for kind, (count, seconds) in guards.LIMITS.items()}
    monkeypatch.setattr(guards, "LIMITS", fast)


# Whole matches: their pictures are laid out and not drawn (tests/browser/conftest.py), a
# thirtieth of a drawing's CPU; most of what is left is Chromium's, about 0.2 s a turn.
@pytest.mark.long
@pytest.mark.usefixtures("clicking_fast")
@pytest.mark.parametrize("game", ["city-of-light", "paris-paris"])
async def test_a_whole_match_clicked_on_the_board(world, browser, game):
    with_browser_board(world)
    async with world.bot() as bot:
        await play_through(world, bot, browser, game, seed=5)


# Paris and Moscow-Paris last 246 and 211 turns, about two minutes each on a quiet core: more
# than the whole suite's 6-minute budget allows. `make test` plays their first 12 turns;
# `make test-whole` (LUTECE_WHOLE_MATCHES=1), which .ci/run runs after the suite, whole.
WHOLE = os.environ.get("LUTECE_WHOLE_MATCHES") == "1"


@pytest.mark.long
@pytest.mark.usefixtures("clicking_fast")
@pytest.mark.parametrize("game", ["paris", "moscow-paris"])
async def test_a_long_match_clicked_on_the_board(world, browser, game):
    with_browser_board(world)
    async with world.bot() as bot:
        await play_through(world, bot, browser, game, seed=5, turns=None if WHOLE else 12)

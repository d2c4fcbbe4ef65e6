"""Issue 22: the Discord Activity in Chromium, framed the way Discord frames it (an iframe at
`/activity/?frame_id=…&instance_id=…&guild_id=…&channel_id=…`), in the SDK-mock mode the
page uses against the fake Discord: ready → authorize (the fake's OAuth2 code) → the bot's
`/api/activity/token` → the seat of that user at the match in that channel → that seat's
board, where one move clicked on the picture lands on Discord. A user with no seat gets the
spectator's board; a channel with no match, one sentence."""

from __future__ import annotations

import random
import shutil
import subprocess
from typing import Any

import pytest
from playwright.async_api import Browser

from bot.games import adapter_for
from bot.i18n import t
from bot.ui.screens import label_names
from bot.web.bundle import ACTIVITY_BUNDLE, ACTIVITY_DIR
from tests.browser.board_pages import WAIT_MS, BoardPage, with_browser_board
from tests.discord.driver import settle, start_match

# Discord's own frame parameters (the mock ignores frame_id and instance_id, Discord's
# client does not); `user_id` names who the fake's consent is for (no client to ask).
FRAME = "frame_id={frame}&instance_id=i-{frame}&platform=desktop"


@pytest.fixture(scope="module")
def activity_page() -> None:
    """The Activity's script as `make` builds it (the bot offers no Activity without it)."""
    if ACTIVITY_BUNDLE.is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: the bot runs without its Activity (see the README)")
    if not (ACTIVITY_DIR / "node_modules").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ACTIVITY_DIR, check=True)
    subprocess.run([npm, "run", "--silent", "build"], cwd=ACTIVITY_DIR, check=True, timeout=120)


async def in_discord(
    browser: Browser, public_url: str, guild: int, channel: int, user: int
) -> BoardPage:
    """A person's Discord client opening the Activity in `channel`: a page of the board's
    origin (Discord's proxy serves the Activity on its own) framing the Activity's address."""
    frame = random.randrange(10**9)
    query = f"{FRAME.format(frame=frame)}&guild_id={guild}&channel_id={channel}&user_id={user}"
    client = f"{public_url}/__discord_client__"
    context = await browser.new_context(viewport={"width": 900, "height": 900})
    context.set_default_timeout(WAIT_MS)

    async def discord_client(route: Any) -> None:
        html = f'<iframe id="activity" src="/activity?{query}" width="880" height="860"></iframe>'
        await route.fulfill(body=html, content_type="text/html")

    await context.route(client, discord_client)
    page = await context.new_page()
    board = BoardPage(page, page.frame_locator("#activity"))
    await page.goto(client)
    return board


# Real pictures (the other browser tests lay them out only): the places to click are where
# the drawing put their tags.
@pytest.mark.real_pictures
@pytest.mark.usefixtures("activity_page")
async def test_the_activity_opens_the_seats_board_and_a_click_plays(world, browser):
    public_url = with_browser_board(world, activity=True)
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob], game="city-of-light")
        match = await bot.host.get(match_id)
        (seat,) = match.to_act
        player = match.seats[seat].user_id
        names = label_names(match)
        adapter = adapter_for("city-of-light")
        private = {
            s.seat: adapter.private_text(bot.host.view(match, s.seat), names, "en")
            for s in match.seats
        }
        assert private[seat] != private[1 - seat]
        board = await in_discord(browser, public_url, world.guild.id, thread.id, player)
        try:
            assert await board.shows(match.version) == "choose"
            await board.settled()
            assert any(private[seat] in body for body in board.bodies), "its own secrets"
            assert not any(private[1 - seat] in b for b in board.bodies + board.frames)
            mine = await board.root.locator("#mine-text").inner_text()
            assert mine.strip(), "the seat's private information is shown"
            # The move clicked: a place on the picture wherever the step has some.
            step, on_picture = "choose", 0
            while step == "choose":
                spots = await board.root.locator("[data-hotspot]").all()
                others = await board.root.locator("[data-choice]").all()
                on_picture += bool(spots)
                await board.click((spots or others)[0])
                step = await board.shows(match.version)
            assert on_picture, "a place was clicked on the picture"
            await board.click(board.root.locator("[data-confirm-button]"))
            await board.shows(match.version + 1)
            await settle(world, bot)
            assert (await bot.host.get(match_id)).version == match.version + 1
            told = " ".join(m.text for m in world.fake.messages(thread)).replace("**", "")
            shown = await board.root.locator("[data-recap] li").all_inner_texts()
            assert shown and all(line in told for line in shown), (shown, told)
        finally:
            await board.close()


@pytest.mark.usefixtures("activity_page", "tiny_pictures")
async def test_the_activity_for_a_spectator_and_where_no_match_is_played(world, browser):
    public_url = with_browser_board(world, activity=True)
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob], game="city-of-light")
        match = await bot.host.get(match_id)
        names = label_names(match)
        adapter = adapter_for("city-of-light")
        private = [
            adapter.private_text(bot.host.view(match, s.seat), names, "en") for s in match.seats
        ]
        watcher = await in_discord(browser, public_url, world.guild.id, thread.id, carol.id)
        elsewhere = world.fake.channel("general").id
        lost = await in_discord(browser, public_url, world.guild.id, elsewhere, carol.id)
        try:
            assert await watcher.shows(match.version) == "wait"
            mine = await watcher.root.locator("#mine-text").inner_text()
            assert mine.strip() and all(p not in mine for p in private), mine
            await watcher.settled()
            assert not any(p in b for p in private for b in watcher.bodies + watcher.frames)
            said = lost.root.locator("#status")
            await said.filter(has_text=t("activity.no_match", "en")).wait_for()
        finally:
            await watcher.close()
            await lost.close()

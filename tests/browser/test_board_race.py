"""The board page keeps the newest screen when answers arrive out of order: a pick's answer
held back (Playwright's route interception) until the move was made elsewhere and pushed,
and the page drew it, must not bring the older screen back. And a pushed screen refused for
coming too fast (the rate limit's 429) is asked again: the page never stays behind."""

from __future__ import annotations

import asyncio
import random
from urllib.parse import parse_qs, urlsplit

from playwright.async_api import Route

from bot.i18n import t
from bot.web.links import board_link
from tests.browser.board_pages import BoardPage, city_of_light_table, with_browser_board
from tests.discord.driver import settle, take_turn


async def test_a_late_answer_to_a_pick_does_not_bring_back_an_older_screen(world, browser):
    with_browser_board(world)
    async with world.bot() as bot:
        table = await city_of_light_table(world, bot)
        match_id, thread, match, player = table.match_id, table.thread, table.match, table.player
        board = await BoardPage.open(browser, await board_link(bot, match, player.id, "en"))
        held, release = asyncio.Event(), asyncio.Event()

        async def hold_the_pick(route: Route) -> None:
            """The first pick's screen, answered by the server now (the older version) but
            handed to the page only once released."""
            path = parse_qs(urlsplit(route.request.url).query).get("path", [""])[0]
            if not path or held.is_set():
                await route.continue_()
                return
            answer = await route.fetch()
            held.set()
            await release.wait()
            await route.fulfill(response=answer)

        try:
            assert await board.shows(match.version) == "choose"
            await board.page.route("**/api/board/*/screen?*", hold_the_pick)
            await board.page.locator("[data-hotspot], [data-choice]").first.click()
            await asyncio.wait_for(held.wait(), 30)
            # Meanwhile the same player moves from Discord's panel: the push reaches the page,
            # which draws the newer version while the pick is still under way.
            result = await take_turn(world, player, thread, random.Random(1))
            assert result.responded and not result.failed, result
            await settle(world, bot)
            newest = (await bot.host.get(match_id)).version
            assert newest == match.version + 1
            await board.page.locator(f'main[data-version="{newest}"]').wait_for()
            release.set()
            main = board.page.locator("main[data-version]:not([data-busy])")
            await main.wait_for()
            assert await main.get_attribute("data-version") == str(newest)
            assert await main.get_attribute("data-step") == "wait"
        finally:
            release.set()
            await board.page.context.close()  # no scan here: its bodies are not awaited


async def test_a_pushed_screen_refused_for_coming_too_fast_is_asked_again(world, browser):
    with_browser_board(world)
    async with world.bot() as bot:
        table = await city_of_light_table(world, bot)
        match_id, thread, match, player = table.match_id, table.thread, table.match, table.player
        board = await BoardPage.open(browser, await board_link(bot, match, table.waiting.id, "en"))
        refused: list[str] = []
        slow_down = t("web.slow_down", "en")

        async def refuse_once(route: Route) -> None:
            """The first screen asked after the push: refused as the rate limit refuses."""
            if refused:
                await route.continue_()
                return
            refused.append(route.request.url)
            await route.fulfill(status=429, json={"error": slow_down})

        try:
            assert await board.shows(match.version) == "wait"
            await board.page.route("**/api/board/*/screen?*", refuse_once)
            result = await take_turn(world, player, thread, random.Random(1))
            assert result.responded and not result.failed, result
            await settle(world, bot)
            newest = (await bot.host.get(match_id)).version
            await board.page.locator("#error").filter(has_text=slow_down).wait_for()
            assert await board.shows(newest)
            assert refused and await board.page.locator("#error").is_hidden()
        finally:
            await board.close()

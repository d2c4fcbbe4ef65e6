"""Issue 22: "It works at phone widths" and "is accessible (keyboard, labels for screen
readers)": the board at 360 px in Chromium, every place on the picture a focusable button
with a name, the picture described, and a move made with Tab and Enter alone."""

from __future__ import annotations

from playwright.async_api import Page

from bot.web.links import board_link
from tests.browser.board_pages import BoardPage, city_of_light_table, with_browser_board
from tests.discord.driver import settle

PLAYABLE = "[data-hotspot], [data-choice], [data-confirm-button]"


async def check_places(page: Page) -> int:
    """Every place on the picture is a button with a name a screen reader reads, and takes
    the focus; how many there are."""
    before = await page.evaluate_handle("document.activeElement")
    spots = await page.locator("[data-hotspot]").all()
    for spot in spots:
        assert await spot.evaluate("e => e.tagName") == "BUTTON"
        name = await spot.get_attribute("aria-label")
        assert name, "a screen reader names every place"
        assert await page.get_by_role("button", name=name, exact=True).count() >= 1
        await spot.focus()
        assert await spot.evaluate("e => e === document.activeElement")
    # The focus back where the keyboard left it (nowhere yet: Tab starts from the top).
    await before.evaluate("e => e === document.body ? document.activeElement.blur() : e.focus()")
    return len(spots)


async def test_a_move_by_keyboard_alone_at_phone_width(world, browser):
    with_browser_board(world)
    async with world.bot() as bot:
        table = await city_of_light_table(world, bot)
        match_id, match = table.match_id, table.match
        link = await board_link(bot, match, table.player.id, "en")
        board = await BoardPage.open(browser, link, width=360)
        page = board.page
        try:
            assert await board.shows(match.version) == "choose"
            wide = await page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 360, "nothing wider than the phone's screen"
            alt = await page.locator("img[data-picture]").get_attribute("alt")
            assert alt and len(alt) > 20, "the picture is described in words"
            # Tab from the top of the page to the first place on the picture (else the
            # first choice), Enter; again until the move is to confirm; Tab to Confirm, Enter.
            # Every place shown on the way is a named button that takes the focus.
            step, presses = "choose", 0
            places = await check_places(page)
            while step != "wait":
                await page.keyboard.press("Tab")
                presses += 1
                assert presses < 200, "every choice can be reached with Tab"
                focused = page.locator(":focus")
                if await focused.count() and await focused.evaluate(
                    f"e => e.matches({PLAYABLE!r})"
                ):
                    await page.keyboard.press("Enter")
                    version = match.version + (step == "confirm")
                    step = await board.shows(version)
                    if step != "wait":  # the new step's question has the focus, read out
                        asked = "[data-move]" if step == "confirm" else "[data-prompt]"
                        assert await page.locator(f"{asked}:focus").count() == 1, step
                    places += await check_places(page)
            assert places > 0, "the places the rules allow were on the picture"
            await settle(world, bot)
            assert (await bot.host.get(match_id)).version == match.version + 1
        finally:
            await board.close()

"""The web board in a real browser: Debian's Chromium, headless, driven by Playwright.

Playwright's own browser download is never used (it cannot be fetched here): the tests launch
the machine's Chromium (`LUTECE_CHROMIUM`, else `chromium` or `chromium-browser` on the PATH).
Without one they fail under CI (`CI=true`: `.ci/run` installs it) and are skipped otherwise.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, async_playwright

from tests.discord.conftest import world  # noqa: F401  (the real bot against the fake Discord)

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """The machine's Chromium, where the tests look for it."""
    named = os.environ.get("LUTECE_CHROMIUM")
    if named:
        return named if os.access(named, os.X_OK) else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(autouse=True)
def pictures_laid_out(request: pytest.FixtureRequest) -> None:
    """Every picture is laid out and not drawn in these tests (its tags where the drawing
    puts them, the page's buttons over them), unless a test is marked `real_pictures`: a
    whole match draws hundreds of pictures, and the clicks need only their tags' boxes."""
    if request.node.get_closest_marker("real_pictures") is None:
        request.getfixturevalue("laid_out_pictures")


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    """A headless Chromium for one test (each test has its own event loop)."""
    path = chromium_path()
    if path is None:
        why = (
            "no Chromium for the browser tests: install Debian's `chromium` "
            "(apt-get install chromium) or set LUTECE_CHROMIUM to its path"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(why, pytrace=False)
        pytest.skip(why)
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield launched
        finally:
            await launched.close()

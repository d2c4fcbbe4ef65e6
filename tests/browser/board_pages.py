"""A seat's web board in a browser: opened from its personal link, played by clicking, and
every HTTP body and WebSocket frame it received kept for the leak scan."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import socket
from typing import Any

from playwright.async_api import Browser, FrameLocator, Page, Response, WebSocket
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from bot.app import LuteceBot
from bot.config import Config
from tests.discord.driver import start_match

SECRET = "a test secret, long enough to sign links with"
# How long a wait on the page may take before the test fails: a picture drawn on two cores
# shared by a whole test run can take seconds.
WAIT_MS = 60_000


def free_port() -> int:
    """A loopback port free now: the board's public URL must name the port the browser
    reaches (plays and the WebSocket are refused from any other origin)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def with_browser_board(world: Any, *, activity: bool = False) -> str:
    """The world's bot with its web board served on a loopback port; its public URL. With
    `activity`, the Discord Activity too, in the SDK-mock mode the fake Discord allows (its
    page must be built: `make`)."""
    port = free_port()
    public_url = f"http://127.0.0.1:{port}"
    oauth: dict[str, Any] = {}
    if activity:
        fake = world.fake
        oauth = {"endpoint": fake.base_url, "client_id": fake.application_id}
        oauth["client_secret"] = fake.oauth.client_secret

    def make_bot() -> LuteceBot:
        config = Config(
            token=world.fake.token,
            db_path=str(world.db),
            dev_guild=world.dev_guild,
            web=(public_url, port, SECRET),
            **oauth,
        )
        return LuteceBot(config, guild_ready_timeout=0.05)

    world.make_bot = make_bot
    return public_url


@dataclasses.dataclass(frozen=True)
class Table:
    """A two-seat City of Light match started from Discord (the short game most browser
    tests play a move or two of): who is to move, and who waits."""

    match_id: str
    thread: Any
    match: Any
    player: Any  # the user to move
    waiting: Any  # the other user


async def city_of_light_table(world: Any, bot: Any) -> Table:
    """alice invites bob to City of Light; the match as it starts."""
    alice, bob = world.user("alice"), world.user("bob")
    match_id, thread, _ = await start_match(world, bot, alice, [bob], game="city-of-light")
    match = await bot.host.get(match_id)
    (seat,) = match.to_act
    player = alice if match.seats[seat].user_id == alice.id else bob
    return Table(match_id, thread, match, player, bob if player is alice else alice)


def strings(value: Any) -> list[str]:
    """Every string in a JSON value, decoded, as the page shows them (a secret of several
    lines is found whole only once its escapes are undone)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in [key, *strings(item)]]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return [str(value)]


class BoardPage:
    """One browser context (a person) with the board open at their link."""

    def __init__(self, page: Page, root: Page | FrameLocator | None = None) -> None:
        self.page = page
        self.root = page if root is None else root  # where the board is (a frame inside Discord)
        self.bodies: list[str] = []
        self.frames: list[str] = []
        self.clicks = 0  # clicks made on this page since the last `count_turn`
        self._reads: list[asyncio.Task[None]] = []
        page.on("response", lambda r: self._reads.append(asyncio.ensure_future(self._keep(r))))
        page.on("websocket", self._watch)

    @classmethod
    async def open(cls, browser: Browser, link: str, width: int = 900) -> BoardPage:
        context = await browser.new_context(viewport={"width": width, "height": 900})
        context.set_default_timeout(WAIT_MS)
        board = cls(await context.new_page())
        await board.page.goto(link)
        return board

    async def _keep(self, response: Response) -> None:
        """A body as the page reads it (a JSON body's escapes decoded); pictures skipped,
        unread (a picture the page drops for a newer screen is cancelled: no body to read)."""
        if response.request.resource_type == "websocket" or response.status in (101, 204):
            return
        kind = response.headers.get("content-type", "")
        if kind.startswith("image/") or not response.url.startswith("http"):
            return
        try:
            body = await response.body()
        except Exception:  # noqa: BLE001 — a page closed before its body was read
            return
        text = body.decode("utf-8", errors="replace")
        if kind.startswith("application/json"):
            text = "\n".join(strings(json.loads(text)))
        self.bodies.append(text)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(str(payload)))

    async def settled(self) -> None:
        """Every body the page received so far read."""
        await asyncio.gather(*self._reads)

    async def shows(self, version: int) -> str:
        """Wait until the page drew the screen of `version` and nothing is under way; its
        step: `choose`, `confirm` or `wait`."""
        board = self.root.locator(f'main[data-version="{version}"]:not([data-busy])')
        try:
            await board.wait_for()
        except PlaywrightTimeoutError as exc:
            shown = await self.root.locator("main").evaluate("e => JSON.stringify(e.dataset)")
            said = await self.root.locator("#error").inner_text()
            raise AssertionError(f"screen {version} not drawn: {shown}, {said!r}") from exc
        step = await board.get_attribute("data-step")
        assert step is not None
        return step

    async def click(self, target: Any) -> None:
        """One click on the board, then the page's answer drawn."""
        await target.click()
        self.clicks += 1
        await self.root.locator("main[data-version]:not([data-busy])").wait_for()

    async def take_turn(self, version: int, rng: random.Random) -> int:
        """Choose at random among the places on the picture (else the other choices) until
        the move is to confirm, then Confirm; the clicks it took."""
        self.clicks = 0
        step = await self.shows(version)
        assert step in ("choose", "confirm"), step
        while step == "choose":
            spots = await self.root.locator("[data-hotspot]").all()
            if not spots:
                spots = await self.root.locator("[data-choice]").all()
            await self.click(rng.choice(spots))
            step = await self.shows(version)
        await self.click(self.root.locator("[data-confirm-button]"))
        await self.shows(version + 1)
        return self.clicks

    async def close(self) -> None:
        await self.settled()
        await self.page.context.close()

"""Helpers for pytest: run a real discord.py client against a fake Discord.

    async with fake_discord_session(make_bot, setup=build_world) as (fake, bot):
        alice = fake.user("alice")
        result = await alice.slash(fake.channel("general"), "ping")
        assert result.content == "pong"

``make_bot`` returns an *un-started* ``discord.Client``/``commands.Bot``; give it a
small ``guild_ready_timeout`` (e.g. 0.05), or ``on_ready`` waits 2 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from fakediscord.redirect import redirect_to
from fakediscord.server import FakeDiscord

RECOMMENDED_CLIENT_OPTIONS = {"guild_ready_timeout": 0.05}


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeDiscord, bot_factory: Callable[[], Any], *, timeout: float = 10.0
) -> AsyncIterator[Any]:
    """Start ``bot_factory()`` against ``fake``, wait until ready, close it on exit.

    Usable several times on one fake: a second block is a bot "restart".
    """
    with redirect_to(fake):
        bot = bot_factory()
        start = asyncio.create_task(bot.start(fake.token), name="fakediscord-bot")
        ready = asyncio.create_task(bot.wait_until_ready())
        try:
            done, _ = await asyncio.wait(
                {start, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if start in done:
                start.result()  # re-raise the login/connect error
                raise RuntimeError("the bot stopped before becoming ready")
            if ready not in done:
                raise TimeoutError("the bot did not become ready against the fake")
            yield bot
            # Let commands still running (thread creation, followups...) finish first.
            with contextlib.suppress(TimeoutError):
                await fake.idle(quiet=0.05, timeout=2.0)
        finally:
            ready.cancel()
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(start, 5)
            # let discord.py's session cleanup callbacks run inside the redirect
            await asyncio.sleep(0)


@contextlib.asynccontextmanager
async def fake_discord_session(
    bot_factory: Callable[[], Any],
    *,
    setup: Callable[[FakeDiscord], Any] | None = None,
    allow_unknown_routes: bool = False,
    **fake_kwargs: Any,
) -> AsyncIterator[tuple[FakeDiscord, Any]]:
    """Start a fake, build its world with ``setup(fake)``, start the bot; tear all down."""
    fake = await FakeDiscord.start(**fake_kwargs)
    try:
        if setup is not None:
            res = setup(fake)
            if asyncio.iscoroutine(res):
                await res
        async with running_bot(fake, bot_factory) as bot:
            yield fake, bot
        if not allow_unknown_routes:
            assert_no_unknown_routes(fake)
        assert_payloads_valid(fake)
    finally:
        await fake.stop()


def assert_no_unknown_routes(fake: FakeDiscord) -> None:
    """Fail when the bot called a route the fake does not know (it would 404 silently)."""
    if fake.unknown_routes:
        raise AssertionError(f"the bot called routes unknown to the fake: {fake.unknown_routes}")


def assert_payloads_valid(fake: FakeDiscord) -> None:
    """Fail when the bot sent a body Discord's OpenAPI schema refuses: the fake answered
    400 / 50035, which the bot may have logged quietly or not at all."""
    if fake.schema_refusals:
        raise AssertionError(
            "Discord's OpenAPI schema refused what the bot sent:\n"
            + "\n".join(fake.schema_refusals)
        )


class ErrorLogCatcher(logging.Handler):
    """Collects ERROR records: discord.py *logs* exceptions from commands and views
    instead of raising them, so a test must look at the log to notice them."""

    def __init__(self, prefixes: tuple[str, ...] = ("discord", "bot", "lutece")):
        super().__init__(logging.ERROR)
        self.prefixes = prefixes
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.split(".")[0] in self.prefixes or record.name == "root":
            self.records.append(record)

    def messages(self) -> list[str]:
        out = []
        for r in self.records:
            text = r.getMessage()
            if r.exc_info:
                text += f" ({r.exc_info[1]!r})"
            out.append(f"{r.name}: {text}")
        return out

    @contextlib.contextmanager
    def installed(self) -> Iterator[ErrorLogCatcher]:
        root = logging.getLogger()
        root.addHandler(self)
        try:
            yield self
        finally:
            root.removeHandler(self)

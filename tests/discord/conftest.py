"""The real bot against the local fake Discord: a guild, three players, a guard on errors."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

import bot.games
from bot.app import LuteceBot
from bot.config import Config
from fakediscord import FakeDiscord
from fakediscord.testing import (
    ErrorLogCatcher,
    assert_no_unknown_routes,
    assert_payloads_valid,
    running_bot,
)
from tests.conftest import TINY_PNG
from tests.discord.driver import NAMES, controlled_clock


def build_world(fake: FakeDiscord) -> Any:
    guild = fake.add_guild("Lutece HQ", channels=("general", "games"))
    for name in NAMES:
        fake.add_user(name)
    return guild


class World:
    """A fake Discord, its guild, and a way to (re)start the bot on one database."""

    def __init__(self, fake: FakeDiscord, guild: Any, db: Path) -> None:
        self.fake, self.guild, self.db = fake, guild, db
        self.games = fake.channel("games")
        self.dev_guild: int | None = guild.id  # None: commands are synced globally
        self.ai_workers: int | None = None  # 0: searches in the test's process (stand-ins)

    def make_bot(self) -> LuteceBot:
        config = Config(
            token=self.fake.token,
            db_path=str(self.db),
            dev_guild=self.dev_guild,
            ai_workers=self.ai_workers,
        )
        return LuteceBot(config, guild_ready_timeout=0.05)

    @contextlib.asynccontextmanager
    async def bot(self, *, clock: list[float] | None = None) -> AsyncIterator[LuteceBot]:
        """The bot, running; with `clock`, its host reads the time from it (see
        `controlled_clock`), over a restart too when each start is given the same."""
        async with running_bot(self.fake, self.make_bot) as bot:
            if clock is not None:
                controlled_clock(bot, clock)
            yield bot

    def user(self, name: str) -> Any:
        return self.fake.user(name)


@pytest.fixture
async def world(tmp_path) -> AsyncIterator[World]:
    fake = await FakeDiscord.start()
    guild = build_world(fake)
    catcher = ErrorLogCatcher(prefixes=("discord", "bot", "games", "storage"))
    try:
        with catcher.installed():
            yield World(fake, guild, tmp_path / "lutece.db")
        assert_no_unknown_routes(fake)
        assert_payloads_valid(fake)
        assert not catcher.records, catcher.messages()
    finally:
        await fake.stop()


@pytest.fixture(autouse=True)
def pictures_only_where_looked_at(request: pytest.FixtureRequest) -> None:
    """Every game draws a 1-pixel picture in these tests, unless a test is marked
    `real_pictures`: drawing a table takes 60-140 ms of CPU, and most tests look at the
    messages, not at the pictures (tests/render checks those)."""
    if request.node.get_closest_marker("real_pictures") is None:
        request.getfixturevalue("tiny_pictures")


@pytest.fixture
def fast_render(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip drawing Paris Paris's table pictures (tens of ms each) in tests that do not look
    at them."""
    from bot.games.paris_paris.adapter import ParisParisAdapter

    monkeypatch.setattr(ParisParisAdapter, "render", lambda self, view, names, **kw: TINY_PNG)


@pytest.fixture
def race_presentation(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The test-only game's presentation (tests/toy_game_bot) plugged in, as a game's own
    package is, and out again afterwards."""
    monkeypatch.setattr(bot.games, "_EXTRA", [*bot.games._EXTRA])
    bot.games.register_package("tests.toy_game_bot")
    yield
    bot.games._adapters.cache_clear()  # monkeypatch restores _EXTRA; forget the adapter
    bot.games.packages.cache_clear()

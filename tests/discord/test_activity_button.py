"""The table's "Play on the board": offered only when the Activity is set up, and answered
by launching it (interaction callback LAUNCH_ACTIVITY, type 12) in the match's thread."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import bot.web.bundle
from bot.app import LuteceBot
from bot.config import Config
from fakediscord.testing import running_bot
from tests.discord.driver import start_match, table_message

pytestmark = pytest.mark.usefixtures("tiny_pictures")
PLAY = "Play on the board"


@pytest.fixture
def built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Activity's page as `make` builds it (the build itself is tested on its own)."""
    bundle = tmp_path / "activity.js"
    bundle.write_text("// built\n")
    monkeypatch.setattr(bot.web.bundle, "ACTIVITY_BUNDLE", bundle)
    return bundle


@contextlib.asynccontextmanager
async def activity_bot(world: Any, **settings: Any) -> AsyncIterator[LuteceBot]:
    """The bot with the Activity's settings (the fake's own application and secret)."""
    given = {
        "client_id": world.fake.application_id,
        "client_secret": world.fake.oauth.client_secret,
        "web": ("http://127.0.0.1", 0, "s" * 32),
    }
    config = Config(
        token=world.fake.token,
        db_path=str(world.db),
        dev_guild=world.dev_guild,
        **{**given, **settings},
    )
    async with running_bot(world.fake, lambda: LuteceBot(config, guild_ready_timeout=0.05)) as b:
        yield b


async def test_no_board_button_unless_the_activity_is_set_up_and_built(
    world, tmp_path, caplog
) -> None:
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as b:  # nothing set: the table as before
        _, thread, _ = await start_match(world, b, alice, [bob])
        assert table_message(world, thread).find_component(label=PLAY) is None
    with pytest.MonkeyPatch.context() as patch:  # set up, but npm never built the page
        patch.setattr(bot.web.bundle, "ACTIVITY_BUNDLE", tmp_path / "missing.js")
        async with activity_bot(world) as b:
            assert not b.config.activity
            assert "its page was not built" in caplog.text  # said once, at start-up
            _, thread, _ = await start_match(world, b, alice, [bob])
            assert table_message(world, thread).find_component(label=PLAY) is None


async def test_the_board_button_launches_the_activity_in_the_thread(world, built) -> None:
    world.fake.oauth.activities = True  # the application has its Activity enabled
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    async with activity_bot(world) as b:
        _, thread, _ = await start_match(world, b, alice, [bob])
        table = table_message(world, thread)
        assert table.find_component(label=PLAY) is not None
        result = await carol.click(table, PLAY)  # a spectator may open it too
        assert result.responded and result.launched_activity
        assert result.message is None  # nothing posted: Discord opens the Activity
        (launch,) = world.fake.oauth.launches
        assert (launch.user_id, launch.channel_id) == (carol.id, thread.id)


async def test_a_refused_launch_is_one_sentence(world, built) -> None:
    """Discord: LAUNCH_ACTIVITY is "only available for apps with Activities enabled"."""
    alice, bob = world.user("alice"), world.user("bob")
    async with activity_bot(world) as b:  # the Developer Portal step was forgotten
        _, thread, _ = await start_match(world, b, alice, [bob])
        result = await bob.click(table_message(world, thread), PLAY)
        assert result.ephemeral and "can't be opened inside Discord" in result.content
        assert world.fake.oauth.launches == []

"""Fixtures for the fake Discord's own tests: a fake with one guild, the demo bot
connected, and a guard that fails a test on ERROR logs or unknown routes."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord
from fakediscord.testing import (
    ErrorLogCatcher,
    assert_no_unknown_routes,
    assert_payloads_valid,
    running_bot,
)
from tests.fakediscord.demo_bot import make_bot


def build_world(fake: FakeDiscord) -> None:
    guild = fake.add_guild("Lutece HQ", channels=("general", "games"))
    fake.add_user("alice")
    fake.add_user("bob")
    fake.add_user("carol")
    fake.guild = guild


@pytest.fixture
async def fake():
    fake = await FakeDiscord.start()
    build_world(fake)
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
async def bot(fake):
    catcher = ErrorLogCatcher()
    with catcher.installed():
        async with running_bot(fake, make_bot) as bot:
            yield bot
    assert_no_unknown_routes(fake)
    assert_payloads_valid(fake)
    assert not catcher.records, catcher.messages()


@pytest.fixture
def general(fake):
    return fake.channel("general")

"""Issue 7, findings 1 and 9: the slash commands reach Discord at start-up, once, where they
work, and a server without the commands scope does not stop the bot."""

from __future__ import annotations

import pytest

from bot.command_sync import digest
from fakediscord.errors import InteractionRefused
from storage import Store

pytestmark = pytest.mark.usefixtures("fast_render")


def puts(world, scope: str) -> int:
    """PUTs of the global (or guild) command set recorded by the fake."""
    route = "/applications/{application_id}/commands"
    if scope == "guild":
        route = "/applications/{application_id}/guilds/{guild_id}/commands"
    return sum(1 for c in world.fake.rest_calls if c.method == "PUT" and c.route == route)


async def test_only_a_token_is_enough_commands_are_synced_globally_and_once(world):
    world.dev_guild = None  # an admin who set nothing but DISCORD_TOKEN
    alice = world.user("alice")
    async with world.bot():
        names = sorted(c["name"] for c in world.fake.commands())
        assert names == ["admin", "city-of-light", "lutece", "moscow-paris", "paris", "paris-paris"]
        assert (await alice.slash(world.games, "lutece help")).ephemeral
    assert puts(world, "global") == 1
    async with world.bot():  # a restart with the same commands: no sync at all
        pass
    assert puts(world, "global") == 1 and puts(world, "guild") == 0


async def test_a_changed_command_set_is_synced_again_at_start_up(world):
    world.dev_guild = None
    async with world.bot():
        pass
    store = await Store.open(world.db)  # what an older Lutèce (other commands) left behind
    assert await store.get_fact("commands:global") is not None
    await store.set_fact("commands:global", "hash-of-an-older-command-set")
    await store.close()
    async with world.bot():
        pass
    assert puts(world, "global") == 2
    async with world.bot():
        pass
    assert puts(world, "global") == 2


def test_the_command_hash_follows_every_word_of_the_payload():
    payload = [{"name": "lutece", "description": "Lutèce", "options": []}]
    changed = [{**payload[0], "description_localizations": {"fr": "Lutèce !"}}]
    assert digest(payload) == digest([dict(payload[0])]) != digest(changed)


async def test_a_dev_guild_gets_instant_commands_and_nothing_shows_twice(world):
    alice = world.user("alice")
    async with world.bot():
        visible = [c["name"] for c in world.fake.visible_commands(alice, world.games)]
        # no /admin
        assert sorted(visible) == [
            "city-of-light",
            "lutece",
            "moscow-paris",
            "paris",
            "paris-paris",
        ]
        assert not [c for c in world.fake.commands() if "guild_id" not in c]  # global: empty


async def test_a_dev_guild_without_the_commands_scope_is_logged_and_the_bot_runs(world):
    other = world.fake.add_guild("No scope", channels=("lobby",), commands_scope=False)
    world.dev_guild = other.id
    async with world.bot() as bot:
        assert bot.is_ready()
        errors = [r for r in _error_records() if "could not sync" in r.getMessage()]
        assert len(errors) == 1 and errors[0].exc_info is None  # one sentence, no traceback
        _error_records().clear()
        # Nothing was remembered as synced, so the next start tries again.
        assert await bot.host.store.get_fact(f"commands:guild:{other.id}") is None


def _error_records():
    import logging

    from fakediscord.testing import ErrorLogCatcher

    catchers = [h for h in logging.getLogger().handlers if isinstance(h, ErrorLogCatcher)]
    return catchers[0].records


async def test_commands_are_offered_only_where_they_work(world):
    world.dev_guild = None
    alice = world.user("alice")
    async with world.bot():
        dm = alice.dm_channel
        help_ = await alice.slash(dm, "lutece help")  # /lutece works in DMs
        assert help_.responded and "paris-paris" in help_.content
        with pytest.raises(InteractionRefused):
            await alice.slash(dm, "paris-paris new")  # tables live in servers
        with pytest.raises(InteractionRefused):
            await alice.slash(dm, "admin matches")
        specs = {c["name"]: c for c in world.fake.commands()}
        assert specs["admin"]["default_member_permissions"] == str(1 << 5)  # Manage Server
        assert specs["paris-paris"]["contexts"] == [0]
        assert sorted(specs["lutece"]["contexts"]) == [0, 1]

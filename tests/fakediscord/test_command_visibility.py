"""Commands offered as a Discord client offers them: scope, contexts, member permissions
in the channel, command permission overrides; and the commands scope of an invite."""

from __future__ import annotations

import pytest

from fakediscord import InteractionRefused
from tests.fakediscord.rawapi import RawApi

MANAGE_MESSAGES = str(1 << 13)


def _cmd(name, **kw):
    return {"name": name, "description": "d", "type": 1, **kw}


async def _sync(fake, commands, guild=None):
    path = f"/applications/{fake.application_id}"
    path += f"/guilds/{guild.id}/commands" if guild else "/commands"
    async with RawApi(fake) as api:
        return await api.call("PUT", path, commands)


def _names(fake, user, channel):
    return sorted(c["name"] for c in fake.visible_commands(user, channel))


async def test_contexts_and_scopes(fake, general):
    alice = fake.user("alice")
    other = fake.add_guild("Other", channels=("lounge",))
    lounge, dm = fake.channel("lounge"), alice.dm_channel
    await _sync(
        fake,
        [
            _cmd("anywhere"),
            _cmd("servers", contexts=[0]),
            _cmd("dms", contexts=[1]),
            _cmd("legacy", dm_permission=False),
            _cmd("user-app", integration_types=[1]),
        ],
    )
    await _sync(fake, [_cmd("local")], fake.guild)
    assert _names(fake, alice, general) == ["anywhere", "legacy", "local", "servers"]
    assert _names(fake, alice, lounge) == ["anywhere", "legacy", "servers"]
    assert _names(fake, alice, dm) == ["anywhere", "dms"]
    for channel, name in ((dm, "servers"), (dm, "legacy"), (general, "dms"), (dm, "local")):
        with pytest.raises(InteractionRefused, match="not available"):
            await alice.slash(channel, name)
    with pytest.raises(InteractionRefused):
        await alice.slash(lounge, "local")  # a guild command elsewhere
    assert other.id != fake.guild.id


async def test_duplicates_show_twice(fake, general):
    alice = fake.user("alice")
    await _sync(fake, [_cmd("play")])
    await _sync(fake, [_cmd("play")], fake.guild)
    assert _names(fake, alice, general) == ["play", "play"]
    assert _names(fake, alice, alice.dm_channel) == ["play"]


async def test_default_member_permissions_in_the_channel(fake, general):
    alice, bob, carol = (fake.user(n) for n in ("alice", "bob", "carol"))
    guild = fake.guild
    await _sync(
        fake,
        [
            _cmd("admin", default_member_permissions="0"),
            _cmd("mod", default_member_permissions=MANAGE_MESSAGES),
        ],
    )
    mods = fake.add_role(guild, "Mods", "manage_messages")
    fake.give_role(bob, guild, mods)
    root = fake.add_role(guild, "Root", "administrator")
    fake.give_role(carol, guild, root)
    assert _names(fake, alice, general) == []
    assert _names(fake, bob, general) == ["mod"]
    assert _names(fake, carol, general) == ["admin", "mod"]
    owner = fake.state.users[guild.owner_id]
    assert _names(fake, owner, general) == ["admin", "mod"]
    fake.set_permissions(general, mods, deny="manage_messages")  # in this channel only
    assert _names(fake, bob, general) == []
    assert _names(fake, bob, fake.channel("games")) == ["mod"]
    with pytest.raises(InteractionRefused, match="permission"):
        await bob.slash(general, "mod")
    fake.allow_command(guild, "admin", mods)  # Server Settings → Integrations
    fake.allow_command(guild, "mod", alice)
    assert _names(fake, bob, general) == ["admin"]
    assert _names(fake, alice, general) == ["mod"]
    fake.set_permissions(general, guild, deny="use_application_commands")
    assert _names(fake, alice, general) == []
    fake.set_permissions(general, guild, deny="view_channel")
    with pytest.raises(InteractionRefused, match="cannot see"):
        await alice.slash(general, "mod")
    assert alice.visible_messages(general) == []


async def test_allowed_where_it_should_be(fake, bot, general):
    alice = fake.user("alice")
    fake.allow_command(fake.guild, "admin", fake.guild)  # @everyone
    assert (await alice.slash(general, "admin")).content == "admin ok: False"
    assert (await alice.slash(alice.dm_channel, "hand")).responded


async def test_guild_without_the_commands_scope(fake, general):
    alice = fake.user("alice")
    closed = fake.add_guild("Old invite", channels=("hall",), commands_scope=False)
    await _sync(fake, [_cmd("play")])
    r = await _sync(fake, [_cmd("local")], closed)
    assert (r.status, r.code, r.body["message"]) == (403, 50001, "Missing Access")
    async with RawApi(fake) as api:
        path = f"/applications/{fake.application_id}/guilds/{closed.id}/commands"
        r = await api.call("GET", path)
    assert (r.status, r.code) == (403, 50001)
    assert _names(fake, alice, fake.channel("hall")) == []  # global commands are not there
    assert _names(fake, alice, general) == ["play"]
    puts = [c for c in fake.rest_calls if c.method == "PUT"]
    assert [c.status for c in puts] == [200, 403]

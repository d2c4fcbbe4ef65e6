"""Which application commands a Discord client offers a user in a channel.

A client lists (and so can run) a command only where it applies (application-commands.mdx):

- scope: a guild command only in its own guild, never in DMs; a global command in a guild
  only if the app was invited with ``applications.commands`` (``add_guild(...,
  commands_scope=False)`` models an old invite without it);
- ``contexts`` (0 guild, 1 bot DM, 2 private channel; the fake's DMs are bot DMs), legacy
  ``dm_permission: false``, and ``integration_types`` without guild install (0);
- ``default_member_permissions``: the member's permissions *in that channel* must include
  them (``"0"``: administrators only); the owner and ADMINISTRATOR always pass; a command
  permission override (``fake.allow_command``, Server Settings → Integrations) for the
  member, one of their roles or @everyone lets them use it anyway; the member also needs
  USE_APPLICATION_COMMANDS in the channel;
- a channel the user cannot see offers nothing, and "Users cannot ... use application
  commands ... in archived threads" (threads.mdx).

A command synced both globally and to a guild is listed twice in that guild.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fakediscord import permissions
from fakediscord.errors import InteractionRefused
from fakediscord.state import ADMINISTRATOR, PERMISSIONS, Channel, Command, User

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server

GUILD_CONTEXT, BOT_DM_CONTEXT = 0, 1
GUILD_INSTALL = 0
CHAT_INPUT = 1
USE_APPLICATION_COMMANDS = PERMISSIONS["use_application_commands"]


def place_refusal(fake: Server, user: User, channel: Channel) -> str | None:
    """Why ``user``'s client cannot act in ``channel`` at all, or None."""
    st = fake.state
    if channel.is_dm:
        return None if channel.recipient_id == user.id else "that is someone else's DM"
    guild = st.guilds.get(channel.guild_id or 0)
    if guild is None or user.id not in guild.members:
        return f"{user.name} is not in that server"
    if not permissions.can_view(st, channel, user.id):
        return f"{user.name} cannot see {channel}"
    return None


def offered_here(fake: Server, channel: Channel, cmd: Command) -> bool:
    """Whether a client lists ``cmd`` in ``channel`` at all (scope and contexts)."""
    spec = cmd.payload
    if cmd.guild_id is not None:
        if cmd.guild_id != channel.guild_id:
            return False
    elif channel.guild_id is not None and not fake.state.guilds[channel.guild_id].commands_scope:
        return False
    context = BOT_DM_CONTEXT if channel.is_dm else GUILD_CONTEXT
    contexts = spec.get("contexts")
    if contexts is not None and context not in contexts:
        return False
    if context == BOT_DM_CONTEXT and spec.get("dm_permission") is False:
        return False
    integration_types = spec.get("integration_types")
    return integration_types is None or GUILD_INSTALL in integration_types


def _overridden(fake: Server, channel: Channel, cmd: Command, user: User) -> bool:
    guild = fake.state.guilds[channel.guild_id or 0]
    ids = guild.command_overrides.get(cmd.name, set())
    member = guild.members[user.id]
    return bool(ids & {user.id, guild.id, *member.role_ids})


def permission_refusal(fake: Server, user: User, channel: Channel, cmd: Command) -> str | None:
    """Why the member may not use ``cmd`` in ``channel`` (permissions), or None."""
    if channel.guild_id is None:
        return None
    st = fake.state
    if st.guilds[channel.guild_id].owner_id == user.id:
        return None
    perms = permissions.effective(st, channel, user.id)
    if perms & ADMINISTRATOR:
        return None
    if not perms & USE_APPLICATION_COMMANDS:
        return f"{user.name} lacks Use Application Commands in {channel}"
    required = cmd.payload.get("default_member_permissions")
    if required is None or _overridden(fake, channel, cmd, user):
        return None
    required = int(required)
    if required == 0 or perms & required != required:
        return f"{user.name} lacks permission for /{cmd.name}"
    return None


def visible_commands(fake: Server, user: User, channel: Channel) -> list[Command]:
    """The chat-input commands ``user``'s client lists in ``channel`` (duplicates kept)."""
    if place_refusal(fake, user, channel) or (channel.is_thread and channel.archived):
        return []
    return [
        c
        for c in fake.state.commands.values()
        if c.type == CHAT_INPUT
        and offered_here(fake, channel, c)
        and permission_refusal(fake, user, channel, c) is None
    ]


def find_command(fake: Server, user: User, channel: Channel, name: str) -> Command:
    """The command ``/name`` as ``user`` would pick it in ``channel`` (guild copy first)."""
    why = place_refusal(fake, user, channel)
    if why:
        raise InteractionRefused(why)
    if channel.is_thread and channel.archived:
        raise InteractionRefused(f"commands cannot be used in the archived thread {channel}")
    named = [c for c in fake.state.commands.values() if c.name == name and c.type == CHAT_INPUT]
    if not named:
        raise InteractionRefused(f"/{name} is not a synced command here")
    here = [c for c in named if offered_here(fake, channel, c)]
    if not here:
        where = "in DMs" if channel.is_dm else f"in {channel}"
        raise InteractionRefused(f"/{name} is not available {where}")
    refusals = [permission_refusal(fake, user, channel, c) for c in here]
    allowed = [c for c, r in zip(here, refusals, strict=True) if r is None]
    if not allowed:
        raise InteractionRefused(str(refusals[0]))
    return sorted(allowed, key=lambda c: c.guild_id is None)[0]

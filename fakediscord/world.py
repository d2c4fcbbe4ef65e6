"""Building and changing the fake's world from a test: guilds, channels, users, roles,
permission overwrites, nicknames, command permission overrides, thread states.

A mixin of :class:`fakediscord.server.FakeDiscord`. Changes made after a bot connected
are dispatched to it as Discord would (GUILD_MEMBER_ADD/UPDATE, GUILD_ROLE_CREATE,
CHANNEL_CREATE/UPDATE/DELETE, THREAD_UPDATE/DELETE...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from fakediscord import payloads, threads
from fakediscord.snowflakes import snowflake
from fakediscord.state import (
    DM,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    MANAGE_GUILD,
    MEMBER_OVERWRITE,
    ROLE_OVERWRITE,
    Channel,
    FakeState,
    Guild,
    Member,
    Overwrite,
    Role,
    User,
    permission_bits,
)

if TYPE_CHECKING:
    from fakediscord.users import FakeUser

Bits = int | str | Iterable[str]


def _bits(value: Bits) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return permission_bits(value)
    return permission_bits(*value)


class WorldMixin:
    """World building and test-side changes (see the module docstring)."""

    state: FakeState
    bot_user: User
    owner: User
    fake_users: dict[int, FakeUser]
    _dispatch_soon: Callable[[str, Callable[[], Any]], None]
    notify: Callable[[], None]

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        channels: tuple[str, ...] = ("general",),
        owner: Any = None,
        commands_scope: bool = True,
    ) -> Guild:
        """A guild with text ``channels``; ``commands_scope=False``: the bot was invited
        without ``applications.commands`` (its guild commands fail with 403 / 50001 and
        no command is offered there)."""
        owner_user = self._user_obj(owner) if owner is not None else self.owner
        guild = Guild(snowflake(), name, owner_user.id, commands_scope=commands_scope)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_PERMISSIONS, 0)
        self.state.guilds[guild.id] = guild
        for u in {owner_user.id, self.bot_user.id}:
            guild.members[u] = Member(u, guild.id)
        for ch in channels:
            self.add_channel(guild, ch)
        for fu in self.fake_users.values():
            self.join(fu, guild)
        self._dispatch_soon("GUILD_CREATE", lambda: payloads.guild_create(self.state, guild, 0))
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        chan = Channel(snowflake(), GUILD_TEXT, name=name, guild_id=guild.id)
        self.state.channels[chan.id] = chan
        guild.channel_ids.append(chan.id)
        self._dispatch_soon("CHANNEL_CREATE", lambda: payloads.channel(self.state, chan))
        return chan

    def channel(self, name: str, guild: Guild | None = None) -> Channel:
        """A guild text channel or thread by name (first match)."""
        for c in self.state.channels.values():
            if c.name == name and (guild is None or c.guild_id == guild.id):
                return c
        raise KeyError(name)

    def add_user(
        self,
        name: str,
        *,
        guilds: list[Guild] | None = None,
        locale: str = "en-US",
        global_name: str | None = None,
    ) -> FakeUser:
        """A human user who joins ``guilds`` (default: every guild so far).

        ``global_name`` is the display name, free text on Discord (``@everyone``,
        ``<@&123>``, Markdown, newlines, emoji...): the place for hostile names."""
        from fakediscord.users import FakeUser

        user = User(snowflake(), name, locale=locale, global_name=global_name)
        self.state.users[user.id] = user
        fu = FakeUser(self, user)  # type: ignore[arg-type]  # the mixin's self is the server
        self.fake_users[user.id] = fu
        for guild in self.state.guilds.values() if guilds is None else guilds:
            self.join(fu, guild)
        return fu

    def user(self, name: str) -> FakeUser:
        for fu in self.fake_users.values():
            if fu.name == name:
                return fu
        raise KeyError(name)

    def join(self, user: Any, guild: Guild) -> Member:
        u = self._user_obj(user)
        if u.id not in guild.members:
            guild.members[u.id] = Member(u.id, guild.id)
            self._dispatch_soon(
                "GUILD_MEMBER_ADD",
                lambda: {
                    **payloads.member(self.state, guild.members[u.id]),
                    "guild_id": str(guild.id),
                },
            )
        return guild.members[u.id]

    def add_role(
        self, guild: Guild, name: str, permissions: Bits = 0, *, mentionable: bool = False
    ) -> Role:
        role = Role(snowflake(), name, _bits(permissions), len(guild.roles), mentionable)
        guild.roles[role.id] = role
        self._dispatch_soon(
            "GUILD_ROLE_CREATE",
            lambda: {"guild_id": str(guild.id), "role": payloads.role(role)},
        )
        return role

    def give_role(self, user: Any, guild: Guild, role: Role) -> None:
        member = self.join(user, guild)
        if role.id not in member.role_ids:
            member.role_ids.append(role.id)
        self._member_updated(member)

    def make_admin(self, user: Any, guild: Guild) -> Role:
        """Give ``user`` a role with Manage Server in ``guild``."""
        role = next((r for r in guild.roles.values() if r.name == "Admins"), None)
        if role is None:
            role = self.add_role(guild, "Admins", MANAGE_GUILD)
        self.give_role(user, guild, role)
        return role

    def set_nickname(self, user: Any, guild: Guild, nick: str | None) -> None:
        """Set (or clear) ``user``'s server nickname: GUILD_MEMBER_UPDATE with ``nick``."""
        member = self.join(user, guild)
        member.nick = nick
        self._member_updated(member)

    def close_dms(self, user: Any) -> None:
        """The user blocks DMs from server members: bot DMs fail with 403 / 50007."""
        self._user_obj(user).dms_open = False

    def open_dms(self, user: Any) -> None:
        self._user_obj(user).dms_open = True

    def dm_channel(self, user: Any) -> Channel:
        """The DM channel between the bot and ``user`` (created if needed)."""
        u = self._user_obj(user)
        cid = self.state.dm_channels.get(u.id)
        if cid is None:
            chan = Channel(snowflake(), DM, recipient_id=u.id)
            self.state.channels[chan.id] = chan
            self.state.dm_channels[u.id] = chan.id
            cid = chan.id
        return self.state.channels[cid]

    # ------------------------------------------------------------------ permissions

    def set_permissions(
        self, channel: Channel, target: Any, allow: Bits = 0, deny: Bits = 0
    ) -> None:
        """Set the channel overwrite for ``target`` (a Role, a Guild for its @everyone, or a
        user); ``allow``/``deny`` are bits or permission names; both 0 removes it.
        Threads have none of their own: they inherit their parent's."""
        if channel.is_thread or channel.guild_id is None:
            raise ValueError("overwrites live on guild channels (threads inherit the parent's)")
        if isinstance(target, Guild):
            key, kind = target.id, ROLE_OVERWRITE
        elif isinstance(target, Role):
            key, kind = target.id, ROLE_OVERWRITE
        else:
            key, kind = self._user_obj(target).id, MEMBER_OVERWRITE
        allow_bits, deny_bits = _bits(allow), _bits(deny)
        if allow_bits or deny_bits:
            channel.overwrites[key] = Overwrite(key, kind, allow_bits, deny_bits)
        else:
            channel.overwrites.pop(key, None)
        self._dispatch_soon("CHANNEL_UPDATE", lambda: payloads.channel(self.state, channel))
        self.notify()

    def deny_bot(self, channel: Channel, *names: str) -> None:
        """Deny the bot these permissions (``"send_messages"``, ``"embed_links"``...) in
        ``channel`` with a member overwrite; for a thread, in its parent (threads inherit)."""
        if channel.is_thread:
            channel = self.state.channels[channel.parent_id or 0]
        current = channel.overwrites.get(self.bot_user.id)
        bits = permission_bits(*names)
        allow = (current.allow if current else 0) & ~bits
        deny = (current.deny if current else 0) | bits
        self.set_permissions(channel, self.bot_user, allow, deny)

    def allow_command(self, guild: Guild, name: str, target: Any) -> None:
        """A command permission override (Server Settings → Integrations): ``target`` (a
        Role, a user, or the Guild for @everyone) may use ``/name`` whatever its
        ``default_member_permissions``."""
        if isinstance(target, Guild | Role):
            key = target.id
        else:
            key = self._user_obj(target).id
        guild.command_overrides.setdefault(name, set()).add(key)

    # ------------------------------------------------------------------ threads

    def archive(self, thread: Channel) -> None:
        """Archive ``thread`` now (THREAD_UPDATE), as a moderator or the timer would."""
        threads.set_archived(self, thread, True)  # type: ignore[arg-type]  # the mixin's self is the server

    def lock(self, thread: Channel, locked: bool = True, *, archived: bool | None = None) -> None:
        """Lock or unlock ``thread`` (THREAD_UPDATE). Locking alone does not archive (the
        two are independent in the docs); pass ``archived=True`` for a moderator's
        "lock and close"."""
        thread.locked = locked
        if archived is not None and archived != thread.archived:
            threads.set_archived(self, thread, archived, dispatch=False)  # type: ignore[arg-type]  # the mixin's self is the server
        threads.dispatch_update(self, thread)  # type: ignore[arg-type]  # the mixin's self is the server

    def delete_channel(self, channel: Channel) -> dict:
        """Delete a channel (with its threads) or a thread, and their messages:
        CHANNEL_DELETE / THREAD_DELETE. Returns the deleted channel's payload."""
        st = self.state
        data = payloads.channel(st, channel)
        for child in st.threads(channel.id):
            self.delete_channel(child)
        st.channels.pop(channel.id, None)
        for m in st.channel_messages(channel.id):
            del st.messages[m.id]
        if channel.guild_id and channel.id in st.guilds[channel.guild_id].channel_ids:
            st.guilds[channel.guild_id].channel_ids.remove(channel.id)
        if channel.is_thread:
            event = "THREAD_DELETE"
            gone = {k: data[k] for k in ("id", "guild_id", "parent_id", "type")}
        else:
            event, gone = "CHANNEL_DELETE", data
        self._dispatch_soon(event, lambda: gone)
        self.notify()
        return data

    # ------------------------------------------------------------------ helpers

    def _member_updated(self, member: Member) -> None:
        self._dispatch_soon(
            "GUILD_MEMBER_UPDATE",
            lambda: {**payloads.member(self.state, member), "guild_id": str(member.guild_id)},
        )

    def _user_obj(self, user: Any) -> User:
        if isinstance(user, User):
            return user
        if hasattr(user, "user") and isinstance(user.user, User):
            return user.user
        return self.state.user(int(user))

"""Discord-side state held by the fake: who exists, where, and who can see what.

Plain dataclasses keyed by snowflake. Payload JSON is built from these in
:mod:`fakediscord.payloads`; the REST handlers and acting users mutate them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, TypeVar

from fakediscord.errors import not_found
from fakediscord.messages import Message
from fakediscord.snowflakes import iso_now, snowflake

# Channel types (Discord API)
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Every permission bit, by the snake_case name Discord's docs use (permissions.mdx,
# "Bitwise Permission Flags"). The one table the fake reads permission names from.
# fmt: off
PERMISSIONS: dict[str, int] = {
    "create_instant_invite": 1 << 0, "kick_members": 1 << 1, "ban_members": 1 << 2,
    "administrator": 1 << 3, "manage_channels": 1 << 4, "manage_guild": 1 << 5,
    "add_reactions": 1 << 6, "view_audit_log": 1 << 7, "priority_speaker": 1 << 8, "stream": 1 << 9,
    "view_channel": 1 << 10, "send_messages": 1 << 11, "send_tts_messages": 1 << 12,
    "manage_messages": 1 << 13, "embed_links": 1 << 14, "attach_files": 1 << 15,
    "read_message_history": 1 << 16, "mention_everyone": 1 << 17, "use_external_emojis": 1 << 18,
    "view_guild_insights": 1 << 19, "connect": 1 << 20, "speak": 1 << 21, "mute_members": 1 << 22,
    "deafen_members": 1 << 23, "move_members": 1 << 24, "use_vad": 1 << 25,
    "change_nickname": 1 << 26, "manage_nicknames": 1 << 27, "manage_roles": 1 << 28,
    "manage_webhooks": 1 << 29, "manage_guild_expressions": 1 << 30,
    "use_application_commands": 1 << 31, "request_to_speak": 1 << 32, "manage_events": 1 << 33,
    "manage_threads": 1 << 34, "create_public_threads": 1 << 35, "create_private_threads": 1 << 36,
    "use_external_stickers": 1 << 37, "send_messages_in_threads": 1 << 38,
    "use_embedded_activities": 1 << 39, "moderate_members": 1 << 40,
    "view_creator_monetization_analytics": 1 << 41, "use_soundboard": 1 << 42,
    "create_guild_expressions": 1 << 43, "create_events": 1 << 44, "use_external_sounds": 1 << 45,
    "send_voice_messages": 1 << 46, "set_voice_channel_status": 1 << 48, "send_polls": 1 << 49,
    "use_external_apps": 1 << 50, "pin_messages": 1 << 51, "bypass_slowmode": 1 << 52,
}
# fmt: on
ALL_PERMISSIONS = sum(PERMISSIONS.values())
ADMINISTRATOR = PERMISSIONS["administrator"]
MANAGE_GUILD = PERMISSIONS["manage_guild"]
VIEW_CHANNEL = PERMISSIONS["view_channel"]
SEND_MESSAGES = PERMISSIONS["send_messages"]
SEND_MESSAGES_IN_THREADS = PERMISSIONS["send_messages_in_threads"]
EMBED_LINKS = PERMISSIONS["embed_links"]
ATTACH_FILES = PERMISSIONS["attach_files"]
READ_MESSAGE_HISTORY = PERMISSIONS["read_message_history"]
MENTION_EVERYONE = PERMISSIONS["mention_everyone"]
MANAGE_THREADS = PERMISSIONS["manage_threads"]
MANAGE_MESSAGES = PERMISSIONS["manage_messages"]
EVERYONE_PERMISSIONS = sum(
    PERMISSIONS[n]
    for n in (
        "add_reactions",
        "view_channel",
        "send_messages",
        "embed_links",
        "attach_files",
        "read_message_history",
        "use_application_commands",
        "create_public_threads",
        "send_messages_in_threads",
    )
)
# ``app_permissions`` in a DM with the bot: ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE |
# USE_EXTERNAL_EMOJIS (receiving-and-responding.mdx; its BOT_DM example sends "442368").
DM_APP_PERMISSIONS = sum(
    PERMISSIONS[n]
    for n in ("attach_files", "embed_links", "mention_everyone", "use_external_emojis")
)


def permission_bits(*names: str | int) -> int:
    """OR of permission names (``"send_messages"``, case-insensitive) and/or raw bits."""
    bits = 0
    for name in names:
        if isinstance(name, int):
            bits |= name
            continue
        key = name.lower().replace(" ", "_")
        if key not in PERMISSIONS:
            raise KeyError(f"unknown permission {name!r}; see fakediscord.state.PERMISSIONS")
        bits |= PERMISSIONS[key]
    return bits


# Interaction types
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
# Interaction callback types
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
LAUNCH_ACTIVITY = 12  # callback: open the app's Activity (Activities enabled only)

# Message types
DEFAULT_MESSAGE, CHAT_INPUT_COMMAND = 0, 20

# Message flags (IS_COMPONENTS_V2: fakediscord.messages)
EPHEMERAL = 1 << 6
LOADING = 1 << 7


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    locale: str = "en-US"
    dms_open: bool = True

    def __str__(self) -> str:
        return self.name


@dataclass
class Role:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    mentionable: bool = False


@dataclass
class Member:
    user_id: int
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    commands_scope: bool = True  # invited with applications.commands
    command_overrides: dict[str, set[int]] = field(default_factory=dict)  # name -> ids allowed

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]


@dataclass
class Overwrite:
    """A channel permission overwrite for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0


ROLE_OVERWRITE, MEMBER_OVERWRITE = 0, 1
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)  # minutes (channel.mdx, thread metadata)


@dataclass
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None  # threads: the text channel
    owner_id: int | None = None  # threads: creator
    starter_message_id: int | None = None  # threads created from a message
    recipient_id: int | None = None  # DM channels: the (non-bot) user
    member_ids: set[int] = field(default_factory=set)  # threads: joined users
    archived: bool = False
    locked: bool = False
    created_at: str = field(default_factory=iso_now)
    overwrites: dict[int, Overwrite] = field(default_factory=dict)  # role/member id -> overwrite
    auto_archive_duration: int = 1440  # threads: minutes of inactivity before archiving
    last_activity: float | None = None  # threads: fake clock (s) of the last activity
    archive_timestamp: str = field(default_factory=iso_now)  # threads: last (un)archive
    invitable: bool = True

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def dm_user_id(self) -> int:
        """A DM channel's user: every DM channel is opened with one."""
        assert self.recipient_id is not None, f"{self} is no DM channel"
        return self.recipient_id

    def __str__(self) -> str:
        if self.is_dm:
            return f"DM<{self.recipient_id}>"
        return f"#{self.name}"


@dataclass
class Command:
    """An application command as synced by the bot (the payload it PUT, plus ids)."""

    id: int
    application_id: int
    guild_id: int | None
    payload: dict[str, Any]
    version: int = field(default_factory=snowflake)

    @property
    def name(self) -> str:
        return self.payload["name"]

    @property
    def type(self) -> int:
        return self.payload.get("type", 1)


@dataclass
class RestCall:
    method: str
    route: str  # the route template, e.g. "/channels/{channel_id}/messages"
    path: str
    status: int
    at: float
    interaction_id: int | None = None


@dataclass
class InteractionRecord:
    """One interaction the fake dispatched, and everything the bot did to answer it."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    source_message_id: int | None = None  # component / modal-from-component
    dispatched_at: float = field(default_factory=time.monotonic)
    responded_at: float | None = None
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    rest_calls: list[RestCall] = field(default_factory=list)
    late_callbacks: int = 0

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the bot's callback (None if it never answered)."""
        if self.responded_at is None:
            return None
        return self.responded_at - self.dispatched_at


T = TypeVar("T")


def _lookup(table: dict[int, T], key: int | str, code: int, what: str) -> T:
    """``table[int(key)]``, or the 404 Discord answers for an unknown ``what``."""
    try:
        return table[int(key)]
    except (KeyError, ValueError):
        raise not_found(code, f"Unknown {what}") from None


class FakeState:
    """All Discord-side objects, by id."""

    def __init__(self) -> None:
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}  # insertion order = creation order
        self.commands: dict[int, Command] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id

    # -- lookups that answer like Discord does when something is missing --

    def user(self, user_id: int | str) -> User:
        return _lookup(self.users, user_id, 10013, "User")

    def channel(self, channel_id: int | str) -> Channel:
        return _lookup(self.channels, channel_id, 10003, "Channel")

    def message(self, channel_id: int | str, message_id: int | str) -> Message:
        msg = _lookup(self.messages, message_id, 10008, "Message")
        if msg.channel_id != int(channel_id):
            raise not_found(10008, "Unknown Message")
        return msg

    def guild(self, guild_id: int | str) -> Guild:
        return _lookup(self.guilds, guild_id, 10004, "Guild")

    def member(self, guild_id: int | str, user_id: int | str) -> Member:
        return _lookup(self.guild(guild_id).members, user_id, 10007, "Member")

    # -- derived facts --

    def permissions(self, guild_id: int, user_id: int) -> int:
        """A member's guild-level permissions (roles OR-ed, owner/admin = everything).

        Channel-level permissions (overwrites) are :func:`fakediscord.permissions.compute`."""
        guild = self.guilds[guild_id]
        if guild.owner_id == user_id:
            return ALL_PERMISSIONS
        member = guild.members[user_id]
        perms = guild.everyone.permissions
        for role_id in member.role_ids:
            perms |= guild.roles[role_id].permissions
        if perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def channel_messages(self, channel_id: int) -> list[Message]:
        return [m for m in self.messages.values() if m.channel_id == channel_id]

    def threads(self, parent_id: int | None = None) -> list[Channel]:
        return [
            c
            for c in self.channels.values()
            if c.is_thread and (parent_id is None or c.parent_id == parent_id)
        ]

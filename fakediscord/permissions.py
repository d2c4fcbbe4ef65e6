"""Channel-level permissions, computed as Discord documents them, and the checks on the
bot's own REST calls.

``compute`` is the pseudocode of permissions.mdx ("Permission Overwrites"): base =
@everyone | roles (owner or ADMINISTRATOR → all), then the @everyone overwrite, the role
overwrites combined, the member overwrite. Threads use their parent's overwrites
("Inherited Permissions (Threads)"). That value is what Discord sends as
``app_permissions`` and ``member.permissions``; it does *not* include implicit
permissions (channel.mdx: "This does not include implicit permissions").

``effective`` adds the implicit rules the server enforces ("Implicit Permissions"): no
VIEW_CHANNEL → nothing; no SEND_MESSAGES → no MENTION_EVERYONE, SEND_TTS_MESSAGES,
ATTACH_FILES, EMBED_LINKS. In a thread SEND_MESSAGES "has no effect" (threads.mdx), so
there the rule keys on SEND_MESSAGES_IN_THREADS instead (the docs are silent on that;
this is the strict reading). A private thread is visible only to its members and to
MANAGE_THREADS holders.
"""

from __future__ import annotations

from fakediscord.errors import ApiError
from fakediscord.state import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    ATTACH_FILES,
    DM_APP_PERMISSIONS,
    EMBED_LINKS,
    MANAGE_THREADS,
    MENTION_EVERYONE,
    PERMISSIONS,
    PRIVATE_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Channel,
    FakeState,
)

_IMPLIED_BY_SENDING = (
    MENTION_EVERYONE | PERMISSIONS["send_tts_messages"] | ATTACH_FILES | EMBED_LINKS
)


def overwrite_source(state: FakeState, channel: Channel) -> Channel:
    """The channel whose overwrites apply: a thread's parent, else the channel itself."""
    if channel.is_thread and channel.parent_id in state.channels:
        return state.channels[channel.parent_id]
    return channel


def compute(state: FakeState, channel: Channel, user_id: int) -> int:
    """Discord's documented algorithm (no implicit permissions); DMs: what a DM allows."""
    if channel.guild_id is None:
        return DM_APP_PERMISSIONS
    guild = state.guilds[channel.guild_id]
    if user_id not in guild.members:
        return 0
    base = state.permissions(guild.id, user_id)
    if base & ADMINISTRATOR:
        return ALL_PERMISSIONS
    overwrites = overwrite_source(state, channel).overwrites
    perms = base
    everyone = overwrites.get(guild.id)
    if everyone:
        perms = (perms & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role_id in guild.members[user_id].role_ids:
        ow = overwrites.get(role_id)
        if ow:
            allow |= ow.allow
            deny |= ow.deny
    perms = (perms & ~deny) | allow
    member = overwrites.get(user_id)
    if member and member.type == 1:
        perms = (perms & ~member.deny) | member.allow
    return perms


def effective(state: FakeState, channel: Channel, user_id: int) -> int:
    """:func:`compute` plus the implicit denials the server applies."""
    perms = compute(state, channel, user_id)
    if channel.guild_id is None:
        return perms
    if perms & ADMINISTRATOR:
        return ALL_PERMISSIONS
    if not perms & VIEW_CHANNEL:
        return 0
    if channel.type == PRIVATE_THREAD:
        guild = state.guilds[channel.guild_id]
        owner = guild.owner_id == user_id
        if user_id not in channel.member_ids and not perms & MANAGE_THREADS and not owner:
            return 0
    sending = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
    if not perms & sending:
        perms &= ~_IMPLIED_BY_SENDING
    return perms


def can_view(state: FakeState, channel: Channel, user_id: int) -> bool:
    """Whether ``user_id`` sees ``channel`` (DMs: only its recipient and the bot)."""
    if channel.guild_id is None:
        return True
    return bool(effective(state, channel, user_id) & VIEW_CHANNEL)


def names(bits: int) -> list[str]:
    """Permission names set in ``bits`` (for error messages)."""
    return [n for n, b in PERMISSIONS.items() if bits & b]


def require(state: FakeState, channel: Channel, user_id: int, bits: int = 0) -> int:
    """Raise what Discord answers when ``user_id`` lacks ``bits`` in ``channel``.

    No VIEW_CHANNEL: 403 / 50001 Missing Access, whatever the call. Otherwise a missing
    bit: 403 / 50013 Missing Permissions. DMs carry no permission checks. Returns the
    effective permissions."""
    if channel.guild_id is None:
        return ALL_PERMISSIONS
    perms = effective(state, channel, user_id)
    if not perms & VIEW_CHANNEL:
        raise ApiError(403, 50001, "Missing Access")
    missing = bits & ~perms
    if missing:
        raise ApiError(403, 50013, "Missing Permissions")
    return perms


def send_bit(channel: Channel) -> int:
    """SEND_MESSAGES, or SEND_MESSAGES_IN_THREADS inside a thread (threads.mdx)."""
    return SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES

"""Every JSON payload the fake sends, in one place.

discord.py 2.7 requires some keys older examples lack (``attachment_size_limit`` on
interactions, ``flags`` on members...): when discord.py changes what it reads, this
is the one module to fix.
"""

from __future__ import annotations

from typing import Any

from fakediscord import permissions as perms
from fakediscord.messages import Attachment, Message
from fakediscord.snowflakes import iso_now
from fakediscord.state import DM, EPHEMERAL, Channel, Command, FakeState, Guild, Member, Role, User

API_VERSION = 10
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
HEARTBEAT_INTERVAL_MS = 41250


def user(u: User) -> dict[str, Any]:
    return {
        "id": str(u.id),
        "username": u.name,
        "global_name": u.global_name,
        "discriminator": "0",
        "avatar": None,
        "bot": u.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "mfa_enabled": False,
        "verified": True,
        "locale": u.locale,
    }


def role(r: Role) -> dict[str, Any]:
    return {
        "id": str(r.id),
        "name": r.name,
        "permissions": str(r.permissions),
        "position": r.position,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": False,
        "mentionable": r.mentionable,
        "flags": 0,
        "icon": None,
        "unicode_emoji": None,
    }


def member(
    state: FakeState,
    m: Member,
    *,
    with_user: bool = True,
    permissions: bool = False,
    channel: Channel | None = None,
) -> dict[str, Any]:
    """A member; with ``channel`` its ``permissions`` there (as interactions carry them),
    with ``permissions`` only its guild-level ones."""
    data: dict[str, Any] = {
        "roles": [str(r) for r in m.role_ids],
        "nick": m.nick,
        "avatar": None,
        "joined_at": m.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user(state.users[m.user_id])
    if channel is not None:
        data["permissions"] = str(perms.compute(state, channel, m.user_id))
    elif permissions:
        data["permissions"] = str(state.permissions(m.guild_id, m.user_id))
    return data


def overwrites(c: Channel) -> list[dict[str, Any]]:
    return [
        {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
        for o in c.overwrites.values()
    ]


def channel(state: FakeState, c: Channel) -> dict[str, Any]:
    if c.type == DM:
        return {
            "id": str(c.id),
            "type": DM,
            "last_message_id": None,
            "recipients": [user(state.users[c.dm_user_id])],
            "flags": 0,
        }
    data: dict[str, Any] = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "position": 0,
        "permission_overwrites": [] if c.is_thread else overwrites(c),
        "nsfw": False,
        "parent_id": str(c.parent_id) if c.parent_id else None,
        "rate_limit_per_user": 0,
        "flags": 0,
        "last_message_id": None,
    }
    if c.is_thread:
        data.update(
            owner_id=str(c.owner_id),
            message_count=len(state.channel_messages(c.id)),
            member_count=len(c.member_ids),
            total_message_sent=len(state.channel_messages(c.id)),
            thread_metadata={
                "archived": c.archived,
                "auto_archive_duration": c.auto_archive_duration,
                "archive_timestamp": c.archive_timestamp,
                "locked": c.locked,
                "invitable": c.invitable,
                "create_timestamp": c.created_at,
            },
        )
    else:
        data["topic"] = None
    return data


def attachment(a: Attachment, base_url: str, channel_id: int) -> dict[str, Any]:
    url = f"{base_url}/attachments/{channel_id}/{a.id}/{a.filename}"
    return {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": url,
        "proxy_url": url,
        "content_type": a.content_type,
        "description": a.description,
        "ephemeral": False,
        "flags": 0,
    }


def components(m: Message, base_url: str) -> list[dict]:
    """The message's components as Discord returns them: an ``attachment://name`` media url
    becomes the attachment's own url, with ``proxy_url``, ``content_type`` and
    ``attachment_id`` filled in (components/reference.mdx, "Unfurled Media Item": those
    fields are "provided by the API as part of the response")."""

    def resolved(value: Any) -> Any:
        if isinstance(value, list):
            return [resolved(v) for v in value]
        if not isinstance(value, dict):
            return value
        out = {k: resolved(v) for k, v in value.items()}
        url = out.get("url")
        if isinstance(url, str) and url.startswith("attachment://"):
            name = url.removeprefix("attachment://")
            found = next((a for a in m.attachments if a.filename == name), None)
            if found is not None:
                full = attachment(found, base_url, m.channel_id)
                out.update(
                    url=full["url"],
                    proxy_url=full["proxy_url"],
                    content_type=found.content_type,
                    attachment_id=full["id"],
                )
        return out

    return resolved(m.components)


def message(state: FakeState, m: Message, base_url: str) -> dict[str, Any]:
    chan = state.channels[m.channel_id]
    author = state.users[m.author_id]
    data: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "type": m.type,
        "content": m.content,
        "author": user(author),
        "embeds": m.embeds,
        "components": components(m, base_url),
        "attachments": [attachment(a, base_url, m.channel_id) for a in m.attachments],
        "timestamp": m.created_at,
        "edited_timestamp": m.edited_at,
        "flags": m.flags | (EPHEMERAL if m.ephemeral else 0),
        "tts": False,
        "mention_everyone": m.pinged_everyone,
        "mentions": [user(state.users[u]) for u in m.mentioned_user_ids if u in state.users],
        "mention_roles": [str(r) for r in sorted(m.pinged_role_ids)],
        "pinned": False,
        "reactions": [],
    }
    if chan.guild_id:
        data["guild_id"] = str(chan.guild_id)
        guild = state.guilds[chan.guild_id]
        if not author.bot and author.id in guild.members:
            data["member"] = member(state, guild.members[author.id], with_user=False)
    if m.webhook_id:
        data["webhook_id"] = str(m.webhook_id)
        data["application_id"] = str(m.webhook_id)
    if m.interaction_id and m.interaction_id in state.interactions:
        rec = state.interactions[m.interaction_id]
        data["interaction_metadata"] = {
            "id": str(rec.id),
            "type": rec.type,
            "user": user(state.users[rec.user_id]),
            "authorizing_integration_owners": {"0": str(rec.guild_id or 0)},
        }
    if m.thread_id and m.thread_id in state.channels:
        data["thread"] = channel(state, state.channels[m.thread_id])
    return data


def guild_create(state: FakeState, g: Guild, bot_user_id: int) -> dict[str, Any]:
    channels = [state.channels[c] for c in g.channel_ids]
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "owner_id": str(g.owner_id),
        "unavailable": False,
        "large": False,
        "member_count": len(g.members),
        "joined_at": iso_now(),
        "preferred_locale": g.locale,
        "features": [],
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "members": [member(state, m) for m in g.members.values()],
        "channels": [channel(state, c) for c in channels if not c.is_thread],
        "threads": [channel(state, c) for c in channels if c.is_thread and not c.archived],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "system_channel_flags": 0,
        "afk_timeout": 300,
    }


def ready(
    state: FakeState,
    bot: User,
    app_id: int,
    session_id: str,
    resume_url: str,
    shard: tuple[int, int] = (0, 1),
    guilds: list[int] | None = None,
) -> dict[str, Any]:
    return {
        "v": API_VERSION,
        "user": user(bot),
        "guilds": [
            {"id": str(g), "unavailable": True}
            for g in (state.guilds if guilds is None else guilds)
        ],
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "application": {"id": str(app_id), "flags": 0},
        "shard": list(shard),
        "private_channels": [],
        "relationships": [],
    }


def application(app_id: int, bot: User, owner: User) -> dict[str, Any]:
    return {
        "id": str(app_id),
        "name": bot.name,
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user(owner),
        "verify_key": "0" * 64,
        "flags": 0,
        "team": None,
        "bot": user(bot),
        "interactions_endpoint_url": None,
        "redirect_uris": [],
        "tags": [],
    }


def gateway_bot(url: str, shards: int = 1) -> dict[str, Any]:
    return {
        "url": url,
        "shards": shards,
        "session_start_limit": {
            "total": 1000,
            "remaining": 999,
            "reset_after": 0,
            "max_concurrency": 1,
        },
    }


def command(cmd: Command) -> dict[str, Any]:
    data = dict(cmd.payload)
    perms_required = cmd.payload.get("default_member_permissions")
    data.update(
        id=str(cmd.id),
        application_id=str(cmd.application_id),
        version=str(cmd.version),
        type=cmd.type,
        description=cmd.payload.get("description", ""),
        default_member_permissions=(  # Discord answers a string, whatever was sent
            None if perms_required is None else str(perms_required)
        ),
        nsfw=cmd.payload.get("nsfw", False),
    )
    if cmd.guild_id:
        data["guild_id"] = str(cmd.guild_id)
    return data


def interaction(
    state: FakeState,
    *,
    interaction_id: int,
    token: str,
    type_: int,
    app_id: int,
    user_id: int,
    chan: Channel,
    data: dict[str, Any] | None,
    message: dict[str, Any] | None = None,
    bot_id: int = 0,
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload, built from stored state: ``app_permissions`` and
    ``member.permissions`` are the bot's and the member's permissions in ``chan``."""
    u = state.users[user_id]
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(app_id),
        "type": type_,
        "token": token,
        "version": 1,
        "channel_id": str(chan.id),
        "channel": channel(state, chan),
        "locale": u.locale,
        "app_permissions": str(perms.compute(state, chan, bot_id)),
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if data is not None:
        payload["data"] = data
    if message is not None:
        payload["message"] = message
    if chan.guild_id:
        g = state.guilds[chan.guild_id]
        payload.update(
            guild_id=str(g.id),
            guild={"id": str(g.id), "locale": g.locale, "features": []},
            guild_locale=g.locale,
            member=member(state, g.members[user_id], channel=chan),
            authorizing_integration_owners={"0": str(g.id)},
            context=0,
        )
    else:
        payload.update(
            user=user(u),
            authorizing_integration_owners={"0": "0"},
            context=1,
        )
    return payload


def callback_response(
    rec_id: int,
    type_: int,
    msg: dict | None,
    *,
    ephemeral: bool,
    loading: bool,
    activity_instance: str | None = None,
) -> dict[str, Any]:
    """The body of ``POST /interactions/{id}/{token}/callback?with_response=1`` (a launched
    Activity's instance as the resource, for LAUNCH_ACTIVITY)."""
    body: dict[str, Any] = {
        "interaction": {
            "id": str(rec_id),
            "type": type_,
            "response_message_id": msg["id"] if msg else None,
            "response_message_loading": loading,
            "response_message_ephemeral": ephemeral,
        },
        "resource": None,
    }
    if msg is not None:
        body["resource"] = {"type": type_, "message": msg}
    elif activity_instance is not None:
        body["interaction"]["activity_instance_id"] = activity_instance
        body["resource"] = {"type": type_, "activity_instance": {"id": activity_instance}}
    elif type_ in (6, 8, 9):
        body["resource"] = {"type": type_}
    return body

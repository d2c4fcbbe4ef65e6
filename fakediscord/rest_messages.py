"""REST routes for messages in channels, threads and DMs, and for threads themselves.

Every route checks the bot's permissions in the channel as message.mdx and channel.mdx
state them (:func:`fakediscord.permissions.require`: no VIEW_CHANNEL → 403 / 50001,
a missing permission → 403 / 50013; DMs: only closed DMs, 50007).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from fakediscord import payloads, permissions, rest, threads
from fakediscord.errors import ApiError, invalid_form, not_found
from fakediscord.messages import Message
from fakediscord.rest import (
    Route,
    json_reply,
    message_payload,
    no_content,
    read_body,
    read_json,
)
from fakediscord.snowflakes import snowflake
from fakediscord.state import (
    ARCHIVE_DURATIONS,
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    PERMISSIONS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    Channel,
)

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server


def register(route: Route, fake: Server) -> None:
    st = fake.state

    # -- messages ---------------------------------------------------------------------

    bot = fake.bot_user.id

    def _channel(request: web.Request, bits: int = 0) -> Channel:
        chan = st.channel(request.match_info["channel_id"])
        permissions.require(st, chan, bot, bits)
        return chan

    @route("POST", "/channels/{channel_id}/typing")
    async def typing(request: web.Request) -> web.Response:
        _channel(request)
        return no_content()

    @route("POST", "/channels/{channel_id}/messages")
    async def send_message(request: web.Request) -> web.Response:
        chan = st.channel(request.match_info["channel_id"])
        if chan.is_dm and not st.users[chan.dm_user_id].dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        permissions.require(st, chan, bot, permissions.send_bit(chan))
        payload, files = await read_body(request)
        needed = (ATTACH_FILES if files else 0) | (EMBED_LINKS if payload.get("embeds") else 0)
        permissions.require(st, chan, bot, needed)
        msg = rest.create_message(fake, chan, payload, files)
        return json_reply(message_payload(fake, msg))

    @route("GET", "/channels/{channel_id}/messages")
    async def history(request: web.Request) -> web.Response:
        chan = _channel(request)
        if not permissions.effective(st, chan, bot) & READ_MESSAGE_HISTORY:
            return json_reply([])  # "then no messages will be returned"
        q = request.query
        limit = int(q.get("limit", 50))
        msgs = [m for m in st.channel_messages(chan.id) if not m.ephemeral]
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])]
            msgs = msgs[:limit]
        else:
            msgs = msgs[-limit:]
        return json_reply([message_payload(fake, m) for m in reversed(msgs)])

    def _channel_message(request: web.Request, bits: int = 0) -> Message:
        _channel(request, bits)
        msg = st.message(request.match_info["channel_id"], request.match_info["message_id"])
        if msg.ephemeral:
            raise not_found(10008, "Unknown Message")
        return msg

    @route("GET", "/channels/{channel_id}/messages/{message_id}")
    async def get_message(request: web.Request) -> web.Response:
        return json_reply(message_payload(fake, _channel_message(request, READ_MESSAGE_HISTORY)))

    @route("PATCH", "/channels/{channel_id}/messages/{message_id}")
    async def patch_message(request: web.Request) -> web.Response:
        msg = _channel_message(request)
        if msg.author_id != bot:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await read_body(request)
        # Strict reading (the docs are silent on edits): new files need ATTACH_FILES and
        # embeds EMBED_LINKS, as when sending.
        needed = (ATTACH_FILES if files else 0) | (EMBED_LINKS if payload.get("embeds") else 0)
        permissions.require(st, st.channels[msg.channel_id], bot, needed)
        return json_reply(message_payload(fake, rest.edit_message(fake, msg, payload, files)))

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}")
    async def del_message(request: web.Request) -> web.Response:
        msg = _channel_message(request)
        if msg.author_id != bot:  # someone else's message: MANAGE_MESSAGES
            permissions.require(st, st.channels[msg.channel_id], bot, MANAGE_MESSAGES)
        rest.delete_message(fake, msg)
        return no_content()

    # -- threads ------------------------------------------------------------------

    def _new_thread(parent: Channel, body: dict, type_: int, starter: Message | None) -> Channel:
        if parent.is_dm or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if type_ not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise invalid_form("type", "BASE_TYPE_CHOICES", "Value must be a thread type.")
        create = "create_private_threads" if type_ == PRIVATE_THREAD else "create_public_threads"
        permissions.require(st, parent, bot, PERMISSIONS[create])
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise invalid_form("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100.")
        duration = body.get("auto_archive_duration")
        duration = 1440 if duration is None else duration
        if duration not in ARCHIVE_DURATIONS:
            raise invalid_form(
                "auto_archive_duration", "BASE_TYPE_CHOICES", f"One of {ARCHIVE_DURATIONS}."
            )
        thread = Channel(
            starter.id if starter else snowflake(),  # Discord reuses the message id
            type_,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=fake.bot_user.id,
            starter_message_id=starter.id if starter else None,
            member_ids={fake.bot_user.id},
            auto_archive_duration=duration,
            invitable=bool(body.get("invitable", True)),
        )
        threads.set_auto_archive(fake, thread, duration)
        st.channels[thread.id] = thread
        assert parent.guild_id is not None, "threads start only in server channels"
        st.guilds[parent.guild_id].channel_ids.append(thread.id)
        if starter:
            starter.thread_id = thread.id
        fake._dispatch_soon(
            "THREAD_CREATE", lambda: {**payloads.channel(st, thread), "newly_created": True}
        )
        return thread

    @route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
    async def thread_from_message(request: web.Request) -> web.Response:
        msg = _channel_message(request)
        if msg.thread_id:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        parent = st.channel(request.match_info["channel_id"])
        thread = _new_thread(parent, await read_json(request), PUBLIC_THREAD, msg)
        return json_reply(payloads.channel(st, thread), 201)

    @route("POST", "/channels/{channel_id}/threads")
    async def thread_without_message(request: web.Request) -> web.Response:
        parent = st.channel(request.match_info["channel_id"])
        body = await read_json(request)
        type_ = int(body.get("type") or PRIVATE_THREAD)
        thread = _new_thread(parent, body, type_, None)
        return json_reply(payloads.channel(st, thread), 201)

    def _thread_member(request: web.Request, add: bool) -> web.Response:
        chan = _channel(request)
        if not chan.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if chan.archived:  # "Also requires the thread is not archived"
            raise threads.archived_error()
        uid = request.match_info.get("user_id", "@me")
        user = fake.bot_user if uid == "@me" else st.user(uid)
        if user.id != bot:
            if add:  # "Requires the ability to send messages in the thread"
                permissions.require(st, chan, bot, permissions.send_bit(chan))
            elif not (chan.type == PRIVATE_THREAD and chan.owner_id == bot):
                permissions.require(st, chan, bot, MANAGE_THREADS)
        (chan.member_ids.add if add else chan.member_ids.discard)(user.id)
        return no_content()

    @route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
    async def add_thread_member(request: web.Request) -> web.Response:
        return _thread_member(request, True)

    @route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
    async def remove_thread_member(request: web.Request) -> web.Response:
        return _thread_member(request, False)

    # -- DMs ----------------------------------------------------------------------

    @route("POST", "/users/@me/channels")
    async def open_dm(request: web.Request) -> web.Response:
        body = await read_json(request)
        user = st.user(body.get("recipient_id"))
        return json_reply(payloads.channel(st, fake.dm_channel(user)))

"""REST routes for messages in channels, threads and DMs, and for threads themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fakediscord import payloads, rest
from fakediscord.errors import ApiError, not_found
from fakediscord.rest import Route, json_reply, message_payload, no_content, read_body
from fakediscord.state import PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message, snowflake

if TYPE_CHECKING:
    from fakediscord.server import FakeDiscord


def register(route: Route, fake: FakeDiscord) -> None:
    st = fake.state

    # -- messages ---------------------------------------------------------------------

    @route("POST", "/channels/{channel_id}/typing")
    async def typing(request):
        st.channel(request.match_info["channel_id"])
        return no_content()

    def _writable(chan: Channel) -> None:
        if chan.is_dm:
            if not st.users[chan.recipient_id].dms_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif chan.is_thread and (chan.archived or chan.locked):
            raise ApiError(400, 50083, "Thread is archived")

    @route("POST", "/channels/{channel_id}/messages")
    async def send_message(request):
        chan = st.channel(request.match_info["channel_id"])
        _writable(chan)
        payload, files = await read_body(request)
        msg = rest.create_message(fake, chan, payload, files)
        return json_reply(message_payload(fake, msg))

    @route("GET", "/channels/{channel_id}/messages")
    async def history(request):
        chan = st.channel(request.match_info["channel_id"])
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

    def _channel_message(request) -> Message:
        msg = st.message(request.match_info["channel_id"], request.match_info["message_id"])
        if msg.ephemeral:
            raise not_found(10008, "Unknown Message")
        return msg

    @route("GET", "/channels/{channel_id}/messages/{message_id}")
    async def get_message(request):
        return json_reply(message_payload(fake, _channel_message(request)))

    @route("PATCH", "/channels/{channel_id}/messages/{message_id}")
    async def patch_message(request):
        msg = _channel_message(request)
        if msg.author_id != fake.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await read_body(request)
        return json_reply(message_payload(fake, rest.edit_message(fake, msg, payload, files)))

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}")
    async def del_message(request):
        rest.delete_message(fake, _channel_message(request))
        return no_content()

    # -- threads ------------------------------------------------------------------

    def _new_thread(parent: Channel, body: dict, type_: int, starter: Message | None) -> Channel:
        if parent.is_dm or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not body.get("name"):
            raise ApiError(400, 50035, "Invalid Form Body")
        thread = Channel(
            starter.id if starter else snowflake(),  # Discord reuses the message id
            type_,
            name=str(body["name"])[:100],
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=fake.bot_user.id,
            starter_message_id=starter.id if starter else None,
            member_ids={fake.bot_user.id},
        )
        st.channels[thread.id] = thread
        st.guilds[parent.guild_id].channel_ids.append(thread.id)
        if starter:
            starter.thread_id = thread.id
        fake._dispatch_soon(
            "THREAD_CREATE", lambda: {**payloads.channel(st, thread), "newly_created": True}
        )
        return thread

    @route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
    async def thread_from_message(request):
        msg = _channel_message(request)
        if msg.thread_id:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        parent = st.channel(request.match_info["channel_id"])
        thread = _new_thread(parent, await request.json(), PUBLIC_THREAD, msg)
        return json_reply(payloads.channel(st, thread), 201)

    @route("POST", "/channels/{channel_id}/threads")
    async def thread_without_message(request):
        parent = st.channel(request.match_info["channel_id"])
        body = await request.json()
        type_ = int(body.get("type") or PRIVATE_THREAD)
        thread = _new_thread(parent, body, type_, None)
        return json_reply(payloads.channel(st, thread), 201)

    def _thread_member(request, add: bool):
        chan = st.channel(request.match_info["channel_id"])
        if not chan.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        uid = request.match_info.get("user_id", "@me")
        user = fake.bot_user if uid == "@me" else st.user(uid)
        (chan.member_ids.add if add else chan.member_ids.discard)(user.id)
        return no_content()

    @route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
    async def add_thread_member(request):
        return _thread_member(request, True)

    @route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
    async def remove_thread_member(request):
        return _thread_member(request, False)

    # -- DMs ----------------------------------------------------------------------

    @route("POST", "/users/@me/channels")
    async def open_dm(request):
        body = await request.json()
        user = st.user(body.get("recipient_id"))
        return json_reply(payloads.channel(st, fake.dm_channel(user)))

"""REST handlers: the routes discord.py calls, applied to :class:`FakeState`.

Each handler raises :class:`ApiError` for what Discord would refuse; the server's
middleware turns it into Discord's JSON error body and records the call.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from fakediscord import payloads
from fakediscord.errors import ApiError, not_found, unknown_interaction
from fakediscord.faults import check_choices, check_message
from fakediscord.state import (
    DM,
    EPHEMERAL,
    LOADING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Attachment,
    Channel,
    Command,
    InteractionRecord,
    Message,
    snowflake,
)

if TYPE_CHECKING:
    from fakediscord.server import FakeDiscord

INTERACTION_KEY: web.RequestKey[InteractionRecord] = web.RequestKey(
    "interaction", InteractionRecord
)

# Interaction callback types
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
# Message types
DEFAULT, CHAT_INPUT_COMMAND, THREAD_CREATED = 0, 20, 18
# Interaction types
APPLICATION_COMMAND = 2


def _json(data: Any, status: int = 200) -> web.Response:
    from fakediscord.server import json_response

    return json_response(data, status)


def _no_content() -> web.Response:
    return web.Response(status=204)


# ---------------------------------------------------------------- request bodies


async def read_body(request: web.Request) -> tuple[dict, list[tuple[int, str, str | None, bytes]]]:
    """A JSON or multipart (payload_json + files[n]) body: (payload, files)."""
    if not request.can_read_body:
        return {}, []
    ctype = request.headers.get("Content-Type", "")
    if ctype.startswith("multipart/"):
        payload: dict = {}
        files = []
        reader = await request.multipart()
        async for part in reader:
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(await part.text())
            elif name.startswith("files["):
                index = int(name[6:-1])
                data = await part.read(decode=False)
                ctype_part = part.headers.get("Content-Type")
                files.append((index, part.filename or f"file{index}", ctype_part, bytes(data)))
        return payload, files
    raw = await request.read()
    return (json.loads(raw) if raw else {}), []


def _attachments(
    payload: dict, files: list, existing: list[Attachment] | None
) -> list[Attachment] | None:
    """New attachment list, or None to keep the current one (edits without changes)."""
    by_index = {f[0]: f for f in files}
    if "attachments" in payload and payload["attachments"] is not None:
        old = {str(a.id): a for a in existing or []}
        result = []
        for spec in payload["attachments"]:
            sid = str(spec.get("id"))
            if sid in old:
                result.append(old[sid])
                continue
            f = by_index.get(int(sid)) if sid.isdigit() else None
            if f is None:
                continue
            result.append(
                Attachment(
                    snowflake(),
                    spec.get("filename") or f[1],
                    f[3],
                    f[2],
                    spec.get("description"),
                )
            )
        return result
    if files:
        new = [Attachment(snowflake(), f[1], f[3], f[2]) for f in files]
        return (existing or []) + new
    return None


# ---------------------------------------------------------------- message operations


def create_message(
    fake: FakeDiscord,
    chan: Channel,
    payload: dict,
    files: list,
    *,
    author_id: int | None = None,
    path: str = "",
    ephemeral_for: int | None = None,
    interaction: InteractionRecord | None = None,
    type_: int = DEFAULT,
    extra_flags: int = 0,
) -> Message:
    check_message(payload, path=path, files=len(files), creating=not extra_flags & LOADING)
    flags = int(payload.get("flags") or 0) & ~EPHEMERAL
    msg = Message(
        snowflake(),
        chan.id,
        author_id if author_id is not None else fake.bot_user.id,
        content=str(payload.get("content") or ""),
        embeds=list(payload.get("embeds") or []),
        components=list(payload.get("components") or []),
        attachments=_attachments(payload, files, None) or [],
        flags=flags | extra_flags,
        type=type_,
        ephemeral_for=ephemeral_for,
        interaction_id=interaction.id if interaction else None,
        webhook_id=fake.application_id if interaction else None,
    )
    fake.state.messages[msg.id] = msg
    if not msg.ephemeral:
        fake._dispatch_soon("MESSAGE_CREATE", lambda: message_payload(fake, msg))
    return msg


def edit_message(fake: FakeDiscord, msg: Message, payload: dict, files: list, path: str = ""):
    check_message(payload, path=path, creating=False)
    if "content" in payload:
        msg.content = str(payload["content"] or "")
    if "embeds" in payload:
        msg.embeds = list(payload["embeds"] or [])
    if "components" in payload:
        msg.components = list(payload["components"] or [])
    if "flags" in payload and payload["flags"] is not None:
        msg.flags = int(payload["flags"]) & ~EPHEMERAL
    atts = _attachments(payload, files, msg.attachments)
    if atts is not None:
        msg.attachments = atts
    msg.flags &= ~LOADING
    msg.edited_at = payloads.iso_now()
    msg.edits += 1
    if not msg.ephemeral:
        fake._dispatch_soon("MESSAGE_UPDATE", lambda: message_payload(fake, msg))
    return msg


def delete_message(fake: FakeDiscord, msg: Message) -> None:
    fake.state.messages.pop(msg.id, None)
    if not msg.ephemeral:
        chan = fake.state.channels[msg.channel_id]
        data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if chan.guild_id:
            data["guild_id"] = str(chan.guild_id)
        fake._dispatch_soon("MESSAGE_DELETE", lambda: data)


def message_payload(fake: FakeDiscord, msg: Message) -> dict:
    return payloads.message(fake.state, msg, fake.base_url)


# ---------------------------------------------------------------- routes


def register_routes(app: web.Application, fake: FakeDiscord, prefix: str) -> None:
    st = fake.state
    r = app.router

    def route(method: str, path: str):
        def deco(fn):
            r.add_route(method, prefix + path, fn)
            return fn

        return deco

    # -- login / identity --------------------------------------------------------

    @route("GET", "/users/@me")
    async def me(request):
        return _json(payloads.user(fake.bot_user))

    @route("GET", "/users/{user_id}")
    async def get_user(request):
        return _json(payloads.user(st.user(request.match_info["user_id"])))

    @route("GET", "/oauth2/applications/@me")
    @route("GET", "/applications/@me")
    async def app_info(request):
        return _json(payloads.application(fake.application_id, fake.bot_user, fake.owner))

    @route("GET", "/gateway/bot")
    async def gateway_bot(request):
        return _json(payloads.gateway_bot(fake.gateway_url))

    @route("GET", "/gateway")
    async def gateway(request):
        return _json({"url": fake.gateway_url})

    # -- application commands -----------------------------------------------------

    def _check_app(request):
        if request.match_info["application_id"] != str(fake.application_id):
            raise ApiError(403, 50001, "Missing Access")

    def _commands(guild_id):
        return [c for c in st.commands.values() if c.guild_id == guild_id]

    def _bulk_overwrite(guild_id, body):
        old = {(c.name, c.type): c for c in _commands(guild_id)}
        for c in old.values():
            del st.commands[c.id]
        result = []
        for spec in body:
            spec = dict(spec)
            prev = old.get((spec["name"], spec.get("type", 1)))
            cmd = Command(prev.id if prev else snowflake(), fake.application_id, guild_id, spec)
            st.commands[cmd.id] = cmd
            result.append(payloads.command(cmd))
        return result

    @route("GET", "/applications/{application_id}/commands")
    async def get_global_commands(request):
        _check_app(request)
        return _json([payloads.command(c) for c in _commands(None)])

    @route("PUT", "/applications/{application_id}/commands")
    async def put_global_commands(request):
        _check_app(request)
        return _json(_bulk_overwrite(None, await request.json()))

    @route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
    async def get_guild_commands(request):
        _check_app(request)
        return _json(
            [payloads.command(c) for c in _commands(st.guild(request.match_info["guild_id"]).id)]
        )

    @route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
    async def put_guild_commands(request):
        _check_app(request)
        gid = st.guild(request.match_info["guild_id"]).id
        return _json(_bulk_overwrite(gid, await request.json()))

    # -- guilds ------------------------------------------------------------------

    @route("GET", "/guilds/{guild_id}")
    async def get_guild(request):
        g = st.guild(request.match_info["guild_id"])
        data = payloads.guild_create(st, g, fake.bot_user.id)
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            data.pop(key)
        return _json(data)

    @route("GET", "/guilds/{guild_id}/channels")
    async def get_guild_channels(request):
        g = st.guild(request.match_info["guild_id"])
        chans = [st.channels[c] for c in g.channel_ids if not st.channels[c].is_thread]
        return _json([payloads.channel(st, c) for c in chans])

    @route("GET", "/guilds/{guild_id}/roles")
    async def get_roles(request):
        g = st.guild(request.match_info["guild_id"])
        return _json([payloads.role(x) for x in g.roles.values()])

    @route("GET", "/guilds/{guild_id}/members")
    async def get_members(request):
        g = st.guild(request.match_info["guild_id"])
        return _json([payloads.member(st, m) for m in g.members.values()])

    @route("GET", "/guilds/{guild_id}/members/{user_id}")
    async def get_member(request):
        m = st.member(request.match_info["guild_id"], request.match_info["user_id"])
        return _json(payloads.member(st, m))

    @route("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
    async def add_member_role(request):
        g = st.guild(request.match_info["guild_id"])
        m = st.member(g.id, request.match_info["user_id"])
        role_id = int(request.match_info["role_id"])
        if role_id not in g.roles:
            raise not_found(10011, "Unknown Role")
        if role_id not in m.role_ids:
            m.role_ids.append(role_id)
        fake._member_updated(m)
        return _no_content()

    @route("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
    async def remove_member_role(request):
        m = st.member(request.match_info["guild_id"], request.match_info["user_id"])
        role_id = int(request.match_info["role_id"])
        if role_id in m.role_ids:
            m.role_ids.remove(role_id)
        fake._member_updated(m)
        return _no_content()

    @route("GET", "/guilds/{guild_id}/threads/active")
    async def active_threads(request):
        g = st.guild(request.match_info["guild_id"])
        threads = [c for c in st.threads() if c.guild_id == g.id and not c.archived]
        return _json({"threads": [payloads.channel(st, t) for t in threads], "members": []})

    # -- channels & messages ----------------------------------------------------------

    @route("GET", "/channels/{channel_id}")
    async def get_channel(request):
        return _json(payloads.channel(st, st.channel(request.match_info["channel_id"])))

    @route("PATCH", "/channels/{channel_id}")
    async def edit_channel(request):
        chan = st.channel(request.match_info["channel_id"])
        body = await request.json()
        if "name" in body:
            chan.name = body["name"]
        if "archived" in body:
            chan.archived = bool(body["archived"])
        if "locked" in body:
            chan.locked = bool(body["locked"])
        event = "THREAD_UPDATE" if chan.is_thread else "CHANNEL_UPDATE"
        fake._dispatch_soon(event, lambda: payloads.channel(st, chan))
        return _json(payloads.channel(st, chan))

    @route("DELETE", "/channels/{channel_id}")
    async def delete_channel(request):
        chan = st.channel(request.match_info["channel_id"])
        data = payloads.channel(st, chan)
        del st.channels[chan.id]
        for m in st.channel_messages(chan.id):
            del st.messages[m.id]
        if chan.guild_id and chan.id in st.guilds[chan.guild_id].channel_ids:
            st.guilds[chan.guild_id].channel_ids.remove(chan.id)
        event = "THREAD_DELETE" if chan.is_thread else "CHANNEL_DELETE"
        fake._dispatch_soon(event, lambda: data)
        return _json(data)

    @route("POST", "/channels/{channel_id}/typing")
    async def typing(request):
        st.channel(request.match_info["channel_id"])
        return _no_content()

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
        msg = create_message(fake, chan, payload, files)
        return _json(message_payload(fake, msg))

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
        return _json([message_payload(fake, m) for m in reversed(msgs)])

    def _channel_message(request) -> Message:
        msg = st.message(request.match_info["channel_id"], request.match_info["message_id"])
        if msg.ephemeral:
            raise not_found(10008, "Unknown Message")
        return msg

    @route("GET", "/channels/{channel_id}/messages/{message_id}")
    async def get_message(request):
        return _json(message_payload(fake, _channel_message(request)))

    @route("PATCH", "/channels/{channel_id}/messages/{message_id}")
    async def patch_message(request):
        msg = _channel_message(request)
        if msg.author_id != fake.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await read_body(request)
        return _json(message_payload(fake, edit_message(fake, msg, payload, files)))

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}")
    async def del_message(request):
        delete_message(fake, _channel_message(request))
        return _no_content()

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
        return _json(payloads.channel(st, thread), 201)

    @route("POST", "/channels/{channel_id}/threads")
    async def thread_without_message(request):
        parent = st.channel(request.match_info["channel_id"])
        body = await request.json()
        type_ = int(body.get("type") or PRIVATE_THREAD)
        thread = _new_thread(parent, body, type_, None)
        return _json(payloads.channel(st, thread), 201)

    def _thread_member(request, add: bool):
        chan = st.channel(request.match_info["channel_id"])
        if not chan.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        uid = request.match_info.get("user_id", "@me")
        user = fake.bot_user if uid == "@me" else st.user(uid)
        (chan.member_ids.add if add else chan.member_ids.discard)(user.id)
        return _no_content()

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
        return _json(payloads.channel(st, fake.dm_channel(user)))

    # -- interactions ---------------------------------------------------------------

    def _interaction(request, by: str) -> InteractionRecord:
        if by == "id":
            rec = st.interactions.get(int(request.match_info["interaction_id"]))
            if rec is None or rec.token != request.match_info["token"]:
                raise unknown_interaction()
        else:
            if request.match_info["application_id"] != str(fake.application_id):
                raise not_found(10015, "Unknown Webhook")
            rec = st.interactions_by_token.get(request.match_info["token"])
            if rec is None:
                raise not_found(10015, "Unknown Webhook")
            if time.monotonic() - rec.dispatched_at > fake.faults.token_lifetime:
                raise ApiError(401, 50027, "Invalid Webhook Token")
            if rec.responded_at is None:
                raise not_found(10015, "Unknown Webhook")
        request[INTERACTION_KEY] = rec
        return rec

    @route("POST", "/interactions/{interaction_id}/{token}/callback")
    async def callback(request):
        rec = _interaction(request, "id")
        if time.monotonic() - rec.dispatched_at > fake.faults.response_window:
            rec.late_callbacks += 1
            raise unknown_interaction()
        if rec.responded_at is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        body, files = await read_body(request)
        type_ = int(body.get("type", 0))
        data = body.get("data") or {}
        chan = st.channels[rec.channel_id]
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        source = st.messages.get(rec.source_message_id) if rec.source_message_id else None
        msg: Message | None = None
        loading = False
        if type_ == CHANNEL_MESSAGE:
            msg = create_message(
                fake,
                chan,
                data,
                files,
                path="data",
                ephemeral_for=rec.user_id if ephemeral else None,
                interaction=rec,
                type_=CHAT_INPUT_COMMAND if rec.type == APPLICATION_COMMAND else DEFAULT,
            )
        elif type_ == DEFERRED_CHANNEL_MESSAGE:
            loading = True
            msg = create_message(
                fake,
                chan,
                {},
                [],
                ephemeral_for=rec.user_id if ephemeral else None,
                interaction=rec,
                type_=CHAT_INPUT_COMMAND if rec.type == APPLICATION_COMMAND else DEFAULT,
                extra_flags=LOADING,
            )
        elif type_ in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if source is None:
                raise ApiError(400, 40043, "Interaction callback type invalid for this interaction")
            if type_ == UPDATE_MESSAGE:
                edit_message(fake, source, data, files, path="data")
                msg = source
            ephemeral = source.ephemeral
        elif type_ == AUTOCOMPLETE_RESULT:
            check_choices(data.get("choices") or [])
        elif type_ == MODAL:
            if not data.get("custom_id") or not data.get("title"):
                raise ApiError(400, 50035, "Invalid Form Body")
        else:
            raise ApiError(400, 50035, "Invalid Form Body")
        rec.responded_at = time.monotonic()
        rec.callback_type = type_
        rec.callback_data = data
        if msg is not None:
            rec.original_message_id = msg.id
        elif source is not None:
            rec.original_message_id = source.id
        if "with_response" not in request.query:
            return _no_content()
        body = payloads.callback_response(
            rec.id,
            type_,
            message_payload(fake, msg) if msg else None,
            ephemeral=ephemeral,
            loading=loading,
        )
        return _json(body)

    def _webhook_message(rec: InteractionRecord, mid: str) -> Message:
        if mid == "@original":
            msg = st.messages.get(rec.original_message_id or 0)
        else:
            msg = st.messages.get(int(mid))
            ours = {rec.original_message_id, *rec.followup_ids}
            if msg is not None and msg.id not in ours:
                msg = None
        if msg is None:
            raise not_found(10008, "Unknown Message")
        return msg

    @route("POST", "/webhooks/{application_id}/{token}")
    async def followup(request):
        rec = _interaction(request, "token")
        payload, files = await read_body(request)
        original = st.messages.get(rec.original_message_id or 0)
        if original is not None and original.flags & LOADING and original.edits == 0:
            # The first followup after a "thinking" defer replaces the loading message.
            msg = edit_message(fake, original, payload, files)
        else:
            chan = st.channels[rec.channel_id]
            if "thread_id" in request.query:
                chan = st.channel(request.query["thread_id"])
            ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
            msg = create_message(
                fake,
                chan,
                payload,
                files,
                ephemeral_for=rec.user_id if ephemeral else None,
                interaction=rec,
            )
            rec.followup_ids.append(msg.id)
        if request.query.get("wait") in ("1", "true", "True"):
            return _json(message_payload(fake, msg))
        return _no_content()

    @route("GET", "/webhooks/{application_id}/{token}/messages/{message_id}")
    async def get_webhook_message(request):
        rec = _interaction(request, "token")
        return _json(message_payload(fake, _webhook_message(rec, request.match_info["message_id"])))

    @route("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}")
    async def edit_webhook_message(request):
        rec = _interaction(request, "token")
        msg = _webhook_message(rec, request.match_info["message_id"])
        payload, files = await read_body(request)
        return _json(message_payload(fake, edit_message(fake, msg, payload, files)))

    @route("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}")
    async def delete_webhook_message(request):
        rec = _interaction(request, "token")
        delete_message(fake, _webhook_message(rec, request.match_info["message_id"]))
        return _no_content()

    # -- attachments (served so ``Attachment.read()`` works) --------------------------

    async def get_attachment(request):
        for msg in st.messages.values():
            for a in msg.attachments:
                if str(a.id) == request.match_info["attachment_id"]:
                    return web.Response(
                        body=a.data, content_type=a.content_type or "application/octet-stream"
                    )
        raise web.HTTPNotFound()

    r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", get_attachment)

    _ = DM  # DM channels are created through fake.dm_channel()

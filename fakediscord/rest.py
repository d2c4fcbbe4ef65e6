"""REST plumbing shared by the route modules (registered by :mod:`fakediscord.routes`).

Request bodies (JSON or multipart with files), attachments, and the message operations
every route goes through: :func:`create_message`, :func:`edit_message`,
:func:`delete_message`. The routes themselves live in :mod:`fakediscord.rest_app`,
:mod:`fakediscord.rest_guilds`, :mod:`fakediscord.rest_messages` and
:mod:`fakediscord.rest_interactions`; they call the message operations through this
module (``rest.create_message``) so a test can wrap them in one place.

Each handler raises :class:`ApiError` for what Discord would refuse; the server's
middleware turns it into Discord's JSON error body and records the call.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from fakediscord import mentions, payloads, threads
from fakediscord.errors import ApiError
from fakediscord.http import API_PREFIX, FAKE_KEY, PROBE_HEADER, json_response
from fakediscord.limits import check_message
from fakediscord.messages import Attachment, Message
from fakediscord.openapi.validator import check_body
from fakediscord.snowflakes import snowflake
from fakediscord.state import DEFAULT_MESSAGE, EPHEMERAL, LOADING, Channel, InteractionRecord

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server

INTERACTION_KEY: web.RequestKey[InteractionRecord] = web.RequestKey(
    "interaction", InteractionRecord
)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Route = Callable[[str, str], Callable[[Handler], Handler]]
"""``route(method, path)``: a decorator adding a handler under the API prefix."""


def json_reply(data: Any, status: int = 200) -> web.Response:
    return json_response(data, status)


def no_content() -> web.Response:
    return web.Response(status=204)


# ---------------------------------------------------------------- request bodies


def _check_schema(request: web.Request, body: Any) -> None:
    """Refuse a body Discord's OpenAPI description refuses (:mod:`fakediscord.openapi`).
    A refusal of what the bot sent (not of a test's own raw probe, marked with
    ``PROBE_HEADER``) is also kept in ``fake.schema_refusals`` for the test to fail on: the
    bot may swallow the 400 (a stored move is never reported as failed)."""
    resource = request.match_info.route.resource
    template = resource.canonical[len(API_PREFIX) :] if resource else request.path
    try:
        check_body(request.method, template, body)
    except ApiError as e:
        if PROBE_HEADER not in request.headers:
            request.app[FAKE_KEY].schema_refusals.append(
                f"{request.method} {template}: {e.errors} in {json.dumps(body)[:1000]}"
            )
        raise


async def read_json(request: web.Request) -> Any:
    """A JSON body, checked against the route's schema."""
    body = await request.json()
    _check_schema(request, body)
    return body


async def read_body(request: web.Request) -> tuple[dict, list[tuple[int, str, str | None, bytes]]]:
    """A JSON or multipart (payload_json + files[n]) body, checked against the route's
    schema (a multipart one through its payload_json): (payload, files)."""
    payload, files = await _read_body(request)
    _check_schema(request, payload)
    return payload, files


async def _read_body(request: web.Request) -> tuple[dict, list[tuple[int, str, str | None, bytes]]]:
    if not request.can_read_body:
        return {}, []
    ctype = request.headers.get("Content-Type", "")
    if ctype.startswith("multipart/"):
        payload: dict = {}
        files = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue  # discord.py nests no multipart in a part
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
    fake: Server,
    chan: Channel,
    payload: dict,
    files: list,
    *,
    author_id: int | None = None,
    path: str = "",
    ephemeral_for: int | None = None,
    interaction: InteractionRecord | None = None,
    type_: int = DEFAULT_MESSAGE,
    extra_flags: int = 0,
) -> Message:
    """Validate, store and dispatch a new message (the route checked permissions).

    A public message in a thread obeys the thread rules (:mod:`fakediscord.threads`:
    locked → 160005, archived → unarchived first) and records whom it pinged
    (:mod:`fakediscord.mentions`; interaction messages default to user pings only)."""
    attachments = _attachments(payload, files, None) or []
    check_message(
        payload,
        path=path,
        files=len(files),
        creating=not extra_flags & LOADING,
        attachments=[a.filename for a in attachments],
    )
    author = author_id if author_id is not None else fake.bot_user.id
    public = ephemeral_for is None
    if public:
        threads.before_post(fake, chan, author)
    flags = int(payload.get("flags") or 0) & ~EPHEMERAL
    msg = Message(
        snowflake(),
        chan.id,
        author,
        content=str(payload.get("content") or ""),
        embeds=list(payload.get("embeds") or []),
        components=list(payload.get("components") or []),
        attachments=attachments,
        flags=flags | extra_flags,
        type=type_,
        ephemeral_for=ephemeral_for,
        interaction_id=interaction.id if interaction else None,
        webhook_id=fake.application_id if interaction else None,
    )
    if public:
        threads.after_post(fake, chan, author)
        if not extra_flags & LOADING:
            default = mentions.WEBHOOK_DEFAULT if interaction else mentions.CHANNEL_DEFAULT
            mentions.record_pings(fake, msg, chan, payload, default)
    fake.state.messages[msg.id] = msg
    if public:
        fake._dispatch_soon("MESSAGE_CREATE", lambda: message_payload(fake, msg))
    return msg


def edit_message(fake: Server, msg: Message, payload: dict, files: list, path: str = "") -> Message:
    """Validate and apply an edit by the bot. Edits notify nobody, except the first edit
    of a deferred ("thinking") response, which is when its text first appears: it
    records pings like an interaction message (the docs are silent; strict reading)."""
    atts = _attachments(payload, files, msg.attachments)
    names = [a.filename for a in (msg.attachments if atts is None else atts)]
    check_message(payload, path=path, creating=False, attachments=names, current=msg)
    chan = fake.state.channels[msg.channel_id]
    if not msg.ephemeral:
        threads.before_edit(fake, chan, fake.bot_user.id)
    completes_defer = bool(msg.flags & LOADING) and msg.edits == 0
    if "content" in payload:
        msg.content = str(payload["content"] or "")
    if "embeds" in payload:
        msg.embeds = list(payload["embeds"] or [])
    if "components" in payload:
        msg.components = list(payload["components"] or [])
    if "flags" in payload and payload["flags"] is not None:
        msg.flags = int(payload["flags"]) & ~EPHEMERAL
    if atts is not None:
        msg.attachments = atts
    msg.flags &= ~LOADING
    msg.edited_at = payloads.iso_now()
    msg.edits += 1
    if not msg.ephemeral:
        if completes_defer:
            mentions.record_pings(fake, msg, chan, payload, mentions.WEBHOOK_DEFAULT)
        fake._dispatch_soon("MESSAGE_UPDATE", lambda: message_payload(fake, msg))
    return msg


def delete_message(fake: Server, msg: Message) -> None:
    if not msg.ephemeral:
        threads.before_delete(fake, fake.state.channels[msg.channel_id], fake.bot_user.id)
    fake.state.messages.pop(msg.id, None)
    if not msg.ephemeral:
        chan = fake.state.channels[msg.channel_id]
        data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if chan.guild_id:
            data["guild_id"] = str(chan.guild_id)
        fake._dispatch_soon("MESSAGE_DELETE", lambda: data)


def message_payload(fake: Server, msg: Message) -> dict:
    return payloads.message(fake.state, msg, fake.base_url)

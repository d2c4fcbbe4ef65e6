"""REST routes answering interactions: the callback, then followups and webhook edits.

These are webhook-based: no channel permission applies to them (the app answers as the
interaction's webhook). Thread rules still do (an edit in an archived thread is 50083,
a public message unarchives it, a locked thread needs MANAGE_THREADS), as do the payload
limits and allowed_mentions (default for interactions: user pings only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from fakediscord import payloads, rest
from fakediscord.errors import ApiError, not_found, unknown_interaction
from fakediscord.limits import check_choices, check_modal
from fakediscord.messages import Message
from fakediscord.rest import (
    INTERACTION_KEY,
    Route,
    json_reply,
    message_payload,
    no_content,
    read_body,
)
from fakediscord.state import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    CHAT_INPUT_COMMAND,
    DEFAULT_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    EPHEMERAL,
    LAUNCH_ACTIVITY,
    LOADING,
    MODAL,
    UPDATE_MESSAGE,
    InteractionRecord,
)

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server


def register(route: Route, fake: Server) -> None:
    """The interaction callback, then the webhook routes that answer it later (the original
    response and followups)."""
    st = fake.state

    def _interaction(request: web.Request, by: str) -> InteractionRecord:
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
            if fake.now() - rec.dispatched_at > fake.faults.token_lifetime:
                raise ApiError(401, 50027, "Invalid Webhook Token")
            if rec.responded_at is None:
                raise not_found(10015, "Unknown Webhook")
        request[INTERACTION_KEY] = rec
        return rec

    @route("POST", "/interactions/{interaction_id}/{token}/callback")
    async def callback(request: web.Request) -> web.Response:
        rec = _interaction(request, "id")
        if fake.now() - rec.dispatched_at > fake.faults.response_window:
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
        launched: str | None = None  # the Activity instance a LAUNCH_ACTIVITY opened
        if type_ == CHANNEL_MESSAGE:
            msg = rest.create_message(
                fake,
                chan,
                data,
                files,
                path="data",
                ephemeral_for=rec.user_id if ephemeral else None,
                interaction=rec,
                type_=CHAT_INPUT_COMMAND if rec.type == APPLICATION_COMMAND else DEFAULT_MESSAGE,
            )
        elif type_ == DEFERRED_CHANNEL_MESSAGE:
            loading = True
            msg = rest.create_message(
                fake,
                chan,
                {},
                [],
                ephemeral_for=rec.user_id if ephemeral else None,
                interaction=rec,
                type_=CHAT_INPUT_COMMAND if rec.type == APPLICATION_COMMAND else DEFAULT_MESSAGE,
                extra_flags=LOADING,
            )
        elif type_ in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if source is None:
                raise ApiError(400, 40043, "Interaction callback type invalid for this interaction")
            if type_ == UPDATE_MESSAGE:
                rest.edit_message(fake, source, data, files, path="data")
                msg = source
            ephemeral = source.ephemeral
        elif type_ == AUTOCOMPLETE_RESULT:
            check_choices(data.get("choices") or [])
        elif type_ == MODAL:
            check_modal(data)
        elif type_ == LAUNCH_ACTIVITY:
            launched = fake.oauth.launch(rec.user_id, rec.channel_id, rec.id).instance_id
        else:
            raise ApiError(400, 50035, "Invalid Form Body")
        rec.responded_at = fake.now()
        rec.callback_type = type_
        rec.callback_data = data
        if msg is not None:
            rec.original_message_id = msg.id
        elif source is not None and type_ != LAUNCH_ACTIVITY:  # a launch answers no message
            rec.original_message_id = source.id
        if "with_response" not in request.query:
            return no_content()
        body = payloads.callback_response(
            rec.id,
            type_,
            message_payload(fake, msg) if msg else None,
            ephemeral=ephemeral,
            loading=loading,
            activity_instance=launched,
        )
        return json_reply(body)

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
    async def followup(request: web.Request) -> web.Response:
        rec = _interaction(request, "token")
        payload, files = await read_body(request)
        original = st.messages.get(rec.original_message_id or 0)
        if original is not None and original.flags & LOADING and original.edits == 0:
            # The first followup after a "thinking" defer replaces the loading message.
            msg = rest.edit_message(fake, original, payload, files)
        else:
            chan = st.channels[rec.channel_id]
            if "thread_id" in request.query:
                chan = st.channel(request.query["thread_id"])
            ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
            msg = rest.create_message(
                fake,
                chan,
                payload,
                files,
                ephemeral_for=rec.user_id if ephemeral else None,
                interaction=rec,
            )
            rec.followup_ids.append(msg.id)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_reply(message_payload(fake, msg))
        return no_content()

    @route("GET", "/webhooks/{application_id}/{token}/messages/{message_id}")
    async def get_webhook_message(request: web.Request) -> web.Response:
        rec = _interaction(request, "token")
        msg = _webhook_message(rec, request.match_info["message_id"])
        return json_reply(message_payload(fake, msg))

    @route("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}")
    async def edit_webhook_message(request: web.Request) -> web.Response:
        rec = _interaction(request, "token")
        msg = _webhook_message(rec, request.match_info["message_id"])
        payload, files = await read_body(request)
        return json_reply(message_payload(fake, rest.edit_message(fake, msg, payload, files)))

    @route("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}")
    async def delete_webhook_message(request: web.Request) -> web.Response:
        rec = _interaction(request, "token")
        rest.delete_message(fake, _webhook_message(rec, request.match_info["message_id"]))
        return no_content()

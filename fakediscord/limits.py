"""Discord's documented limits on what a bot sends, refused with 400 / 50035 and the nested
``errors`` shape (plus 50006 for an empty message).

Sources: message.mdx (content, embeds and "Embed Limits", attachments, the
IS_COMPONENTS_V2 flag), receiving-and-responding.mdx (autocomplete choices, modals),
application-commands.mdx (choice name and value lengths); the components themselves are
checked by :mod:`fakediscord.component_limits`. Checked on every message the bot creates
or edits, through channels, interaction callbacks and webhooks alike.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from fakediscord.component_limits import check_components
from fakediscord.errors import ApiError, bad_length, invalid_form, required, too_long
from fakediscord.mentions import check_allowed_mentions
from fakediscord.messages import IS_COMPONENTS_V2, Message

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
EMBED_TEXT = {"title": 256, "description": 4096}  # embed key -> max characters
MAX_FIELDS = 25
MAX_FIELD_NAME, MAX_FIELD_VALUE = 256, 1024
MAX_FOOTER, MAX_AUTHOR = 2048, 256
MAX_ATTACHMENTS = 10
MAX_ATTACHMENT_DESCRIPTION = 1024
MAX_NONCE = 25
MAX_CUSTOM_ID = 100
MAX_AUTOCOMPLETE_CHOICES = 25
MAX_CHOICE_NAME, MAX_CHOICE_VALUE = 100, 100
MAX_MODAL_TITLE = 45
MAX_MODAL_COMPONENTS = 5


def _text(value: Any) -> str:
    """Embed text as Discord measures it: leading and trailing whitespace trimmed."""
    return str(value or "").strip()


def check_embeds(embeds: list, p: str) -> None:
    if len(embeds) > MAX_EMBEDS:
        raise too_long(f"{p}embeds", MAX_EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        e = f"{p}embeds.{i}"
        for key, limit in EMBED_TEXT.items():
            n = len(_text(embed.get(key)))
            if n > limit:
                raise too_long(f"{e}.{key}", limit)
            total += n
        fields = embed.get("fields") or []
        if len(fields) > MAX_FIELDS:
            raise too_long(f"{e}.fields", MAX_FIELDS)
        for j, field in enumerate(fields):
            for key, limit in (("name", MAX_FIELD_NAME), ("value", MAX_FIELD_VALUE)):
                n = len(_text(field.get(key)))
                if not n:
                    raise required(f"{e}.fields.{j}.{key}")
                if n > limit:
                    raise too_long(f"{e}.fields.{j}.{key}", limit)
                total += n
        for key, sub, limit in (("footer", "text", MAX_FOOTER), ("author", "name", MAX_AUTHOR)):
            n = len(_text((embed.get(key) or {}).get(sub)))
            if n > limit:
                raise too_long(f"{e}.{key}.{sub}", limit)
            total += n
    if total > MAX_EMBED_TOTAL:
        raise invalid_form(
            f"{p}embeds",
            "MESSAGE_EMBEDS_TOO_LONG",
            f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}",
        )


def check_message(
    data: dict,
    *,
    path: str = "",
    creating: bool = True,
    files: int = 0,
    attachments: Collection[str] = (),
    current: Message | None = None,
) -> None:
    """Raise the ApiError Discord would for an invalid message body. ``attachments``: the
    filenames the message will carry (for ``attachment://`` references); ``current``: the
    message an edit changes."""
    p = f"{path}." if path else ""
    content = data.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        raise too_long(f"{p}content", MAX_CONTENT)
    embeds = data.get("embeds") or []
    check_embeds(embeds, p)
    count = max(files, len(data.get("attachments") or []))
    if count > MAX_ATTACHMENTS:
        raise too_long(f"{p}attachments", MAX_ATTACHMENTS)
    for i, att in enumerate(data.get("attachments") or []):
        if len(str(att.get("description") or "")) > MAX_ATTACHMENT_DESCRIPTION:
            raise too_long(f"{p}attachments.{i}.description", MAX_ATTACHMENT_DESCRIPTION)
    if len(str(data.get("nonce") or "")) > MAX_NONCE:
        raise too_long(f"{p}nonce", MAX_NONCE)
    v2 = _check_v2_flag(data, p, current)
    components = data.get("components") or []
    check_components(components, p, v2=v2, attachments=attachments)
    check_allowed_mentions(data, path)
    if creating and not (content or embeds or components or files or data.get("attachments")):
        raise ApiError(400, 50006, "Cannot send an empty message")


def _check_v2_flag(data: dict, p: str, current: Message | None) -> bool:
    """Whether the message is (or becomes) a Components V2 one, refusing what the flag
    forbids. message.mdx, Create Message: "When the flag IS_COMPONENTS_V2 is set, the message
    can only contain components. Providing content, embeds, sticker_ids, poll, or
    shared_client_theme will fail with a 400 BAD REQUEST response." Edit Message: "the
    IS_COMPONENTS_V2 flag can only be set. When the IS_COMPONENTS_V2 flag is set, any of the
    used content, embeds, sticker_ids, or poll fields must have their values reset to empty."
    """
    was_v2 = bool(current and current.flags & IS_COMPONENTS_V2)
    flags = data.get("flags")
    v2 = was_v2 if flags is None else bool(int(flags) & IS_COMPONENTS_V2)
    if was_v2 and not v2:
        raise invalid_form(
            f"{p}flags",
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "The IS_COMPONENTS_V2 flag cannot be removed from a message",
        )
    if not v2:
        return False
    for key in ("content", "embeds", "sticker_ids", "poll", "shared_client_theme"):
        # Setting the flag on an edit: what the message still shows must be emptied.
        kept = not was_v2 and key not in data and bool(getattr(current, key, None))
        if data.get(key) or kept:
            raise invalid_form(
                f"{p}{key}",
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content', 'embeds', 'sticker_ids' and 'poll' fields cannot be used with"
                " IS_COMPONENTS_V2",
            )
    return True


def check_choices(choices: list) -> None:
    """Autocomplete results: at most 25, names 1..100, string values at most 100."""
    if len(choices) > MAX_AUTOCOMPLETE_CHOICES:
        raise too_long("data.choices", MAX_AUTOCOMPLETE_CHOICES)
    for i, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name") or "")) <= MAX_CHOICE_NAME:
            raise bad_length(f"data.choices.{i}.name", 1, MAX_CHOICE_NAME)
        value = choice.get("value")
        if isinstance(value, str) and len(value) > MAX_CHOICE_VALUE:
            raise too_long(f"data.choices.{i}.value", MAX_CHOICE_VALUE)


def check_modal(data: dict) -> None:
    """A modal: custom_id 1..100, title 1..45, 1..5 top-level components."""
    if not 1 <= len(str(data.get("custom_id") or "")) <= MAX_CUSTOM_ID:
        raise bad_length("data.custom_id", 1, MAX_CUSTOM_ID)
    if not 1 <= len(str(data.get("title") or "")) <= MAX_MODAL_TITLE:
        raise bad_length("data.title", 1, MAX_MODAL_TITLE)
    if not 1 <= len(data.get("components") or []) <= MAX_MODAL_COMPONENTS:
        raise bad_length("data.components", 1, MAX_MODAL_COMPONENTS)

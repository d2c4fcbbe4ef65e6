"""Discord's documented limits on what a bot sends, refused with 400 / 50035 and the nested
``errors`` shape (plus 50006 for an empty message).

Sources: message.mdx (content, embeds and "Embed Limits", attachments),
components/reference.mdx (action rows, buttons, selects, components v2),
receiving-and-responding.mdx (autocomplete choices, modals), application-commands.mdx
(choice name and value lengths). Checked on every message the bot creates or edits,
through channels, interaction callbacks and webhooks alike.
"""

from __future__ import annotations

from typing import Any

from fakediscord.errors import ApiError, invalid_form
from fakediscord.mentions import check_allowed_mentions
from fakediscord.state import IS_COMPONENTS_V2, walk_components

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
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_V2_COMPONENTS = 40
MAX_TEXT_DISPLAY = 4000
MAX_BUTTON_LABEL = 80
MAX_URL = 512
MAX_CUSTOM_ID = 100
MAX_PLACEHOLDER = 150
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100  # select option label, value, description
MAX_SELECT_VALUES = 25
MAX_AUTOCOMPLETE_CHOICES = 25
MAX_CHOICE_NAME, MAX_CHOICE_VALUE = 100, 100
MAX_MODAL_TITLE = 45
MAX_MODAL_COMPONENTS = 5

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, TEXT_DISPLAY = 1, 2, 3, 4, 10
SELECTS = (3, 5, 6, 7, 8)
LINK, PREMIUM = 5, 6


def _too_long(path: str, limit: int) -> ApiError:
    return invalid_form(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _bad_length(path: str, lo: int, hi: int) -> ApiError:
    return invalid_form(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {hi} in length.")


def _text(value: Any) -> str:
    """Embed text as Discord measures it: leading and trailing whitespace trimmed."""
    return str(value or "").strip()


def check_embeds(embeds: list, p: str) -> None:
    if len(embeds) > MAX_EMBEDS:
        raise _too_long(f"{p}embeds", MAX_EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        e = f"{p}embeds.{i}"
        for key, limit in EMBED_TEXT.items():
            n = len(_text(embed.get(key)))
            if n > limit:
                raise _too_long(f"{e}.{key}", limit)
            total += n
        fields = embed.get("fields") or []
        if len(fields) > MAX_FIELDS:
            raise _too_long(f"{e}.fields", MAX_FIELDS)
        for j, field in enumerate(fields):
            for key, limit in (("name", MAX_FIELD_NAME), ("value", MAX_FIELD_VALUE)):
                n = len(_text(field.get(key)))
                if not n:
                    raise invalid_form(
                        f"{e}.fields.{j}.{key}", "BASE_TYPE_REQUIRED", "This field is required"
                    )
                if n > limit:
                    raise _too_long(f"{e}.fields.{j}.{key}", limit)
                total += n
        for key, sub, limit in (("footer", "text", MAX_FOOTER), ("author", "name", MAX_AUTHOR)):
            n = len(_text((embed.get(key) or {}).get(sub)))
            if n > limit:
                raise _too_long(f"{e}.{key}.{sub}", limit)
            total += n
    if total > MAX_EMBED_TOTAL:
        raise invalid_form(
            f"{p}embeds",
            "MESSAGE_EMBEDS_TOO_LONG",
            f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}",
        )


def _check_custom_id(comp: dict, path: str, seen: set[str], required: bool) -> None:
    cid = comp.get("custom_id")
    if cid is None:
        if required:
            raise invalid_form(f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
        return
    if not 1 <= len(str(cid)) <= MAX_CUSTOM_ID:
        raise _bad_length(f"{path}.custom_id", 1, MAX_CUSTOM_ID)
    if cid in seen:
        raise invalid_form(
            f"{path}.custom_id",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
    seen.add(cid)


def _check_button(comp: dict, path: str, seen: set[str]) -> None:
    if len(str(comp.get("label") or "")) > MAX_BUTTON_LABEL:
        raise _too_long(f"{path}.label", MAX_BUTTON_LABEL)
    style = comp.get("style")
    if style == LINK:
        if not comp.get("url") or "custom_id" in comp:
            raise invalid_form(
                f"{path}.url", "BUTTON_COMPONENT_URL_REQUIRED", "A url and no custom_id"
            )
        if len(str(comp["url"])) > MAX_URL:
            raise _too_long(f"{path}.url", MAX_URL)
    elif style != PREMIUM:
        if comp.get("url"):
            raise invalid_form(
                f"{path}.url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A url is only for link buttons"
            )
        _check_custom_id(comp, path, seen, required=True)


def _check_select(comp: dict, path: str, seen: set[str]) -> None:
    _check_custom_id(comp, path, seen, required=True)
    if len(str(comp.get("placeholder") or "")) > MAX_PLACEHOLDER:
        raise _too_long(f"{path}.placeholder", MAX_PLACEHOLDER)
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if lo is not None and not 0 <= lo <= MAX_SELECT_VALUES:
        raise invalid_form(f"{path}.min_values", "NUMBER_TYPE_MAX", "Must be between 0 and 25.")
    if hi is not None and not 1 <= hi <= MAX_SELECT_VALUES:
        raise invalid_form(f"{path}.max_values", "NUMBER_TYPE_MAX", "Must be between 1 and 25.")
    if lo is not None and hi is not None and lo > hi:
        raise invalid_form(
            f"{path}.min_values", "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE", "min_values > max_values"
        )
    if comp.get("type") != STRING_SELECT:
        return
    options = comp.get("options") or []
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        raise _bad_length(f"{path}.options", 1, MAX_SELECT_OPTIONS)
    for i, opt in enumerate(options):
        for key in ("label", "value", "description"):
            value = opt.get(key)
            if value is None and key == "description":
                continue
            if not 1 <= len(str(value or "")) <= MAX_OPTION_TEXT:
                raise _bad_length(f"{path}.options.{i}.{key}", 1, MAX_OPTION_TEXT)
    # max_values above the number of options is refused (the strict reading; the docs only
    # say "max 25").
    if max(lo or 0, hi or 1) > len(options):
        raise invalid_form(
            f"{path}.max_values",
            "SELECT_COMPONENT_TOO_MANY_VALUES",
            f"Must be at most the number of options ({len(options)}).",
        )


def check_components(components: list, p: str, v2: bool) -> None:
    if not v2 and len(components) > MAX_ROWS:
        raise _too_long(f"{p}components", MAX_ROWS)
    if v2 and sum(1 for _ in walk_components(components)) > MAX_V2_COMPONENTS:
        raise _too_long(f"{p}components", MAX_V2_COMPONENTS)
    seen: set[str] = set()
    for i, row in enumerate(components):
        path = f"{p}components.{i}"
        if not v2 and row.get("type") != ACTION_ROW:
            raise invalid_form(
                f"{path}.type", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "Top-level must be action rows"
            )
        for comp in walk_components([row]):
            _check_component(comp, path, seen)


def _check_component(comp: dict, path: str, seen: set[str]) -> None:
    t = comp.get("type")
    if t == ACTION_ROW:
        items = comp.get("components") or []
        if not 1 <= len(items) <= MAX_ROW_ITEMS:
            raise _bad_length(f"{path}.components", 1, MAX_ROW_ITEMS)
        if any(c.get("type") in SELECTS for c in items) and len(items) > 1:
            raise invalid_form(
                f"{path}.components",
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "A select menu must be alone in its action row",
            )
    elif t == BUTTON:
        _check_button(comp, path, seen)
    elif t in SELECTS:
        _check_select(comp, path, seen)
    elif t == TEXT_DISPLAY and not 1 <= len(str(comp.get("content") or "")) <= MAX_TEXT_DISPLAY:
        raise _bad_length(f"{path}.content", 1, MAX_TEXT_DISPLAY)
    elif comp.get("custom_id") is not None:
        _check_custom_id(comp, path, seen, required=False)


def check_message(data: dict, *, path: str = "", creating: bool = True, files: int = 0) -> None:
    """Raise the ApiError Discord would for an invalid message body."""
    p = f"{path}." if path else ""
    content = data.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        raise _too_long(f"{p}content", MAX_CONTENT)
    embeds = data.get("embeds") or []
    check_embeds(embeds, p)
    attachments = max(files, len(data.get("attachments") or []))
    if attachments > MAX_ATTACHMENTS:
        raise _too_long(f"{p}attachments", MAX_ATTACHMENTS)
    for i, att in enumerate(data.get("attachments") or []):
        if len(str(att.get("description") or "")) > MAX_ATTACHMENT_DESCRIPTION:
            raise _too_long(f"{p}attachments.{i}.description", MAX_ATTACHMENT_DESCRIPTION)
    if len(str(data.get("nonce") or "")) > MAX_NONCE:
        raise _too_long(f"{p}nonce", MAX_NONCE)
    components = data.get("components") or []
    v2 = bool(int(data.get("flags") or 0) & IS_COMPONENTS_V2)
    if v2 and (content or embeds):
        raise invalid_form(
            f"{p}content",
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used with IS_COMPONENTS_V2",
        )
    check_components(components, p, v2)
    check_allowed_mentions(data, path)
    if creating and not (content or embeds or components or files or data.get("attachments")):
        raise ApiError(400, 50006, "Cannot send an empty message")


def check_choices(choices: list) -> None:
    """Autocomplete results: at most 25, names 1..100, string values at most 100."""
    if len(choices) > MAX_AUTOCOMPLETE_CHOICES:
        raise _too_long("data.choices", MAX_AUTOCOMPLETE_CHOICES)
    for i, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name") or "")) <= MAX_CHOICE_NAME:
            raise _bad_length(f"data.choices.{i}.name", 1, MAX_CHOICE_NAME)
        value = choice.get("value")
        if isinstance(value, str) and len(value) > MAX_CHOICE_VALUE:
            raise _too_long(f"data.choices.{i}.value", MAX_CHOICE_VALUE)


def check_modal(data: dict) -> None:
    """A modal: custom_id 1..100, title 1..45, 1..5 top-level components."""
    if not 1 <= len(str(data.get("custom_id") or "")) <= MAX_CUSTOM_ID:
        raise _bad_length("data.custom_id", 1, MAX_CUSTOM_ID)
    if not 1 <= len(str(data.get("title") or "")) <= MAX_MODAL_TITLE:
        raise _bad_length("data.title", 1, MAX_MODAL_TITLE)
    if not 1 <= len(data.get("components") or []) <= MAX_MODAL_COMPONENTS:
        raise _bad_length("data.components", 1, MAX_MODAL_COMPONENTS)

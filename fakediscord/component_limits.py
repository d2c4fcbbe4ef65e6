"""The rules on message components, refused with 400 / 50035 Invalid Form Body and the
field path (``components.0.components.1.items.0.description``): legacy action rows, and
Components V2 layouts (message flag ``IS_COMPONENTS_V2`` = 1 << 15).

Sources, ``discord/discord-api-docs`` (developers/...) unless said otherwise:

- components/reference.mdx: legacy messages "allow up to 5 action rows as top-level
  components"; with the flag "Messages allow up to 40 total components". An Action Row holds
  "Up to 5 interactive button components or a single select component". A Section has "One
  to three child components" (Text Display) and an ``accessory`` (Button or Thumbnail);
  "Thumbnails are currently only available in messages as an accessory in a section". A
  Media Gallery holds "1 to 10 media gallery items", each with "Alt text for the media, max
  1024 characters". A File "only supports attachment references using the
  attachment://<filename> syntax". Container children: Action Row, Text Display, Section,
  Media Gallery, Separator, File. "The ``id`` must be unique within the message"; a
  ``custom_id`` is "1 to 100 characters" and "Multiple components on the same message must
  not share the same ``custom_id``". Buttons and selects: "Button Structure", "String Select".
- ``discord/discord-api-spec`` specs/openapi.json, the ``*ComponentForMessageRequest``
  schemas: Text Display ``content`` 1-4000, media ``url`` at most 2048, ``description``
  1-1024, Separator ``spacing`` 1 or 2, Container ``accent_color`` 0..0xFFFFFF and 1-40
  children, ``id`` an int32 from 0.
- At most 4000 characters across all the Text Displays of a message: discord.py's
  ``LayoutView.content_length`` ("A view is allowed to have a maximum of 4000 display
  characters across all its items"); Discord's reference is silent *(strict)*.

A media ``url`` of ``attachment://name`` must name a file of the message (uploaded with it
or kept by the edit). The ``code`` strings inside ``errors`` are Discord's where known
(``BASE_TYPE_*``, ``UNION_TYPE_CHOICES``, ``URL_TYPE_INVALID_URL``), else the fake's own;
tests assert the status, 50035 and the path.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from fakediscord.errors import bad_length, invalid_form, required, too_long
from fakediscord.messages import walk_components

ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SELECTS = (3, 5, 6, 7, 8)
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR = 9, 10, 11, 12, 13, 14
CONTAINER = 17
LINK, PREMIUM = 5, 6

MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_V2_COMPONENTS = 40
MAX_TEXT_DISPLAY = 4000  # one Text Display, and all of a message's together
MAX_SECTION_TEXTS = 3
MAX_GALLERY_ITEMS = 10
MAX_MEDIA_DESCRIPTION = 1024
MAX_MEDIA_URL = 2048
MAX_COLOR = 0xFFFFFF
MAX_ID = 2**31 - 1
MAX_BUTTON_LABEL = 80
MAX_URL = 512
MAX_CUSTOM_ID = 100
MAX_PLACEHOLDER = 150
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100  # select option label, value, description
MAX_SELECT_VALUES = 25

ATTACHMENT_SCHEME = "attachment://"
TOP_LEVEL_V2 = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
IN_CONTAINER = TOP_LEVEL_V2 - {CONTAINER}
IN_ROW = frozenset({BUTTON, *SELECTS})
IN_SECTION = frozenset({TEXT_DISPLAY})
ACCESSORIES = frozenset({BUTTON, THUMBNAIL})


@dataclass
class _Walk:
    """What one message's components share: its attachments, the custom_ids and ids used so
    far, and the characters of its Text Displays."""

    attachments: Collection[str]
    custom_ids: set[str] = field(default_factory=set)
    ids: set[int] = field(default_factory=set)
    text: int = 0


def check_components(
    components: list, p: str, *, v2: bool, attachments: Collection[str] = ()
) -> None:
    """Raise the ApiError Discord would for a message's ``components`` (``p``: the path
    prefix, ``"data."`` in interaction callbacks; ``attachments``: the message's filenames)."""
    path = f"{p}components"
    if not v2 and len(components) > MAX_ROWS:
        raise too_long(path, MAX_ROWS)
    if v2 and sum(1 for _ in walk_components(components)) > MAX_V2_COMPONENTS:
        raise too_long(path, MAX_V2_COMPONENTS)
    walk = _Walk(attachments)
    _children(components, path, TOP_LEVEL_V2 if v2 else frozenset({ACTION_ROW}), walk)
    if walk.text > MAX_TEXT_DISPLAY:
        raise invalid_form(
            path,
            "COMPONENTS_TEXT_TOO_LONG",
            f"The text displays of a message must be {MAX_TEXT_DISPLAY} or fewer in length.",
        )


def _children(items: list, path: str, allowed: frozenset[int], walk: _Walk) -> None:
    for i, comp in enumerate(items):
        _component(comp, f"{path}.{i}", allowed, walk)


def _component(comp: dict, path: str, allowed: frozenset[int], walk: _Walk) -> None:
    t = comp.get("type")
    if t not in allowed:
        choices = ", ".join(str(c) for c in sorted(allowed))
        raise invalid_form(
            f"{path}.type",
            "UNION_TYPE_CHOICES",
            f'Value of field "type" must be one of ({choices}).',
        )
    _check_id(comp, path, walk)
    if t == ACTION_ROW:
        _check_row(comp, path, walk)
    elif t == BUTTON:
        _check_button(comp, path, walk.custom_ids)
    elif t in SELECTS:
        _check_select(comp, path, walk.custom_ids)
    elif t == SECTION:
        texts = comp.get("components") or []
        if not 1 <= len(texts) <= MAX_SECTION_TEXTS:
            raise bad_length(f"{path}.components", 1, MAX_SECTION_TEXTS)
        _children(texts, f"{path}.components", IN_SECTION, walk)
        if not isinstance(comp.get("accessory"), dict):
            raise required(f"{path}.accessory")
        _component(comp["accessory"], f"{path}.accessory", ACCESSORIES, walk)
    elif t == TEXT_DISPLAY:
        n = len(str(comp.get("content") or ""))
        if not 1 <= n <= MAX_TEXT_DISPLAY:
            raise bad_length(f"{path}.content", 1, MAX_TEXT_DISPLAY)
        walk.text += n
    elif t == THUMBNAIL:
        _check_media(comp.get("media"), f"{path}.media", walk, attachment_only=False)
        _check_description(comp, path)
    elif t == MEDIA_GALLERY:
        items = comp.get("items") or []
        if not 1 <= len(items) <= MAX_GALLERY_ITEMS:
            raise bad_length(f"{path}.items", 1, MAX_GALLERY_ITEMS)
        for i, item in enumerate(items):
            _check_media(item.get("media"), f"{path}.items.{i}.media", walk, attachment_only=False)
            _check_description(item, f"{path}.items.{i}")
    elif t == FILE:
        _check_media(comp.get("file"), f"{path}.file", walk, attachment_only=True)
    elif t == SEPARATOR and comp.get("spacing") not in (None, 1, 2):
        raise invalid_form(f"{path}.spacing", "BASE_TYPE_CHOICES", "Value must be one of (1, 2).")
    elif t == CONTAINER:
        children = comp.get("components") or []
        if not 1 <= len(children) <= MAX_V2_COMPONENTS:
            raise bad_length(f"{path}.components", 1, MAX_V2_COMPONENTS)
        _children(children, f"{path}.components", IN_CONTAINER, walk)
        color = comp.get("accent_color")
        if color is not None and not (isinstance(color, int) and 0 <= color <= MAX_COLOR):
            raise invalid_form(
                f"{path}.accent_color", "NUMBER_TYPE_MAX", f"Must be between 0 and {MAX_COLOR}."
            )


def _check_id(comp: dict, path: str, walk: _Walk) -> None:
    """An ``id`` is an int32 from 0, unique in the message; 0 or none means "number it"."""
    ident = comp.get("id")
    if ident is None or ident == 0:
        return
    if not isinstance(ident, int) or isinstance(ident, bool) or not 0 <= ident <= MAX_ID:
        raise invalid_form(f"{path}.id", "NUMBER_TYPE_MAX", f"Must be between 0 and {MAX_ID}.")
    if ident in walk.ids:
        raise invalid_form(
            f"{path}.id", "COMPONENT_ID_DUPLICATED", "Component id must be unique in the message"
        )
    walk.ids.add(ident)


def _check_row(row: dict, path: str, walk: _Walk) -> None:
    items = row.get("components") or []
    if not 1 <= len(items) <= MAX_ROW_ITEMS:
        raise bad_length(f"{path}.components", 1, MAX_ROW_ITEMS)
    if any(c.get("type") in SELECTS for c in items) and len(items) > 1:
        raise invalid_form(
            f"{path}.components",
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "A select menu must be alone in its action row",
        )
    _children(items, f"{path}.components", IN_ROW, walk)


def _check_media(media: object, path: str, walk: _Walk, *, attachment_only: bool) -> None:
    """An unfurled media item: only its ``url`` is set by the sender; ``attachment://name``
    must name a file of the message; a File component takes nothing else."""
    if not isinstance(media, dict) or not media.get("url"):
        raise required(f"{path}.url")
    url = str(media["url"])
    if len(url) > MAX_MEDIA_URL:
        raise too_long(f"{path}.url", MAX_MEDIA_URL)
    if url.startswith(ATTACHMENT_SCHEME):
        if url.removeprefix(ATTACHMENT_SCHEME) not in walk.attachments:
            raise invalid_form(
                f"{path}.url",
                "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                "The attachment:// reference names no attachment of the message",
            )
    elif attachment_only:
        raise invalid_form(
            f"{path}.url",
            "UNFURLED_MEDIA_ITEM_ATTACHMENT_REQUIRED",
            "A file component takes only an attachment://<filename> reference",
        )
    elif not url.startswith(("https://", "http://")):
        raise invalid_form(f"{path}.url", "URL_TYPE_INVALID_URL", "Not a well formed URL.")


def _check_description(item: dict, path: str) -> None:
    description = item.get("description")
    if description is not None and not 1 <= len(str(description)) <= MAX_MEDIA_DESCRIPTION:
        raise bad_length(f"{path}.description", 1, MAX_MEDIA_DESCRIPTION)


def _check_custom_id(comp: dict, path: str, seen: set[str], *, needed: bool) -> None:
    cid = comp.get("custom_id")
    if cid is None:
        if needed:
            raise required(f"{path}.custom_id")
        return
    if not 1 <= len(str(cid)) <= MAX_CUSTOM_ID:
        raise bad_length(f"{path}.custom_id", 1, MAX_CUSTOM_ID)
    if cid in seen:
        raise invalid_form(
            f"{path}.custom_id",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
    seen.add(cid)


def _check_button(comp: dict, path: str, seen: set[str]) -> None:
    if len(str(comp.get("label") or "")) > MAX_BUTTON_LABEL:
        raise too_long(f"{path}.label", MAX_BUTTON_LABEL)
    style = comp.get("style")
    if style == LINK:
        if not comp.get("url") or "custom_id" in comp:
            raise invalid_form(
                f"{path}.url", "BUTTON_COMPONENT_URL_REQUIRED", "A url and no custom_id"
            )
        if len(str(comp["url"])) > MAX_URL:
            raise too_long(f"{path}.url", MAX_URL)
    elif style != PREMIUM:
        if comp.get("url"):
            raise invalid_form(
                f"{path}.url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A url is only for link buttons"
            )
        _check_custom_id(comp, path, seen, needed=True)


def _check_select(comp: dict, path: str, seen: set[str]) -> None:
    _check_custom_id(comp, path, seen, needed=True)
    if len(str(comp.get("placeholder") or "")) > MAX_PLACEHOLDER:
        raise too_long(f"{path}.placeholder", MAX_PLACEHOLDER)
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
        raise bad_length(f"{path}.options", 1, MAX_SELECT_OPTIONS)
    for i, opt in enumerate(options):
        for key in ("label", "value", "description"):
            value = opt.get(key)
            if value is None and key == "description":
                continue
            if not 1 <= len(str(value or "")) <= MAX_OPTION_TEXT:
                raise bad_length(f"{path}.options.{i}.{key}", 1, MAX_OPTION_TEXT)
    # max_values above the number of options is refused (the strict reading; the docs only
    # say "max 25").
    if max(lo or 0, hi or 1) > len(options):
        raise invalid_form(
            f"{path}.max_values",
            "SELECT_COMPONENT_TOO_MANY_VALUES",
            f"Must be at most the number of options ({len(options)}).",
        )

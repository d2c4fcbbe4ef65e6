"""Messages as the fake holds them: their attachments, and what a reader sees of them (the
text of content, embeds and Text Displays; the pictures and files of a Components V2
message), read from the components' JSON as Discord sent it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fakediscord.snowflakes import iso_now

IS_COMPONENTS_V2 = 1 << 15  # the message flag

# Component types the fake reads content from (components/reference.mdx, "Component Types")
THUMBNAIL, MEDIA_GALLERY, FILE_COMPONENT = 11, 12, 13


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class Message:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    ephemeral_for: int | None = None  # user id; None = public
    interaction_id: int | None = None  # the interaction this message answers
    webhook_id: int | None = None  # application id for interaction messages
    created_at: str = field(default_factory=iso_now)
    edited_at: str | None = None
    edits: int = 0
    thread_id: int | None = None  # thread started from this message
    mentioned_user_ids: list[int] = field(default_factory=list)  # payload ``mentions``
    pinged_user_ids: set[int] = field(default_factory=set)  # everyone notified
    pinged_role_ids: set[int] = field(default_factory=set)
    pinged_everyone: bool = False

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    def visible_to(self, user_id: int) -> bool:
        return self.ephemeral_for is None or self.ephemeral_for == user_id

    @property
    def is_components_v2(self) -> bool:
        return bool(self.flags & IS_COMPONENTS_V2)

    @property
    def text(self) -> str:
        """Everything a reader sees as text, one part a line: the content, the embeds'
        titles, descriptions, fields, footers and authors, and the Text Displays (which
        replace content and embeds in a Components V2 message)."""
        parts = [self.content, *(t for e in self.embeds for t in embed_text(e))]
        return "\n".join(p for p in (*parts, *self.text_displays) if p)

    @property
    def text_displays(self) -> list[str]:
        """The text of every Text Display, nested ones included, in reading order."""
        return [str(c.get("content") or "") for c in self.iter_components() if c.get("type") == 10]

    @property
    def media(self) -> list[MediaItem]:
        """The pictures and files a Components V2 message shows, in reading order: media
        gallery items, thumbnails and file components, each with its attachment."""
        items = []
        for comp in self.iter_components():
            t = comp.get("type")
            if t == MEDIA_GALLERY:
                items += [
                    self._media_item(t, item, item.get("media")) for item in comp.get("items") or []
                ]
            elif t == THUMBNAIL:
                items.append(self._media_item(t, comp, comp.get("media")))
            elif t == FILE_COMPONENT:
                items.append(self._media_item(t, comp, comp.get("file")))
        return items

    def _media_item(self, kind: int, holder: dict, media: Any) -> MediaItem:
        url = str((media or {}).get("url") or "")
        name = url.removeprefix("attachment://") if url.startswith("attachment://") else None
        attachment = next((a for a in self.attachments if a.filename == name), None)
        return MediaItem(
            kind, url, holder.get("description"), bool(holder.get("spoiler")), attachment
        )

    def iter_components(self) -> list[dict]:
        """Every component of the message, nested ones included (rows, sections, containers,
        section accessories), in reading order."""
        return list(walk_components(self.components))

    def find_component(
        self, *, custom_id: str | None = None, label: str | None = None
    ) -> dict | None:
        for comp in self.iter_components():
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and comp.get("type") == 2 and comp.get("label") == label:
                return comp
        return None


@dataclass(frozen=True)
class MediaItem:
    """One picture or file of a Components V2 message (``Message.media``): ``kind`` is the
    component type holding it (12 media gallery, 11 thumbnail, 13 file), ``description``
    its alt text, ``attachment`` the file its ``attachment://name`` url names (None for an
    outside url or a name the message does not carry)."""

    kind: int
    url: str
    description: str | None
    spoiler: bool
    attachment: Attachment | None


def embed_text(embed: dict) -> list[str]:
    """An embed's readable strings: title, description, fields, footer, author."""
    parts = [embed.get("title"), embed.get("description")]
    for f in embed.get("fields") or []:
        parts += [f.get("name"), f.get("value")]
    parts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    return [str(p) for p in parts if p]


def walk_components(components: list[dict]) -> Iterator[dict]:
    """Components depth first, in reading order: a section's texts before its accessory."""
    for comp in components or []:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])

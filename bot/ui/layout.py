"""Components V2 cards: the picture, its words and its buttons in one container.

A classic message shows its embed, its picture and its buttons as separate parts, and on a
phone a tall picture pushes the buttons off the screen. A card is one Components V2
message (discord.py's `LayoutView`): an optional line above (a table's recap and ping),
then a container holding the texts, the picture in a media gallery with its alt text, and
the rows of buttons and selects. The table and the turn panel are cards.

Discord's rules for such a message, which the fake enforces too: no `content` and no
`embeds` beside the flag, and the flag never leaves a message once set (so every edit of a
card is a card); at most 40 components; at most 4000 characters of text across the whole
message; a media item names a file of the message (`attachment://name`) and its alt text
holds at most 1024 characters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import discord

MAX_TEXT = 4000  # all the Text Displays of a message together
MAX_ALT = 1024  # a media item's description
ROW_WIDTH = 5  # buttons side by side in an action row; a select fills a row alone

Row = Sequence[discord.ui.Item[Any]]


@dataclasses.dataclass(slots=True)
class Card:
    """What a card shows, before it is laid out: `head` above the container (the text that
    pings, or a recap kept when the rest goes), `texts` in it, its `pictures` in one media
    gallery, then its `rows` (each a few buttons, or one select)."""

    texts: list[str]
    pictures: list[discord.File] = dataclasses.field(default_factory=list)
    rows: Sequence[Row] = ()
    head: str = ""
    accent: discord.Colour | None = None

    def led_by(self, *lines: str) -> Card:
        """The card with `lines` above its first text (a notice, "that panel was stale")."""
        lead = "\n".join(line for line in lines if line)
        if not lead:
            return self
        texts = [f"{lead}\n\n{self.texts[0]}" if self.texts else lead, *self.texts[1:]]
        return dataclasses.replace(self, texts=texts)

    def without_pictures(self) -> Card:
        """The card without its pictures (a DM prompt: the table has the board)."""
        return dataclasses.replace(self, pictures=[])

    def view(self) -> discord.ui.LayoutView:
        """The card laid out: head, then the container (texts, gallery, rows)."""
        layout = discord.ui.LayoutView(timeout=None)
        # The head stays whole (it ends with the ping); the container's texts give way.
        head = self.head[:MAX_TEXT]
        texts = within(MAX_TEXT - len(head), self.texts)
        if head:
            layout.add_item(discord.ui.TextDisplay(head))
        box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=self.accent)
        if texts[:1] and texts[0]:
            box.add_item(discord.ui.TextDisplay(texts[0]))
        if self.pictures:
            box.add_item(discord.ui.MediaGallery(*(gallery_item(f) for f in self.pictures)))
        for text in texts[1:]:
            if text:
                box.add_item(discord.ui.TextDisplay(text))
        for row in self.rows:
            for chunk in _rows(row):
                box.add_item(discord.ui.ActionRow(*chunk))
        layout.add_item(box)
        return layout

    def message(self) -> dict[str, Any]:
        """Keyword arguments of a send: the layout and its files."""
        out: dict[str, Any] = {"view": self.view()}
        if self.pictures:
            out["files"] = list(self.pictures)
        return out

    def edit(self) -> dict[str, Any]:
        """Keyword arguments of an edit: the layout and exactly its files (the old ones go),
        and no content or embed (a message sent before the flag existed loses them here)."""
        return {
            "view": self.view(),
            "attachments": list(self.pictures),
            "content": None,
            "embed": None,
        }


def gallery_item(file: discord.File) -> discord.MediaGalleryItem:
    """A picture of the message in a gallery, its alt text the file's description."""
    alt = (file.description or "")[:MAX_ALT] or None
    return discord.MediaGalleryItem(f"attachment://{file.filename}", description=alt)


def within(limit: int, texts: list[str]) -> list[str]:
    """`texts` whose lengths add up to at most `limit`: the longest is cut (an ellipsis
    says so), the others stay whole."""
    texts = list(texts)
    while (over := sum(len(x) for x in texts) - limit) > 0:
        longest = max(range(len(texts)), key=lambda i: len(texts[i]))
        keep = max(0, len(texts[longest]) - over - 1)
        texts[longest] = texts[longest][:keep].rstrip() + "…"
    return texts


def _rows(items: Row) -> list[list[discord.ui.Item[Any]]]:
    """One asked row as action rows: buttons five to a row, each select alone."""
    rows: list[list[discord.ui.Item[Any]]] = []
    for item in items:
        if isinstance(item, discord.ui.Select) or not rows or len(rows[-1]) >= ROW_WIDTH:
            rows.append([item])
        elif isinstance(rows[-1][0], discord.ui.Select):
            rows.append([item])
        else:
            rows[-1].append(item)
    return rows

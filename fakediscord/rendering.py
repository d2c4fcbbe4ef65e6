"""Messages as text, the way a transcript (the scripted runner, test failures) shows them."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from fakediscord.messages import Attachment, Message

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server


def render_embed(embed: dict) -> list[str]:
    lines = []
    head = " — ".join(x for x in (embed.get("title"), embed.get("description")) if x)
    if head:
        lines.append(f"┃ {head}")
    for f in embed.get("fields") or []:
        lines.append(f"┃ {f.get('name')}: {f.get('value')}")
    if (embed.get("image") or {}).get("url"):
        lines.append(f"┃ [image {embed['image']['url'].rsplit('/', 1)[-1]}]")
    if (embed.get("footer") or {}).get("text"):
        lines.append(f"┃ ({embed['footer']['text']})")
    return lines or ["┃ (empty embed)"]


def render_components(components: list[dict]) -> list[str]:
    lines = []
    for comp in components or []:
        t = comp.get("type")
        if t == 1:
            parts = []
            for c in comp.get("components") or []:
                parts.extend(render_components([c]))
            if parts:
                lines.append(" ".join(parts))
        elif t == 2:
            label = comp.get("label") or (comp.get("emoji") or {}).get("name") or "?"
            lines.append(f"[~{label}~]" if comp.get("disabled") else f"[{label}]")
        elif t == 3:
            opts = " | ".join(o["label"] for o in comp.get("options") or [])
            lines.append(f"<{comp.get('placeholder') or comp.get('custom_id')}: {opts}>")
        elif t in (5, 6, 7, 8):
            lines.append(f"<{comp.get('placeholder') or comp.get('custom_id')}: pick…>")
        elif t == 10:
            lines.append(comp.get("content", ""))
        elif t == 12:
            lines.extend(_media_line(item, item.get("media")) for item in comp.get("items") or [])
        elif t == 11:
            lines.append(_media_line(comp, comp.get("media")))
        elif t == 13:
            lines.append(_media_line(comp, comp.get("file")))
        elif t == 14:
            lines.append("───")
        else:
            lines.extend(render_components(comp.get("components") or []))
            if isinstance(comp.get("accessory"), dict):
                lines.extend(render_components([comp["accessory"]]))
    return lines


def _media_line(holder: dict, media: dict | None) -> str:
    """A picture or file of a Components V2 message, with its alt text when it has one."""
    name = str((media or {}).get("url") or "?").rsplit("/", 1)[-1]
    alt = holder.get("description")
    return f"[media {name}: {alt}]" if alt else f"[media {name}]"


_MENTION = re.compile(r"<(@!?|@&|#)(\d+)>")


def readable(fake: Server, text: str) -> str:
    """Mentions as a person sees them: `<@123>` → `@alice`, `<#456>` → `#general`."""
    st = fake.state

    def name(found: re.Match[str]) -> str:
        kind, ident = found[1], int(found[2])
        if kind == "#":
            chan = st.channels.get(ident)
            return f"#{chan.name}" if chan and chan.name else found[0]
        if kind == "@&":
            role = next((g.roles[ident] for g in st.guilds.values() if ident in g.roles), None)
            return f"@{role.name}" if role else found[0]
        user = st.users.get(ident)
        return f"@{user.global_name or user.name}" if user else found[0]

    return _MENTION.sub(name, text)


def attachment_line(msg: Message, attachment: Attachment) -> str:
    return f"[attachment {attachment.filename}, {attachment.size} bytes]"


def render_message(
    fake: Server, msg: Message, attachment: Callable[[Message, Attachment], str] = attachment_line
) -> str:
    """The message as text; `attachment` says how each attached file is shown."""
    author = fake.state.users[msg.author_id].name
    lines = []
    if msg.flags & 128:
        lines.append("(thinking…)")
    if msg.content:
        lines.extend(readable(fake, msg.content).splitlines() or [""])
    for e in msg.embeds:
        lines.extend(readable(fake, line) for line in render_embed(e))
    for a in msg.attachments:
        lines.append(attachment(msg, a))
    lines.extend(render_components(msg.components))
    first, *rest = lines or [""]
    pad = " " * (len(author) + 2)
    return "\n".join([f"{author}: {first}", *(pad + line for line in rest)])

"""The Discord permissions the bot needs, in one place: the invite link and the check made
where a table opens (from the interaction's `app_permissions`, so it costs no REST call)."""

from __future__ import annotations

import dataclasses

import discord

from bot.i18n import t

# A table in a channel: read it, post the table (embed + picture), find it again.
TABLE = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
# A thread per match (without these, the match is played in the channel itself).
THREADS = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)
INVITE = TABLE | THREADS
SCOPES = ("bot", "applications.commands")


def invite_url(application_id: int) -> str:
    """The OAuth2 link that adds the bot with exactly the permissions it needs."""
    return discord.utils.oauth_url(application_id, permissions=INVITE, scopes=SCOPES)


@dataclasses.dataclass(frozen=True, slots=True)
class Placement:
    """Where a table can go from a channel: the permissions missing for any table at all,
    and whether the match can have its own thread."""

    missing: tuple[str, ...]
    use_thread: bool


def placement(granted: discord.Permissions, *, in_thread: bool) -> Placement:
    """A table opened in a thread stays in that thread (threads do not nest)."""
    needed = TABLE
    if in_thread:
        needed = discord.Permissions(needed.value & ~discord.Permissions(send_messages=True).value)
        needed |= discord.Permissions(send_messages_in_threads=True)
    missing = tuple(name for name, value in needed if value and not getattr(granted, name))
    use_thread = not in_thread and THREADS.is_subset(granted)
    return Placement(missing, use_thread)


def missing_sentence(missing: tuple[str, ...], locale: str | None) -> str:
    """'**Embed Links**, **Attach Files**' in the reader's language."""
    return ", ".join(f"**{t(f'perm.{name}', locale)}**" for name in missing)

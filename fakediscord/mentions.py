"""``allowed_mentions``: validated like Discord, then interpreted to record who a new
message notified (message.mdx, "Allowed Mentions Object").

Only the text is parsed: ``content`` (and Text Display components, which replace content
in components-v2 messages), never embeds. Tokens: ``<@id>``, ``<@!id>``, ``<@&role>``,
``@everyone``, ``@here``. A token whose first character is backslash-escaped (``\\@everyone``,
``\\<@1>``) is literal text, as Markdown renders it.

- No ``allowed_mentions``: regular messages parse users, roles and everyone; interaction
  responses and followups (webhooks) parse users only (the documented defaults).
- With it: ``parse`` lists the types parsed; ``users``/``roles`` list the only ids
  allowed; ``parse: ["users"]`` with a non-empty ``users`` list is a 400 / 50035 (same for
  roles); lists hold at most 100 ids.
- A role ping needs the role to be mentionable or the author to have MENTION_EVERYONE;
  ``@everyone``/``@here`` need MENTION_EVERYONE (``@here`` is treated as ``@everyone``:
  the fake has no presence).
- Only people who can see the channel are notified, never the author. Edits notify
  nobody; ephemeral messages notify nobody.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from fakediscord import permissions
from fakediscord.errors import invalid_form
from fakediscord.messages import Message
from fakediscord.state import MENTION_EVERYONE, Channel

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server

MENTION_TYPES = ("users", "roles", "everyone")
CHANNEL_DEFAULT = ("users", "roles", "everyone")
WEBHOOK_DEFAULT = ("users",)  # interactions and webhooks
MAX_IDS = 100
TEXT_DISPLAY = 10
_TOKEN = re.compile(r"(\\*)(<@!?(\d+)>|<@&(\d+)>|@everyone|@here)")


def check_allowed_mentions(data: dict, path: str = "") -> None:
    """Raise the 400 / 50035 Discord answers for an invalid ``allowed_mentions``."""
    am = data.get("allowed_mentions")
    if am is None:
        return
    p = f"{path}.allowed_mentions" if path else "allowed_mentions"
    if not isinstance(am, dict):
        raise invalid_form(p, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
    parse = am.get("parse")
    if parse is not None:
        if not isinstance(parse, list):
            raise invalid_form(f"{p}.parse", "LIST_TYPE_CONVERT", "Only iterables may be used.")
        for i, kind in enumerate(parse):
            if kind not in MENTION_TYPES:
                raise invalid_form(
                    f"{p}.parse.{i}", "BASE_TYPE_CHOICES", f"Value must be one of {MENTION_TYPES}."
                )
    for key in ("users", "roles"):
        ids = am.get(key)
        if ids is None:
            continue
        if not isinstance(ids, list):
            raise invalid_form(f"{p}.{key}", "LIST_TYPE_CONVERT", "Only iterables may be used.")
        if len(ids) > MAX_IDS:
            raise invalid_form(
                f"{p}.{key}", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_IDS} or fewer in length."
            )
        for i, value in enumerate(ids):
            if not str(value).isdigit():
                raise invalid_form(
                    f"{p}.{key}.{i}", "NUMBER_TYPE_COERCE", f'Value "{value}" is not snowflake.'
                )
        if ids and parse and key in parse:
            raise invalid_form(
                p,
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{key}"] and {key}: [ids...] are mutually exclusive.',
            )
    replied = am.get("replied_user")
    if replied is not None and not isinstance(replied, bool):
        raise invalid_form(f"{p}.replied_user", "BASE_TYPE_BOOLEAN", "Must be true or false.")


def _tokens(text: str) -> tuple[list[int], list[int], bool]:
    users: list[int] = []
    roles: list[int] = []
    everyone = False
    for m in _TOKEN.finditer(text):
        if len(m.group(1)) % 2:
            continue  # escaped: literal text
        if m.group(3):
            uid = int(m.group(3))
            if uid not in users:
                users.append(uid)
        elif m.group(4):
            rid = int(m.group(4))
            if rid not in roles:
                roles.append(rid)
        else:
            everyone = True
    return users, roles, everyone


def message_text(msg: Message) -> str:
    """The text Discord parses mentions from: content plus Text Display components."""
    return "\n".join([msg.content, *msg.text_displays])


def _audience(fake: Server, chan: Channel) -> list[int]:
    st = fake.state
    if chan.guild_id is None:
        return [chan.recipient_id, fake.bot_user.id] if chan.recipient_id else []
    guild = st.guilds[chan.guild_id]
    return [uid for uid in guild.members if permissions.can_view(st, chan, uid)]


def record_pings(
    fake: Server, msg: Message, chan: Channel, body: dict[str, Any], default: tuple
) -> None:
    """Fill ``msg``'s mention fields from its text and ``body['allowed_mentions']``."""
    st = fake.state
    am = body.get("allowed_mentions")
    if am is None:
        parse, only_users, only_roles = set(default), set(), set()
    else:
        parse = set(am.get("parse") or [])
        only_users = {int(x) for x in am.get("users") or []}
        only_roles = {int(x) for x in am.get("roles") or []}
    users, roles, everyone = _tokens(message_text(msg))
    author_perms = permissions.effective(st, chan, msg.author_id)
    may_mention_everyone = bool(author_perms & MENTION_EVERYONE)
    guild = st.guilds.get(chan.guild_id) if chan.guild_id else None
    audience = set(_audience(fake, chan))
    direct = [u for u in users if u in st.users and ("users" in parse or u in only_users)]
    msg.mentioned_user_ids = direct
    pinged = {u for u in direct if u in audience}
    if guild is not None:
        for rid in roles:
            role = guild.roles.get(rid)
            if role is None or rid == guild.id or not ("roles" in parse or rid in only_roles):
                continue
            if role.mentionable or may_mention_everyone:
                msg.pinged_role_ids.add(rid)
                pinged |= {
                    uid for uid, m in guild.members.items() if rid in m.role_ids and uid in audience
                }
    if everyone and "everyone" in parse and may_mention_everyone:
        msg.pinged_everyone = True
        pinged |= audience
    pinged.discard(msg.author_id)
    msg.pinged_user_ids = pinged
    if pinged or msg.pinged_role_ids or msg.pinged_everyone:
        fake.ping_log.append(msg)

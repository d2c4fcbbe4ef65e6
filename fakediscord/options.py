"""Slash-command options: building a command's interaction data, checked like a client.

Only synced commands the client offers there (:mod:`fakediscord.visibility`);
subcommands by path; required options present, unknown ones refused; values converted
to the option's type and checked against its limits and choices; users, channels and
roles resolved (with the invoking user's permissions in the channel, as Discord sends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

from fakediscord import payloads, permissions
from fakediscord.errors import InteractionRefused
from fakediscord.state import Channel, User
from fakediscord.visibility import find_command

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server

# Option types
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN = 1, 2, 3, 4, 5
USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 6, 7, 8, 9, 10
SUBCOMMANDS = (SUB_COMMAND, SUB_COMMAND_GROUP)


def command_data(
    fake: Server, user: User, channel: Channel, line: str, opts: dict, focused: str | None
) -> dict[str, Any]:
    """The ``data`` of an application-command interaction for ``/line`` with ``opts``.

    With ``focused`` set it is an autocomplete request: that option is sent as typed and
    required options may be missing.
    """
    parts = line.strip().lstrip("/").split()
    if not parts:
        raise InteractionRefused("empty command")
    cmd = find_command(fake, user, channel, parts[0])
    spec = cmd.payload
    path = parts[1:]
    schema = spec.get("options") or []
    chain: list[tuple[int, str]] = []
    for name in path:
        sub = next((o for o in schema if o["name"] == name and o["type"] in SUBCOMMANDS), None)
        if sub is None:
            raise InteractionRefused(f"/{line}: no subcommand {name!r}")
        chain.append((sub["type"], name))
        schema = sub.get("options") or []
    if any(o["type"] in SUBCOMMANDS for o in schema):
        names = [o["name"] for o in schema]
        raise InteractionRefused(f"/{line}: choose a subcommand among {names}")
    resolved: dict[str, dict] = {}
    leaf = _options(fake, user, channel, line, schema, opts, focused, resolved)
    for type_, name in reversed(chain):
        leaf = [{"type": type_, "name": name, "options": leaf}]
    data: dict[str, Any] = {
        "id": str(cmd.id),
        "name": cmd.name,
        "type": 1,
        "options": leaf,
    }
    if cmd.guild_id:
        data["guild_id"] = str(cmd.guild_id)
    if resolved:
        data["resolved"] = resolved
    return data


def _options(
    fake: Server,
    user: User,
    channel: Channel,
    line: str,
    schema: list[dict],
    opts: dict,
    focused: str | None,
    resolved: dict[str, dict],
) -> list[dict]:
    known = {o["name"]: o for o in schema}
    for name in list(opts):
        if name not in known and name.replace("_", "-") in known:
            opts[name.replace("_", "-")] = opts.pop(name)  # python kwargs cannot hold "-"
        elif name not in known:
            raise InteractionRefused(f"/{line}: unknown option {name!r}")
    out = []
    for spec in schema:
        name = spec["name"]
        if name not in opts:
            if spec.get("required") and focused is None:
                raise InteractionRefused(f"/{line}: missing required option {name!r}")
            continue
        value = opts[name]
        entry: dict[str, Any] = {"name": name, "type": spec["type"]}
        if name == focused:
            entry["value"] = str(value)
            entry["focused"] = True
            out.append(entry)
            continue
        entry["value"] = _option_value(fake, user, channel, line, spec, value, resolved)
        out.append(entry)
    return out


def _option_value(
    fake: Server,
    user: User,
    channel: Channel,
    line: str,
    spec: dict,
    value: Any,
    resolved: dict[str, dict],
) -> Any:
    st = fake.state
    t = spec["type"]
    name = spec["name"]

    def refuse(why: str) -> NoReturn:
        raise InteractionRefused(f"/{line}: option {name!r} {why}")

    if t == STRING:
        value = str(value)
        if len(value) < spec.get("min_length", 0):
            refuse("is too short")
        if len(value) > spec.get("max_length", 6000):
            refuse("is too long")
    elif t in (INTEGER, NUMBER):
        try:
            value = int(value) if t == INTEGER else float(value)
        except (TypeError, ValueError):
            refuse(f"must be a {'whole ' if t == INTEGER else ''}number")
        if "min_value" in spec and value < spec["min_value"]:
            refuse(f"must be at least {spec['min_value']}")
        if "max_value" in spec and value > spec["max_value"]:
            refuse(f"must be at most {spec['max_value']}")
    elif t == BOOLEAN:
        if isinstance(value, str):
            if value.lower() not in ("true", "false"):
                refuse("must be true or false")
            value = value.lower() == "true"
        value = bool(value)
    elif t in (USER, MENTIONABLE):
        u = resolve_user(fake, value)
        if u is None:
            refuse(f"names no known user: {value!r}")
        resolved.setdefault("users", {})[str(u.id)] = payloads.user(u)
        if channel.guild_id and u.id in st.guilds[channel.guild_id].members:
            m = st.guilds[channel.guild_id].members[u.id]
            resolved.setdefault("members", {})[str(u.id)] = payloads.member(
                st, m, with_user=False, channel=channel
            )
        value = str(u.id)
    elif t == CHANNEL:
        c = value if isinstance(value, Channel) else None
        if c is None:
            try:
                c = st.channel(int(value))
            except Exception:
                c = next((x for x in st.channels.values() if x.name == str(value)), None)
        if c is None:
            refuse(f"names no known channel: {value!r}")
        types = spec.get("channel_types")
        if types and c.type not in types:
            refuse("is the wrong kind of channel")
        data = payloads.channel(st, c)
        data["permissions"] = str(permissions.compute(st, c, user.id))
        resolved.setdefault("channels", {})[str(c.id)] = data
        value = str(c.id)
    elif t == ROLE:
        g = st.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        role = None
        if g:
            role = getattr(value, "id", None) and g.roles.get(value.id)
            role = role or next((r for r in g.roles.values() if r.name == str(value)), None)
        if role is None:
            refuse(f"names no known role: {value!r}")
        resolved.setdefault("roles", {})[str(role.id)] = payloads.role(role)
        value = str(role.id)
    else:
        refuse("has a type the fake cannot send")
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        by_name = {c["name"]: c["value"] for c in choices}
        if value in by_name:
            value = by_name[value]
        else:
            refuse(f"must be one of {[c['value'] for c in choices]}")
    return value


def merge_options(options: dict | None, kwargs: dict) -> dict:
    """``options`` plus keyword options (keywords win)."""
    merged = dict(options or {})
    merged.update(kwargs)
    return merged


def resolve_user(fake: Server, value: Any) -> User | None:
    """A user given as a :class:`User`, a :class:`FakeUser`, an id or a name."""
    if isinstance(value, User):
        return value
    if hasattr(value, "user") and isinstance(value.user, User):
        return value.user
    st = fake.state
    try:
        return st.users.get(int(value))
    except (TypeError, ValueError):
        pass
    name = str(value).lstrip("@")
    return next((u for u in st.users.values() if u.name == name), None)

"""Acting as a user: slash commands, clicks, selects, autocomplete, modals.

Every action is checked the way a Discord client would (only synced commands, required
options present, choices/types respected, only enabled components on messages this
user can see) and becomes an ``INTERACTION_CREATE`` built from stored state. The
returned :class:`InteractionResult` waits until the bot answered.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from fakediscord import payloads
from fakediscord.errors import InteractionRefused
from fakediscord.state import (
    ADMINISTRATOR,
    DM,
    LOADING,
    Channel,
    InteractionRecord,
    Message,
    User,
    snowflake,
)

if TYPE_CHECKING:
    from fakediscord.server import FakeDiscord

# Interaction types
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
# Option types
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN = 1, 2, 3, 4, 5
USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 6, 7, 8, 9, 10, 11
# Component types
BUTTON, STRING_SELECT, TEXT_INPUT, USER_SELECT = 2, 3, 4, 5
ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 6, 7, 8
LINK, PREMIUM = 5, 6  # button styles that never reach the bot


class InteractionResult:
    """What came back from one interaction; attributes read live from the fake's state."""

    def __init__(self, fake: FakeDiscord, record: InteractionRecord):
        self.fake = fake
        self.record = record

    def __repr__(self) -> str:
        return (
            f"<InteractionResult id={self.record.id} callback={self.callback_type} "
            f"content={self.content!r}>"
        )

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def responded(self) -> bool:
        return self.record.responded_at is not None

    @property
    def failed(self) -> bool:
        """True when the user would see "This interaction failed" (no answer in time)."""
        return not self.responded

    @property
    def callback_type(self) -> int | None:
        return self.record.callback_type

    @property
    def deferred(self) -> bool:
        return self.record.callback_type in (5, 6)

    @property
    def message(self) -> Message | None:
        """The original response message (for a component update: the updated message)."""
        return self.fake.state.messages.get(self.record.original_message_id or 0)

    @property
    def followups(self) -> list[Message]:
        msgs = self.fake.state.messages
        return [msgs[i] for i in self.record.followup_ids if i in msgs]

    @property
    def messages(self) -> list[Message]:
        """Original response then followups (the ones still existing)."""
        first = [self.message] if self.message and self.record.callback_type in (4, 5) else []
        return first + self.followups

    @property
    def content(self) -> str | None:
        msg = self.message
        return msg.content if msg else None

    @property
    def embeds(self) -> list[dict]:
        msg = self.message
        return msg.embeds if msg else []

    @property
    def ephemeral(self) -> bool:
        msg = self.message
        return bool(msg and msg.ephemeral)

    @property
    def choices(self) -> list[dict]:
        """Autocomplete choices ({"name", "value"})."""
        return list((self.record.callback_data or {}).get("choices") or [])

    @property
    def modal(self) -> dict | None:
        if self.record.callback_type == 9:
            return self.record.callback_data
        return None

    @property
    def latency(self) -> float | None:
        return self.record.latency

    @property
    def rest_calls(self) -> int:
        """REST calls the bot made while handling this interaction."""
        return len(self.record.rest_calls)

    def text(self) -> str:
        """All response messages rendered as text (for assertions)."""
        from fakediscord.script import render_message

        return "\n".join(render_message(self.fake, m) for m in self.messages)


class FakeUser:
    """A human Discord user whose actions the test drives."""

    def __init__(self, fake: FakeDiscord, user: User):
        self.fake = fake
        self.user = user

    def __repr__(self) -> str:
        return f"<FakeUser {self.user.name} id={self.user.id}>"

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    # ------------------------------------------------------------------ what I see

    def visible_messages(self, channel: Channel) -> list[Message]:
        """Public messages in ``channel`` plus my own ephemerals, oldest first."""
        st = self.fake.state
        return [m for m in st.channel_messages(channel.id) if m.visible_to(self.id)]

    def ephemerals(self, channel: Channel | None = None) -> list[Message]:
        return [
            m
            for m in self.fake.state.messages.values()
            if m.ephemeral_for == self.id and (channel is None or m.channel_id == channel.id)
        ]

    def dms(self) -> list[Message]:
        """Messages in my DM channel with the bot, oldest first."""
        cid = self.fake.state.dm_channels.get(self.id)
        return self.fake.state.channel_messages(cid) if cid else []

    @property
    def dm_channel(self) -> Channel:
        return self.fake.dm_channel(self.user)

    async def say(self, channel: Channel, content: str) -> Message:
        """Post a plain message (the bot gets MESSAGE_CREATE)."""
        from fakediscord.rest import create_message

        msg = create_message(self.fake, channel, {"content": content}, [], author_id=self.id)
        self.fake.notify()
        return msg

    # ------------------------------------------------------------------ slash commands

    async def slash(
        self,
        channel: Channel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> InteractionResult:
        """Run ``/command [group] [sub]`` with options (kwargs; ``_`` stands for ``-``)."""
        opts = _merge_options(options, kwargs)
        cmd, data = self._command_data(channel, command, opts, focused=None)
        return await self._interact(APPLICATION_COMMAND, channel, data, timeout=timeout)

    async def autocomplete(
        self,
        channel: Channel,
        command: str,
        *,
        option: str,
        value: Any = "",
        options: dict[str, Any] | None = None,
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> list[dict]:
        """Type ``value`` into ``option``; returns the choices the bot offered."""
        opts = _merge_options(options, kwargs)
        opts[option] = value
        focused = option
        _, data = self._command_data(channel, command, opts, focused=focused)
        result = await self._interact(AUTOCOMPLETE, channel, data, timeout=timeout)
        return result.choices

    def _command_data(self, channel: Channel, line: str, opts: dict, focused: str | None):
        st = self.fake.state
        parts = line.strip().lstrip("/").split()
        if not parts:
            raise InteractionRefused("empty command")
        candidates = [
            c
            for c in st.commands.values()
            if c.name == parts[0]
            and c.type == 1
            and (c.guild_id is None or c.guild_id == channel.guild_id)
        ]
        if not candidates:
            raise InteractionRefused(f"/{parts[0]} is not a synced command here")
        cmd = sorted(candidates, key=lambda c: c.guild_id is None)[0]
        spec = cmd.payload
        self._check_command_allowed(channel, spec)
        path = parts[1:]
        schema = spec.get("options") or []
        chain: list[tuple[int, str]] = []
        for name in path:
            sub = next((o for o in schema if o["name"] == name and o["type"] in (1, 2)), None)
            if sub is None:
                raise InteractionRefused(f"/{line}: no subcommand {name!r}")
            chain.append((sub["type"], name))
            schema = sub.get("options") or []
        if any(o["type"] in (1, 2) for o in schema):
            names = [o["name"] for o in schema]
            raise InteractionRefused(f"/{line}: choose a subcommand among {names}")
        resolved: dict[str, dict] = {}
        leaf = self._options(channel, line, schema, opts, focused, resolved)
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
        return cmd, data

    def _check_command_allowed(self, channel: Channel, spec: dict) -> None:
        st = self.fake.state
        contexts = spec.get("contexts")
        if channel.type == DM:
            if spec.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise InteractionRefused(f"/{spec['name']} is not available in DMs")
            return
        if contexts is not None and 0 not in contexts:
            raise InteractionRefused(f"/{spec['name']} is not available in servers")
        required = spec.get("default_member_permissions")
        if required is not None:
            perms = st.permissions(channel.guild_id, self.id)
            if int(required) and (perms & int(required)) != int(required):
                if not perms & ADMINISTRATOR:
                    raise InteractionRefused(f"{self.name} lacks permission for /{spec['name']}")

    def _options(self, channel, line, schema, opts, focused, resolved) -> list[dict]:
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
            entry["value"] = self._option_value(channel, line, spec, value, resolved)
            out.append(entry)
        return out

    def _option_value(self, channel, line, spec, value, resolved):
        st = self.fake.state
        t = spec["type"]
        name = spec["name"]

        def refuse(why):
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
            u = _resolve_user(self.fake, value)
            if u is None:
                refuse(f"names no known user: {value!r}")
            resolved.setdefault("users", {})[str(u.id)] = payloads.user(u)
            if channel.guild_id and u.id in st.guilds[channel.guild_id].members:
                m = st.guilds[channel.guild_id].members[u.id]
                resolved.setdefault("members", {})[str(u.id)] = payloads.member(
                    st, m, with_user=False, permissions=True
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
            data["permissions"] = str((1 << 51) - 1)
            resolved.setdefault("channels", {})[str(c.id)] = data
            value = str(c.id)
        elif t == ROLE:
            g = st.guilds.get(channel.guild_id)
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

    # ------------------------------------------------------------------ components

    def _component_message(self, message: Message | int) -> Message:
        st = self.fake.state
        msg = message if isinstance(message, Message) else st.messages.get(int(message))
        if msg is None or msg.id not in st.messages:
            raise InteractionRefused("that message no longer exists")
        if not msg.visible_to(self.id):
            raise InteractionRefused(f"{self.name} cannot see that (someone else's) message")
        channel = st.channels[msg.channel_id]
        if channel.guild_id and self.id not in st.guilds[channel.guild_id].members:
            raise InteractionRefused(f"{self.name} is not in that server")
        if channel.is_dm and channel.recipient_id != self.id:
            raise InteractionRefused(f"{self.name} cannot see that DM")
        return msg

    async def click(
        self,
        message: Message | int,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """Click the button with this label (or custom_id) on ``message``."""
        msg = self._component_message(message)
        comp = msg.find_component(custom_id=custom_id, label=label)
        if comp is None or comp.get("type") != BUTTON:
            raise InteractionRefused(f"no button {label or custom_id!r} on that message")
        if comp.get("disabled"):
            raise InteractionRefused(f"button {label or custom_id!r} is disabled")
        if comp.get("style") in (LINK, PREMIUM) or "custom_id" not in comp:
            raise InteractionRefused(f"button {label or custom_id!r} is a link")
        data = {"custom_id": comp["custom_id"], "component_type": BUTTON}
        return await self._interact(MESSAGE_COMPONENT, msg, data, timeout=timeout)

    async def select(
        self,
        message: Message | int,
        select: str,
        values: list[Any] | Any,
        *,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """Pick ``values`` in the select whose custom_id or placeholder is ``select``.

        String selects take option values (or labels); user selects take users.
        """
        msg = self._component_message(message)
        comp = next(
            (
                c
                for c in msg.iter_components()
                if c.get("type")
                in (STRING_SELECT, USER_SELECT, ROLE_SELECT, CHANNEL_SELECT, MENTIONABLE_SELECT)
                and select in (c.get("custom_id"), c.get("placeholder"))
            ),
            None,
        )
        if comp is None:
            raise InteractionRefused(f"no select {select!r} on that message")
        if comp.get("disabled"):
            raise InteractionRefused(f"select {select!r} is disabled")
        if not isinstance(values, list | tuple):
            values = [values]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise InteractionRefused(f"select {select!r} takes {lo}..{hi} values")
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
        if comp["type"] == STRING_SELECT:
            options = comp.get("options") or []
            by_label = {o["label"]: o["value"] for o in options}
            allowed = {o["value"] for o in options}
            picked = []
            for v in values:
                v = by_label.get(v, v) if v not in allowed else v
                if v not in allowed:
                    raise InteractionRefused(f"{v!r} is not an option of {select!r}")
                picked.append(v)
            data["values"] = picked
        elif comp["type"] in (USER_SELECT, MENTIONABLE_SELECT):
            st = self.fake.state
            resolved: dict[str, dict] = {"users": {}, "members": {}}
            picked = []
            chan = st.channels[msg.channel_id]
            for v in values:
                u = _resolve_user(self.fake, v)
                if u is None:
                    raise InteractionRefused(f"{v!r} is not a user")
                picked.append(str(u.id))
                resolved["users"][str(u.id)] = payloads.user(u)
                g = st.guilds.get(chan.guild_id)
                if g and u.id in g.members:
                    resolved["members"][str(u.id)] = payloads.member(
                        st, g.members[u.id], with_user=False, permissions=True
                    )
            data["values"] = picked
            data["resolved"] = resolved
        else:
            raise InteractionRefused("role/channel selects are not supported by the fake yet")
        return await self._interact(MESSAGE_COMPONENT, msg, data, timeout=timeout)

    async def submit_modal(
        self, shown: InteractionResult, values: dict[str, str], *, timeout: float = 5.0
    ) -> InteractionResult:
        """Fill and submit the modal the bot opened in ``shown`` (text inputs by custom_id)."""
        modal = shown.modal
        if modal is None:
            raise InteractionRefused("the bot did not open a modal")
        rows = []
        inputs = []
        for comp in modal.get("components") or []:
            inner = comp.get("components") or ([comp["component"]] if "component" in comp else [])
            for c in inner:
                if c.get("type") == TEXT_INPUT:
                    inputs.append(c)
        for c in inputs:
            cid = c["custom_id"]
            value = str(values.get(cid, c.get("value") or ""))
            if c.get("required", True) and not value:
                raise InteractionRefused(f"modal field {cid!r} is required")
            if len(value) > c.get("max_length", 4000) or len(value) < c.get("min_length", 0):
                raise InteractionRefused(f"modal field {cid!r} has the wrong length")
            rows.append(
                {"type": 1, "components": [{"type": TEXT_INPUT, "custom_id": cid, "value": value}]}
            )
        unknown = set(values) - {c["custom_id"] for c in inputs}
        if unknown:
            raise InteractionRefused(f"no modal fields {sorted(unknown)}")
        data = {"custom_id": modal["custom_id"], "components": rows}
        rec = shown.record
        st = self.fake.state
        where: Message | Channel = (
            st.messages.get(rec.source_message_id or 0) or st.channels[rec.channel_id]
        )
        return await self._interact(MODAL_SUBMIT, where, data, timeout=timeout)

    # ------------------------------------------------------------------ dispatch

    async def _interact(
        self, type_: int, where: Channel | Message, data: dict, *, timeout: float
    ) -> InteractionResult:
        fake = self.fake
        st = fake.state
        if not fake.connected:
            raise InteractionRefused("no bot is connected to the fake")
        source = where if isinstance(where, Message) else None
        channel = st.channels[source.channel_id] if source else where
        if channel.is_dm and channel.recipient_id != self.id:
            raise InteractionRefused("that is someone else's DM")
        if channel.type == DM:
            fake.dm_channel(self.user)  # make sure it exists
        iid = snowflake()
        token = fake.new_interaction_token()
        payload = payloads.interaction(
            st,
            interaction_id=iid,
            token=token,
            type_=type_,
            app_id=fake.application_id,
            user_id=self.id,
            chan=channel,
            data=data,
            message=payloads.message(st, source, fake.base_url) if source else None,
        )
        rec = InteractionRecord(
            iid,
            token,
            type_,
            self.id,
            channel.id,
            channel.guild_id,
            payload,
            source_message_id=source.id if source else None,
        )
        st.interactions[iid] = rec
        st.interactions_by_token[token] = rec
        # REST calls that carry no interaction token (channel sends, thread creation...)
        # are attributed to the latest interaction until the next one is dispatched.
        fake._active_interaction = rec
        rec.dispatched_at = time.monotonic()
        fake.dispatch("INTERACTION_CREATE", payload)
        await self._await_answer(rec, timeout)
        return InteractionResult(fake, rec)

    async def _await_answer(self, rec: InteractionRecord, timeout: float) -> None:
        fake = self.fake
        window = min(timeout, fake.faults.response_window + 0.05)
        try:
            await fake.wait_for(lambda: rec.responded_at is not None, window)
        except TimeoutError:
            return  # "This interaction failed"
        if rec.callback_type == 5:
            # A "thinking" defer: wait for the real answer (a followup or @original edit).
            def answered():
                msg = fake.state.messages.get(rec.original_message_id or 0)
                return msg is None or not msg.flags & LOADING or rec.followup_ids

            remaining = max(0.0, timeout - (time.monotonic() - rec.dispatched_at))
            try:
                await fake.wait_for(answered, remaining)
            except TimeoutError:
                return


def _merge_options(options: dict | None, kwargs: dict) -> dict:
    merged = dict(options or {})
    merged.update(kwargs)
    return merged


def _resolve_user(fake: FakeDiscord, value: Any) -> User | None:
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

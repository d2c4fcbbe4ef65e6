"""Acting as a user: slash commands, clicks, selects, autocomplete, modals.

Every action is checked the way a Discord client would (only synced commands, required
options present, choices/types respected, only enabled components on messages this
user can see) and becomes an ``INTERACTION_CREATE`` built from stored state. The
returned :class:`InteractionResult` waits until the bot answered. Slash-command options
are built and checked in :mod:`fakediscord.options`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fakediscord import payloads, permissions
from fakediscord.errors import ApiError, InteractionRefused
from fakediscord.interaction_result import InteractionResult
from fakediscord.messages import Message
from fakediscord.options import command_data, merge_options, resolve_user
from fakediscord.snowflakes import snowflake
from fakediscord.state import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEFERRED_CHANNEL_MESSAGE,
    DM,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Channel,
    InteractionRecord,
    User,
)
from fakediscord.visibility import place_refusal

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server

# Component types
BUTTON, STRING_SELECT, TEXT_INPUT, USER_SELECT = 2, 3, 4, 5
ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 6, 7, 8
LINK, PREMIUM = 5, 6  # button styles that never reach the bot


class FakeUser:
    """A human Discord user whose actions the test drives."""

    def __init__(self, fake: Server, user: User):
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

    @property
    def pings(self) -> list[Message]:
        """Messages that notified me (see :meth:`FakeDiscord.pings`)."""
        return self.fake.pings(self.user)

    # ------------------------------------------------------------------ what I see

    def visible_messages(self, channel: Channel) -> list[Message]:
        """Public messages in ``channel`` plus my own ephemerals, oldest first (nothing
        in a channel I cannot see)."""
        st = self.fake.state
        if place_refusal(self.fake, self.user, channel):
            return [m for m in st.channel_messages(channel.id) if m.ephemeral_for == self.id]
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
        """Post a plain message (the bot gets MESSAGE_CREATE). Refused where my client
        could not post: a channel I cannot see or may not send in, a locked thread."""
        from fakediscord.rest import create_message

        why = place_refusal(self.fake, self.user, channel)
        if why:
            raise InteractionRefused(why)
        if channel.guild_id is not None:
            perms = permissions.effective(self.fake.state, channel, self.id)
            if not perms & permissions.send_bit(channel):
                raise InteractionRefused(f"{self.name} may not send messages in {channel}")
        try:
            msg = create_message(self.fake, channel, {"content": content}, [], author_id=self.id)
        except ApiError as e:
            raise InteractionRefused(f"Discord refused the message: {e}") from None
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
        opts = merge_options(options, kwargs)
        data = command_data(self.fake, self.user, channel, command, opts, focused=None)
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
        opts = merge_options(options, kwargs)
        opts[option] = value
        data = command_data(self.fake, self.user, channel, command, opts, focused=option)
        result = await self._interact(AUTOCOMPLETE, channel, data, timeout=timeout)
        return result.choices

    # ------------------------------------------------------------------ components

    def _component_message(self, message: Message | int) -> Message:
        st = self.fake.state
        msg = message if isinstance(message, Message) else st.messages.get(int(message))
        if msg is None or msg.id not in st.messages:
            raise InteractionRefused("that message no longer exists")
        if not msg.visible_to(self.id):
            raise InteractionRefused(f"{self.name} cannot see that (someone else's) message")
        channel = st.channels[msg.channel_id]
        if channel.is_dm and channel.recipient_id != self.id:
            raise InteractionRefused(f"{self.name} cannot see that DM")
        why = place_refusal(self.fake, self.user, channel)
        if why:
            raise InteractionRefused(why)
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
                u = resolve_user(self.fake, v)
                if u is None:
                    raise InteractionRefused(f"{v!r} is not a user")
                picked.append(str(u.id))
                resolved["users"][str(u.id)] = payloads.user(u)
                g = st.guilds.get(chan.guild_id) if chan.guild_id is not None else None
                if g and u.id in g.members:
                    resolved["members"][str(u.id)] = payloads.member(
                        st, g.members[u.id], with_user=False, channel=chan
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
        source: Message | None = None
        if isinstance(where, Message):
            source, channel = where, st.channels[where.channel_id]
        else:
            channel = where
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
            bot_id=fake.bot_user.id,
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
        rec.dispatched_at = fake.now()
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
        if rec.callback_type == DEFERRED_CHANNEL_MESSAGE:
            # A "thinking" defer: wait for the real answer (a followup or @original edit).
            def answered() -> bool:
                msg = fake.state.messages.get(rec.original_message_id or 0)
                return msg is None or not msg.flags & LOADING or bool(rec.followup_ids)

            remaining = max(0.0, timeout - (fake.now() - rec.dispatched_at))
            try:
                await fake.wait_for(answered, remaining)
            except TimeoutError:
                return

"""Reading the fake's state from a test: messages, threads, commands (as a user's client
lists them), permissions, pings, interactions and their timings.

A mixin of :class:`fakediscord.server.FakeDiscord`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fakediscord import payloads, permissions, visibility
from fakediscord.messages import Message
from fakediscord.state import Channel, FakeState, Guild, InteractionRecord, User


class ReadingMixin:
    """Queries over the fake's state (see the module docstring)."""

    state: FakeState
    bot_user: User
    ping_log: list[Message]
    _user_obj: Callable[[Any], User]  # from WorldMixin

    def messages(self, channel: Channel | int, *, include_ephemeral: bool = False) -> list[Message]:
        """Messages in a channel, oldest first (public only unless asked)."""
        cid = channel.id if isinstance(channel, Channel) else int(channel)
        return [m for m in self.state.channel_messages(cid) if include_ephemeral or not m.ephemeral]

    def last_message(self, channel: Channel | int) -> Message | None:
        msgs = self.messages(channel)
        return msgs[-1] if msgs else None

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        return self.state.threads(parent.id if parent else None)

    def interactions(self) -> list[InteractionRecord]:
        return list(self.state.interactions.values())

    def commands(self, guild: Guild | None = None) -> list[dict]:
        """Synced application commands (global, plus ``guild``'s if given)."""
        return [
            payloads.command(c)
            for c in self.state.commands.values()
            if c.guild_id is None or (guild is not None and c.guild_id == guild.id)
        ]

    def visible_commands(self, user: Any, channel: Channel) -> list[dict]:
        """The slash commands ``user``'s client lists in ``channel`` (command payloads;
        ``c["name"]`` for names): scope, contexts and permissions applied; a command synced
        globally *and* to this guild appears twice, as in Discord's command picker."""
        u = self._user_obj(user)
        cmds = visibility.visible_commands(self, u, channel)  # type: ignore[arg-type]  # the mixin's self is the server
        return [payloads.command(c) for c in cmds]

    def bot_permissions(self, channel: Channel) -> int:
        """The bot's permissions in ``channel`` as Discord computes them (overwrites
        applied, implicit denials not: the value sent as ``app_permissions``)."""
        return permissions.compute(self.state, channel, self.bot_user.id)

    def pinged_messages(self) -> list[Message]:
        """Every message that notified someone, in creation order (deleted ones too:
        the notification went out)."""
        return list(self.ping_log)

    def pings(self, user: Any) -> list[Message]:
        """The messages that notified ``user`` (direct, role or @everyone pings)."""
        uid = self._user_obj(user).id
        return [m for m in self.ping_log if uid in m.pinged_user_ids]

    def answer_latencies(self) -> list[float]:
        """Dispatch-to-callback seconds of every answered interaction."""
        return [r.latency for r in self.state.interactions.values() if r.latency is not None]

    def latency_percentile(self, pct: float = 99.0) -> float:
        values = sorted(self.answer_latencies())
        if not values:
            return 0.0
        k = min(len(values) - 1, max(0, round(pct / 100 * len(values) + 0.5) - 1))
        return values[k]

    def rest_calls_per_interaction(self) -> dict[int, int]:
        return {r.id: len(r.rest_calls) for r in self.state.interactions.values()}

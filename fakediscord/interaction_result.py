"""What one interaction produced, as the acting user sees it: :class:`InteractionResult`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fakediscord.messages import Message
from fakediscord.rendering import render_message
from fakediscord.state import (
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MODAL,
    InteractionRecord,
)

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server


class InteractionResult:
    """What came back from one interaction; attributes read live from the fake's state."""

    def __init__(self, fake: Server, record: InteractionRecord):
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
        return self.record.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

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
        created = self.record.callback_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE)
        first = [self.message] if self.message and created else []
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
        if self.record.callback_type == MODAL:
            return self.record.callback_data
        return None

    @property
    def launched_activity(self) -> bool:
        """Whether the answer opened the app's Activity (LAUNCH_ACTIVITY, recorded in
        ``fake.oauth.launches``)."""
        return any(launch.interaction_id == self.record.id for launch in self.fake.oauth.launches)

    @property
    def latency(self) -> float | None:
        return self.record.latency

    @property
    def rest_calls(self) -> int:
        """REST calls the bot made while handling this interaction."""
        return len(self.record.rest_calls)

    def text(self) -> str:
        """All response messages rendered as text (for assertions)."""
        return "\n".join(render_message(self.fake, m) for m in self.messages)

"""The recorders the Discord tests assert on: every message body the bot sent (creates *and*
edits, in every channel, thread, DM and ephemeral) with its audience, the leaks of a secret
marker among them, and per-interaction REST counts.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Iterator
from typing import Any

import fakediscord.rest as fake_rest
from fakediscord.messages import Message

PUBLIC = "public"  # the audience of what everybody in the channel sees


@dataclasses.dataclass(frozen=True)
class Sent:
    """One message body the bot sent (a create or an edit) and who could see it."""

    seq: int
    kind: str  # "create" | "edit" | "autocomplete"
    message_id: int | None
    channel_id: int
    audience: int | str  # a user id, or PUBLIC
    text: str  # content, embeds, components, attachments' alt text and text files, flattened
    # (filename, alt text) of each file uploaded with this body, as the fake keeps it
    uploads: tuple[tuple[str, str | None], ...] = ()

    def __repr__(self) -> str:
        return f"<Sent #{self.seq} {self.kind} to {self.audience}: {self.text[:120]!r}>"


def flatten(payload: dict, files: list | None = None) -> str:
    """Every human-readable string of a message body (its attachments' names and alt text
    included) and of its text attachments."""
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("custom_id", "url", "proxy_url", "id", "type", "style"):
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk({k: payload.get(k) for k in ("content", "embeds", "components", "choices", "attachments")})
    for file in files or []:
        name, data = file[1], file[3]
        if name.endswith((".json", ".txt", ".md")):
            out.append(data.decode("utf-8", "replace"))
    return "\n".join(out)


class PayloadLog:
    """Wraps the fake's create/edit of messages to keep every body the bot sent, in order.

    The fake stores only the latest state of a message; an edit could hide what an earlier
    body showed, so the log keeps each body with the audience of its message at that time.
    """

    def __init__(self, fake: Any) -> None:
        self.fake = fake
        self.sent: list[Sent] = []

    def audience(self, msg: Message) -> int | str:
        if msg.ephemeral_for is not None:
            return msg.ephemeral_for
        channel = self.fake.state.channels[msg.channel_id]
        if channel.is_dm:
            return channel.recipient_id
        return PUBLIC

    def _add(self, kind: str, msg: Message, payload: dict, files: list) -> None:
        uploaded = {file[1] for file in files or []}
        self.sent.append(
            Sent(
                len(self.sent),
                kind,
                msg.id,
                msg.channel_id,
                self.audience(msg),
                flatten(payload, files),
                tuple(
                    (a.filename, a.description) for a in msg.attachments if a.filename in uploaded
                ),
            )
        )

    @contextlib.contextmanager
    def installed(self) -> Iterator[PayloadLog]:
        create, edit = fake_rest.create_message, fake_rest.edit_message

        def recording_create(fake, chan, payload, files, **kwargs):
            msg = create(fake, chan, payload, files, **kwargs)
            if msg.author_id == fake.bot_user.id:
                self._add("create", msg, payload, files)
            return msg

        def recording_edit(fake, msg, payload, files, path=""):
            result = edit(fake, msg, payload, files, path)
            self._add("edit", msg, payload, files)
            return result

        fake_rest.create_message, fake_rest.edit_message = recording_create, recording_edit
        try:
            yield self
        finally:
            fake_rest.create_message, fake_rest.edit_message = create, edit

    def with_autocomplete(self) -> list[Sent]:
        """The bodies plus every autocomplete answer (choices go to the typing user only)."""
        extra = [
            Sent(
                10**6 + n,
                "autocomplete",
                None,
                rec.channel_id,
                rec.user_id,
                flatten(rec.callback_data or {}),
            )
            for n, rec in enumerate(self.fake.interactions())
            if rec.callback_type == 8
        ]
        return self.sent + extra


COLOURS = ("green", "red", "blue", "orange", "pink")
OWN_MARKER = re.compile(r"Your final-excursion marker: \*\*\W*(\w+) line\*\*")


def marker_leaks(
    sent: list[Sent], markers: dict[int, str], owners: dict[int, int], game_over_seq: int | None
) -> list[str]:
    """Every way `sent` shows a secret marker to someone it does not belong to.

    - a "Your final-excursion marker" sentence must go to one user, and name that user's
      own colour (owners: seat -> user id);
    - before the game-over message, no public line may mention a marker together with a
      line colour (the face-up marker of 2-player games aside, there is none with 3).
    """
    problems = []
    colour_of_user = {owners[s]: c for s, c in markers.items() if s in owners}
    for item in sent:
        for found in OWN_MARKER.finditer(item.text):
            if item.audience == PUBLIC:
                problems.append(f"{item!r}: a marker sentence in public")
            elif colour_of_user.get(item.audience) != found[1]:
                problems.append(
                    f"{item!r}: shows {found[1]} to user {item.audience}, "
                    f"whose marker is {colour_of_user.get(item.audience)}"
                )
        if item.audience == PUBLIC and (game_over_seq is None or item.seq < game_over_seq):
            for text_line in item.text.splitlines():
                low = text_line.lower()
                if "marker" in low and any(f"{c} line" in low for c in COLOURS):
                    problems.append(f"{item!r}: public marker line {text_line!r} before the end")
    return problems


def rest_stats(fake: Any, records: list[Any]) -> dict[str, float]:
    """Average and most REST calls over some interaction records."""
    counts = [len(r.rest_calls) for r in records]
    return {
        "n": len(records),
        "avg_calls": sum(counts) / max(1, len(counts)),
        "max_calls": max(counts, default=0),
    }

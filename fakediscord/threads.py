"""Thread lifecycle: activity, auto-archiving on the fake clock, archived and locked rules.

As threads.mdx documents it:

- "Activity is defined as sending a message, unarchiving a thread, or changing the
  auto-archive time"; a thread archives once ``auto_archive_duration`` minutes pass
  without activity (``fake.advance`` moves the clock; due threads archive then).
- "Users cannot edit messages ... in archived threads" → 400 / 50083.
  "The only operation that should happen within an archived thread is messages being
  deleted": deleting stays allowed, except in a thread that is also locked ("deleting
  messages ... will *only* be allowed in locked threads if that thread is also active"),
  without MANAGE_THREADS.
- "Sending a message will automatically unarchive the thread, unless the thread has been
  locked by a moderator": without MANAGE_THREADS, creating or editing a message in a
  locked thread fails with 403 / 160005 "Thread is locked" (the documented code; the
  docs do not give the HTTP status, 403 is the strict reading).
- Locking does not archive: a locked thread may be active or archived.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from fakediscord import payloads, permissions
from fakediscord.errors import ApiError
from fakediscord.state import MANAGE_THREADS, Channel

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server


def thread_locked() -> ApiError:
    return ApiError(403, 160005, "Thread is locked")


def archived_error() -> ApiError:
    return ApiError(400, 50083, "Thread is archived")


def wall_clock(fake: Server) -> str:
    """ISO time on the fake clock (real UTC time plus everything ``advance`` added)."""
    return (datetime.now(UTC) + timedelta(seconds=fake.clock_offset)).isoformat()


def touch(fake: Server, thread: Channel) -> None:
    """Record activity: the auto-archive countdown restarts."""
    thread.last_activity = fake.now()


def dispatch_update(fake: Server, thread: Channel) -> None:
    fake._dispatch_soon("THREAD_UPDATE", lambda: payloads.channel(fake.state, thread))
    fake.notify()


def set_archived(fake: Server, thread: Channel, archived: bool, *, dispatch: bool = True) -> None:
    """Archive or unarchive (archive_timestamp moves; unarchiving is activity)."""
    if thread.archived == archived:
        return
    thread.archived = archived
    thread.archive_timestamp = wall_clock(fake)
    if not archived:
        touch(fake, thread)
    if dispatch:
        dispatch_update(fake, thread)


def set_auto_archive(fake: Server, thread: Channel, minutes: int) -> None:
    thread.auto_archive_duration = minutes
    thread.archive_timestamp = wall_clock(fake)
    touch(fake, thread)


def run_timers(fake: Server) -> None:
    """Archive every active thread whose inactivity reached its auto_archive_duration."""
    now = fake.now()
    for thread in fake.state.threads():
        if thread.last_activity is None:  # made outside the REST routes: active from now
            thread.last_activity = now
        if not thread.archived and now >= thread.last_activity + thread.auto_archive_duration * 60:
            set_archived(fake, thread, True)


def _manages(fake: Server, chan: Channel, user_id: int) -> bool:
    return bool(permissions.effective(fake.state, chan, user_id) & MANAGE_THREADS)


def before_post(fake: Server, chan: Channel, author_id: int) -> None:
    """Refuse a message in a locked thread without MANAGE_THREADS."""
    if chan.is_thread and chan.locked and not _manages(fake, chan, author_id):
        raise thread_locked()


def after_post(fake: Server, chan: Channel, author_id: int) -> None:
    """Posting unarchives (THREAD_UPDATE first), counts as activity, joins the author."""
    if not chan.is_thread:
        return
    if chan.archived:
        set_archived(fake, chan, False)
    touch(fake, chan)
    chan.member_ids.add(author_id)


def before_edit(fake: Server, chan: Channel, editor_id: int) -> None:
    if not chan.is_thread:
        return
    if chan.archived:
        raise archived_error()
    if chan.locked and not _manages(fake, chan, editor_id):
        raise thread_locked()


def before_delete(fake: Server, chan: Channel, actor_id: int) -> None:
    if chan.is_thread and chan.archived and chan.locked and not _manages(fake, chan, actor_id):
        raise archived_error()

"""Turn deadlines, the RoboDanny way: they live in the database; one task sleeps until the
soonest reminder or timeout (or lobby expiry), and a restart simply re-arms it from what is
stored.

Two reminders come before a deadline: at half time and near the end (games/host/clocks.py).
Every process of a sharded bot runs this timer on the same database: a due deadline is
claimed (`host.deadlines`, with a lease) so exactly one process fires it, and each
reminder is sent by the one process that marks it sent. A player who gets turn prompts by
DM gets the reminders there too, and is not pinged in the thread (bot/ui/reach.py)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import socket
from typing import TYPE_CHECKING

from bot.i18n import t
from bot.ui.delivery import (
    announce,
    attempt,
    catch_up,
    dm_language,
    mentions,
    post,
    send_dm,
)
from bot.ui.lobby_expiry import close_expired_lobbies
from bot.ui.reach import by_dm
from games.host.clocks import FINAL, HALF, next_reminder
from games.host.outcome import Outcome

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)
MAX_SLEEP = 300.0
CLAIM_RETRY = 30.0  # a due deadline another process claimed: check again after this
# The reminder in the thread, and by DM, by stage (clocks.HALF, clocks.FINAL).
REMINDER = {HALF: "deadline.reminder", FINAL: "deadline.reminder_final"}
DM_REMINDER = {HALF: "dm.reminder", FINAL: "dm.reminder_final"}


class DeadlineTimer:
    """Sleeps until the next due reminder or deadline; `poke()` after anything changes."""

    def __init__(self, bot: Services) -> None:
        self.bot = bot
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"  # this timer
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="lutece-deadlines")

    def poke(self) -> None:
        self._wake.set()

    async def stop(self, until: float | None = None) -> None:
        """Stop the timer. A round under way (a timeout's AI move, its notice and table) may
        finish until `until` (the event loop's clock); then it is cancelled."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping = True
        self._wake.set()
        if until is not None:
            await asyncio.wait({task}, timeout=max(0.0, until - asyncio.get_running_loop().time()))
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    async def _run(self) -> None:
        while not self._stopping:
            # Clear *before* the tick: a poke that arrives while tick() awaits the database
            # (a move was just played) must wake the next wait, not be wiped out after it.
            self._wake.clear()
            try:
                delay = await self.tick()
            except Exception:
                log.exception("deadline tick failed")
                delay = 30.0
            if self._stopping:
                return
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
            except TimeoutError:
                pass

    async def tick(self) -> float:
        """Handle everything due now; return the seconds until the next thing is due."""
        host = self.bot.host
        now = host.clock()
        for match_id in await host.deadlines.claim_due(self.owner):
            outcome = await host.timeout(match_id)  # its new deadline ends the claim
            if outcome is None:
                await host.deadlines.release(match_id, self.owner)
            else:
                await self._timed_out(outcome)
        soonest = now + MAX_SLEEP
        for deadline in await host.deadlines.running():
            if deadline.at <= now:
                soonest = min(soonest, now + CLAIM_RETRY)  # claimed elsewhere: look again
                continue
            stage = await host.deadlines.claim_reminder(deadline)
            if stage is not None:
                await self._remind(deadline.match_id, stage, deadline.at)
                deadline = dataclasses.replace(deadline, reminders=stage)
            remind = next_reminder(deadline, now)
            if remind is not None:
                soonest = min(soonest, remind)
            soonest = min(soonest, deadline.at)
        expiry = await close_expired_lobbies(self.bot, self.owner)
        if expiry is not None:  # one still due is claimed elsewhere: look again
            soonest = min(soonest, expiry if expiry > now else now + CLAIM_RETRY)
        return max(0.05, soonest - now)

    async def _remind(self, match_id: str, stage: int, at: float) -> None:
        """A new message (edits do not notify), which also unarchives a quiet thread; by DM
        to whoever gets their turn prompts there. It says when the turn ends in Discord's
        own timestamp, shown to each reader in their language and time zone."""
        match = await self.bot.host.get(match_id)
        waiting = match.users_to_act()
        when = f"<t:{int(at)}:R>"
        dms = await by_dm(self.bot, waiting)
        pinged = [u for u in waiting if u not in dms]
        if pinged:
            language = await self.bot.languages.of_guild(match.guild_id)
            text = t(REMINDER[stage], language, mentions=mentions(pinged), when=when)
            await attempt("the reminder", match_id, post(self.bot, match_id, text, pinged))
        for user_id in dms:
            language = dm_language(await self.bot.host.prefs.get(user_id))
            text = t(DM_REMINDER[stage], language, when=when)
            await attempt("the reminder DM", match_id, send_dm(self.bot, match, user_id, text))
        await catch_up(self.bot, match_id)

    async def _timed_out(self, outcome: Outcome) -> None:
        match = outcome.info
        key = "deadline.ai_played" if outcome.applied else "deadline.waiting"
        language = await self.bot.languages.of_guild(match.guild_id)
        await attempt("the timeout notice", match.id, post(self.bot, match.id, t(key, language)))
        await announce(self.bot, outcome)

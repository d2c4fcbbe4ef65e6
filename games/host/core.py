"""The async match host: one lock per match, authorise, apply through the engine, persist.

Every change to a match goes through here, so the Discord layer, the CLI and the tests share
one path: an action is applied to a copy of the state, appended to the log with the new
snapshot in one transaction, and only then becomes the live state. A failure anywhere leaves
the match exactly as it was.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from games.core.ai import default_seconds
from games.core.errors import IllegalAction
from games.host.deadlines import Deadlines
from games.host.errors import HostError, as_json
from games.host.facts import Facts
from games.host.info import MatchInfo
from games.host.invites import InvitesMixin
from games.host.links import Links
from games.host.lobbies import Lobbies
from games.host.lobby import LobbyMixin
from games.host.notices import Notices
from games.host.outcome import Applied, LiveMatch, Outcome
from games.host.prefs import Prefs
from games.host.ratings import Ratings, rate
from games.host.replays import Replays
from games.host.results import Results
from games.host.seats import SeatsMixin, waiting_seat
from games.host.settings import GuildSettingsService
from games.host.tables import TablesMixin
from games.host.thinking import ThinkingMixin, Turn
from games.host.watchers import Watchers
from games.host.workers import Workers, default_processes
from games.registry import game_keys, get_game
from storage.store import DuplicateRequest, StaleVersion, Store

log = logging.getLogger(__name__)
KEEP_LIVE = 1000  # matches in memory: the busiest ones; others load again when touched
# AI thinking per host call that plays AI seats at once (`act`, Start, a replace, a timeout):
# the AI replies chained after one call share it. Moves past it are played at the easy level,
# which does not search (a table of AIs only, after an admin gave the last human seat away,
# finishes within one call). Nobody's click waits on it: AI seats search without the lock.
AI_CALL_S = 2.0


class MatchHost(LobbyMixin, InvitesMixin, SeatsMixin, TablesMixin, ThinkingMixin):
    """Holds live matches and applies every change to them."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        keep: int = KEEP_LIVE,
        shared: bool | None = None,
        ai_seconds: float | None = None,
        ai_call_seconds: float = AI_CALL_S,
        ai_iterations: int | None = None,
        ai_workers: int | None = None,
        draws: random.Random | None = None,
    ) -> None:
        """`ai_seconds`: a searching AI seat's time per move (default: LUTECE_AI_SECONDS or
        1 s); `ai_call_seconds`: what all AI moves of one call may spend together;
        `ai_iterations`: a fixed search size instead (reproducible, for tests); `ai_workers`:
        the processes strong seats search in (default: a core less than the machine's; 0: a
        thread of this process, see `games.host.workers`); `draws`:
        where match ids and seeds come from (default: unguessable; the demo fixes them)."""
        self.store = store
        self.draws = draws
        self.ai_seconds = default_seconds() if ai_seconds is None else ai_seconds
        self.ai_call_seconds = ai_call_seconds
        self.ai_iterations = ai_iterations
        engines = sorted({type(get_game(key)).__module__ for key in game_keys()})
        workers = default_processes() if ai_workers is None else ai_workers
        self.searches = Workers(workers, preload=["games.core.search", *engines])
        self.clock = clock
        # Other processes may change the same matches (a database server, several shards):
        # a cached match is checked against the stored version before it is used.
        self.shared = store.backend != "sqlite" if shared is None else shared
        self.keep = keep  # matches kept in memory, the most recently used
        self._live: OrderedDict[str, LiveMatch] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}
        self._thinking: set[str] = set()  # matches whose AI seats this process is playing
        # What the bot reads and writes besides matches, each service owning its writes.
        self.prefs = Prefs(store)
        self.guilds = GuildSettingsService(store)
        self.notices = Notices(store)
        self.deadlines = Deadlines(store, self.lock, self._current, lambda: self.clock())
        self.facts = Facts(store)
        self.lobbies = Lobbies(store, self.lock, lambda: self.clock())
        self.replays = Replays(store, self._loaded)
        self.results = Results(store, self.guilds)
        self.ratings = Ratings(store, self.results.ready)
        self.links = Links(store)
        self.watchers = Watchers()

    async def close(self) -> None:
        """End the AI's worker processes (the store is its owner's to close)."""
        await self.searches.close()

    def lock(self, match_id: str) -> asyncio.Lock:
        """The lock that serialises every change to one match."""
        return self._locks.setdefault(match_id, asyncio.Lock())

    def busy(self, match_id: str) -> bool:
        """Whether a change to the match is under way right now (its lock is held): a call
        on the match would wait for it. An AI seat searching does not hold the lock."""
        lock = self._locks.get(match_id)
        return lock is not None and lock.locked()

    # --- loading ------------------------------------------------------------------------

    async def get(self, match_id: str) -> MatchInfo:
        """The match as it is now, for callers outside the host (loaded on first use)."""
        return (await self._loaded(match_id)).info()

    def peek(self, match_id: str) -> MatchInfo | None:
        """The match now if it is already in memory (no database read)."""
        live = self._live.get(match_id)
        return None if live is None else live.info()

    async def _loaded(self, match_id: str) -> LiveMatch:
        """The live match, loaded from its stored snapshot on first use (and again when
        another process moved it on, if the database is shared): the host's own, and
        tooling's that works on engines (the CLI's benchmarks, the host's tests)."""
        live = self._live.get(match_id)
        if live is None or (self.shared and await self._moved_on(live)):
            async with self.lock(match_id):
                live = await self._current(match_id)
        else:
            self._live.move_to_end(match_id)
        return live

    async def _cached(self, match_id: str) -> LiveMatch:
        """The match as this process last wrote or read it (loaded on first use), for a
        caller whose write names the version it read: a stale copy is never stored over."""
        live = self._live.get(match_id)
        if live is None:
            return await self._load(match_id)
        self._live.move_to_end(match_id)
        return live

    async def _moved_on(self, live: LiveMatch) -> bool:
        return await self.store.current_version(live.id) != live.row.version

    async def _current(self, match_id: str) -> LiveMatch:
        """Under the match's lock: the match as stored now. One process alone trusts its
        cache; with a shared database a cached match is reloaded if its version moved."""
        live = self._live.get(match_id)
        if live is not None and not (self.shared and await self._moved_on(live)):
            self._live.move_to_end(match_id)
            return live
        return await self._load(match_id)

    async def _load(self, match_id: str) -> LiveMatch:
        """One row read: the state comes back from the snapshot written with the last action
        (`Game.restore`); only a match without one is replayed from its log."""
        row = await self.store.get_match(match_id)
        if row is None:
            raise HostError("match.unknown", f"there is no match {match_id!r}", match=match_id)
        live = LiveMatch(row=row, game=get_game(row.game))
        if row.status != "lobby":
            try:
                live.state = live.game.restore(row.snapshot or {})
            except (KeyError, TypeError, ValueError):
                # No snapshot, or one this code cannot read: the log is the truth.
                log.warning("match %s: unreadable snapshot; replayed from the log", row.id)
                live.state = await self._replay(live)
                row.snapshot = as_json(live.game.snapshot(live.state))
                await self.store.update_match(row.id, snapshot=row.snapshot)
        self._remember(live)
        return live

    def _remember(self, live: LiveMatch) -> None:
        """Keep `live` in memory, and let the least recently used idle matches go: memory
        stays bounded however many matches are ever played (they load again when touched).
        A match whose AI seats think is not idle: its lock must stay the one they use."""
        self._live[live.id] = live
        self._live.move_to_end(live.id)
        for match_id in list(self._live)[: max(0, len(self._live) - self.keep)]:
            lock = self._locks.get(match_id)
            if match_id not in self._thinking and (lock is None or not lock.locked()):
                del self._live[match_id]
                self._locks.pop(match_id, None)

    async def _replay(self, live: LiveMatch, told: Outcome | None = None, after: int = 0) -> Any:
        """The state rebuilt from the match's setup and its whole log (the truth); the
        actions after version `after` are added to `told`, with their events."""
        game, row = live.game, live.row
        state = game.setup(row.seats, game.parse_options(row.options), row.seed, row.arrangement)
        for entry in await self.store.actions(row.id):
            action = game.parse_action(entry.action)
            state, events = game.apply(state, entry.seat, action)
            if told is not None and entry.seq > after:
                by = "ai" if entry.user_id is None else "player"
                told.applied.append(Applied(entry.seat, action, tuple(events), entry.seq, by))
        return state

    async def since(self, match_id: str, version: int) -> Outcome:
        """The actions after `version` with their events, replayed from the log: what a
        table left at `version` has not told yet (its process stopped between storing a
        move and posting it, or Discord refused the post)."""
        async with self.lock(match_id):
            live = await self._current(match_id)
            outcome = Outcome(live)
            if live.started and version < live.row.version:
                await self._replay(live, outcome, after=version)
            return outcome

    async def verify(self, match_id: str) -> bool:
        """Replay the log and compare with the stored snapshot; a difference is repaired from
        the log (the truth) and logged. True when they agreed."""
        async with self.lock(match_id):
            live = await self._current(match_id)
            if live.state is None:
                return True
            replayed = await self._replay(live)
            snapshot = as_json(live.game.snapshot(replayed))
            if snapshot == live.row.snapshot:
                return True
            log.warning("match %s: snapshot differed from its replayed log; repaired", live.id)
            await self.store.update_match(live.id, snapshot=snapshot)
            live.state, live.row.snapshot = replayed, snapshot
            return False

    # --- playing --------------------------------------------------------------------------

    async def act(
        self,
        match_id: str,
        user_id: int,
        action: BaseModel | Mapping[str, Any],
        *,
        key: str | None,
        expected_version: int | None = None,
    ) -> Outcome:
        """Apply `user_id`'s action exactly once (`key` is the idempotency key), then let AI
        seats reply. Raises HostError/IllegalAction with nothing changed when refused."""

        def pick(live: LiveMatch, seat: int) -> BaseModel:
            if isinstance(action, BaseModel):
                return action
            return live.game.parse_action(action)

        async with self.lock(match_id):
            outcome = await self._act_on_latest(match_id, user_id, key, expected_version, pick)
        if outcome.applied:
            await self._drive_ai(match_id, outcome)
        return outcome

    async def _act_on_latest(
        self,
        match_id: str,
        user_id: int,
        key: str | None,
        version: int | None,
        pick: Callable[[LiveMatch, int], BaseModel],
    ) -> Outcome:
        """`_act` on the cached match, under its lock, without first asking a shared database
        for its version (a round trip on every move): the write names the version it read,
        so a copy another process moved on cannot be stored over. Only a refusal (a stale
        write included) asks; if the copy was behind, the move is tried once more on the
        match as stored now, and answered as if it had been loaded first."""
        live = await self._cached(match_id)
        try:
            return await self._act(live, user_id, key, version, pick)
        except (HostError, IllegalAction):
            if not self.shared or not await self._moved_on(live):
                raise
        return await self._act(await self._load(match_id), user_id, key, version, pick)

    async def _act(
        self,
        live: LiveMatch,
        user_id: int,
        key: str | None,
        version: int | None,
        pick: Callable[[LiveMatch, int], BaseModel],
    ) -> Outcome:
        """The one path of a player's move, under the match lock: a repeated key is
        recognised first, then the turn is checked (once, here), then the version. AI seats
        to act next are the caller's to play, after the lock is released."""
        if key is not None and key in live.requests:  # every key applied since loaded
            return Outcome(live, duplicate=True)
        try:
            seat = waiting_seat(live.id, live.row.status, live.seat_of(user_id), live.to_act())
            if version is not None and version != live.row.version:
                raise HostError("match.stale", "the table has moved on since that button was made")
        except HostError:
            # Refused — unless it is a repeat of a request already in the log (a double
            # click, or one from before the match was loaded): then it was done already.
            if key is not None and await self.store.request_seq(live.id, key) is not None:
                return Outcome(live, duplicate=True)
            raise
        outcome = Outcome(live)
        try:
            await self._apply(live, outcome, seat, pick(live, seat), key, user_id, "player")
        except DuplicateRequest:
            return Outcome(live, duplicate=True)
        return outcome

    async def _apply(
        self,
        live: LiveMatch,
        outcome: Outcome,
        seat: int,
        action: BaseModel,
        key: str | None,
        user_id: int | None,
        by: str,
    ) -> None:
        game, row = live.game, live.row
        state, events = game.apply(live.state, seat, action)
        result = game.result(state)
        status = "finished" if result is not None else "active"
        pending = LiveMatch(row=row, game=game, state=state)
        deadline = None if result is not None else self._deadline(pending, status)
        snapshot = game.snapshot(state)
        # The last action stores the match's result (and ratings) in its own transaction.
        finished = (
            None if result is None else await self.results.finishing(row, result, self.clock())
        )
        try:
            version = await self.store.append_action(
                row.id,
                expected_version=row.version,
                seat=seat,
                action=game.dump_action(action),
                request_id=key,
                user_id=user_id,
                snapshot=snapshot,
                status=status,
                result=None if result is None else result.model_dump(mode="json"),
                deadline_at=deadline,
                finished=finished,
                rater=rate,
            )
        except StaleVersion:
            # Another process wrote this match: forget our copy so the next call reloads it.
            self._live.pop(row.id, None)
            raise HostError("match.stale", "the table has moved on; please try again") from None
        live.state = state
        live.last_events = tuple(e for e in events if e.to is None)
        if key is not None:
            live.requests.add(key)
        row.version, row.snapshot, row.status, row.deadline_at = version, snapshot, status, deadline
        row.result = None if result is None else result.model_dump(mode="json")
        row.reminders = 0
        outcome.applied.append(Applied(seat, action, tuple(events), version, by))
        self.watchers.changed(row.id, version)

    # --- deadlines ------------------------------------------------------------------------

    def _deadline(self, live: LiveMatch, status: str = "active") -> float | None:
        """When the current turn times out, if the table has a deadline and a human must act."""
        seconds = live.settings.turn_deadline_s
        if status != "active" or seconds is None:
            return None
        humans = [s for s in live.to_act() if not live.ai_of(s)]
        return self.clock() + seconds if humans else None

    async def timeout(self, match_id: str) -> Outcome | None:
        """The turn deadline passed: an AI plays once for each seat that was to act (at its
        own level, or the table's for an absent player), or the match waits."""
        async with self.lock(match_id):
            live = await self._current(match_id)
            row = live.row
            if row.status != "active" or row.deadline_at is None or row.deadline_at > self.clock():
                return None
            outcome = Outcome(live)
            if live.settings.on_timeout == "wait":
                row.deadline_at = None
                await self.store.update_match(match_id, deadline_at=None)
                return outcome
            due, version = sorted(live.to_act()), row.version

        def overdue(now: LiveMatch) -> Turn | None:
            """The next seat the deadline plays for; None once anyone else moved (a player
            who clicks while the AI thinks wins: the deadline is theirs no more)."""
            if now.row.version != version + len(outcome.applied):
                return None
            played = {a.seat for a in outcome.applied}
            for seat in due:
                if seat not in played and seat in now.to_act():
                    return Turn(seat, now.ai_of(seat) or now.settings.ai_level, "timeout")
            return None

        await self._think(match_id, outcome, overdue, None)
        await self._drive_ai(match_id, outcome)
        return outcome

"""AI seats think without holding the match: choose outside the lock, play under it.

A strong seat searches for seconds. Every interaction on a match needs its lock (a Confirm, a
repeated click, an admin's replace), so the search must not hold it: the host takes the
state under the lock (states are immutable: the engine never mutates one), searches with
the lock free (a strong seat in a worker process, `games.host.workers`, so that the event
loop stays free too), and takes the lock again to play the choice, only if the
match is where the choice was made: same version, the same seat to play at the same level.
If it moved on meanwhile (a player's click, a seat replaced, a timeout, another process),
the choice is dropped and the seat to play now, if any, thinks again.

Part of `MatchHost` (a mixin only to keep the host's files small).
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from games.core.ai import SEARCHING, get_player
from games.core.rng import derive_rng
from games.core.search import Budget
from games.host.errors import HostError
from games.host.outcome import LiveMatch, Outcome
from games.host.workers import Workers
from storage.store import DuplicateRequest

if TYPE_CHECKING:
    from storage.store import Store

FALLBACK_LEVEL = "greedy"


@dataclasses.dataclass(frozen=True, slots=True)
class Turn:
    """A move no click makes: `seat` plays at `level`, recorded as `by` ("ai": an AI seat;
    "timeout": an AI playing for a player whose deadline passed)."""

    seat: int
    level: str
    by: str


NextTurn = Callable[[LiveMatch], Turn | None]


def ai_turn(live: LiveMatch) -> Turn | None:
    """The AI seat to play now (the lowest, if several), or None when people must act."""
    seats = sorted(s for s in live.to_act() if live.ai_of(s))
    return Turn(seats[0], live.ai_of(seats[0]) or FALLBACK_LEVEL, "ai") if seats else None


class ThinkingMixin:
    """The AI half of `MatchHost`; these names are provided by `MatchHost` itself."""

    store: Store
    ai_seconds: float
    ai_call_seconds: float
    ai_iterations: int | None
    searches: Workers
    _thinking: set[str]
    _live: dict[str, LiveMatch]

    if TYPE_CHECKING:

        def lock(self, match_id: str) -> asyncio.Lock: ...
        async def _loaded(self, match_id: str) -> LiveMatch: ...
        async def _cached(self, match_id: str) -> LiveMatch: ...
        async def _apply(
            self,
            live: LiveMatch,
            outcome: Outcome,
            seat: int,
            action: BaseModel,
            key: str | None,
            user_id: int | None,
            by: str,
        ) -> None: ...

    def thinking(self, match_id: str) -> bool:
        """Whether AI seats of the match are being played by this process right now."""
        return match_id in self._thinking

    async def wake_ai(self, match_id: str, *, patient: bool = False) -> Outcome:
        """Let AI seats that are to act play now: after a move whose click was answered
        first (`patient`: nobody waits on this call, so each searching seat thinks its whole
        time, for one round of turns), or when a process stopped before they played (a
        deploy while an AI thought) and the match is touched again."""
        live = await self._loaded(match_id)
        outcome = Outcome(live)
        call = None
        if patient:
            call = live.game.ai_decisions * self.ai_seconds * len(live.row.seat_rows)
        await self._drive_ai(match_id, outcome, call=call)
        return outcome

    async def _drive_ai(
        self, match_id: str, outcome: Outcome, *, call: float | None = None
    ) -> None:
        """AI seats play until a person must act or the match ends, thinking `call` seconds
        together (default `ai_call_seconds`). One driver per match in this process: a call
        while one runs returns at once, since the running one looks again under the lock
        after each search and so also plays what changed meanwhile (a seat given to an AI).
        It stops (and clears its mark) right after its last look, with no wait in between,
        so a change after that look finds no driver and starts one."""
        if match_id in self._thinking:
            return
        self._thinking.add(match_id)
        try:
            await self._think(match_id, outcome, ai_turn, call)
        finally:
            self._thinking.discard(match_id)

    async def _think(
        self, match_id: str, outcome: Outcome, next_turn: NextTurn, call: float | None
    ) -> None:
        """Play `next_turn`'s moves until it says None (asked under the lock each time),
        each chosen outside the lock and played only on the state it was chosen on."""
        call = self.ai_call_seconds if call is None else call
        until = time.monotonic() + call
        chosen: tuple[int, Turn, BaseModel] | None = None
        while True:
            async with self.lock(match_id):
                # The cached copy, unasked: a choice is stored only on the version it was
                # made on, and a write that finds the match moved on drops the copy, so the
                # next look loads the match as stored.
                live = await self._cached(match_id)
                turn = next_turn(live)
                if (
                    chosen is not None
                    and turn is not None
                    and chosen[:2] == (live.row.version, turn)
                ):
                    if not await self._play_choice(live, outcome, turn, chosen[2]):
                        chosen = None
                        continue  # another process played: look again at the stored match
                    turn = next_turn(live)
                if turn is None:
                    return
                level, budget = self._budget(live, turn, until, call)
                game, state, seed, version = live.game, live.state, live.row.seed, live.row.version
            rng = derive_rng(seed, "ai", version)
            player = get_player(level)
            if level in SEARCHING:
                action = await self.searches.run(player.choose, game, state, turn.seat, rng, budget)
            else:  # milliseconds: not worth a trip to a worker, nor a wait behind searches
                action = await asyncio.to_thread(player.choose, game, state, turn.seat, rng, budget)
            chosen = (version, turn, action)

    def _budget(self, live: LiveMatch, turn: Turn, until: float, call: float) -> tuple[str, Budget]:
        """The level that plays and its budget: a fixed search size (tests), else its time,
        a share of the call's when several strong seats split it (three strong seats after
        one click: 2 s / 3 each) rather than the last ones falling back to the easy level;
        past the call's end, the easy level, which does not search."""
        if self.ai_iterations is not None:
            return turn.level, Budget(iterations=self.ai_iterations)
        left = until - time.monotonic()
        searching = sum(row.ai == "strong" for row in live.row.seat_rows) or 1
        seconds = min(self.ai_seconds, call / searching, max(left, 0.01))
        return (turn.level if left > 0 else FALLBACK_LEVEL), Budget(seconds=seconds)

    async def _play_choice(
        self, live: LiveMatch, outcome: Outcome, turn: Turn, action: Any
    ) -> bool:
        """Under the lock: store the choice; False when another process wrote the match
        first (our cached copy is dropped, so the caller looks at the stored one)."""
        try:
            await self._apply(
                live, outcome, turn.seat, action, f"{turn.by}:{live.row.version + 1}", None, turn.by
            )
        except DuplicateRequest:
            self._live.pop(live.id, None)
            return False
        except HostError as exc:
            if exc.key != "match.stale":
                raise
            return False
        outcome._live = live
        return True

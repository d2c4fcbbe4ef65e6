"""Replays: a match's public table after any number of its moves, rebuilt from its log.

A finished match can be watched again, and a running one looked back on, without showing
anybody's secret: a frame holds only what the whole table saw at that step, the public view
(`view(state, None)`) and the move's public events. What the end of a match makes public is
in the public view of its final state, so no rule of who may watch is needed here.

A viewer steps through a match one move at a time, so replayed states are kept: per match,
the last state shown and one every `EVERY` moves, for the matches watched most recently. A
step is then a few `apply`s away, never a replay from the set-up.
"""

from __future__ import annotations

import dataclasses
import math
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel

from games.core.contract import Event, Game, Result
from games.host.errors import HostError
from games.host.outcome import LiveMatch
from storage.store import Store

EVERY = 16  # a state is kept every this many moves
KEEP = 16  # matches whose replayed states stay in memory
SUMMARY_FRAMES = 16  # at most this many frames in a match's animated summary (each drawn)


@dataclasses.dataclass(frozen=True, slots=True)
class Frame:
    """The public table after `step` of a match's `steps` moves (step 0: the set-up)."""

    match_id: str
    game: str  # the game's key
    step: int
    steps: int
    view: BaseModel  # the public view after `step` moves
    events: tuple[Event, ...]  # the public events of move `step` (none at the set-up)
    seat: int | None  # who made move `step`
    by: str | None  # "player" or "ai" (an AI seat, or one playing for an absent player)
    names: tuple[str, ...]  # the seats' names as stored (user input: escape to show)
    result: Result | None  # the final result (the last frame of a finished match)


@dataclasses.dataclass(frozen=True, slots=True)
class _Move:
    seat: int
    action: BaseModel
    by: str


@dataclasses.dataclass(slots=True)
class _Tape:
    """One match's log, parsed, and the states replayed along it so far."""

    game: Game[Any, Any]
    moves: list[_Move]
    kept: dict[int, Any]  # step -> state, every EVERY moves (the set-up included)
    last: tuple[int, Any]  # the state shown last: a viewer most often asks for the next

    def state(self, step: int) -> Any:
        """The state after `step` moves, from the nearest state kept before it."""
        start = max(s for s in self.kept if s <= step)
        if start < self.last[0] <= step:
            start = self.last[0]
        state = self.last[1] if start == self.last[0] else self.kept[start]
        for n in range(start + 1, step + 1):
            state = self.forward(state, n)[0]
        return state

    def forward(self, state: Any, step: int) -> tuple[Any, list[Event]]:
        """Move `step` applied to the state before it (kept if on the grid)."""
        move = self.moves[step - 1]
        state, events = self.game.apply(state, move.seat, move.action)
        if step % EVERY == 0:
            self.kept[step] = state
        return state, events


class Replays:
    """Frames of a stored match, for the replay viewer and the final table's summary."""

    def __init__(
        self, store: Store, load: Callable[[str], Awaitable[LiveMatch]], keep: int = KEEP
    ) -> None:
        """`load`: the host's match loader (`MatchHost.get`), which knows the match's
        current version and set-up."""
        self._store = store
        self._load = load
        self._keep = keep
        self._tapes: OrderedDict[str, _Tape] = OrderedDict()

    async def frame(self, match_id: str, step: int, *, viewer_guild_id: int | None) -> Frame:
        """The public table after `step` moves (clamped to the moves stored), as seen from
        the server `viewer_guild_id`: a match of another server is not named there."""
        live = await self._load(match_id)
        if live.row.guild_id != viewer_guild_id:
            raise HostError("match.unknown", "there is no such match in this server")
        return self._frame(live, await self._tape(live), step)

    async def summary(self, match_id: str, most: int = SUMMARY_FRAMES) -> list[Frame]:
        """At most `most` frames spread evenly over the match, its set-up and its last
        position included: the pictures of the animated summary on the final table."""
        live = await self._load(match_id)
        tape = await self._tape(live)
        steps = len(tape.moves)
        stride = max(1, math.ceil(steps / max(1, most - 1)))
        return [self._frame(live, tape, s) for s in [*range(0, steps, stride), steps]]

    async def _tape(self, live: LiveMatch) -> _Tape:
        """The match's tape, its log read again only when the match moved on since."""
        if not live.started:
            raise HostError("match.not_started", "this table has not started yet")
        tape = self._tapes.get(live.id)
        if tape is None:
            game, row = live.game, live.row
            first = game.setup(row.seats, row.options, row.seed, row.arrangement)
            tape = _Tape(game, [], {0: first}, (0, first))
        if len(tape.moves) < live.row.version:
            logged = await self._store.actions(live.id)
            tape.moves += [
                _Move(
                    a.seat,
                    tape.game.parse_action(a.action),
                    "ai" if a.user_id is None else "player",
                )
                for a in logged[len(tape.moves) :]
            ]
        self._tapes[live.id] = tape
        self._tapes.move_to_end(live.id)
        while len(self._tapes) > self._keep:
            self._tapes.popitem(last=False)
        return tape

    def _frame(self, live: LiveMatch, tape: _Tape, step: int) -> Frame:
        step = min(max(step, 0), len(tape.moves))
        events: list[Event] = []
        move = tape.moves[step - 1] if step else None
        if move is None:
            state = tape.kept[0]
        else:
            state, events = tape.forward(tape.state(step - 1), step)
        tape.last = (step, state)
        game = tape.game
        return Frame(
            match_id=live.id,
            game=live.row.game,
            step=step,
            steps=len(tape.moves),
            view=game.view(state, None),
            events=tuple(e for e in events if e.to is None),
            seat=None if move is None else move.seat,
            by=None if move is None else move.by,
            names=tuple(s.name for s in live.row.seat_rows),
            result=game.result(state),
        )

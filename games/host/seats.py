"""What the Discord layer and the CLI ask of a match: views, choices, previews, plays.

They talk to seats, never to engine state: about a `MatchInfo` (one version of the match)
they ask the public view or a seat's, a seat's choices (its legal actions, in a stable order
so that a choice is named by (version, index)) and what a choice would look like to
everybody; and they play a choice at a version, by match id. Whose turn it is is checked
here, once, for every caller.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from games.core.ai import get_player
from games.core.contract import Event, Game
from games.host.errors import HostError
from games.host.info import MatchInfo
from games.host.outcome import LiveMatch, Outcome, described
from storage import SeatRow

if TYPE_CHECKING:
    import asyncio

    from games.host.links import Links
    from games.host.watchers import Watchers
    from storage import Store


def waiting_seat(match_id: str, status: str, seat: int | None, to_act: frozenset[int]) -> int:
    """`seat` (a user's, or None) if the match waits for it; else the refusal saying why."""
    if status != "active":
        raise HostError("match.not_active", "this match is not running", match=match_id)
    if seat is None:
        raise HostError("seat.not_player", "you are not playing in this match")
    if seat not in to_act:
        raise HostError("turn.not_yours", "it is not your turn", seats=sorted(to_act))
    return seat


def _dealt(match: MatchInfo) -> tuple[Game[Any, Any], Any]:
    """The game and the state a description of a started match describes."""
    if not match.started:
        raise HostError("match.not_started", "this table has not started yet")
    return described(match)


@dataclasses.dataclass(frozen=True, slots=True)
class Preview:
    """What a choice would show everybody: its public events and the public view after it."""

    events: tuple[Event, ...]
    view: BaseModel


class SeatsMixin:
    """The per-seat half of `MatchHost`; `lock`, `_current`, `_act_on_latest`, `_deadline`
    and `_drive_ai` come from `MatchHost`."""

    _live: dict[str, LiveMatch]
    store: Store
    links: Links
    watchers: Watchers

    if TYPE_CHECKING:

        def lock(self, match_id: str) -> asyncio.Lock: ...
        async def _current(self, match_id: str) -> LiveMatch: ...
        async def _act_on_latest(
            self, match_id: str, user_id: int, key: str | None, version: int | None, pick: Any
        ) -> Outcome: ...
        def _deadline(self, live: LiveMatch, status: str = "active") -> float | None: ...
        async def _drive_ai(
            self, match_id: str, outcome: Outcome, *, call: float | None = None
        ) -> None: ...

    # --- reading ------------------------------------------------------------------------

    def view(self, match: MatchInfo, seat: int | None) -> BaseModel:
        """What `seat` may see of the match at `match.version`: its own secrets on top of
        the public view; None: the public view, what everybody (a spectator) may see."""
        game, state = _dealt(match)
        return game.view(state, seat)

    def seat_to_act(self, match: MatchInfo, user_id: int) -> int:
        """The seat of `user_id` if the match waits for it; else the refusal saying why."""
        return waiting_seat(match.id, match.status, match.seat_of(user_id), match.to_act)

    def choices(self, match: MatchInfo, seat: int) -> Sequence[BaseModel]:
        """`seat`'s legal actions at `match.version` (empty when it need not act), in a
        stable order: the game's typed action models (its public notation, labelled by the
        game's adapter), each named by (version, index) when played (`play`)."""
        if match.status != "active" or seat not in match.to_act:
            return ()
        game, state = _dealt(match)
        return game.legal_actions(state, seat)

    def preview(self, match: MatchInfo, seat: int, index: int) -> Preview | None:
        """Choice `index` as everybody would see it, or None when playing it would reveal
        something hidden (a draw, a face-down pile, the end of the game): no peeking."""
        actions = self.choices(match, seat)
        if not 0 <= index < len(actions):
            raise HostError("match.stale", "that choice is no longer available")
        (game, state), action = _dealt(match), actions[index]
        if game.reveals_hidden(state, seat, action):
            return None
        after, events = game.apply(state, seat, action)
        return Preview(tuple(e for e in events if e.to is None), game.view(after, None))

    # --- playing ------------------------------------------------------------------------

    async def play(
        self,
        match_id: str,
        user_id: int,
        *,
        version: int,
        index: int,
        key: str,
        then_ai: bool = True,
    ) -> Outcome:
        """Play choice `index` of the user's seat at `version`, exactly once (`key`): a double
        click is recognised, a stale version or index refused, and nothing changes then.
        `then_ai=False`: AI seats to act next are left for `wake_ai` (the caller answers the
        click first, then lets them think)."""

        def pick(live: LiveMatch, seat: int) -> BaseModel:
            actions = live.game.legal_actions(live.state, seat)
            if not 0 <= index < len(actions):
                raise HostError("match.stale", "that choice is no longer available")
            return actions[index]

        async with self.lock(match_id):
            outcome = await self._act_on_latest(match_id, user_id, key, version, pick)
        if then_ai and outcome.applied:
            await self._drive_ai(match_id, outcome)
        return outcome

    # --- replacing ----------------------------------------------------------------------

    async def replace(
        self,
        match_id: str,
        seat: int,
        *,
        user_id: int | None,
        ai: str | None,
        name: str,
        then_ai: bool = True,
    ) -> Outcome:
        """Give a seat to another member or to an AI; an AI to act plays at once, or with
        `then_ai=False` is left for `wake_ai` (the caller answers first). While the match
        runs, a member who held one of its seats is given no other: they saw its secrets."""
        async with self.lock(match_id):
            live = await self._current(match_id)
            if live.row.status not in ("lobby", "active"):
                raise HostError("match.not_active", "this match is already over")
            if not 0 <= seat < len(live.row.seat_rows):
                raise HostError("seat.unknown", f"there is no seat {seat}", seat=seat)
            if (user_id is None) == (ai is None):
                raise HostError("seat.replacement", "replace a seat by a member or by an AI")
            if ai is not None:
                get_player(ai)
            running = live.row.status == "active"
            if running and user_id is not None:
                held = await self.store.held_seat(match_id, user_id)
                if held is not None and held != seat:
                    raise HostError(
                        "seat.held_another", "that member has played another seat of this match"
                    )
            if user_id is not None and live.seat_of(user_id) not in (None, seat):
                raise HostError("lobby.already_joined", "that member already holds a seat")
            live.row.seat_rows[seat] = SeatRow(seat, name, user_id, ai)
            await self.store.set_seats(match_id, live.row.seat_rows)
            await self.links.revoke(match_id, seat)  # the links of whoever held it stop
            self.watchers.changed(match_id, live.row.version)
            outcome = Outcome(live)
            if running:
                live.row.deadline_at, live.row.reminders = self._deadline(live), 0
                await self.store.update_match(match_id, deadline_at=live.row.deadline_at)
        if running and then_ai:
            await self._drive_ai(match_id, outcome)
        return outcome

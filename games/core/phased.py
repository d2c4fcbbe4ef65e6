"""The engine plumbing of a game whose state names its phase and whose turn it is (every
built-in game): who acts, whether the match is over, what is legal and how a move is played,
all read from tables the game declares by phase, so no engine writes that plumbing again.

A game declares `over` (the phase of a finished match), `phase_names`, `legal_by_phase` (phase
-> the legal actions of the seat to act) and `rules` (games/core/dispatch.py: (phase, action
class) -> the handler that plays it). The action classes of the rules table are the game's
notation: `Action`, their union, is made from it, so no list of them is kept twice. Only the
seat to act has legal actions; a game where someone else than `state.turn` acts in some phase
overrides `to_act`.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from pydantic import BaseModel

from games.core.actions import action_union
from games.core.contract import Event, Game
from games.core.dispatch import Handler
from games.core.errors import IllegalAction


class PhasedState(Protocol):
    """What the plumbing reads of a state: its phase (an int constant) and the seat whose
    turn it is."""

    @property
    def phase(self) -> int: ...

    @property
    def turn(self) -> int: ...


PS = TypeVar("PS", bound=PhasedState)
A = TypeVar("A", bound=BaseModel)
LegalActions = Callable[[Any, int], Sequence[Any]]

# Every seat alone, built once (more seats than any game has): `to_act` is asked every move.
SEAT_SETS: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(16))
NOBODY: frozenset[int] = frozenset()


class PhasedGame(Game[PS, A]):
    """A `Game` played through tables by phase (see the module docstring)."""

    over: ClassVar[int]  # the phase of a finished match
    # Each phase's name by `state.phase`: views and messages speak of phases by name.
    phase_names: ClassVar[Mapping[int, str] | Sequence[str]]
    # phase -> the legal actions of the seat to act (another seat has none).
    legal_by_phase: ClassVar[Mapping[int, LegalActions]]
    # (state.phase, action class) -> the handler that plays it; a pair that is absent is a
    # wrong phase.
    rules: ClassVar[Mapping[tuple[int, type], Handler]]
    # The catalogue key of the refusal of an action its phase does not allow.
    wrong_phase_key: ClassVar[str] = "action.wrong_phase"

    _actions: ClassVar[frozenset[type]]  # the action classes of `rules`
    # `rules` by phase, then action class: two lookups, no key tuple built per move. The
    # over phase has no entry, so a handler found is a match still being played.
    _handlers: ClassVar[Mapping[int, Mapping[type, Handler]]]
    # Whether the seat to act is always `state.turn` (the game keeps this class's `to_act`):
    # then every move checks it inline, without a call (AI playouts make millions of moves).
    _turn_acts: ClassVar[bool]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kinds = tuple(dict.fromkeys(kind for _, kind in cls.rules))
        cls._actions = frozenset(kinds)
        cls.Action = action_union(*kinds)
        handlers: dict[int, dict[type, Handler]] = {}
        for (phase, kind), handler in cls.rules.items():
            if phase != cls.over:  # nothing is played once the match is over
                handlers.setdefault(phase, {})[kind] = handler
        cls._handlers = handlers
        cls._turn_acts = cls.to_act is PhasedGame.to_act

    def is_over(self, state: PS) -> bool:
        return state.phase == self.over

    def to_act(self, state: PS) -> frozenset[int]:
        return NOBODY if state.phase == self.over else SEAT_SETS[state.turn]

    def legal_actions(self, state: PS, seat: int) -> Sequence[A]:
        phase = state.phase
        if self._turn_acts:
            if seat != state.turn or phase == self.over:
                return []
        elif seat not in self.to_act(state):
            return []
        return self.legal_by_phase[phase](state, seat)

    def apply(self, state: PS, seat: int, action: A) -> tuple[PS, list[Event]]:
        """A new state after `seat` plays `action` (a model, or its JSON), through the rules
        table; raises IllegalAction. Never mutates `state`."""
        handlers = self._handlers.get(state.phase)  # none in the over phase
        if handlers is not None:
            handler = handlers.get(type(action))
            if handler is not None and (
                seat == state.turn if self._turn_acts else seat in self.to_act(state)
            ):
                return handler(state, seat, action)
        if isinstance(action, Mapping | str):
            return self.apply(state, seat, self.parse_action(action))
        return self._refuse(state, seat, action)

    def _refuse(self, state: PS, seat: int, action: Any) -> typing.NoReturn:
        """Why the rules table has nothing for this seat and action: in the order a player
        would ask (is the match over, is this an action at all, is it my turn, is it my phase)."""
        if self.is_over(state):
            raise IllegalAction("game.over", "the match is over")
        if type(action) not in self._actions:
            raise IllegalAction("action.malformed", f"not a {self.title} action: {action!r}")
        if seat not in self.to_act(state):
            raise IllegalAction("turn.not_yours", f"seat {seat} is not to act", seat=seat)
        phase = self.phase_names[state.phase]
        raise IllegalAction(
            self.wrong_phase_key,
            f"{action.type} is not possible now (phase: {phase})",
            action=action.type,
            phase=phase,
        )

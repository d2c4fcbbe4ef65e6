"""A tiny game used to test the platform (host, storage, CLI) apart from any real rules.

"Race": seats take turns adding 1 or 2 to their score; the first to reach the target wins.
Each seat has a secret number (so views can be checked for leaks). Ties cannot happen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from games.core import Event, Game, IllegalAction, Result, derive_rng
from games.core.actions import ActionModel
from games.core.contract import rank_by


class RaceOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: int = 10


class Step(ActionModel, tag="step"):
    by: Literal[1, 2]


@dataclasses.dataclass(frozen=True, slots=True)
class RaceState:
    target: int
    scores: tuple[int, ...]
    secrets: tuple[int, ...]
    turn: int = 0


class RaceView(BaseModel):
    scores: list[int]
    turn: int
    my_secret: int | None = None


class Race(Game[RaceState, Step]):
    key = "race"
    title = "Race"
    min_seats = 2
    max_seats = 4
    Options = RaceOptions
    Action = Step

    def deal(
        self, seats: int, options: Any, seed: int, arrangement: Mapping[str, Any] | None
    ) -> RaceState:
        if arrangement is not None:
            secrets = tuple(arrangement["secrets"])
        else:
            rng = derive_rng(seed, "secrets")
            secrets = tuple(rng.randrange(1000) for _ in range(seats))
        return RaceState(options.target, (0,) * seats, secrets)

    def arrangement(self, state: RaceState) -> dict[str, Any]:
        return {"secrets": list(state.secrets)}

    def to_act(self, state: RaceState) -> frozenset[int]:
        return frozenset() if self._over(state) else frozenset({state.turn})

    def legal_actions(self, state: RaceState, seat: int) -> list[Step]:
        if seat not in self.to_act(state):
            return []
        return [Step(by=1), Step(by=2)]

    def apply(self, state: RaceState, seat: int, action: Step) -> tuple[RaceState, list[Event]]:
        if seat not in self.to_act(state):
            raise IllegalAction("turn.not_yours", "not your turn")
        scores = list(state.scores)
        scores[seat] += action.by
        new = dataclasses.replace(state, scores=tuple(scores), turn=(state.turn + 1) % len(scores))
        return new, [
            Event("stepped", {"seat": seat, "by": action.by}),
            Event("secret", {"secret": state.secrets[seat]}, to=(seat,)),
        ]

    def determinize(self, state: RaceState, seat: int, rng: Any) -> RaceState:
        """The other seats' secret numbers are hidden: drawn afresh."""
        secrets = tuple(
            v if s == seat else rng.randrange(1000) for s, v in enumerate(state.secrets)
        )
        return dataclasses.replace(state, secrets=secrets)

    def secrets(self, state: RaceState, seat: int) -> dict[str, Any]:
        """What `determinize` must redraw: the other seats' secret numbers."""
        return {"secrets": tuple(v for s, v in enumerate(state.secrets) if s != seat)}

    def view(self, state: RaceState, seat: int | None) -> RaceView:
        return RaceView(
            scores=list(state.scores),
            turn=state.turn,
            my_secret=None if seat is None else state.secrets[seat],
        )

    def _over(self, state: RaceState) -> bool:
        return max(state.scores) >= state.target

    def result(self, state: RaceState) -> Result | None:
        if not self._over(state):
            return None
        ranking = rank_by([(s,) for s in state.scores])
        return Result(scores=list(state.scores), ranking=ranking, winners=ranking[0])

    def scores(self, state: RaceState) -> list[int]:
        return list(state.scores)

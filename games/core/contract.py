"""The contract every game engine implements, and the value types it returns.

Engines are pure and deterministic: `apply` never mutates the state it is given (AIs and
previews apply actions to the same state many times), and all randomness comes from the
seed passed to `setup`. Validation happens at the boundary (`parse_action`, `apply`'s legality
check); everything else stays lean because benchmarks play thousands of games per second.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from enum import Enum
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from games.core.drafts import draft_class
from games.core.errors import IllegalAction, first_error

S = TypeVar("S")
A = TypeVar("A", bound=BaseModel)


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for recaps and notifications.

    `to` is None for a public event, or the seats that may see it (private draws etc.). The
    host routes events by `to`; a private event never reaches a public channel.
    """

    kind: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    to: tuple[int, ...] | None = None


# Events are built as a writable twin and sealed (`games.core.drafts.draft_class`): three
# slot writes and a class change cost less than the frozen `__init__`'s three
# `object.__setattr__` calls, or even three calls of the slots' own setters.
_EventDraft: Any = draft_class(Event)  # writable: the checker sees Event's frozen fields
_new = object.__new__


def event(
    kind: str, params: Mapping[str, Any] | None = None, to: tuple[int, ...] | None = None
) -> Event:
    """`Event(kind, params, to)`, built through its writable twin: every move makes events
    and the benchmarks and AI playouts make millions, so engines build theirs with this."""
    e: Any = _new(_EventDraft)
    e.kind = kind
    e.params = {} if params is None else params
    e.to = to
    e.__class__ = Event  # sealed: frozen from here on
    event_: Event = e
    return event_


def shared_event(kind: str, params: Mapping[str, Any], to: tuple[int, ...] | None = None) -> Event:
    """An event built once and handed out by many moves (the frequent ones, kept in a table):
    its params are read-only, so that no reader can change what every later move says
    (tests/contract/test_shared_events.py). Values inside must be immutable too."""
    return event(kind, MappingProxyType(dict(params)), to)


class HiddenInformation(Protocol):
    """What a game's `hidden.py` provides: `Game.determinize` and `Game.secrets`, for any
    state of that game."""

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any: ...

    def secrets(self, state: Any, seat: int) -> Mapping[str, Any]: ...


class Result(BaseModel):
    """The end of a match: final scores, places, and how ties were broken."""

    model_config = ConfigDict(frozen=True)

    scores: list[int]
    ranking: list[list[int]] = Field(description="places, best first; tied seats share a place")
    winners: list[int]
    tiebreak: str | None = Field(default=None, description="key of the tie-break rule applied")
    teams: list[list[int]] = Field(
        default_factory=list,
        description="seats that play as one side (partners), each team once; empty when "
        "every seat plays alone. Ratings treat a team as one side of the match",
    )
    details: dict[str, Any] = Field(default_factory=dict, description="per-game breakdown")


def rank_by(keys: Sequence[tuple[Any, ...]]) -> list[list[int]]:
    """Group seats into places by descending key; equal keys share a place."""
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)
    places: list[list[int]] = []
    for seat in order:
        if places and keys[places[-1][0]] == keys[seat]:
            places[-1].append(seat)
        else:
            places.append([seat])
    return places


_SCALARS = (int, str, float, bool, type(None))
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def jsonable(value: Any) -> Any:
    """Plain JSON data for a state made of dataclasses, tuples, sets, enums and models.

    Called on every persisted action (the snapshot), so it dispatches on exact types first.
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [v if type(v) in _SCALARS else jsonable(v) for v in value]
    names = _FIELD_NAMES.get(kind)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(value))
    if names is not None:
        return {name: jsonable(getattr(value, name)) for name in names}
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((jsonable(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


def _flags_of(model: type) -> tuple[str, ...]:
    """The boolean fields of an action model that default to False (left out when False)."""
    flags = Game._flags.get(model)
    if flags is None:
        fields = getattr(model, "model_fields", {})
        flags = Game._flags[model] = tuple(
            name for name, f in fields.items() if f.annotation is bool and f.default is False
        )
    return flags


class Game(ABC, Generic[S, A]):
    """One board game's rules. Subclasses set the class attributes and implement the methods."""

    key: ClassVar[str]  # lower-case with hyphens: used in records, CLI flags and commands
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[BaseModel]]  # edition variants and house rules, all with defaults
    Action: ClassVar[Any]  # the discriminated union of this game's action models
    # Named option presets (published editions, common set-ups); the first is the default.
    editions: ClassVar[Mapping[str, Mapping[str, Any]]] = {"standard": {}}
    order: ClassVar[int] = 100  # where the game comes in listings (help, the demo)
    bench_seats: ClassVar[int | None] = None  # seats the benchmark plays (default: max_seats)
    # The strong AI's search knobs for this game, by `games.core.search.Settings` field (say
    # a shorter playout where random moves tell little); none: the search's defaults.
    search_hints: ClassVar[Mapping[str, Any]] = {}
    # Decisions an AI seat makes in one turn (Paris Paris: reveal a tile, then take one): the
    # host gives a round of AI turns this many searches per seat.
    ai_decisions: ClassVar[int] = 1
    # The module that samples and declares this game's hidden information (its `hidden.py`):
    # `determinize` and `secrets` call it. None: the engine overrides both itself.
    hidden_information: HiddenInformation | None = None
    _adapter: ClassVar[TypeAdapter[Any] | None] = None
    _flags: ClassVar[dict[type, tuple[str, ...]]] = {}

    # --- boundary helpers (validation lives here, not on the hot path) -------------------

    @classmethod
    def action_adapter(cls) -> TypeAdapter[Any]:
        if cls.__dict__.get("_adapter") is None:
            cls._adapter = TypeAdapter(cls.Action)
        return cls._adapter  # type: ignore[return-value]  # set just above; mypy keeps the Optional

    def parse_action(self, data: Mapping[str, Any] | str) -> A:
        """Validate untrusted action JSON; raises IllegalAction('action.malformed')."""
        adapter = self.action_adapter()
        try:
            if isinstance(data, str):
                return adapter.validate_json(data)
            return adapter.validate_python(data)
        except ValidationError as exc:
            message = f"malformed action ({first_error(exc, 'action')})"
            raise IllegalAction("action.malformed", message) from None

    def dump_action(self, action: A) -> dict[str, Any]:
        """The action's notation: its JSON by field alias, without what is not set (None
        fields, and flags such as `decline` left at False), so a record stays short."""
        data = action.model_dump(mode="json", by_alias=True, exclude_none=True)
        for name in _flags_of(type(action)):
            if data.get(name) is False:
                del data[name]
        return data

    def parse_options(self, data: Mapping[str, Any] | BaseModel | None) -> BaseModel:
        """Validate match options; raises IllegalAction('options.invalid')."""
        if isinstance(data, self.Options):
            return data
        try:
            return self.Options.model_validate(dict(data or {}))
        except ValidationError as exc:
            message = f"invalid option {first_error(exc, 'options')}"
            raise IllegalAction("options.invalid", message) from None

    def edition_options(self, edition: str | None) -> dict[str, Any]:
        """The options of a named edition (None: the default one); IllegalAction if unknown."""
        name = edition or next(iter(self.editions))
        if name not in self.editions:
            known = ", ".join(self.editions)
            raise IllegalAction(
                "edition.unknown",
                f"{self.title} has no edition {name!r} (known: {known})",
                edition=name,
                editions=known,
            )
        return dict(self.editions[name])

    def check_seats(self, seats: int) -> None:
        if self.min_seats == self.max_seats != seats:
            raise IllegalAction(
                "seats.exact",
                f"{self.title} is played by {self.min_seats} players, not {seats}",
                n=self.min_seats,
                min=self.min_seats,
                max=self.max_seats,
                seats=seats,
            )
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction(
                "seats.out_of_range",
                f"{self.title} is played by {self.min_seats} to {self.max_seats} players, "
                f"not {seats}",
                min=self.min_seats,
                max=self.max_seats,
                seats=seats,
            )

    # --- the rules ----------------------------------------------------------------------

    def setup(
        self,
        seats: int,
        options: BaseModel | Mapping[str, Any] | None,
        seed: int,
        arrangement: Mapping[str, Any] | None = None,
    ) -> S:
        """The initial state: the seat count and the options are checked here, once for
        every game, then the game deals (`deal`). `arrangement` fixes every hidden random
        element when given."""
        self.check_seats(seats)
        return self.deal(seats, self.parse_options(options), seed, arrangement)

    @abstractmethod
    def deal(self, seats: int, options: Any, seed: int, arrangement: Mapping[str, Any] | None) -> S:
        """The game's initial state, for a seat count in range and options of its `Options`
        model (typed `Any` here so that each game names its own model)."""

    @abstractmethod
    def arrangement(self, state: S) -> dict[str, Any]:
        """The hidden random elements of `state`'s setup, in the form `setup` accepts."""

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Seats that must act now (empty once the match is over)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> Sequence[A]:
        """Every legal action of `seat` now (empty if it need not act)."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> tuple[S, list[Event]]:
        """A new state after `seat` plays `action` (a model, or its JSON); raises
        IllegalAction. Never mutates `state`."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> BaseModel:
        """What `seat` may see (None: the public view). Never contains another seat's secrets."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result once the match is over, else None."""

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Running public scores, one per seat."""

    # --- defaults an engine may override --------------------------------------------------

    def is_over(self, state: S) -> bool:
        return self.result(state) is not None

    def playout_step(self, state: S, seat: int, rng: random.Random) -> S:
        """The search's random playout move: one uniformly random legal action of `seat`,
        applied. An engine may override it with a fast path (drawing the k-th legal move
        without building the others, skipping the events nobody reads), but it must return
        exactly `apply(state, seat, legal[rng.randrange(len(legal))])[0]` and draw from
        `rng` the same way, so a seeded search chooses the same moves
        (tests/contract/test_playout_step.py)."""
        legal = self.legal_actions(state, seat)
        return self.apply(state, seat, legal[rng.randrange(len(legal))])[0]

    def playout(self, state: S, rng: random.Random, moves: int) -> tuple[S, int]:
        """The search's random playout: up to `moves` `playout_step`s (the seat to act first
        each time: the lowest, when several may) until the match is over; the state reached
        and the moves played. An engine may override the loop (one call per playout instead
        of three per move), but it must play exactly these moves with exactly these draws
        (tests/contract/test_playout_step.py)."""
        played = 0
        while played < moves:
            to_act = self.to_act(state)
            if not to_act:
                break
            state = self.playout_step(state, min(to_act), rng)
            played += 1
        return state, played

    def teams(self, state: S) -> list[list[int]]:
        """The sides of partners this match is played in (as `Result.teams` will name them),
        each team once; empty when every seat plays alone. An arena gives a measured AI a
        whole team, since partners win or lose together."""
        return []

    def evaluate(self, state: S, seat: int) -> float:
        """How good `state` is for `seat` (the greedy AI, and the search's cut playouts):
        score minus the best rival's."""
        scores = self.scores(state)
        rivals = [s for i, s in enumerate(scores) if i != seat]
        return scores[seat] - (max(rivals) if rivals else 0)

    def scratch(self, state: S) -> S:
        """A copy of `state` that this game's own moves may write in place: the search plays
        each determinisation, which nobody else holds, through one (`apply` and `playout`
        return it, written, instead of a new state; `playout` returns it sealed). The
        default is `state` itself: a game without scratch states plays on fresh ones."""
        return state

    def evaluate_all(self, state: S) -> list[float]:
        """Every seat's `evaluate` of `state`, in seat order: what the search asks at each
        cut playout. An engine may override it to work out the seats' shared parts once; it
        must return exactly these values."""
        return [self.evaluate(state, seat) for seat in range(len(self.scores(state)))]

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A state `seat` cannot tell from `state`: everything it may know kept (its view, its
        own secrets, what was shown to all), every hidden part resampled from `rng` among
        what is consistent with that. AI seats search such states, never the true one, so
        they cannot peek. The result must depend only on what `seat` knows and on `rng`
        (tests/platform_core/test_no_peeking.py). Engines implement it in their `hidden.py`
        (`hidden_information`); there is no default, since returning `state` would hand over
        its secrets."""
        if self.hidden_information is None:
            raise NotImplementedError(f"{self.title} does not sample hidden information")
        return self.hidden_information.determinize(state, seat, rng)

    def secrets(self, state: S, seat: int) -> Mapping[str, Any]:
        """What `seat` can neither see nor deduce now, by name: the parts of `state` that
        `determinize` must redraw (one kept at its true value would let the search peek). A
        part the seat can work out from the public record is left out, with the reason. The
        contract suite checks every sampler against this (tests/platform_core/
        test_no_peeking.py); as for `determinize`, there is no default."""
        if self.hidden_information is None:
            raise NotImplementedError(f"{self.title} does not declare its hidden information")
        return self.hidden_information.secrets(state, seat)

    def reveals_hidden(self, state: S, seat: int, action: A) -> bool:
        """Whether applying `action` uncovers hidden information (a face-down pile, a draw
        shown to all, the end of game revealing secrets). The UI previews only moves for
        which this is False, so a preview never lets a player peek."""
        return False

    def snapshot(self, state: S) -> dict[str, Any]:
        """The whole state as JSON data: the stored cache that must equal a replay."""
        return jsonable(state)

    def restore(self, snapshot: Mapping[str, Any]) -> S:
        """The state a snapshot was taken of (a match loads without replaying its log). The
        default reads the state class from `deal`'s return annotation and rebuilds it from
        its type hints; an engine whose state holds other types overrides this."""
        from games.core.snapshots import restore

        state_class = typing.get_type_hints(type(self).deal)["return"]
        return restore(state_class, snapshot)

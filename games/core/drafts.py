"""Fast new states from frozen ones: a writable draft with the same slots, sealed in place.

Every engine keeps its state in one frozen, slotted dataclass, so no state is ever changed
after `apply` returns it (AIs, previews and replays share them). Building the next state
field by field with `dataclasses.replace` costs several microseconds per call, which the
benchmarks (and AI playouts) feel; instead `draft(state)` copies the slots into a writable
twin class with the same memory layout, the rules write to it, and `seal(draft)` turns it
into the frozen class in place. A draft is never seen outside the `apply` that made it.

To the type checker a draft is its state's class, so the rules that fill one in must be
allowed to write it: `state_class` declares a state frozen at run time (a sealed state still
refuses every write, which the engine tests see) and writable to the checker.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, dataclass_transform

S = TypeVar("S")
T = TypeVar("T")


@dataclass_transform()
def state_class(cls: type[T]) -> type[T]:
    """A game's state: a frozen, slotted dataclass at run time, which `draft` can copy and
    `seal` restores; the checker sees a plain dataclass, as it must for a draft's writes."""
    return dataclasses.dataclass(frozen=True, slots=True)(cls)


def _writable(cls: type, suffix: str) -> type:
    """A writable subclass of the frozen slotted `cls` that adds no slot: the same memory
    layout, and object's own `__setattr__` again (so slot writes stay the interpreter's
    fast path). A subclass, not a lookalike: turning it into `cls` (`seal`) then checks
    no slot list (a lookalike's `__class__` assignment compares the two classes' slot
    names one by one, on every move)."""
    return type(
        f"{cls.__name__}{suffix}",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )


@cache
def _twin(cls: type) -> tuple[type, Any]:
    """The writable twin of a frozen slotted dataclass, and a generated copier into it."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    if tuple(getattr(cls, "__slots__", ())) != names:
        raise TypeError(f"{cls.__name__} must be a slotted dataclass to be drafted")
    twin = _writable(cls, "Draft")
    body = "\n".join(f"    d.{n} = s.{n}" for n in names) or "    pass"
    source = f"def copy(s):\n    d = new(twin)\n{body}\n    return d\n"
    scope: dict[str, Any] = {"new": object.__new__, "twin": twin}
    exec(source, scope)  # a straight-line copier: no loop, no getattr by name
    return twin, scope["copy"]


def draft_class(cls: type[S]) -> type[S]:
    """The writable twin of the frozen slotted `cls`: an instance made with `object.__new__`,
    filled by plain slot writes and turned into `cls` (`seal`) costs less than three calls
    of the slots' own setters (`games.core.contract.event` builds every event so)."""
    key: type = cls  # hashable (the checker doubts it of `type[S]`)
    twin: type[S] = _twin(key)[0]
    return twin


def draft(state: S) -> S:
    """A writable copy of `state` (typed as the state, for the rules that fill it in)."""
    cls: type = type(state)  # a class is hashable (the checker doubts it of `type[S]`)
    return _twin(cls)[1](state)


def copier(cls: type[S]) -> Callable[[S], S]:
    """`draft` for the states of `cls` alone, without the lookup by type: an engine whose
    moves all draft one class saves a call on each (AI playouts make millions)."""
    key: type = cls  # hashable (the checker doubts it of `type[S]`)
    copy: Callable[[S], S] = _twin(key)[1]
    return copy


@cache
def scratch_class(cls: type) -> type:
    """A second writable twin of the state class `cls` (the same slots): the class of a
    scratch state, which a loop plays move after move in place while nobody else holds it
    (an AI's random playout, `scratch_copiers`)."""
    _twin(cls)  # checks that `cls` can be drafted
    return _writable(cls, "Scratch")


def scratch_copiers(cls: type[S]) -> tuple[Callable[[S], S], Callable[[S], Any]]:
    """(`draft`, `to_scratch`) for the states of `cls`: `draft` is `copier(cls)` except
    that a scratch state is its own draft (a move played on it writes it in place; the
    game's seal must then leave it a scratch state), and `to_scratch` copies a state into a
    new scratch state."""
    key: type = cls  # hashable (the checker doubts it of `type[S]`)
    twin, scratch = _twin(key)[0], scratch_class(key)
    body = "\n".join(f"    d.{f.name} = s.{f.name}" for f in dataclasses.fields(key))
    source = (
        f"def draft(s):\n    if s.__class__ is scratch:\n        return s\n"
        f"    d = new(twin)\n{body}\n    return d\n"
        f"def to_scratch(s):\n    d = new(scratch)\n{body}\n    return d\n"
    )
    scope: dict[str, Any] = {"new": object.__new__, "twin": twin, "scratch": scratch}
    exec(source, scope)  # straight-line copiers, as `_twin`'s
    return scope["draft"], scope["to_scratch"]


def seal(draft_state: S, cls: type[S]) -> S:
    """The draft as a frozen `cls`, in place (the draft must not be written afterwards)."""
    draft_state.__class__ = cls
    return draft_state


def evolve(state: S, **changes: Any) -> S:
    """`state` with the fields in `changes` replaced, as a new frozen state: what
    `dataclasses.replace` does, at the cost of one draft (no `__init__`, no validation)."""
    new = draft(state)
    for name, value in changes.items():
        setattr(new, name, value)
    return seal(new, type(state))

"""What every game's action models share: the base that makes a model one kind of move, the
union that makes the models one notation, and the frozen instances `legal_actions` hands out.

An action's JSON is the game's notation (records replay from it): each model carries its tag in
a `type` field, first in the JSON, and the game's `Action` is the union discriminated by it.
"""

from __future__ import annotations

import operator
from functools import reduce
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
_CACHE: dict[tuple[Any, ...], BaseModel] = {}


class ActionModel(BaseModel):
    """One kind of move, named once in its class statement: `class Pass(ActionModel,
    tag="pass")` gets the field `type: Literal["pass"] = "pass"`, ahead of its own fields.

    Frozen, because `legal_actions` hands out shared instances; strict (`extra="forbid"`),
    because a field no rule reads is a typo in a record, not a choice.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    # The tag. Declared here so that it comes first in every model's fields (and the JSON);
    # each subclass turns it into its own Literal field before pydantic collects the fields.
    type: ClassVar[str]

    # Its hash, worked out on first use: the search hashes each legal action at every node
    # it walks (a fifth of its time went to pydantic's hash). A slot, not a field or a
    # private attribute, so equality, dumps and copies never see it.
    __slots__ = ("_hash",)

    def __hash__(self) -> int:
        try:
            return self._hash  # type: ignore[attr-defined]  # the slot, an int once set
        except AttributeError:
            value = hash((type(self), *self.__dict__.values()))
            object.__setattr__(self, "_hash", value)
            return value

    def __init_subclass__(cls, tag: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.__annotations__ = {**cls.__dict__.get("__annotations__", {}), "type": Literal[tag]}
        cls.type = tag


def action_union(*models: type[ActionModel]) -> Any:
    """A game's `Action`: its models in one union discriminated by their tags, which
    `Game.parse_action` validates untrusted JSON against."""
    return Annotated[reduce(operator.or_, models), Field(discriminator="type")]


def cached_action(model: type[M], **fields: Any) -> M:
    """The instance of `model` with `fields` (defaults filled), built once with
    `model_construct`. Only for values the engine itself produced: nothing is validated."""
    key = (model, *fields.items())
    action = _CACHE.get(key)
    if action is None:
        action = _CACHE[key] = model.model_construct(**fields)
    return action  # type: ignore[return-value]  # model_construct returns the model class


def given(value: T | None) -> T:
    """An optional field of an action that its rule needs, once the rule has checked the
    action carries exactly the fields it needs (so the field is set)."""
    assert value is not None
    return value

"""Trusted action models shared between calls: `legal_actions` hands out the same frozen
instance for the same fields instead of building (and validating) a new one every time."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_CACHE: dict[tuple[Any, ...], BaseModel] = {}


def cached_action(model: type[M], **fields: Any) -> M:
    """The instance of `model` with `fields` (defaults filled), built once with
    `model_construct`. Only for values the engine itself produced: nothing is validated."""
    key = (model, *fields.items())
    action = _CACHE.get(key)
    if action is None:
        action = _CACHE[key] = model.model_construct(**fields)
    return action  # type: ignore[return-value]  # model_construct returns the model class

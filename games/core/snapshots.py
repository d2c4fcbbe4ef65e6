"""A state back from its stored snapshot (JSON), so a match loads without replaying its log.

`Game.snapshot` turns a state into JSON data (`games.core.contract.jsonable`: dataclasses
become objects, tuples and frozensets lists, enums their values). `restore` walks the state
class's type hints to turn that data back into exactly the same state: the log stays the
truth, and a test plays random games of every engine checking `restore(snapshot(s)) == s`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, Union

from pydantic import BaseModel


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def restore(kind: Any, data: Any) -> Any:
    """`data` (JSON) as a value of the annotated type `kind`."""
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        if data is None:
            return None
        options = [a for a in typing.get_args(kind) if a is not type(None)]
        return restore(options[0], data) if len(options) == 1 else data
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(restore(args[0], item) for item in data)
        return tuple(restore(a, item) for a, item in zip(args, data, strict=True))
    if origin in (frozenset, set):
        (item,) = typing.get_args(kind)
        return origin(restore(item, v) for v in data)
    if origin in (list,):
        (item,) = typing.get_args(kind)
        return [restore(item, v) for v in data]
    if origin in (dict,):
        key, value = typing.get_args(kind)
        return {restore(key, k): restore(value, v) for k, v in data.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        values = {f.name: restore(hints[f.name], data[f.name]) for f in dataclasses.fields(kind)}
        return kind(**values)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return kind.model_validate(data)
    if kind is typing.Any:
        return data
    if kind in (int, float) and isinstance(data, int | float):
        return kind(data)
    return data

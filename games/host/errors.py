"""Host refusals and the small helpers shared by the host's parts."""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Mapping
from typing import Any

from games.core.errors import IllegalAction
from games.host.info import MatchSettings


class HostError(IllegalAction):
    """A refusal by the host (unknown match, not your turn…), keyed like engine errors."""


def new_match_id(draws: random.Random | None = None) -> str:
    """Short, unguessable, custom_id-friendly; drawn from `draws` when a caller wants the
    same ids on every run (the demo, so its transcript can be compared between versions)."""
    return secrets.token_hex(4) if draws is None else f"{draws.getrandbits(32):08x}"


def new_seed(draws: random.Random | None = None) -> int:
    """A match's seed: unguessable, or drawn from `draws` like `new_match_id`."""
    return secrets.randbits(62) if draws is None else draws.getrandbits(62)


def parse_settings(data: Mapping[str, Any] | None) -> MatchSettings:
    try:
        return MatchSettings.model_validate(dict(data or {}))
    except ValueError as exc:
        raise HostError("settings.invalid", f"invalid table settings: {exc}") from None


def as_json(data: Any) -> Any:
    """The value as it comes back from the database (tuples become lists, keys strings)."""
    return json.loads(json.dumps(data, separators=(",", ":"), sort_keys=True))

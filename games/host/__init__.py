"""The async match host: every change to a match goes through `MatchHost`."""

from games.host.core import MatchHost
from games.host.errors import HostError, new_match_id

__all__ = ["HostError", "MatchHost", "new_match_id"]

"""Match options of Paris Paris, and its named editions.

The French rulebook has no variants, so there is one edition and no option yet; the model
exists so that every game's records and lobbies look alike.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class ParisParisOptions(BaseModel):
    """No edition variants or house rules: the reconstructed map is the one board."""

    model_config = ConfigDict(extra="forbid", frozen=True)


EDITIONS: dict[str, dict[str, Any]] = {"standard": {}}

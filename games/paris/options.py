"""Match options of Paris and the named presets (editions) the lobby offers."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class ParisOptions(BaseModel):
    """Setup variants of the rulebook. Defaults: the standard setup, districts respected."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    setup: Literal["standard", "random"] = Field(
        default="standard",
        description="standard: the printed token layout and every bonus tile on its own "
        "number; random: the rulebook's alternative setup (tokens shuffled beside the "
        "spaces, the six gold resources beside the 8s; bonus tiles shuffled within their "
        "zone A/B/C)",
    )
    ignore_districts: bool = Field(
        default=False,
        description="the rulebook's variant: keep all 36 building tiles; a drawn tile may go "
        "on a free space of its value in any district without a building of its kind",
    )


# Named presets, the default first: what `/paris new variant:` offers.
EDITIONS: dict[str, dict[str, Any]] = {
    "standard": {},
    "random-setup": {"setup": "random"},
    "ignore-districts": {"ignore_districts": True},
    "random-ignore-districts": {"setup": "random", "ignore_districts": True},
}

"""The match record: the unit of export, import, replay and test scenarios (like PGN)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class RecordedAction(BaseModel):
    """One action in the log: who played it and its notation (see docs/notation.md)."""

    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=0)
    action: dict[str, Any]


class MatchRecord(BaseModel):
    """Everything needed to rebuild a match: setup inputs plus the ordered action log."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["lutece-match/1"] = "lutece-match/1"
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int = Field(ge=1)
    seed: int
    arrangement: dict[str, Any] | None = None
    players: list[str] | None = Field(default=None, description="display names, optional")
    actions: list[RecordedAction] = Field(default_factory=list)

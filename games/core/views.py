"""The fields every game's view has, under one name: whose view it is, how many seats, the
phase by name, who must act. The host, the bot and the contract tests read these without
knowing the game; each game's view extends `View` with its own table."""

from __future__ import annotations

from pydantic import BaseModel, Field


class View(BaseModel):
    """What one seat (or, with `seat` None, everybody) may see of a match."""

    seat: int | None = Field(default=None, description="whose view this is; None: the public view")
    players: int = Field(description="seats in the match")
    phase: str = Field(description="the phase's name (the game's `phase_names`); 'over' at the end")
    to_act: list[int] = Field(description="seats that must act now (empty once the match is over)")

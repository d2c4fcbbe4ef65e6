"""Match options (edition variants) and the arrangement format that fixes hidden setup."""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.city_of_light.data import GRANDE_LUMIERE_PATTERNS, POSTCARDS_IN_PLAY, PostcardKey

GrandePattern = Literal["star8_range2", "diamond2", "rays8_to_edge", "plus2"]
assert set(get_args(GrandePattern)) == set(GRANDE_LUMIERE_PATTERNS)


class CityOfLightOptions(BaseModel):
    """Edition variants. Defaults: the original/Russian edition with the first-game postcards."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hand_size: Literal[1, 2] = Field(
        default=1, description="tiles held in phase 1: 1 (original, Russian) or 2 (German)"
    )
    metropolitain: Literal["any_later_turn", "next_turn"] = Field(
        default="any_later_turn",
        description="when a pending Metropolitain may be used: any later turn (Russian) "
        "or only your next turn (German)",
    )
    postcards: Literal["starred", "random", "chosen"] = Field(
        default="starred",
        description="the 8 starred first-game cards, 8 at random from 12, or chosen_postcards",
    )
    chosen_postcards: list[PostcardKey] | None = Field(
        default=None, description="exactly 8 distinct card keys, with postcards='chosen'"
    )
    tiebreak: Literal["free_cells", "unbuilt_cells"] = Field(
        default="free_cells",
        description="a tie goes to more cells of one's colour left free of any piece "
        "(Russian) or left without a building (German: 'ungebaute Straßen-Abschnitte')",
    )
    fountain_cells: Literal[2, 1] = Field(
        default=2,
        description="cells the Fontaine des Mers fountain covers: 2 (Russian: «на клетки») "
        "or 1 (German: «auf einem Straßen-Abschnitt»)",
    )
    grande_lumiere: GrandePattern = Field(
        default="star8_range2",
        description="[reconstructed] the cells La Grande Lumière lights (rays, see data.py)",
    )

    @model_validator(mode="after")
    def _check_chosen(self) -> CityOfLightOptions:
        if self.postcards == "chosen":
            cards = self.chosen_postcards or []
            if len(cards) != POSTCARDS_IN_PLAY or len(set(cards)) != POSTCARDS_IN_PLAY:
                raise ValueError("chosen_postcards must list 8 distinct postcard keys")
        elif self.chosen_postcards is not None:
            raise ValueError("chosen_postcards is only allowed with postcards='chosen'")
        return self


class Arrangement(BaseModel):
    """Fixes every hidden random element of a setup.

    `stacks[seat]` is that seat's 8 tile ids in dealing order (the first `hand_size` go to the
    hand). `postcards` fixes the 8 cards of a `postcards="random"` match.
    """

    model_config = ConfigDict(extra="forbid")

    stacks: list[list[int]] | None = None
    postcards: list[PostcardKey] | None = None


# Named editions, offered as `variant:` on `/city-of-light new` and `--edition` on the command
# line. The first is the default: the original (and Russian) edition.
EDITIONS: dict[str, dict[str, Any]] = {
    "original": {},
    "german": {
        "hand_size": 2,
        "metropolitain": "next_turn",
        "tiebreak": "unbuilt_cells",
        "fountain_cells": 1,
    },
    "random-postcards": {"postcards": "random"},
}

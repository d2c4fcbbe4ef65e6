"""Match options (the special city cards, team play, the reconstructed variants) and the
named presets of the lobby. Defaults: the reconstructed card lists of the spec, one city
claim per turn, Istanbul and the Home City off."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from games.moscow_paris.data import COUNTRIES, WAGON_SPLITS

CountryCode = Literal[
    "RU",
    "FR",
    "IT",
    "DE",
    "GB",
    "ES",
    "AT",
    "TR",
    "AM",
    "AZ",
    "BE",
    "BG",
    "BY",
    "CH",
    "CZ",
    "DK",
    "EE",
    "FI",
    "GE",
    "GR",
    "HR",
    "HU",
    "IE",
    "KZ",
    "LT",
    "LV",
    "MD",
    "NL",
    "NO",
    "PL",
    "PT",
    "RO",
    "RS",
    "SE",
    "SK",
    "UA",
]
assert list(CountryCode.__args__) == list(COUNTRIES)  # type: ignore[attr-defined]  # Literal aliases have __args__ at run time
WagonSplit = Literal["8x11", "11x8"]
assert set(WagonSplit.__args__) == set(WAGON_SPLITS)  # type: ignore[attr-defined]  # Literal aliases have __args__ at run time

HOME_NAME_MAX = 32


class MoscowParisOptions(BaseModel):
    """Every field has a default; unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    istanbul: bool = Field(
        default=False,
        description="shuffle the Istanbul card (3 VP, the only Turkish city) into the cities",
    )
    home_city: bool = Field(
        default=False,
        description="shuffle the Home City card, named and flagged by the host, into the cities",
    )
    home_city_name: str = Field(
        default="Home City",
        description="the Home City's name as the host types it: 1-32 printable characters",
    )
    home_city_country: CountryCode = Field(
        default="RU",
        description="the Home City's flag (a country code); it counts for repeated flags",
    )
    teams: bool = Field(
        default=False,
        description="4 players only: two teams of partners seated alternately (seats 0 and 2 "
        "against 1 and 3), cities pooled per team",
    )
    multiple_claims: bool = Field(
        default=False,
        description="claim every claimable city at the end of a turn, not only one "
        "(the rulebook's singular reads as one)",
    )
    columns: Literal["adjacent_rows", "any_rows"] = Field(
        default="adjacent_rows",
        description="action cards 2 and 3: the wagons «друг над другом» lie in neighbouring "
        "rows with no row between them, or in any rows, in the same place of their line",
    )
    wagons: WagonSplit = Field(
        default="8x11",
        description="[reconstructed] the 88 wagons: 8 types of 11 copies, or 11 types of 8",
    )

    @field_validator("home_city_name")
    @classmethod
    def _printable_name(cls, name: str) -> str:
        name = name.strip()
        if not 1 <= len(name) <= HOME_NAME_MAX:
            raise ValueError(f"the name must hold 1 to {HOME_NAME_MAX} characters")
        if not name.isprintable():
            raise ValueError("the name may hold printable characters only")
        return name


# Named presets for the lobby, the default first.
EDITIONS: dict[str, dict[str, Any]] = {
    "standard": {},
    "orient_express": {"istanbul": True},
    "home_city": {"home_city": True},
    "teams": {"teams": True},
    "eleven_wagon_types": {"wagons": "11x8"},
}

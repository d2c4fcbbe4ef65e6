"""Reading a position's final scoring, seat by seat."""

from __future__ import annotations

from typing import Any

from games.city_of_light.scoring import score
from games.city_of_light.state import State


def player(s: State, seat: int) -> dict[str, Any]:
    """The seat's part of the final scoring."""
    return score(s)[1][seat]


def lights(s: State, seat: int) -> dict[str, int]:
    """How many lights each of the seat's buildings scores, by building."""
    return {b["building"]: b["lights"] for b in player(s, seat)["buildings"]}


def card_points(s: State, seat: int, card: str) -> dict[str, Any]:
    """What postcard `card` scored for the seat."""
    return next(c for c in player(s, seat)["postcards"] if c["card"] == card)

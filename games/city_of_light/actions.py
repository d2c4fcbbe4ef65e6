"""The actions (the game's notation): pydantic models in one discriminated union on `type`.

`legal_actions` builds thousands of these per game, so it uses the cached constructors below
(`model_construct`, no validation); untrusted JSON goes through `CityOfLight.parse_action`.
The caches are filled at import (`warm`, and `postcards` for the activations): filling them
during play made first calls slow and, as they grew, triggered full (generation 2) garbage
collections inside `legal_actions` (the 10–30 ms outliers of `bench`). Levitation's
activations (~16,000 combinations) are not cached but built by a direct constructor.
See docs/notation/city_of_light.md for every action's JSON.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from games.city_of_light.data import PostcardKey
from games.core.actions import ActionModel, cached_action

BuildingKey = Literal[
    "LINE",
    "CORNER",
    "SQUARE",
    "SMALL_L",
    "SMALL_T",
    "ZIGZAG",
    "BIG_T",
    "STAIRS",
    "CROSS",
    "CHONK",
    "SMILE",
    "BIG_L",
]
# The annex may extend the Jardin des Plantes too, which is named "GARDEN" there.
AnnexTarget = BuildingKey | Literal["GARDEN"]
Coord = Annotated[int, Field(ge=0, le=7)]
Rotation = Annotated[int, Field(ge=0, le=3)]


class PlaceTile(ActionModel, tag="place_tile"):
    """Phase 1: lay a tile from your hand on the empty square (tx, ty), turned `rotation`
    quarter turns clockwise, then draw."""

    tile: Annotated[int, Field(ge=1, le=8)]
    tx: Annotated[int, Field(ge=0, le=3)]
    ty: Annotated[int, Field(ge=0, le=3)]
    rotation: Rotation = 0


class TakeBuilding(ActionModel, tag="take_building"):
    """Phase 1: move a building from the shared supply to your reserve."""

    building: BuildingKey


class Build(ActionModel, tag="build"):
    """Phase 2: place a building from your reserve; (x, y) is the top-left corner of the
    rotated shape's bounding box."""

    building: BuildingKey
    rotation: Rotation = 0
    x: Coord
    y: Coord


class Activate(ActionModel, tag="activate"):
    """Phase 2: activate a face-up postcard and carry out its effect, or `decline` it.

    Which fields a card needs: see the notation document. (x, y) is the piece's cell, or the
    top-left cell of a 1×2 garden/fountain (rotation 0 horizontal, 1 vertical) or of the
    building Levitation places.
    """

    card: PostcardKey
    decline: bool = False
    x: Coord | None = None
    y: Coord | None = None
    rotation: Rotation | None = None
    facing: Literal["N", "E", "S", "W"] | None = None
    building: AnnexTarget | None = None
    give: BuildingKey | None = None


class Pass(ActionModel, tag="pass"):
    """Only when nothing else is legal (phase 1: no tiles left; phase 2: stuck)."""


PASS = cached_action(Pass)


# --- shared instances for legal_actions
def place_tile(tile: int, tx: int, ty: int, rotation: int) -> PlaceTile:
    return cached_action(PlaceTile, tile=tile, tx=tx, ty=ty, rotation=rotation)


def take_building(building: str) -> TakeBuilding:
    return cached_action(TakeBuilding, building=building)


def build(building: str, rotation: int, x: int, y: int) -> Build:
    return cached_action(Build, building=building, rotation=rotation, x=x, y=y)


def activate(card: str, **fields: Any) -> Activate:
    return cached_action(Activate, card=card, **fields)  # unset fields take their defaults


_LEVITATION_FIELDS = {"type", "card", "decline", "x", "y", "rotation", "facing", "building", "give"}


def levitation(give: str, building: str, rotation: int, x: int, y: int) -> Activate:
    """A Levitation activation, built fresh (what `model_construct` does, without its
    overhead): too many combinations for the shared cache; postcards.py keeps them by the
    building taken, once that building is first offered."""
    a = object.__new__(Activate)
    object.__setattr__(
        a,
        "__dict__",
        {
            "type": "activate",
            "card": "levitation",
            "decline": False,
            "x": x,
            "y": y,
            "rotation": rotation,
            "facing": None,
            "building": building,
            "give": give,
        },
    )
    object.__setattr__(a, "__pydantic_fields_set__", set(_LEVITATION_FIELDS))
    object.__setattr__(a, "__pydantic_extra__", None)
    object.__setattr__(a, "__pydantic_private__", None)
    return a

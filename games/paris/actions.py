"""The actions of Paris: their JSON is the game's notation (docs/notation/paris.md).

A turn is a short sequence of typed actions of the seat `to_act` names: `place_tile` (the
building tile step), then one main action (`place_key`, `move_key`, `take_end_game`, or
`end_turn` when none is possible), the follow-up decisions a purchase may need (`pay`,
`take_bonus`, `cash_prestige`, `place_vp_tile`, `skip`), free actions at any point of the
action step, those decisions but `pay` included (`buy`, `sell`, `use_bonus`,
`use_end_game`), and `end_turn`.

Locations: `"arc"`, `"<district>/bank"`, `"<district>/<value>"` (a building space),
`"<district>/<landmark id>"` (e.g. `"montmartre/L12"`). Items (a good or a tile standing for
goods): a good name (`"wood"`, `"gold_prestige"`: a token), a tile (`"B3"`, `"E9"`), or a
tile of the holder's choice with the good it stands for (`"B10:gold"`, `"B19:silver"`).

Models are frozen, so `legal_actions` hands out shared instances (`cached_action`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from games.core.actions import ActionModel, cached_action

Good = Literal["wood", "marble", "gold", "bronze", "silver", "gold_prestige"]
Items = tuple[str, ...]


class PlaceTile(ActionModel, tag="place_tile"):
    """Step 1: take the top tile of stack `stack` (0-2) and place it on the board."""

    stack: Annotated[int, Field(ge=0, le=2)]


class PlaceBuilding(ActionModel, tag="place_building"):
    """Ignore-districts variant: the district whose free space of the drawn tile's value
    receives it (a district without a building of its kind)."""

    district: str


class PlaceKey(ActionModel, tag="place_key"):
    """Action 1: a key from behind the screen onto a bank (`"<district>/bank"`, its francs
    are paid out) or the Arc (`"arc"`)."""

    to: str


class MoveKey(ActionModel, tag="move_key"):
    """Action 2: move a key from `from` up to a building or landmark and buy it. A landmark
    in the supply is added to the district named in `to` first."""

    model_config = ConfigDict(populate_by_name=True)
    from_: str = Field(alias="from")
    to: str


class TakeEndGame(ActionModel, tag="take_end_game"):
    """Action 3 (all stacks empty): browse the end-game stack; then `pick_end_game`."""


class PickEndGame(ActionModel, tag="pick_end_game"):
    """Take the end-game tile `tile` (E1..E12) from the stack being browsed."""

    tile: str


class Pay(ActionModel, tag="pay"):
    """The items that pay a purchase's resource price (asked only when there is a choice)."""

    items: Items


class TakeBonus(ActionModel, tag="take_bonus"):
    """After buying a 1, 2 or 3: move the meeple forward to `space` and take its top tile."""

    space: Annotated[int, Field(ge=1, le=30)]


class CashPrestige(ActionModel, tag="cash_prestige"):
    """After buying a landmark: discard these prestige items on its symbols for VP."""

    items: Items


class PlaceVPTile(ActionModel, tag="place_vp_tile"):
    """A district reached 4 keys: put VP tile `tile` on the free VP space of `district`."""

    tile: str
    district: str


class Skip(ActionModel, tag="skip"):
    """Decline the optional step now asked (bonus tile, prestige, VP tile)."""


class Buy(ActionModel, tag="buy"):
    """Buy one resource token from the general supply at the screen's price."""

    good: Good


class Sell(ActionModel, tag="sell"):
    """Sell one item (a resource or prestige token, or a tile standing for one)."""

    item: str


class UseBonus(ActionModel, tag="use_bonus"):
    """Use bonus tile `tile`: `space` for 17 and 25, `items` (the pairs) for 23 and 24."""

    tile: Annotated[int, Field(ge=1, le=30)]
    space: Annotated[int, Field(ge=1, le=30)] | None = None
    items: Items | None = None


class UseEndGame(ActionModel, tag="use_end_game"):
    """Use an end-game tile that gives VP or francs."""

    tile: str


class EndTurn(ActionModel, tag="end_turn"):
    """End the turn: after the action, or instead of it when no action is possible."""


# --- shared instances for legal_actions ------------------------------------------------------

SKIP = cached_action(Skip)
END_TURN = cached_action(EndTurn)
TAKE_END_GAME = cached_action(TakeEndGame)
PLACE_TILE = tuple(cached_action(PlaceTile, stack=i) for i in range(3))


def move_key(frm: str, to: str) -> MoveKey:
    return cached_action(MoveKey, from_=frm, to=to)


def place_key(to: str) -> PlaceKey:
    return cached_action(PlaceKey, to=to)


def place_building(district: str) -> PlaceBuilding:
    return cached_action(PlaceBuilding, district=district)


def pick_end_game(tile: str) -> PickEndGame:
    return cached_action(PickEndGame, tile=tile)


def pay(items: Items) -> Pay:
    return cached_action(Pay, items=items)


def take_bonus(space: int) -> TakeBonus:
    return cached_action(TakeBonus, space=space)


def cash_prestige(items: Items) -> CashPrestige:
    return cached_action(CashPrestige, items=items)


def place_vp_tile(tile: str, district: str) -> PlaceVPTile:
    return cached_action(PlaceVPTile, tile=tile, district=district)


def buy(good: str) -> Buy:
    return cached_action(Buy, good=good)


def sell(item: str) -> Sell:
    return cached_action(Sell, item=item)


def use_bonus(tile: int, space: int | None = None, items: Items | None = None) -> UseBonus:
    return cached_action(UseBonus, tile=tile, space=space, items=items)


def use_end_game(tile: str) -> UseEndGame:
    return cached_action(UseEndGame, tile=tile)

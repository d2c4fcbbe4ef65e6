"""The Paris turn in steps: every legal action as a path of choices for the turn panel.

A Paris turn is a few engine decisions, each played through the panel on its own: the
building tile (which stack), the action, the follow-ups of a purchase (payment, bonus tile,
prestige, VP tile), the end-game tile kept, and the end of the turn. Each decision's paths
start with a step naming it (one choice: the panel takes it by itself and shows it as the
panel's heading), then:

- building tile: the stack (`tile/s1`); ignore-districts variant: the district (`place/d2`);
- action (and after it): what to do, then its choices — a key onto a bank or the Arc
  (`act/key/d0`, `act/key/arc`); a purchase by district, target and the key that moves
  (`act/buy/d0/v5/bank`, `act/buy/d3/L12/arc`); the end-game stack (`act/egt`); a trade
  (`act/trade/bw` buys wood, `act/trade/sB3` sells bonus tile 3, `act/trade/sB10/g` sells
  tile 10 as gold); a tile's use (`act/use/B5`, `act/use/B17/k12`, `act/use/B24/wx2`, with
  a step per part of the track or per good when there are too many choices); the end of
  the turn (`act/end`);
- payment, prestige, pairs: the items as one code (`pay/m.B10g`), or good by good when the
  ways are more than a select holds (`cash/b-b/s-no/p-B19px2`);
- bonus tile: the space (`bonus/k12`), by part of the track when more than a select holds
  beside "no tile" and the free actions;
- VP tile: the tile, then the district (`vpt/VP20/d3`); the end-game tile (`pick/E5`);
- the bonus tile, prestige and VP tile also offer the free actions, as in the action step
  (`bonus/trade/sgp`, `cash/use/B12`, `vpt/trade/bw`): the token just taken may pay for the
  bonus tile of a 3.

A step that asks *where* (a stack, a district, a bank or the Arc, a building or landmark, the
key that moves, a VP-tile space, a bonus-track space) names the place on the picture
(`Step.place`, a highlight id of render.py), which the panel tags as it tags the button.

No step offers more than 25 choices; labels stay within 80 characters and codes are short
and free of `/:~` and spaces, so a whole path fits a custom_id.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.games.contract import OPTIONS_PER_STEP, Step, fitted
from bot.games.paris.item_steps import cash_label, pairs_label, pay_label, split_items
from bot.games.paris.place_labels import PlaceLabels, location_value, spot_code
from bot.games.paris.terms import (
    DISTRICT_INDEX,
    GOOD_CODE,
    bonus,
    bonus_effect,
    district,
    end_game,
    good,
    item,
    item_code,
    item_good,
    items_code,
    kind,
    place,
    t,
    tile_name,
    vp_tile,
)
from bot.ui.custom_ids import number
from games.paris.data import (
    BUILDING_KINDS,
    PAID_BONUS_PRICE,
    PAID_BONUS_VALUE,
    RESOURCE_BUY,
    SELL,
    ZONES,
)
from games.paris.views import ParisView

HEADS = {
    "tile": "tile",
    "place": "place",
    "action": "act",
    "after": "after",
    "pay": "pay",
    "bonus": "bonus",
    "prestige": "cash",
    "vp_tile": "vpt",
    "end_game": "pick",
}
CATEGORY_OF = {
    "place_key": "key",
    "move_key": "buy",
    "take_end_game": "egt",
    "buy": "trade",
    "sell": "trade",
    "use_bonus": "use",
    "use_end_game": "use",
    "end_turn": "end",
}
# The free actions' categories: offered in the action step and beside the bonus tile, the
# prestige and the VP tile of a purchase (trades are «в любое время»).
FREE_CATEGORIES = ("trade", "use")


class Paths:
    """The panel paths of one seat's legal actions in one position."""

    def __init__(
        self, view: ParisView, actions: Sequence[Any], names: list[str], locale: str | None
    ) -> None:
        self.v, self.actions, self.names, self.locale = view, actions, names, locale
        self.seat = view.seat if view.seat is not None else view.turn
        self.head_code = HEADS.get(view.phase, view.phase)
        self.head = Step(self.head_code, self._head_label())
        self.places = PlaceLabels(view, self.seat, names, locale)
        self._splits: dict[str, dict[tuple[str, ...], list[Step]]] = {}
        self._use_tiles: int | None = None
        # the free actions' categories offered beside a step's own choices
        self._free = len(
            {CATEGORY_OF[a.type] for a in actions if CATEGORY_OF.get(a.type) in FREE_CATEGORIES}
        )

    def l(self, key: str, **params: Any) -> str:  # noqa: E743 - a short name for labels
        return t(key, self.locale, **params)

    def _head_label(self) -> str:
        v = self.v
        phase = v.phase
        if phase == "place" and v.drawn_tile:
            d, _, value = v.drawn_tile.partition("/")
            n = number(value)
            k = BUILDING_KINDS.get(d, {}).get(n) if n is not None else None
            return self.l(
                "pa.head.place",
                tile=tile_name(v.drawn_tile, self.locale),
                kind=kind(k, self.locale),
            )
        if phase in ("pay", "bonus", "prestige", "vp_tile") and v.purchase:
            where = place(v.purchase, self.locale)
            if phase == "bonus" and location_value(v.purchase) == PAID_BONUS_VALUE:
                short = v.screen is not None and v.screen.francs < PAID_BONUS_PRICE
                return self.l(
                    "pa.head.bonus_short" if short else "pa.head.bonus_paid",
                    place=where,
                    n=PAID_BONUS_PRICE,
                )
            if phase == "vp_tile":
                d = v.purchase.partition("/")[0]
                return self.l("pa.head.vp_tile", district=district(d, self.locale))
            return self.l(f"pa.head.{phase}", place=where)
        if phase == "end_game" and v.browsing is not None:
            return self.l("pa.head.end_game", n=len(v.browsing))
        return self.l(f"pa.head.{phase}")

    def all(self) -> list[list[Step]]:
        out = []
        for a in self.actions:
            out.append([self.head, *self.path(a)])
        return out

    def path(self, a: Any) -> list[Step]:
        kind_ = a.type
        if kind_ == "place_tile":
            s = self.v.stacks[a.stack]
            return [
                Step(
                    f"s{a.stack}",
                    self.l(
                        "pa.step.stack",
                        stack=a.stack + 1,
                        n=s.size,
                        district=district(s.top_district, self.locale),
                    ),
                    f"stack:{a.stack}",
                )
            ]
        if kind_ == "place_building":
            return [
                Step(
                    f"d{DISTRICT_INDEX[a.district]}",
                    self.l("pa.step.place_in", district=district(a.district, self.locale)),
                    f"district:{a.district}",
                )
            ]
        if kind_ == "pay":
            ways = [x.items for x in self.actions if x.type == "pay"]
            return self.items_steps("pay", a.items, ways, pay_label)
        if kind_ == "take_bonus":
            return self.track_steps(
                "bonus",
                a.space,
                [x.space for x in self.actions if x.type == "take_bonus"],
                1 + self._free,
            )  # "no tile" and the free actions
        if kind_ == "cash_prestige":
            ways = [x.items for x in self.actions if x.type == "cash_prestige"]
            return self.items_steps("cash", a.items, ways, cash_label)
        if kind_ == "place_vp_tile":
            return [
                Step(a.tile, self.l("pa.step.vp_tile", points=vp_tile(a.tile))),
                Step(
                    f"d{DISTRICT_INDEX[a.district]}",
                    self.places.vp_district(a.district),
                    f"vp:{a.district}",
                ),
            ]
        if kind_ == "skip":
            return [Step("skip", self.l(f"pa.step.skip.{self.v.phase}"))]
        if kind_ == "pick_end_game":
            return [Step(a.tile, self.l("pa.step.pick", tile=end_game(a.tile, self.locale)))]
        category = CATEGORY_OF[kind_]
        head = Step(category, self._category_label(category))
        return [head, *self.action_steps(a)]

    def _category_label(self, category: str) -> str:
        if category == "egt":
            return self.l("pa.cat.egt", n=self.v.end_game_stack)
        if category == "end":
            return self.l("pa.cat.pass" if self.v.phase == "action" else "pa.cat.end")
        return self.l(f"pa.cat.{category}")

    def action_steps(self, a: Any) -> list[Step]:
        kind_ = a.type
        if kind_ == "place_key":
            if a.to == "arc":
                return [Step("arc", self.l("pa.step.arc"), "arc")]
            d = a.to.partition("/")[0]
            bank = self.v.districts[DISTRICT_INDEX[d]].bank
            return [
                Step(
                    f"d{DISTRICT_INDEX[d]}",
                    self.l("pa.step.bank", district=district(d, self.locale), n=bank),
                    f"bank:{d}",
                )
            ]
        if kind_ == "move_key":
            return self.move_steps(a)
        if kind_ == "buy":
            return [
                Step(
                    f"b{GOOD_CODE[a.good]}",
                    self.l(
                        "pa.step.buy",
                        good=good(a.good, self.locale),
                        n=RESOURCE_BUY[a.good],
                        supply=self.v.resource_supply.get(a.good, 0),
                    ),
                )
            ]
        if kind_ == "sell":
            return self.sell_steps(a.item)
        if kind_ == "use_end_game":
            return [
                *self._use_group("E"),
                Step(a.tile, self.l("pa.step.use_egt", tile=end_game(a.tile, self.locale))),
            ]
        if kind_ == "use_bonus":
            return self.use_steps(a)
        return []  # end_turn / take_end_game: the category says it all

    def move_steps(self, a: Any) -> list[Step]:
        d = a.to.partition("/")[0]
        di = DISTRICT_INDEX[d]
        targets = len(
            {x.to for x in self.actions if x.type == "move_key" and x.to.partition("/")[0] == d}
        )
        cost = location_value(a.to) - location_value(a.from_)
        return [
            Step(
                f"d{di}",
                self.l("pa.step.buy_district", district=district(d, self.locale), n=targets),
                f"district:{d}",
            ),
            Step(spot_code(a.to), self.places.target(a.to), f"loc:{a.to}"),
            Step(spot_code(a.from_), self.places.source(a.from_, cost), f"from:{a.from_}"),
        ]

    def sell_steps(self, name: str) -> list[Step]:
        loc = self.locale
        g = item_good(name)
        price = SELL[g]
        tile, _, chosen = name.partition(":")
        if not chosen:
            what = good(name, loc) if name in GOOD_CODE else item(name, loc)
            return [Step(f"s{item_code(name)}", self.l("pa.step.sell", what=what, n=price))]
        n = int(tile[1:])
        return [
            Step(
                f"s{tile}",
                self.l("pa.step.sell_tile", tile=n, effect=bonus_effect(n, self.v.players, loc)),
            ),
            Step(GOOD_CODE[chosen], self.l("pa.step.sell_as", good=good(chosen, loc), n=price)),
        ]

    def use_steps(self, a: Any) -> list[Step]:
        n = a.tile
        head = Step(
            f"B{n}", self.l("pa.step.use_bonus", tile=bonus(n, self.v.players, self.locale))
        )
        if a.space is not None:
            spaces = [x.space for x in self.actions if x.type == "use_bonus" and x.tile == n]
            return [*self._use_group("B"), head, *self.track_steps(f"B{n}", a.space, spaces, 0)]
        if a.items is not None:
            ways = [x.items for x in self.actions if x.type == "use_bonus" and x.tile == n]
            return [
                *self._use_group("B"),
                head,
                *self.items_steps(f"B{n}", a.items, ways, pairs_label),
            ]
        return [*self._use_group("B"), head]

    def _use_group(self, which: str) -> list[Step]:
        """Bonus or end-game tiles first, should a seat hold more usable tiles than a
        select holds (20 bonus tiles and 6 end-game tiles have a use of their own)."""
        if self._use_tiles is None:
            self._use_tiles = len(
                {
                    (x.tile if x.type == "use_end_game" else f"B{x.tile}")
                    for x in self.actions
                    if x.type in ("use_bonus", "use_end_game")
                }
            )
        if self._use_tiles <= OPTIONS_PER_STEP:
            return []
        return [Step(f"{which.lower()}t", self.l(f"pa.step.use_group.{which}"))]

    def track_steps(self, family: str, space: int, spaces: list[int], extra: int) -> list[Step]:
        """A space of the bonus track: directly, or by part of the track first when more
        spaces are open than a select holds (`extra`: the other choices of that step)."""
        track = self.v.track[space - 1]
        label = self.l(
            "pa.step.space", space=space, tile=bonus(track.number, self.v.players, self.locale)
        )
        if track.tiles > 1:
            label += self.l("pa.step.copies", n=track.tiles)
        step = Step(f"k{space}", label, f"track:{space}")
        if len(spaces) + extra <= OPTIONS_PER_STEP:
            return [step]
        zone = track.zone
        lo, hi = ZONES[zone]
        open_here = sum(1 for k in spaces if lo <= k <= hi)
        return [
            Step(f"z{zone}", self.l("pa.step.zone", zone=zone, lo=lo, hi=hi, n=open_here)),
            step,
        ]

    def items_steps(
        self,
        family: str,
        items: Sequence[str],
        ways: list[tuple[str, ...]],
        label: Callable[[Sequence[str], str | None], str],
    ) -> list[Step]:
        """One step naming every item; or, when the ways are more than a select holds, one
        step per good (in the order of the goods): the items of that good, after a step
        for how many of that good when even those are too many."""
        # "cash nothing" and the free actions share the first step of the prestige
        extra = 1 + self._free if family == "cash" else 0
        if len(ways) + extra <= OPTIONS_PER_STEP:
            return [Step(items_code(items), label(items, self.locale))]
        split = self._splits.get(family)
        if split is None:
            split = self._splits[family] = split_items(ways, OPTIONS_PER_STEP - extra, self.locale)
        return split[tuple(items)]


def paths(
    view: ParisView, actions: Sequence[Any], names: list[str], locale: str | None
) -> list[list[Step]]:
    """The path of each action, in `actions` order."""
    return [fitted(path) for path in Paths(view, actions, names, locale).all()]


def prompt_key(prefix: tuple[str, ...]) -> str:
    """The catalogue key of the select that follows `prefix`."""
    if not prefix:
        return "pa.prompt.first"
    head, rest = prefix[0], prefix[1:]
    if head in ("act", "after") or (rest and rest[0] in FREE_CATEGORIES):
        if not rest:
            return f"pa.prompt.{head}"
        category, rest = rest[0], rest[1:]
        if category == "buy":
            return ("pa.prompt.buy_district", "pa.prompt.buy_target", "pa.prompt.buy_source")[
                min(len(rest), 2)
            ]
        if category == "trade":
            return "pa.prompt.trade" if not rest else "pa.prompt.sell_as"
        if category == "use":
            if rest and rest[0] in ("bt", "et"):
                rest = rest[1:]
            if not rest:
                return "pa.prompt.use"
            tile = rest[0]
            if tile in ("B17", "B25"):
                return "pa.prompt.track" if len(rest) == 1 else "pa.prompt.space"
            return "pa.prompt.pairs" if len(rest) == 1 else "pa.prompt.next_good"
        return f"pa.prompt.{category}" if category in ("key",) else "pa.prompt.first"
    if head in ("pay", "cash"):
        return f"pa.prompt.{head}" if not rest else "pa.prompt.next_good"
    if head == "bonus":
        return "pa.prompt.track" if not rest else "pa.prompt.space"
    if head == "vpt":
        return "pa.prompt.vpt" if not rest else "pa.prompt.vpt_district"
    if head in ("tile", "place", "pick"):
        return f"pa.prompt.{head}"
    return "pa.prompt.first"

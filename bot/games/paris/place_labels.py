"""Places in a purchase's choices: their codes and values, what a building or a landmark
gives and needs and who already holds a key there, where the key comes from and what it
costs, and who holds how much in a district (the VP tile's choice)."""

from __future__ import annotations

from typing import Any

from bot.games.paris.terms import (
    DISTRICT_INDEX,
    GOOD_ICON,
    district,
    district_sums,
    good,
    kind,
    landmark,
    seat_name,
    t,
)
from bot.ui.custom_ids import number
from games.paris.board import LM_COST, LM_INDEX
from games.paris.data import (
    FREE_BONUS_VALUES,
    PAID_BONUS_PRICE,
    PAID_BONUS_VALUE,
    VP_FOR_VALUE,
    VP_VALUE,
)
from games.paris.views import ParisView


def location_value(loc: str) -> int:
    """The value of a building or landmark location (0 for a bank or the Arc)."""
    spot = loc.partition("/")[2]
    if spot.startswith("L"):
        return LM_COST[LM_INDEX[spot]]
    return number(spot) or 0


def spot_code(loc: str) -> str:
    """'montmartre/5' → 'v5', 'montmartre/L12' → 'L12', 'montmartre/bank' → 'bank'."""
    if loc == "arc":
        return "arc"
    spot = loc.partition("/")[2]
    return f"v{spot}" if number(spot) is not None else spot


class PlaceLabels:
    """The labels of places for one seat, in one position and one language."""

    def __init__(self, view: ParisView, seat: int | None, names: list[str], locale: str | None):
        self.v, self.seat, self.names, self.locale = view, seat, names, locale
        self.spaces = {s.space: s for d in view.districts for s in d.spaces}
        self.landmarks = {lm.id: lm for lm in view.landmarks}

    def l(self, key: str, **params: Any) -> str:  # noqa: E743 - a short name for labels
        return t(key, self.locale, **params)

    def target(self, to: str) -> str:
        """What buying `to` gives and costs (before the francs, which depend on the key)."""
        loc = self.locale
        spot = to.partition("/")[2]
        extras: list[str] = []
        if spot.startswith("L"):
            lm = self.landmarks[spot]
            res = " + ".join(
                good(g, loc) + (f" ×{n}" if n > 1 else "") for g, n in lm.resources.items()
            )
            extras.append(self.l("pa.step.needs", goods=res))
            extras.append(
                self.l("pa.step.prestige", icons="".join(GOOD_ICON[g] for g in lm.prestige))
            )
            label = landmark(spot, loc)
            if lm.district is None:
                label = self.l("pa.step.new_landmark", landmark=label)
            keys = lm.keys
        else:
            s = self.spaces[to]
            label = self.l("pa.step.building", value=s.value, kind=kind(s.kind, loc))
            if s.token:
                extras.append(good(s.token, loc))
            if s.value in FREE_BONUS_VALUES:
                extras.append(self.l("pa.step.gives_bonus"))
            elif s.value == PAID_BONUS_VALUE:
                extras.append(self.l("pa.step.gives_paid_bonus", n=PAID_BONUS_PRICE))
            elif s.value == VP_VALUE:
                extras.append(self.l("pa.step.gives_vp", n=VP_FOR_VALUE))
                extras.append(self.l("pa.step.needs", goods=good("wood", loc)))
            keys = s.keys
        if keys:
            owners = ", ".join(seat_name(k, self.names) for k in dict.fromkeys(keys))
            tile = 9 if self.seat in keys else 16
            extras.append(self.l("pa.step.occupied", names=owners, tile=tile))
        return " · ".join([label, *extras])

    def source(self, frm: str, cost: int) -> str:
        loc = self.locale
        if frm == "arc":
            return self.l("pa.step.from_arc", n=cost)
        if frm.endswith("/bank"):
            return self.l("pa.step.from_bank", n=cost)
        spot = frm.partition("/")[2]
        what = landmark(spot, loc) if spot.startswith("L") else spot
        return self.l("pa.step.from_building", what=what, n=cost)

    def vp_district(self, d: str) -> str:
        sums = district_sums(self.v, DISTRICT_INDEX[d])
        owners = ", ".join(
            f"{seat_name(k, self.names)} {n}"
            for k, n in sorted(sums.items(), key=lambda kv: -kv[1])
        )
        if not owners:
            return self.l("pa.step.vp_district_empty", district=district(d, self.locale))
        return self.l("pa.step.vp_district", district=district(d, self.locale), sums=owners)
